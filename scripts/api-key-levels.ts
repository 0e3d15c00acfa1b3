/**
 * `npm run accounts:api-key-levels -- --organisation "CAP" --daily 200000 --per-minute 600`: sets the level the
 * service (the charity's operators, not the organisation's admin) sets for an organisation's API keys: the households
 * its keys in use may work out a day between them, and the calls a minute each key may make at most. `default` goes
 * back to the configured default (API_KEYS_DAILY_LEVEL, API_KEYS_PER_MINUTE_LEVEL); with neither option, the
 * levels are shown as they are. See docs/calculation-api.md 'API keys'.
 */
import { DataSource } from 'typeorm';
import type { ApiKeyLevels } from '../common/api-keys/model.js';
import { ApiKeyLevelsService } from '../api/src/api-keys/api-key-levels.js';
import { AccountsService } from '../api/src/accounts/accounts.service.js';
import { ApiError } from '../api/src/errors/api-error.js';
import { argument, ask, stopAsking, withAccountsContext } from './accounts-context.js';

const organisation = argument('organisation') ?? (await ask('Organisation name (as made by accounts:create-admin): '));
stopAsking();

/** A level as given: a whole number (digits, with commas if liked), `default`, or not given. */
function levelArgument(name: string): number | null | undefined {
  const given = argument(name);
  if (given === undefined) return undefined;
  if (given.trim().toLowerCase() === 'default') return null;
  const digits = given.replace(/[,_\s]/g, '');
  if (!/^\d{1,9}$/.test(digits)) {
    console.error(`--${name} must be a whole number, or default.`);
    process.exit(2);
  }
  return Number(digits);
}
const dailyQuota = levelArgument('daily');
const perMinute = levelArgument('per-minute');

const figure = (count: number) => count.toLocaleString('en-GB');

type Outcome = { found: number } | { found: 1; levels: ApiKeyLevels } | { found: 1; problem: string };

const outcome = await withAccountsContext(async (context): Promise<Outcome> => {
  const ids = await context.get(AccountsService).organisationIdsNamed(organisation);
  if (ids.length !== 1) return { found: ids.length };
  const service = context.get(ApiKeyLevelsService);
  const dataSource = context.get(DataSource);
  try {
    const levels =
      dailyQuota === undefined && perMinute === undefined
        ? (await service.levelsOf(dataSource, ids[0]))!
        : await service.setLevels(dataSource, ids[0], { dailyQuota, perMinute });
    return { found: 1, levels };
  } catch (error) {
    if (error instanceof ApiError) return { found: 1, problem: error.message };
    throw error;
  }
});
if (!('levels' in outcome) && !('problem' in outcome)) {
  console.error(
    outcome.found === 0 ? `There is no organisation named "${organisation}".` : `More than one organisation is named "${organisation}".`,
  );
  process.exit(2);
}
if ('problem' in outcome) {
  console.error(outcome.problem);
  process.exit(2);
}
const { levels } = outcome;
console.log(
  `"${organisation}": its API keys in use may work out ${figure(levels.dailyQuota)} households a day between them, and each may make up to ${figure(levels.perMinute)} calls a minute. Its keys in use have daily quotas of ${figure(levels.dailyQuotaInUse)} in all.`,
);
if (levels.dailyQuotaInUse > levels.dailyQuota) {
  console.log(
    `Those are more than the level: until its admin revokes some, each key counts at its share of the ${figure(levels.dailyQuota)}.`,
  );
}
