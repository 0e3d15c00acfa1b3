import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { DataSource, EntityManager } from 'typeorm';
import { API_KEY_LEVEL_MESSAGES, API_KEY_LIMITS, type ApiKeyLevels } from '../../../common/api-keys/model.js';
import type { Environment } from '../config/environment.js';
import { ApiError } from '../errors/api-error.js';

/**
 * The level the service sets for each organisation's API keys (issue 28): the charity's operators set it per
 * organisation (`npm run accounts:api-key-levels`, organisations.api_keys_daily_level and api_keys_per_minute_level;
 * null is the configured default, API_KEYS_DAILY_LEVEL and API_KEYS_PER_MINUTE_LEVEL). An organisation's admin
 * chooses each key's quota and limit within it: no key's daily quota above the daily level, no key's calls a minute
 * above the per-minute level, and the daily quotas of the keys in use adding up to no more than the daily level, so
 * that more keys do not multiply it.
 */

export interface RequestedQuotas {
  dailyQuota?: number;
  perMinute?: number;
}

export interface Quotas {
  dailyQuota: number;
  perMinute: number;
}

/**
 * A new key's quota and limit within the organisation's levels: those asked for, or (when not given) the usual
 * defaults cut to what the levels leave. Anything above a level is a problem naming its field.
 */
export function quotasWithinLevels(
  requested: RequestedQuotas,
  levels: ApiKeyLevels,
): { quotas: Quotas; problems: [] } | { quotas: null; problems: { path: string; message: string }[] } {
  const room = Math.max(0, levels.dailyQuota - levels.dailyQuotaInUse);
  const dailyQuota = requested.dailyQuota ?? Math.min(API_KEY_LIMITS.defaultDailyQuota, room);
  const perMinute = requested.perMinute ?? Math.min(API_KEY_LIMITS.defaultPerMinute, levels.perMinute);
  const problems: { path: string; message: string }[] = [];
  if (dailyQuota > levels.dailyQuota) problems.push({ path: 'dailyQuota', message: API_KEY_LEVEL_MESSAGES.dailyQuota(levels.dailyQuota) });
  else if (dailyQuota < 1 || dailyQuota > room) {
    problems.push({ path: 'dailyQuota', message: API_KEY_LEVEL_MESSAGES.dailyQuotaOverLevel(levels.dailyQuota, levels.dailyQuotaInUse) });
  }
  if (perMinute > levels.perMinute) problems.push({ path: 'perMinute', message: API_KEY_LEVEL_MESSAGES.perMinute(levels.perMinute) });
  return problems.length > 0 ? { quotas: null, problems } : { quotas: { dailyQuota, perMinute }, problems: [] };
}

/**
 * A live key's daily quota as counted, in SQL over `api_keys k` joined to its `organisations o`, with the configured
 * default daily level as the parameter `$<defaultLevel>`: the quota it was given, or, when the organisation's level
 * has been lowered below what its keys in use add up to, its share of the level (rounded down, so that together
 * they never pass it). A key above a lowered level is so always counted at the level or less.
 */
export function countedDailyQuotaSql(defaultLevel: number): string {
  const level = `COALESCE(o.api_keys_daily_level, $${defaultLevel})::bigint`;
  const inUse = `(SELECT sum(live.daily_quota) FROM api_keys live WHERE live.organisation_id = k.organisation_id AND live.revoked_at IS NULL)`;
  return `(CASE WHEN k.revoked_at IS NULL AND ${inUse} > ${level} THEN (k.daily_quota::bigint * ${level} / ${inUse})::int ELSE k.daily_quota END)`;
}

/** A live key's calls a minute as counted: the limit it was given, or the organisation's level if that is lower now. */
export function countedPerMinuteSql(defaultLevel: number): string {
  return `(CASE WHEN k.revoked_at IS NULL THEN LEAST(k.per_minute, COALESCE(o.api_keys_per_minute_level, $${defaultLevel})) ELSE k.per_minute END)`;
}

/** The configured default levels, and each organisation's. */
@Injectable()
export class ApiKeyLevelsService {
  readonly defaults: Pick<ApiKeyLevels, 'dailyQuota' | 'perMinute'>;

  constructor(config: ConfigService<Environment, true>) {
    this.defaults = {
      dailyQuota: config.get('API_KEYS_DAILY_LEVEL', { infer: true }),
      perMinute: config.get('API_KEYS_PER_MINUTE_LEVEL', { infer: true }),
    };
  }

  /**
   * The organisation's levels and its keys' daily quotas in use. With `lock`, inside a transaction, the organisation's
   * row stays locked until it ends, so that keys are created for it one at a time.
   */
  async levelsOf(manager: DataSource | EntityManager, organisationId: string, lock = false): Promise<ApiKeyLevels | null> {
    const [organisation] = await manager.query<{ daily: number; per_minute: number }[]>(
      `SELECT COALESCE(api_keys_daily_level, $2) AS daily, COALESCE(api_keys_per_minute_level, $3) AS per_minute
         FROM organisations WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [organisationId, this.defaults.dailyQuota, this.defaults.perMinute],
    );
    if (!organisation) return null;
    const [{ in_use }] = await manager.query<{ in_use: number }[]>(
      `SELECT COALESCE(sum(daily_quota), 0)::int AS in_use FROM api_keys WHERE organisation_id = $1 AND revoked_at IS NULL`,
      [organisationId],
    );
    return { dailyQuota: organisation.daily, perMinute: organisation.per_minute, dailyQuotaInUse: in_use };
  }

  /**
   * Sets the organisation's levels (an operator's act, by `npm run accounts:api-key-levels`): a number, or null for
   * the configured default; a level left undefined stays as it is. Answers the levels now.
   */
  async setLevels(
    dataSource: DataSource,
    organisationId: string,
    levels: { dailyQuota?: number | null; perMinute?: number | null },
  ): Promise<ApiKeyLevels> {
    for (const [name, value, most] of [
      ['daily', levels.dailyQuota, API_KEY_LIMITS.maxDailyQuota],
      ['per-minute', levels.perMinute, API_KEY_LIMITS.maxPerMinute],
    ] as const) {
      if (value !== undefined && value !== null && (!Number.isInteger(value) || value < 1 || value > most)) {
        throw new ApiError(400, 'VALIDATION_FAILED', `The ${name} level must be a whole number from 1 to ${most.toLocaleString('en-GB')}.`);
      }
    }
    await dataSource.query(
      `UPDATE organisations
          SET api_keys_daily_level = CASE WHEN $2 THEN $3::int ELSE api_keys_daily_level END,
              api_keys_per_minute_level = CASE WHEN $4 THEN $5::int ELSE api_keys_per_minute_level END
        WHERE id = $1`,
      [
        organisationId,
        levels.dailyQuota !== undefined,
        levels.dailyQuota ?? null,
        levels.perMinute !== undefined,
        levels.perMinute ?? null,
      ],
    );
    return (await this.levelsOf(dataSource, organisationId))!;
  }
}
