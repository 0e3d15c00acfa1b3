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
  dailyQuota: number;
  perMinute: number;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  /** Calls answered today (UK date). */
  callsToday: number;
  /** Calls refused today, over the quota or the per-minute limit. */
  refusedToday: number;
}

export interface ApiKeysResponse {
  keys: ApiKeyView[];
}

/** The answer to creating or rotating a key: the only time the secret is ever shown. */
export interface ApiKeySecretResponse {
  key: ApiKeyView;
  secret: string;
}
