import type {
  AdviserActionResponse,
  AdviserCalculationResponse,
  ClientResponse,
  ClientSearchType,
  ClientsResponse,
  CompareResponse,
} from '../../../common/adviser/model';
import { answerOf, api, apiPath, ApiRequestError } from '../api/client';
import { deviceDetails } from '../survey/survey-api';
import type { Period } from '../result/money';

/**
 * The adviser area's calls. They carry the account cookie; api/client adds the browser id and, on a
 * POST, the CSRF header. A 403 from any of them means the user is not signed in as an adviser.
 */

export function isNoAccess(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 403;
}

/** The access check every adviser screen starts with. */
export function checkAdviserAccess(): Promise<{ isIntermediary: boolean }> {
  return answerOf(api.GET('/api/intermediary/index'));
}

export function searchClients(search: string, searchType: ClientSearchType): Promise<ClientsResponse> {
  return answerOf(api.GET('/api/intermediary/clients', { params: { query: { search, searchType } } }));
}

export function loadClient(clientGuid: string): Promise<ClientResponse> {
  return answerOf(api.GET('/api/intermediary/client', { params: { query: { clientGuid } } }));
}

export function loadAdviserCalculation(session: string): Promise<AdviserCalculationResponse> {
  return answerOf(api.GET('/api/intermediary/calculation', { params: { query: { session } } }));
}

/** A new calculation for the client, labelled; the answer names its session. */
export function startCalculation(clientGuid: string, caseReference: string): Promise<AdviserActionResponse> {
  return answerOf(api.POST('/api/intermediary/start', { body: { clientGuid, caseReference, ...deviceDetails() } }));
}

/** A copy of a calculation's answers under a new label, so an adviser can try another scenario. */
export function duplicateCalculation(clientGuid: string, session: string, caseReference: string): Promise<AdviserActionResponse> {
  return answerOf(api.POST('/api/intermediary/duplicate', { body: { clientGuid, session, caseReference, ...deviceDetails() } }));
}

export function deleteCalculation(session: string): Promise<AdviserActionResponse> {
  return answerOf(api.POST('/api/intermediary/delete', { body: { session } }));
}

export function updateCalculationDetails(session: string, caseLabel: string, caseNotes: string): Promise<AdviserActionResponse> {
  return answerOf(api.POST('/api/intermediary/details', { body: { session, caseNotes, caseLabel } }));
}

function sessionsQuery(clientGuid: string, sessions: readonly string[]): URLSearchParams {
  const query = new URLSearchParams({ clientGuid });
  for (const session of sessions) query.append('session', session);
  return query;
}

export function loadComparison(clientGuid: string, sessions: readonly string[]): Promise<CompareResponse> {
  return answerOf(api.GET('/api/intermediary/compare', { params: { query: { clientGuid, session: [...sessions] } } }));
}

/** The adviser PDF of one calculation or of a comparison (several sessions). */
export function adviserPdfUrl(clientGuid: string, sessions: readonly string[], period: Period): string {
  const query = sessionsQuery(clientGuid, sessions);
  query.set('period', period);
  return `${apiPath('/api/intermediary/pdf')}/?${query.toString()}`;
}

export class AdviserPdfError extends Error {
  override name = 'AdviserPdfError';
}

/** Fetches an adviser PDF; anything other than 2xx is a failure. */
export async function fetchAdviserPdf(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/pdf' } });
  if (!response.ok) throw new AdviserPdfError(`GET ${url.split('?')[0]} answered ${response.status}`);
  return response.blob();
}
