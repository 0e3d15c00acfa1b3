import { API_KEY_LEVEL_MESSAGES } from '../../../common/api-keys/model.js';
import { quotasWithinLevels } from './api-key-levels.js';
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

describe('a new key’s quotas within the organisation’s level', () => {
  const levels = { dailyQuota: 50_000, perMinute: 120, dailyQuotaInUse: 30_000 };

  it('are those asked for when they fit, and the usual defaults cut to what the level leaves when not given', () => {
    expect(quotasWithinLevels({ dailyQuota: 20_000, perMinute: 120 }, levels)).toEqual({
      quotas: { dailyQuota: 20_000, perMinute: 120 },
      problems: [],
    });
    expect(quotasWithinLevels({}, levels).quotas).toEqual({ dailyQuota: 10_000, perMinute: 60 });
    expect(quotasWithinLevels({}, { dailyQuota: 5_000, perMinute: 30, dailyQuotaInUse: 1_000 }).quotas).toEqual({
      dailyQuota: 4_000,
      perMinute: 30,
    });
  });

  it('refuse a daily quota or calls a minute above the level, naming each field', () => {
    expect(quotasWithinLevels({ dailyQuota: 50_001, perMinute: 121 }, levels).problems).toEqual([
      { path: 'dailyQuota', message: API_KEY_LEVEL_MESSAGES.dailyQuota(50_000) },
      { path: 'perMinute', message: API_KEY_LEVEL_MESSAGES.perMinute(120) },
    ]);
    expect(API_KEY_LEVEL_MESSAGES.dailyQuota(50_000)).toBe(
      "The daily quota can be at most 50,000: the most the service allows your organisation's keys to work out in a day.",
    );
  });

  it('refuse a daily quota that would take the keys in use past the level between them, saying what is left', () => {
    expect(quotasWithinLevels({ dailyQuota: 20_001 }, levels).problems).toEqual([
      {
        path: 'dailyQuota',
        message:
          "Your organisation's keys may work out 50,000 households a day between them, and your keys in use already have 30,000. Give this key a daily quota of 20,000 or fewer, or revoke a key you no longer need.",
      },
    ]);
    const full = { ...levels, dailyQuotaInUse: 50_000 };
    expect(quotasWithinLevels({}, full).problems).toEqual([
      { path: 'dailyQuota', message: API_KEY_LEVEL_MESSAGES.dailyQuotaOverLevel(50_000, 50_000) },
    ]);
    expect(API_KEY_LEVEL_MESSAGES.dailyQuotaOverLevel(50_000, 60_000)).toContain('already have all of them');
  });
});
