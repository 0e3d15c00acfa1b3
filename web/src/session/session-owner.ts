import { isBrowserId } from '../../../common/browser-id';
import { browserId } from '../api/browser-id';
import { readStored, writeStored, type KeyValueStorage, localStorageOrNull } from './local-storage';

/**
 * The browser's own record of its calculations: one local-storage entry per calculation, holding the id of the browser
 * that owns it. The survey and result screens use it to skip the postcode identity check for a calculation this
 * browser started or has already opened. It is only a convenience: the server decides who may open a
 * calculation (api/src/verification), and its per-session and test-mode cookies are http-only, out of reach here.
 */
export const SESSION_OWNER_KEY_PREFIX = 'sessionOwner_';

export function sessionOwnerKey(session: string): string {
  return `${SESSION_OWNER_KEY_PREFIX}${session}`;
}

/** Records that `owner` (normally this browser) may open `session`. */
export function recordSessionOwner(
  session: string,
  owner: string = browserId(),
  storage: KeyValueStorage | null = localStorageOrNull(),
): void {
  if (!session || !isBrowserId(owner)) return;
  writeStored(sessionOwnerKey(session), owner, storage);
}

/** The browser recorded as owning `session` here, or null when there is none (or it is not a browser id). */
export function sessionOwnerOf(session: string, storage: KeyValueStorage | null = localStorageOrNull()): string | null {
  const owner = readStored(sessionOwnerKey(session), storage);
  return isBrowserId(owner) ? owner : null;
}

/** Whether this browser is recorded as owning `session`. */
export function ownsSession(session: string, storage: KeyValueStorage | null = localStorageOrNull()): boolean {
  const owner = sessionOwnerOf(session, storage);
  return owner !== null && owner === browserId(storage);
}

export interface SessionVerificationFacts {
  /** The calculation being opened; null before the first page is saved. */
  session: string | null;
  /**
   * `portal=true`: a partner's portal. It changes nothing here: the visitor inside the partner's frame owns the
   * calculation by this browser's id, and any other browser is asked who it is, as everywhere.
   */
  isPortal: boolean;
  /** Test mode verified by password (see web/src/test-mode). */
  isTestMode: boolean;
  /** Whether the server says this calculation needs an identity check at all (it has a postcode to check). */
  isVerificationRequired: boolean;
  /** The browser the server has recorded as the calculation's owner, when it says. */
  ownerBrowserId?: string | null;
}

/**
 * Whether the identity check is needed: not with no session, in verified test mode, or when the server does
 * not require it; otherwise the owning browser goes straight in and any other browser must pass the identity check,
 * in a partner's portal too (there 'skips verification' means the owner inside the frame is not asked). When the
 * server names this browser as the owner, that is remembered locally.
 */
export function isSessionVerificationNeeded(
  facts: SessionVerificationFacts,
  storage: KeyValueStorage | null = localStorageOrNull(),
): boolean {
  const { session } = facts;
  if (!session || facts.isTestMode || !facts.isVerificationRequired) return false;
  if (facts.ownerBrowserId && facts.ownerBrowserId === browserId(storage)) {
    recordSessionOwner(session, facts.ownerBrowserId, storage);
    return false;
  }
  return !ownsSession(session, storage);
}
