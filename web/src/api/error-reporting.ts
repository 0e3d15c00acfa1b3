import { api, ApiRequestError } from './client';

const MAX_REPORT_LENGTH = 8000;

/**
 * The error as text for the team. For a failed call it says which call and what came back, but not the data
 * that was sent, which holds the visitor's answers.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const body = typeof error.errorBody === 'string' ? error.errorBody : JSON.stringify(error.errorBody);
    return `${error.method} ${error.url} answered ${error.status}: ${error.message}\n${body ?? ''}`.slice(0, MAX_REPORT_LENGTH);
  }
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ''}`.slice(0, MAX_REPORT_LENGTH);
  return String(error).slice(0, MAX_REPORT_LENGTH);
}

/** Tells the server about an error (POST /api/data/error). A failure to report is ignored: the page goes on. */
export async function reportError(source: string, error: unknown, session: string | null = null): Promise<void> {
  try {
    await api.POST('/api/data/error', { body: { source, error: describeError(error), session } });
  } catch {
    // Nothing more can be done from here.
  }
}
