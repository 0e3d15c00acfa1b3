import { Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type ApiKeySecretResponse,
  type ApiKeysResponse,
  type ApiKeyView,
} from '../../../common/api-keys/model.js';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { SignedInUser } from '../access/signed-in-user.js';
import { ApiError } from '../errors/api-error.js';
import { PostgresThrottlerStorage } from '../rate-limit/postgres-throttler-storage.js';
import { ApiKeyLevelsService, countedDailyQuotaSql, countedPerMinuteSql, quotasWithinLevels } from './api-key-levels.js';

/** `bc_live_` and 32 random bytes in base64url: 256 bits, so a key cannot be guessed, only stolen. */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function apiKeyHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The first characters of a secret: `bc_live_` and 8 more, enough to tell a handful of keys apart. */
function prefixOf(secret: string): string {
  return secret.slice(0, 16);
}

/** Whole seconds until the UK date changes and the daily quotas start again. */
export function secondsUntilUkMidnight(now: Date = new Date()): number {
  const [hours, minutes, seconds] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(now)
    .split(':')
    .map(Number);
  return Math.max(1, 86_400 - (hours * 3600 + minutes * 60 + seconds));
}

/**
 * Counts a call against the key's daily quota in one statement, so that calls arriving at once in several
 * processes are never both let through past the quota: $1 key, $2 UK day, $3 households the call counts for,
 * $4 the quota. A row comes back only when the call fits, with the day's calls after it.
 */
const COUNT_CALL = `
  INSERT INTO api_key_usage AS usage (key_id, day, calls, refused)
  SELECT $1, $2::date, $3::int, 0 WHERE $3::int <= $4::int
  ON CONFLICT (key_id, day) DO UPDATE SET calls = usage.calls + EXCLUDED.calls
  WHERE usage.calls + EXCLUDED.calls <= $4::int
  RETURNING calls`;

/** Counts a refused call, and answers the day's calls so far. */
const COUNT_REFUSED = `
  INSERT INTO api_key_usage AS usage (key_id, day, calls, refused) VALUES ($1, $2::date, 0, 1)
  ON CONFLICT (key_id, day) DO UPDATE SET refused = usage.refused + 1
  RETURNING calls`;

/**
 * Finds a live key by its secret's digest and notes that it was used, in one statement; answers its quota and limit as
 * counted, within its organisation's level ($2 and $3 the configured default levels: api-key-levels.ts).
 */
const TOUCH_KEY = `
  UPDATE api_keys k SET last_used_at = now() FROM organisations o
  WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND o.id = k.organisation_id
  RETURNING k.id, ${countedDailyQuotaSql(2)} AS daily_quota, ${countedPerMinuteSql(3)} AS per_minute`;

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  daily_quota: number;
  per_minute: number;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  calls_today: number | null;
  refused_today: number | null;
}

function viewOf(row: KeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    dailyQuota: row.daily_quota,
    perMinute: row.per_minute,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    callsToday: row.calls_today ?? 0,
    refusedToday: row.refused_today ?? 0,
  };
}

/** $1 organisation, $2 UK day, $3 and $4 the configured default levels: each key with its quota and limit as counted. */
const SELECT_KEYS = `
  SELECT k.id, k.name, k.prefix, ${countedDailyQuotaSql(3)} AS daily_quota, ${countedPerMinuteSql(4)} AS per_minute,
         k.created_at, k.revoked_at, k.last_used_at, u.calls AS calls_today, u.refused AS refused_today
  FROM api_keys k JOIN organisations o ON o.id = k.organisation_id
  LEFT JOIN api_key_usage u ON u.key_id = k.id AND u.day = $2::date
  WHERE k.organisation_id = $1`;

export interface NewApiKey {
  name: string;
  dailyQuota?: number;
  perMinute?: number;
}

/**
 * The organisation admin's API keys (create, list, rotate, revoke), and the check of a key on each call to the
 * calculation API: its per-minute limit, then its daily quota, both counted in PostgreSQL so every process agrees.
 */
