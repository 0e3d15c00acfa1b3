import { ANSWERS_LIST_ANCHOR } from '../result/sections';

/** Where the adviser screens link to. Navigation between them is a full page load. */

export const ACCOUNT_SITE = '/account/';

export function adviserHomePath(clientGuid?: string | null): string {
  return clientGuid ? `/adviser/?${new URLSearchParams({ clientId: clientGuid }).toString()}` : '/adviser/';
}

export function adviserCalculationPath(session: string): string {
  return `/adviser/calculation/${encodeURIComponent(session)}`;
}

/** /adviser/compare/{sessions}?clientId={id}&session={id}... (the sessions are repeated in the query, one each). */
export function adviserComparePath(clientGuid: string, sessions: readonly string[]): string {
  const query = new URLSearchParams({ clientId: clientGuid });
  for (const session of sessions) query.append('session', session);
  return `/adviser/compare/${sessions.map(encodeURIComponent).join(',')}?${query.toString()}`;
}

export function surveyStartPath(session: string): string {
  return `/survey/1/${encodeURIComponent(session)}`;
}

/** A finished calculation's answers, each with a link to its page ('See what you told us' on its results page). */
export function answersListPath(session: string): string {
  return `/result/${encodeURIComponent(session)}#${ANSWERS_LIST_ANCHOR}`;
}

export function editClientPath(clientGuid: string): string {
  return `${ACCOUNT_SITE}clients/${encodeURIComponent(clientGuid)}`;
}

export const ADD_CLIENT_PATH = `${ACCOUNT_SITE}clients/new`;

/** The provider's sign-in, coming back to the adviser page the user asked for. */
export function signInPath(returnUrl: string): string {
  return `${ACCOUNT_SITE}?${new URLSearchParams({ returnUrl }).toString()}`;
}
