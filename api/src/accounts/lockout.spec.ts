import { afterFailedSignIn, afterSuccessfulSignIn, isLocked, LOCKOUT, type LockState } from './lockout.js';

const now = new Date('2026-11-23T10:00:00Z');
const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const fresh: LockState = { failedSignIns: 0, lockedUntil: null };

function failTimes(times: number, state: LockState = fresh, at = now): LockState {
  for (let i = 0; i < times; i += 1) state = afterFailedSignIn(state, at);
  return state;
}

describe('lockout after failed sign-ins', () => {
  it('counts wrong passwords without locking for the first 4', () => {
    expect(failTimes(4)).toEqual({ failedSignIns: 4, lockedUntil: null });
    expect(isLocked(failTimes(4), now)).toBe(false);
  });

  it('locks for 15 minutes on the 5th wrong password in a row', () => {
    const locked = failTimes(LOCKOUT.failedSignInsAllowed);
    expect(locked).toEqual({ failedSignIns: 0, lockedUntil: minutesLater(15) });
    expect(isLocked(locked, minutesLater(14.9))).toBe(true);
  });

  it('unlocks when the 15 minutes are over, and counts from nothing again', () => {
    const locked = failTimes(5);
    expect(isLocked(locked, minutesLater(15))).toBe(false);
    expect(afterFailedSignIn(locked, minutesLater(16))).toEqual({ failedSignIns: 1, lockedUntil: null });
  });

  it('starts the count again after a right password', () => {
    const afterRight = afterSuccessfulSignIn();
    expect(failTimes(4, afterRight)).toEqual({ failedSignIns: 4, lockedUntil: null });
  });
});
