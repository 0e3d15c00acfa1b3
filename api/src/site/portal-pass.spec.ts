import { randomBytes } from 'node:crypto';
import { isCreditedToPortal, isPortalPassFor, issuePortalPass, PORTAL_PASS_LIFETIME_SECONDS } from './portal-pass.js';

const KEY = randomBytes(32);
const NOW = Date.parse('2026-11-21T10:00:00Z');

describe('a portal pass', () => {
  it('is good for the partner it was made for, until it lapses', () => {
    const pass = issuePortalPass(KEY, 'cap_live', NOW);
    expect(pass).toMatch(/^\d+\.[\w-]{43}$/);
    expect(isPortalPassFor(KEY, pass, 'cap_live', NOW)).toBe(true);
    expect(isPortalPassFor(KEY, pass, 'cap_live', NOW + (PORTAL_PASS_LIFETIME_SECONDS - 1) * 1000)).toBe(true);
    expect(isPortalPassFor(KEY, pass, 'cap_live', NOW + PORTAL_PASS_LIFETIME_SECONDS * 1000)).toBe(false);
  });

  it('is no good for another partner, nor made with another key', () => {
    const pass = issuePortalPass(KEY, 'cap_live', NOW);
    expect(isPortalPassFor(KEY, pass, 'dfl_live', NOW)).toBe(false);
    expect(isPortalPassFor(randomBytes(32), pass, 'cap_live', NOW)).toBe(false);
  });

  it('cannot be changed: a later expiry, or another signature, is refused', () => {
    const pass = issuePortalPass(KEY, 'cap_live', NOW);
    const [expires, mac] = pass.split('.');
    expect(isPortalPassFor(KEY, `${Number(expires) + 60}.${mac}`, 'cap_live', NOW)).toBe(false);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(isPortalPassFor(KEY, `${expires}.${flipped}`, 'cap_live', NOW)).toBe(false);
    // One signed for far in the future (which the server never makes) is refused too.
    const forever = issuePortalPass(KEY, 'cap_live', NOW + 365 * 86_400_000);
    expect(isPortalPassFor(KEY, forever, 'cap_live', NOW)).toBe(false);
  });

  it('is refused when it is not a pass at all', () => {
    for (const notAPass of [undefined, null, '', 'true', 42, {}, ['1.2'], '1.2.3', `${'9'.repeat(200)}.x`, 'cap_live']) {
      expect(isPortalPassFor(KEY, notAPass, 'cap_live', NOW)).toBe(false);
    }
  });
});

describe('crediting a calculation to a partner’s portal', () => {
  const pass = issuePortalPass(KEY, 'cap_live', NOW);

  it('needs the pass and the browser saying the POST came from our own page', () => {
    expect(isCreditedToPortal(KEY, 'cap_live', pass, 'same-origin', NOW)).toBe(true);
  });

  it('is refused without the pass, or from another site or from no browser at all (no Sec-Fetch-Site)', () => {
    expect(isCreditedToPortal(KEY, 'cap_live', undefined, 'same-origin', NOW)).toBe(false);
    expect(isCreditedToPortal(KEY, 'cap_live', pass, 'cross-site', NOW)).toBe(false);
    expect(isCreditedToPortal(KEY, 'cap_live', pass, 'same-site', NOW)).toBe(false);
    expect(isCreditedToPortal(KEY, 'cap_live', pass, null, NOW)).toBe(false);
    expect(isCreditedToPortal(KEY, 'dfl_live', pass, 'same-origin', NOW)).toBe(false);
  });
});
