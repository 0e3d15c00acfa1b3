import { addDays, dateInWords, daysFrom, sameDateYearLater } from '../../../common/dates/calendar.js';
import { taxYearOf, type EntitlementEngine, type Entitlements } from '../../../engine/core/entitlement-engine.js';

/** How many days before the rates held run out operators and policy staff are warned (issue 30). */
export const RATES_WARNING_DAYS = 60;

/**
 * How long the rates held last, seen from today:
 * - `held`: more than RATES_WARNING_DAYS days left;
 * - `running-out`: the last date held is within RATES_WARNING_DAYS days;
 * - `last-rates-held`: the last date held has passed: results use the last rates held, and say so;
 * - `ran-out`: more than a year has passed: results cannot be worked out at all.
 */
export interface RatesRunway {
  state: 'held' | 'running-out' | 'last-rates-held' | 'ran-out';
  /** yyyy-mm-dd: the last date the rates held cover, with every published change set counted. */
  lastDateHeld: string;
  /** Days from today to the last date held (0 on it, negative after it). */
  daysLeft: number;
  /** What it means and what to do, in a sentence or two, for operators and policy staff. */
  message: string;
}

/**
 * The engines that cover dates after a given one: the rules versions with published change sets (and the dates they
 * take effect), or one engine.
 */
interface EnginesByDate {
  engineOn(date: string): EntitlementEngine;
  publishedSets?: readonly { effectiveFrom: string }[];
}

const hasEnginesByDate = (engine: Entitlements): engine is Entitlements & EnginesByDate =>
  typeof (engine as Partial<EnginesByDate>).engineOn === 'function';

/**
 * The last date the rates held cover, counting published change sets that add a later year: the files' last date,
 * then, while a version after it holds rates further on, that version's last date. The versions asked are the one in
 * force the day after and those from each published change set's date: next year's rates published from Monday 12
 * April 2027 hold 2027 to 2028 although 1 to 11 April 2027 are worked out with the last rates held.
 */
export function lastDateHeld(engine: Entitlements): string {
  let last = engine.parameters.ratesHeldUntil;
  if (!hasEnginesByDate(engine)) return last;
  // Each step moves at least a day on; a change set adds a year at a time, so a handful of steps settles it.
  for (let step = 0; step < 20; step += 1) {
    const after = last;
    const probes = [addDays(after, 1), ...(engine.publishedSets ?? []).map((set) => set.effectiveFrom).filter((date) => date > after)];
    for (const probe of probes) {
      const held = engine.engineOn(probe).parameters.ratesHeldUntil;
      // A version counts only for the dates it covers itself: from its own date.
      if (probe <= held && held > last) last = held;
    }
    if (last === after) break;
  }
  return last;
}

export function ratesRunway(engine: Entitlements, today: string): RatesRunway {
  const last = lastDateHeld(engine);
  const daysLeft = daysFrom(today, last);
  const lastInWords = dateInWords(last);
  if (daysLeft < 0) {
    if (today > sameDateYearLater(last))
      return {
        state: 'ran-out',
        lastDateHeld: last,
        daysLeft,
        message: `The benefit rates held ran out on ${lastInWords}, more than a year ago: results cannot be worked out until next year's rates are published.`,
      };
    return {
      state: 'last-rates-held',
      lastDateHeld: last,
      daysLeft,
      message: `The benefit rates held ran out on ${lastInWords}. Results use the last rates held and say so until next year's rates are published.`,
    };
  }
  const when = daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
  return {
    state: daysLeft <= RATES_WARNING_DAYS ? 'running-out' : 'held',
    lastDateHeld: last,
    daysLeft,
    message:
      daysLeft <= RATES_WARNING_DAYS
        ? `The benefit rates held run out on ${lastInWords}, ${when}. Publish next year's rates before then; after it, results use the last rates held and say so.`
        : `The benefit rates held run to ${lastInWords}.`,
  };
}

/**
 * The rules version a calculation on `date` is worked out with: the tax year and the published change sets in force
 * then ('2027-28+cs7'), as each result's own `rulesVersion` says it.
 */
export function rulesVersionOn(engine: Entitlements, date: string): string {
  const version = hasEnginesByDate(engine) ? engine.engineOn(date) : (engine as Partial<EntitlementEngine>);
  return `${taxYearOf(date)}${version.rulesVersionSuffix ?? ''}`;
}
