import { apiKeyHash, newApiKeySecret, secondsUntilUkMidnight } from './api-keys.service.js';

describe('an API key', () => {
  it('is bc_live_ and 32 random bytes in base64url, different each time, kept as a 64-character SHA-256', () => {
    const [first, second] = [newApiKeySecret(), newApiKeySecret()];
    expect(first).toMatch(/^bc_live_[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(apiKeyHash(first)).toMatch(/^[0-9a-f]{64}$/);
    expect(apiKeyHash(first)).toBe(apiKeyHash(first));
  });
});

describe('the seconds until the daily quota starts again', () => {
  it('run to midnight UK time, in winter (GMT) and in summer (BST)', () => {
    expect(secondsUntilUkMidnight(new Date('2026-12-01T23:59:00Z'))).toBe(60);
    expect(secondsUntilUkMidnight(new Date('2026-12-01T00:00:00Z'))).toBe(86_400);
    // 22:30 UTC in July is 23:30 in London.
    expect(secondsUntilUkMidnight(new Date('2026-07-01T22:30:00Z'))).toBe(1800);
  });
});
