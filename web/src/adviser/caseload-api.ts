import type { CaseloadRunResponse, CaseloadRunsResponse, StartCaseloadRunResponse } from '../../../common/adviser/caseload';
import { getJson, postJson } from '../api/client';
import type { Period } from '../result/money';

/** Caseload runs (issue 18): the organisation's runs, starting one, one run's progress and figures, and its CSV. */

export function loadCaseloadRuns(): Promise<CaseloadRunsResponse> {
  return getJson('/api/adviser/caseload-runs');
}

export function startCaseloadRun(date: string): Promise<StartCaseloadRunResponse> {
  return postJson('/api/adviser/caseload-runs', { date });
}

export function loadCaseloadRun(id: string): Promise<CaseloadRunResponse> {
  return getJson(`/api/adviser/caseload-run?${new URLSearchParams({ id }).toString()}`);
}

export function caseloadCsvUrl(id: string, period: Period): string {
  return `/api/adviser/caseload-run/csv?${new URLSearchParams({ id, period }).toString()}`;
}

export function caseloadPath(runId?: string | null): string {
  return runId ? `/adviser/caseload?${new URLSearchParams({ run: runId }).toString()}` : '/adviser/caseload';
}
