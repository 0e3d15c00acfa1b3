import { BROWSER_ID_KEY, browserId } from '../api/browser-id';
import { isSessionVerificationNeeded, ownsSession, recordSessionOwner, sessionOwnerKey, sessionOwnerOf } from './session-owner';

const SESSION = 'f2b1c3d4-0000-4000-8000-000000000001';
const OTHER_BROWSER = 'browser_1700000000000_abcdefgh';

beforeEach(() => localStorage.clear());

describe('session ownership in local storage', () => {
  it('records this browser as the owner of a calculation, one entry per calculation', () => {
    recordSessionOwner(SESSION);
    expect(localStorage.getItem(sessionOwnerKey(SESSION))).toBe(localStorage.getItem(BROWSER_ID_KEY));
    expect(ownsSession(SESSION)).toBe(true);
    expect(ownsSession('another-session')).toBe(false);
  });

  it('does not count a calculation recorded for another browser', () => {
    recordSessionOwner(SESSION, OTHER_BROWSER);
    expect(sessionOwnerOf(SESSION)).toBe(OTHER_BROWSER);
    expect(ownsSession(SESSION)).toBe(false);
  });

  it('ignores an entry that is not a browser id, and will not record one', () => {
    localStorage.setItem(sessionOwnerKey(SESSION), '<script>');
    expect(sessionOwnerOf(SESSION)).toBeNull();
    recordSessionOwner('other', 'not-a-browser');
    expect(localStorage.getItem(sessionOwnerKey('other'))).toBeNull();
  });

  it('works, as not owned, where storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => recordSessionOwner(SESSION, OTHER_BROWSER, blocked)).not.toThrow();
    expect(ownsSession(SESSION, blocked)).toBe(false);
  });
});

describe('isSessionVerificationNeeded', () => {
  const needed = { session: SESSION, isPortal: false, isTestMode: false, isVerificationRequired: true };

  it('is needed for a calculation another browser owns', () => {
    expect(isSessionVerificationNeeded({ ...needed, ownerBrowserId: OTHER_BROWSER })).toBe(true);
  });

  it('is needed in a partner’s portal too, for a calculation another browser owns', () => {
    expect(isSessionVerificationNeeded({ ...needed, isPortal: true, ownerBrowserId: OTHER_BROWSER })).toBe(true);
  });

  it.each([
    ['there is no session', { session: null }],
    ['in verified test mode', { isTestMode: true }],
    ['when the server does not require it', { isVerificationRequired: false }],
  ])('is not needed when %s', (_case, change) => {
    expect(isSessionVerificationNeeded({ ...needed, ...change })).toBe(false);
  });

  it('is not needed by the browser recorded as owner here, such as after a successful look-up', () => {
    recordSessionOwner(SESSION);
    expect(isSessionVerificationNeeded(needed)).toBe(false);
  });

  it('is not needed when the server names this browser as owner, which is then remembered', () => {
    expect(isSessionVerificationNeeded({ ...needed, ownerBrowserId: browserId() })).toBe(false);
    expect(ownsSession(SESSION)).toBe(true);
  });
});
