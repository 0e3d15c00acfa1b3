import { csrfToken } from '../api/client';

/**
 * Whether an adviser is signed in, as the page chrome needs to know it, without asking the server on every page:
 * the CSRF cookie that scripts can read is set and cleared with the account session, and lives as long.
 */

const ACCOUNT_CHANGED = 'account-changed';

export function adviserSignedIn(): boolean {
  return csrfToken() !== null;
}

/** For useSyncExternalStore: calls back after each sign-in and sign-out on this page. */
export function subscribeToAccountChanges(onChange: () => void): () => void {
  window.addEventListener(ACCOUNT_CHANGED, onChange);
  return () => window.removeEventListener(ACCOUNT_CHANGED, onChange);
}

export async function announcingAccountChange<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } finally {
    window.dispatchEvent(new Event(ACCOUNT_CHANGED));
  }
}
