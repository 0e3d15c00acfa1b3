import { answerOf, api } from '../api/client';
import { localStorageOrNull, readStored, removeStored, writeStored, type KeyValueStorage } from '../session/local-storage';

/**
 * Test-mode verification. A visit with `test=true` shows testing panels only after the
 * server accepts the test password (POST /api/data/test/). The server then sets its own http-only cookie for 30
 * days, which is what really unlocks testing data; this browser keeps a matching flag in local storage, with
 * the same expiry, so a tester is not asked again on every page.
 */

/** The test-mode password check's states. `reset` is the starting state (nothing asked yet, or verification forgotten). */
export type TestModeStatus = 'reset' | 'needed' | 'pending' | 'success' | 'error';

export const INCORRECT_PASSWORD = 'Incorrect password. Please try again.';
export const VERIFICATION_UNAVAILABLE = 'Unable to verify test mode access. Please try again later.';
/** A password of nothing but spaces is no password (non-empty after trimming). */
export const PASSWORD_REQUIRED = 'Enter the test mode password.';

export function isBlankPassword(password: string): boolean {
  return password.trim() === '';
}

export const TEST_MODE_KEY = 'testModeVerifiedUntil';
/** As long as the server's test-verified cookie. */
export const TEST_MODE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface TestModeState {
  status: TestModeStatus;
  /** The message shown in the `error` state. */
  message: string | null;
}

interface TestCheckResponse {
  isTestModeValid: boolean;
}

/** Whether this browser has a test-mode verification that has not expired. */
export function isTestModeVerified(now: number = Date.now(), storage: KeyValueStorage | null = localStorageOrNull()): boolean {
  const until = Number(readStored(TEST_MODE_KEY, storage));
  return Number.isFinite(until) && until > now;
}

export function recordTestModeVerified(now: number = Date.now(), storage: KeyValueStorage | null = localStorageOrNull()): void {
  writeStored(TEST_MODE_KEY, String(now + TEST_MODE_LIFETIME_MS), storage);
}

// One state for the whole page, so every screen part that asks about test mode sees the same answer.
let state: TestModeState = { status: 'reset', message: null };
const listeners = new Set<() => void>();

function setState(next: TestModeState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function subscribeToTestMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function testModeState(): TestModeState {
  return state;
}

/**
 * Asks for the password: used when the server says verification is required although this browser thought it
 * was verified (its cookie expired or was cleared), so the local flag is dropped.
 */
export function requireTestModeVerification(): void {
  removeStored(TEST_MODE_KEY);
  setState({ status: 'needed', message: null });
}

/** Forgets this browser's verification and starts again. */
export function resetTestMode(): void {
  removeStored(TEST_MODE_KEY);
  setState({ status: 'reset', message: null });
}

/**
 * Checks the password with the server. A blank password, or one of spaces only, is never sent (the
 * gate says so before it gets here). Any failed call, including a 429 when the attempts are rate limited, says
 * verification is unavailable.
 */
export async function verifyTestModePassword(password: string): Promise<void> {
  if (state.status === 'pending' || isBlankPassword(password)) return;
  setState({ status: 'pending', message: null });
  try {
    const answer = await answerOf<TestCheckResponse | null>(api.POST('/api/data/test', { body: { password } }));
    if (answer?.isTestModeValid === true) {
      recordTestModeVerified();
      setState({ status: 'success', message: null });
    } else {
      setState({ status: 'error', message: INCORRECT_PASSWORD });
    }
  } catch {
    setState({ status: 'error', message: VERIFICATION_UNAVAILABLE });
  }
}
