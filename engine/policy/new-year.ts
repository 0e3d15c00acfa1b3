/**
 * Opening next year (issue 30, point 1): one change set that carries every rate held forward into the next tax year,
 * unchanged and "to confirm" (a value with no source yet), and moves the last date the rates held cover on a year.
 * The officer then uprates what the law uprates, confirms what is frozen, types what was announced, and gives each
 * its source; the change set cannot be published while any value still has none (publishingProblems).
 */
import { addDays, formatIsoDate, fromDayNumber, parseIsoDate, sameDateYearLater, toDayNumber } from '../../common/dates/calendar.js';
import { scaleValueOf, type ParameterValueEdit, type PolicyEdit, type YearDecision } from '../../common/policy/model.js';
import type { DatedParameter, ParameterValue, ScaleParameter } from '../../common/parameters/dated-parameter.js';
import type { ParameterSet } from '../parameters/parameter-set.js';
import { upratingRoundingOf } from './uprating.js';

/**
 * The folder of councils' own figures (gov, then local_authorities): each council sets them in its scheme, not the
 * uprating order. Named by its parts, as a folder and not a parameter (parameter-paths.spec.ts reads literal paths).
 */
const COUNCILS_FOLDER = `${['gov', 'local_authorities'].join('/')}/`;

/** Whether a unit is money held in whole pence (or whole pounds). */
const isMoney = (unit: string) => unit === 'pence' || unit.startsWith('pence ') || unit === 'pounds';

/**
 * What the officer decides about a rate for a new year: `uprated`, money the law uprates each year by a percentage
 * (prices or earnings), with its own rounding; `fixed`, money frozen or fixed in its own law, confirmed or typed as
 * announced; `council`, a figure each council sets in its scheme; `not-money`, hours, tapers, ages, counts and switches,
 * never uprated by a percentage, confirmed or changed as the law changes them.
 */
export function yearDecisionOf(name: string, parameter: DatedParameter<ParameterValue> | ScaleParameter): YearDecision {
  if (name.startsWith(COUNCILS_FOLDER)) return 'council';
  // A table of bands is typed as announced, band by band: never one percentage.
  if ('type' in parameter) return 'fixed';
  if (!isMoney(parameter.unit)) return 'not-money';
  return upratingRoundingOf(parameter).rounding === 'not-uprated' ? 'fixed' : 'uprated';
}

const MONDAY = 1;
const weekdayOf = (isoDate: string) => fromDayNumberWeekday(toDayNumber(parseIsoDate(isoDate)!));
/** Day 0 of the day numbers (1 January 1970) was a Thursday. */
const fromDayNumberWeekday = (dayNumber: number) => (((dayNumber + 4) % 7) + 7) % 7;

/**
 * The date a value carried forward takes effect: a year after the value it carries, and a Monday when that was a
 * Monday (weekly benefits change on a Monday: 6 April 2026 becomes 12 April 2027), never before the new year starts.
 */
export function carriedFrom(latestFrom: string, newYearStarts: string): string {
  let from = sameDateYearLater(latestFrom);
  if (weekdayOf(latestFrom) === MONDAY) {
    const day = toDayNumber(parseIsoDate(from)!);
    from = formatIsoDate(fromDayNumber(day + ((MONDAY - fromDayNumberWeekday(day) + 7) % 7)));
  }
  return from < newYearStarts ? newYearStarts : from;
}

/** The last dates the Local Housing Allowance rates held cover: Universal Credit's monthly, Housing Benefit's weekly. */
export interface LhaRatesHeld {
  universalCredit: string;
  housingBenefit: string;
}

/**
 * The edits that open the year after the rates held: the last date held a year on, every rate and table of bands
 * (scale) whose newest value is older than the new year carried forward, unchanged, with no source (to confirm), and
 * the Local Housing Allowance rates held to the same date, as they are (frozen), to confirm with a source too.
 */
export function newYearEdits(parameters: ParameterSet, lhaHeld?: LhaRatesHeld): { until: string; edits: PolicyEdit[] } {
  const until = sameDateYearLater(parameters.ratesHeldUntil);
  const newYearStarts = addDays(parameters.ratesHeldUntil, 1);
  const edits: PolicyEdit[] = [{ kind: 'rates-held', until }];
  if (lhaHeld && lhaHeld.universalCredit < until) edits.push({ kind: 'lha-rates-held', scheme: 'universal-credit', until, source: null });
  if (lhaHeld && lhaHeld.housingBenefit < until) edits.push({ kind: 'lha-rates-held', scheme: 'housing-benefit', until, source: null });
  for (const name of parameters.names) {
    const parameter = parameters.findParameterOrThrow(name);
    const latest = parameter.values[parameter.values.length - 1]!;
    if (latest.from >= newYearStarts) continue;
    const carried: ParameterValueEdit = {
      kind: 'parameter-value',
      parameter: name,
      from: carriedFrom(latest.from, newYearStarts),
      value: latest.value,
      source: null,
    };
    edits.push(carried);
  }
  for (const name of parameters.scaleNames) {
    const scale = parameters.findScaleOrThrow(name);
    const latest = scale.values[scale.values.length - 1]!;
    if (latest.from >= newYearStarts) continue;
    edits.push({
      kind: 'parameter-value',
      parameter: name,
      from: carriedFrom(latest.from, newYearStarts),
      value: scaleValueOf(latest),
      source: null,
    });
  }
  return { until, edits };
}

/** "2027 to 2028": the tax year a new year's change set opens, from the last date it holds. */
export function taxYearWords(until: string): string {
  const year = Number(until.slice(0, 4));
  return `${year - 1} to ${year}`;
}
