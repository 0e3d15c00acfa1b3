import type { CaseloadRunResponse, CaseloadRunsResponse, StartCaseloadRunResponse } from '../../../common/adviser/caseload';
import { answerOf, api, apiPath } from '../api/client';
import type { Period } from '../result/money';

/** Caseload runs (issue 18): the organisation's runs, starting one, one run's progress and figures, and its CSV. */

export function loadCaseloadRuns(): Promise<CaseloadRunsResponse> {
  return answerOf(api.GET('/api/adviser/caseload-runs'));
}

/** `changeSet`: a change set approved but not yet published to work the run out with (GET caseload-runs lists them). */
export function startCaseloadRun(date: string, changeSet?: number): Promise<StartCaseloadRunResponse> {
  return answerOf(api.POST('/api/adviser/caseload-runs', { body: changeSet === undefined ? { date } : { date, changeSet } }));
}

export function loadCaseloadRun(id: string): Promise<CaseloadRunResponse> {
  return answerOf(api.GET('/api/adviser/caseload-run', { params: { query: { id } } }));
}

export function caseloadCsvUrl(id: string, period: Period): string {
  return `${apiPath('/api/adviser/caseload-run/csv')}?${new URLSearchParams({ id, period }).toString()}`;
}

export function caseloadPath(runId?: string | null): string {
  return runId ? `/adviser/caseload?${new URLSearchParams({ run: runId }).toString()}` : '/adviser/caseload';
}