@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger('ApiKeys');

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: PostgresThrottlerStorage,
    private readonly levels: ApiKeyLevelsService,
  ) {}

  /** The organisation's keys, with the level the service sets for them. */
  async list(organisationId: string): Promise<ApiKeysResponse> {
    const rows = await this.dataSource.query<KeyRow[]>(`${SELECT_KEYS} ORDER BY k.revoked_at IS NOT NULL, k.created_at DESC, k.id`, [
      organisationId,
      ukToday(),
      this.levels.defaults.dailyQuota,
      this.levels.defaults.perMinute,
    ]);
    return { keys: rows.map(viewOf), levels: (await this.levels.levelsOf(this.dataSource, organisationId))! };
  }

  /**
   * A new key, within the organisation's level (api-key-levels.ts): 400 naming dailyQuota or perMinute above it, or
   * a daily quota that would take the keys in use past it between them.
   */
  async create(user: SignedInUser, request: NewApiKey): Promise<ApiKeySecretResponse> {
    const secret = newApiKeySecret();
    const id = await this.dataSource.transaction(async (manager) => {
      // The organisation's row stays locked to the end, so that two admins at once cannot pass the count or the level.
      const levels = await this.levels.levelsOf(manager, user.organisationId, true);
      if (!levels) throw new ApiError(404, 'API_KEY_NOT_FOUND', API_KEY_MESSAGES.notFound);
      const [{ active }] = await manager.query<{ active: number }[]>(
        `SELECT count(*)::int AS active FROM api_keys WHERE organisation_id = $1 AND revoked_at IS NULL`,
        [user.organisationId],
      );
      if (active >= API_KEY_LIMITS.maxActiveKeys) throw new ApiError(409, 'TOO_MANY_API_KEYS', API_KEY_MESSAGES.tooMany);
      const within = quotasWithinLevels(request, levels);
      if (!within.quotas) throw ApiError.validation(within.problems);
      const [row] = await manager.query<{ id: string }[]>(
        `INSERT INTO api_keys (organisation_id, name, prefix, key_hash, daily_quota, per_minute, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          user.organisationId,
          request.name,
          prefixOf(secret),
          apiKeyHash(secret),
          within.quotas.dailyQuota,
          within.quotas.perMinute,
          user.userId,
        ],
      );
      return row.id;
    });
    this.audit('created', user, id);
    return { key: await this.findOrThrow(user.organisationId, id), secret };
  }

  /** A new secret for the key; the old one stops working with this statement. */
  async rotate(user: SignedInUser, id: string): Promise<ApiKeySecretResponse> {
    const key = await this.findOrThrow(user.organisationId, id);
    if (key.revokedAt !== null) throw new ApiError(409, 'API_KEY_REVOKED', API_KEY_MESSAGES.revoked);
    const secret = newApiKeySecret();
    // TypeORM answers an UPDATE with [rows, count].
    const [, updated] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE api_keys SET key_hash = $3, prefix = $4 WHERE id = $1 AND organisation_id = $2 AND revoked_at IS NULL`,
      [id, user.organisationId, apiKeyHash(secret), prefixOf(secret)],
    );
    if (updated === 0) throw new ApiError(409, 'API_KEY_REVOKED', API_KEY_MESSAGES.revoked);
    this.audit('rotated', user, id);
    return { key: await this.findOrThrow(user.organisationId, id), secret };
  }

  /** Revokes the key at once; revoking one already revoked changes nothing. */
  async revoke(user: SignedInUser, id: string): Promise<ApiKeyView> {
    await this.findOrThrow(user.organisationId, id);
    // TypeORM answers an UPDATE with [rows, count].
    const [, revoked] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND organisation_id = $2 AND revoked_at IS NULL`,
      [id, user.organisationId],
    );
    if (revoked > 0) this.audit('revoked', user, id);
    return this.findOrThrow(user.organisationId, id);
  }

  /** Every change to a key, in the log: who, which organisation, which key; never the secret. */
  private audit(action: 'created' | 'rotated' | 'revoked', user: SignedInUser, keyId: string): void {
    this.logger.log(`API key ${action}: key ${keyId}, organisation ${user.organisationId}, by user ${user.userId}`);
  }

  /** The organisation's key; another organisation's, or none, is 404 alike, so ids of others are not confirmed. */
  private async findOrThrow(organisationId: string, id: string): Promise<ApiKeyView> {
    const rows = await this.dataSource.query<KeyRow[]>(`${SELECT_KEYS} AND k.id = $5`, [
      organisationId,
      ukToday(),
      this.levels.defaults.dailyQuota,
      this.levels.defaults.perMinute,
      id,
    ]);
    if (rows.length === 0) throw new ApiError(404, 'API_KEY_NOT_FOUND', API_KEY_MESSAGES.notFound);
    return viewOf(rows[0]);
  }

  /**
   * A call to the calculation API with X-Api-Key, before its body is read: 401 API_KEY_INVALID for a key not live (the
   * caller then counts it against the anonymous limit of its address, ApiKeyGuard); else the call is counted against
   * the key's per-minute limit (requests), and refused with 429 API_KEY_RATE_LIMITED over it. The daily quota is
   * counted next, by `chargeQuota`, once what the call counts for is known (a batch: its households).
   */
  async admit(secret: string, response: Response): Promise<AdmittedKey> {
    // TypeORM answers an UPDATE with [rows, count].
    const [[key]] = await this.dataSource.query<[{ id: string; daily_quota: number; per_minute: number }[], number]>(TOUCH_KEY, [
      apiKeyHash(secret),
      this.levels.defaults.dailyQuota,
      this.levels.defaults.perMinute,
    ]);
    if (!key) throw new ApiError(401, 'API_KEY_INVALID', API_KEY_MESSAGES.invalid);
    const admitted = { id: key.id, dailyQuota: key.daily_quota };
    const minute = await this.storage.increment(
      createHash('sha256').update(`api-key-minute:${key.id}`).digest('hex'),
      60_000,
      key.per_minute,
      0,
      'api-key',
    );
    if (minute.isBlocked) {
      await this.countRefused(admitted, response);
      throw ApiError.tooManyRequests(
        'API_KEY_RATE_LIMITED',
        `This key may make ${key.per_minute} calls a minute. Please wait a minute and try again.`,
        minute.timeToBlockExpire,
      );
    }
    return admitted;
  }

  /**
   * Counts a call of an admitted key against its daily quota: `calls` is one, or a batch's households. Refused whole
   * with 429 API_KEY_QUOTA_USED when it would pass the quota. Sets X-RateLimit-Limit (the daily quota),
   * X-RateLimit-Remaining (what is left of it today) and X-RateLimit-Reset (seconds until it starts again).
   */
  async chargeQuota(key: AdmittedKey, calls: number, response: Response): Promise<void> {
    const [counted] = await this.dataSource.query<{ calls: number }[]>(COUNT_CALL, [key.id, ukToday(), calls, key.dailyQuota]);
    if (!counted) {
      const callsToday = await this.countRefused(key, response);
      throw ApiError.tooManyRequests(
        'API_KEY_QUOTA_USED',
        `This key has used its ${key.dailyQuota.toLocaleString('en-GB')} calls for today${callsToday < key.dailyQuota ? ', or this batch would pass them' : ''}. The quota starts again at midnight UK time.`,
        secondsUntilUkMidnight(),
      );
    }
    setQuotaHeaders(response, key, counted.calls);
  }

  /** Counts a refused call in the day's usage, sets the quota headers, and answers the day's calls so far. */
  private async countRefused(key: AdmittedKey, response: Response): Promise<number> {
    const [usage] = await this.dataSource.query<{ calls: number }[]>(COUNT_REFUSED, [key.id, ukToday()]);
    setQuotaHeaders(response, key, usage.calls);
    return usage.calls;
  }
}

/** A live key let through its per-minute limit, whose call is still to be counted against its daily quota. */
export interface AdmittedKey {
  id: string;
  dailyQuota: number;
}

function setQuotaHeaders(response: Response, key: AdmittedKey, callsToday: number): void {
  response.setHeader('X-RateLimit-Limit', String(key.dailyQuota));
  response.setHeader('X-RateLimit-Remaining', String(Math.max(0, key.dailyQuota - callsToday)));
  response.setHeader('X-RateLimit-Reset', String(secondsUntilUkMidnight()));
}

const ADMITTED_KEY = Symbol('admitted API key');

/** Keeps the admitted key with the request: the batch counts its calls later, by its households; a change set needs a key. */
export function keepAdmittedKey(request: Request, key: AdmittedKey): void {
  (request as Request & { [ADMITTED_KEY]?: AdmittedKey })[ADMITTED_KEY] = key;
}

/** The key ApiKeyGuard admitted for this request, or undefined for a call without one. */
export function admittedKeyOf(request: Request): AdmittedKey | undefined {
  return (request as Request & { [ADMITTED_KEY]?: AdmittedKey })[ADMITTED_KEY];
}
