/** API keys for the calculation API, shared by the API and the web app's account area (issue 20). */

/** The header a caller sends its key in. */
export const API_KEY_HEADER = 'X-Api-Key';

/** Every key starts with this, so that one pasted in the wrong place is easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'bc_live_';

export const API_KEY_LIMITS = {
  nameMaxLength: 100,
  defaultDailyQuota: 10_000,
  maxDailyQuota: 1_000_000,
  defaultPerMinute: 60,
  maxPerMinute: 6_000,
  /** Keys not revoked an organisation may hold at once. */
  maxActiveKeys: 20,
} as const;

/**
 * The default level the service sets for an organisation's keys, until an operator sets another
 * (`npm run accounts:api-key-levels`); configuration can change it (API_KEYS_DAILY_LEVEL, API_KEYS_PER_MINUTE_LEVEL).
 */
export const API_KEY_DEFAULT_LEVELS = { dailyQuota: 100_000, perMinute: 600 } as const;

const figure = (count: number) => count.toLocaleString('en-GB');

/** What an organisation's admin is told when a key would pass the level the service sets for the organisation. */
export const API_KEY_LEVEL_MESSAGES = {
  dailyQuota: (level: number) =>
    `The daily quota can be at most ${figure(level)}: the most the service allows your organisation's keys to work out in a day.`,
  perMinute: (level: number) =>
    `The calls a minute can be at most ${figure(level)}: the most the service allows each of your organisation's keys.`,
  dailyQuotaOverLevel: (level: number, inUse: number) =>
    inUse >= level
      ? `Your organisation's keys may work out ${figure(level)} households a day between them, and your keys in use already have all of them. Revoke a key you no longer need first.`
      : `Your organisation's keys may work out ${figure(level)} households a day between them, and your keys in use already have ${figure(inUse)}. Give this key a daily quota of ${figure(level - inUse)} or fewer, or revoke a key you no longer need.`,
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'Enter a name for the key, such as the system that will use it.',
  nameTooLong: `The name must be ${API_KEY_LIMITS.nameMaxLength} characters or fewer.`,
  dailyQuota: `The daily quota must be a whole number from 1 to ${API_KEY_LIMITS.maxDailyQuota.toLocaleString('en-GB')}.`,
  perMinute: `The calls a minute must be a whole number from 1 to ${API_KEY_LIMITS.maxPerMinute.toLocaleString('en-GB')}.`,
  notFound: 'There is no such API key in your organisation.',
  revoked: 'This key has been revoked: create a new one instead.',
  tooMany: `Your organisation already has ${API_KEY_LIMITS.maxActiveKeys} keys in use. Revoke one you no longer need first.`,
  invalid: 'The API key in X-Api-Key is not recognised, or has been revoked. Send a current key, or no key at all to use the free limit.',
} as const;

/** A key as the account area lists it: never its secret. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  /**
   * Households a day, as counted: the quota the key was given, or less when the organisation's level was lowered
   * below its keys' quotas since (each key then counts at its share of the level).
   */
  dailyQuota: number;
  /** Calls a minute, as counted: the limit the key was given, or the organisation's level if that is lower now. */
  perMinute: number;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  /** Calls answered today (UK date). */
  callsToday: number;
  /** Calls refused today, over the quota or the per-minute limit. */
  refusedToday: number;
}

/**
 * The level the service (the charity's operators, not the organisation's admin) sets for an organisation's keys: no
 * key above it, and the daily quotas of the keys in use never adding up to more than it.
 */
export interface ApiKeyLevels {
  /** Households the organisation's keys in use may work out a day between them (so also the most for one key). */
  dailyQuota: number;
  /** Calls a minute each key may make at most. */
  perMinute: number;
  /** The daily quotas of the organisation's keys in use, added up as they were set. */
  dailyQuotaInUse: number;
}

export interface ApiKeysResponse {
  keys: ApiKeyView[];
  levels: ApiKeyLevels;
}

/** The answer to creating or rotating a key: the only time the secret is ever shown. */
export interface ApiKeySecretResponse {
  key: ApiKeyView;
  secret: string;
}
