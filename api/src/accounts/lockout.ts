/**
 * Lockout after repeated failed sign-ins: the 5th wrong password in a row locks for 15 minutes, and a right one
 * (when not locked) starts the count again. What is locked is one e-mail address from one network (an IPv4 address
 * or an IPv6 /64), with or without an account (AccountsService.signIn): a stranger's guesses lock only the stranger
 * out, and an address without an account locks just as one with an account does. Kept free of I/O so the rule can
 * be tested on its own.
 */
export const LOCKOUT = { failedSignInsAllowed: 5, lockMinutes: 15 } as const;

export interface LockState {
  failedSignIns: number;
  lockedUntil: Date | null;
}

export function isLocked(state: LockState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** The state after a wrong password. A lock that has run out no longer counts; the count starts again after it. */
export function afterFailedSignIn(state: LockState, now: Date): LockState {
  const failedSignIns = (state.lockedUntil !== null && !isLocked(state, now) ? 0 : state.failedSignIns) + 1;
  if (failedSignIns >= LOCKOUT.failedSignInsAllowed) {
    return { failedSignIns: 0, lockedUntil: new Date(now.getTime() + LOCKOUT.lockMinutes * 60_000) };
  }
  return { failedSignIns, lockedUntil: null };
}

export function afterSuccessfulSignIn(): LockState {
  return { failedSignIns: 0, lockedUntil: null };
}
