import { ApiRequestError } from '../api/client';
import { reportError } from '../api/error-reporting';
import { isNoAccess } from './adviser-api';

/** What an adviser screen shows when a call fails. */
export type FailureView = 'noAccess' | 'error';

/**
 * A 403 means the user is not signed in as an adviser: the No Access screen, and nothing to report. Anything else
 * is the generic error view, reported to the team. The report drops the query string, because a client search
 * carries the name or date of birth typed, and personal data never goes into the logs.
 */
export function failureViewFor(error: unknown, session: string | null = null): FailureView {
  if (isNoAccess(error)) return 'noAccess';
  void reportError('Adviser', withoutQuery(error), session);
  return 'error';
}

function withoutQuery(error: unknown): unknown {
  if (!(error instanceof ApiRequestError)) return error;
  const path = error.url.split('?')[0];
  return new ApiRequestError(error.message, error.method, path, error.status, error.errorBody, null);
}
