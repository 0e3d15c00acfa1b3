/**
 * The uprating helper of the policy workbench: next year's figures for a set of parameters at a percentage, for
 * policy staff to check against the published rates and save as draft values (each still needing its source).
 * The arithmetic is exact, on whole numbers: value x (10000 + basis points) / 10000 rounded half up to the penny,
 * then to the parameter's rounding rule.
 */
import { datedValueOn, type DatedParameter, type ParameterValue } from '../../common/parameters/dated-parameter.js';
import { formatIsoDate, fromDayNumber, parseIsoDate, toDayNumber } from '../../common/dates/calendar.js';
import { roundedQuotient } from '../../common/money.js';
import type { UpratingProposal, UpratingRequest, UpratingResponse, UpratingRounding } from '../../common/policy/model.js';
import type { ParameterSet } from '../parameters/parameter-set.js';

/** A request the helper cannot answer: a percentage or date it cannot read, or parameters that do not exist. */
export class UpratingRequestError extends Error {
  override name = 'UpratingRequestError';
  constructor(
    message: string,
    /** The request field at fault: `percent`, `from` or `parameters`. */
    readonly field: string,
  ) {
    super(message);
  }
}

/** Each rounding as a step in pence (a parameter in `pounds` always rounds to the whole pound it is written in). */
const STEP_PENCE: Record<Exclude<UpratingRounding, 'not-uprated'>, bigint> = {
  'nearest-penny': 1n,
  'nearest-5p': 5n,
  'nearest-10p': 10n,
  'nearest-pound': 100n,
};

/**
 * The default rounding by unit and period, chosen to reproduce the 2025/26 to 2026/27 figures held (x 1.038, CPI):
 * - weekly rates to 5p: Carer's Allowance, PIP, DLA, Attendance Allowance, Child Benefit, New Style JSA and ESA,
 *   Scottish Child Payment, the premiums and the non-dependant deductions all come out exactly this way (to the
 *   penny most do not: Carer's Allowance £83.30 x 1.038 is £86.47, published £86.45);
 * - Universal Credit's monthly amounts to the penny (the carer, child, disabled child and childcare figures);
 * - hourly rates to the penny;
 * - the rest is not uprated by a percentage.
 */
const DEFAULTS: { applies: (parameter: DatedParameter<ParameterValue>) => boolean; rounding: UpratingRounding; reason: string }[] = [
  {
    applies: (parameter) => parameter.unit === 'pence a week',
    rounding: 'nearest-5p',
    reason:
      'Default for a weekly rate: to the nearest 5p, as DWP rounds most weekly benefit rates (this reproduces the 2026/27 figures of Carer’s Allowance, PIP, DLA, Attendance Allowance, Child Benefit, New Style JSA and ESA from 2025/26 at 3.8%).',
  },
  {
    applies: (parameter) => parameter.unit === 'pence a month',
    rounding: 'nearest-penny',
    reason:
      'Default for a monthly rate: to the nearest penny, as Universal Credit’s monthly amounts are uprated (this reproduces its 2026/27 carer, child, disabled child and childcare figures from 2025/26 at 3.8%).',
  },
  {
    applies: (parameter) => parameter.unit === 'pence an hour',
    rounding: 'nearest-penny',
    reason: 'Default for an hourly rate: to the nearest penny.',
  },
  {
    applies: (parameter) => parameter.unit === 'pounds',
    rounding: 'nearest-pound',
    reason: 'Default for a figure the law sets in whole pounds: to the nearest pound.',
  },
  {
    applies: (parameter) => parameter.unit === 'pence a year',
    rounding: 'not-uprated',
    reason:
      'Not uprated by default: the yearly figures held are tax thresholds and fixed payments, each set by its own law rather than the benefit uprating order.',
  },
  {
    applies: (parameter) => parameter.unit === 'pence',
    rounding: 'not-uprated',
    reason: 'Not uprated: a sum with no period (a capital limit or a step of capital) is fixed in the regulations, not uprated each year.',
  },
  {
    applies: (parameter) => parameter.unit === 'basis points',
    rounding: 'not-uprated',
    reason: 'Not uprated: a rate or fraction (a taper, a percentage), not an amount of money.',
  },
  {
    applies: (parameter) => parameter.unit === 'count',
    rounding: 'not-uprated',
    reason: 'Not uprated: a count (a number of children, or no limit), not an amount of money.',
  },
  {
    applies: (parameter) => parameter.unit === 'hours',
    rounding: 'not-uprated',
    reason: 'Not uprated: a number of hours, not an amount of money.',
  },
  {
    applies: (parameter) => parameter.unit === 'years',
    rounding: 'not-uprated',
    reason: 'Not uprated: an age, not an amount of money.',
  },
  {
    applies: (parameter) => parameter.unit === 'boolean',
    rounding: 'not-uprated',
    reason: 'Not uprated: a policy switch, not an amount.',
  },
];

/** How a parameter is uprated, and why: its file's own `uprating`, else the default for its unit and period. */
export function upratingRoundingOf(parameter: DatedParameter<ParameterValue>): { rounding: UpratingRounding; reason: string } {
  if (parameter.uprating) {
    const { rounding, note } = parameter.uprating;
    return { rounding, reason: `Set in the parameter file${note ? `: ${note}` : '.'}` };
  }
  const found = DEFAULTS.find((rule) => rule.applies(parameter))!;
  return { rounding: found.rounding, reason: found.reason };
}

/** "3.8" -> 380 basis points; "0", "12", "1.75". Up to 2 decimals, 0 to 100. */
export function percentAsBasisPoints(percent: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!(basisPoints <= 10000)) {
    throw new UpratingRequestError(
      `The uprating must be a percentage from 0 to 100 with up to 2 decimals, like 3.8 (not '${percent}').`,
      'percent',
    );
  }
  return basisPoints;
}

/** `value` raised by `basisPoints`, exactly, rounded half up to the whole unit, then to `rounding`'s step. */
export function upratedValue(value: number, basisPoints: number, rounding: Exclude<UpratingRounding, 'not-uprated'>, unit: string): number {
  const exact = roundedQuotient(BigInt(value) * BigInt(10000 + basisPoints), 10000n);
  const step = unit === 'pounds' ? 1n : STEP_PENCE[rounding];
  return Number(roundedQuotient(exact, step) * step);
}

/**
 * Proposed values for the parameters named, taking effect on `from`, from the value in force the day before.
 * Throws UpratingRequestError for a percentage or date it cannot read, or naming every parameter that does not exist.
 */
export function upratingProposals(parameters: ParameterSet, request: UpratingRequest): UpratingResponse {
  const basisPoints = percentAsBasisPoints(request.percent);
  const from = parseIsoDate(request.from);
  const dayBefore = from ? formatIsoDate(fromDayNumber(toDayNumber(from) - 1)) : undefined;
  if (!dayBefore)
    throw new UpratingRequestError(`The date the new values take effect must be a real date, yyyy-mm-dd (not '${request.from}').`, 'from');
  const unknown = request.parameters.filter((name) => !parameters.has(name));
  if (unknown.length > 0) {
    throw new UpratingRequestError(
      `There is no parameter named ${unknown.join(', ')} (each is a path under rulesets/parameters/ without .json).`,
      'parameters',
    );
  }
  const proposals: UpratingProposal[] = [];
  const skipped: UpratingResponse['skipped'] = [];
  for (const name of new Set(request.parameters)) {
    const parameter = parameters.findParameterOrThrow(name);
    const { rounding, reason } = upratingRoundingOf(parameter);
    if (rounding === 'not-uprated') {
      skipped.push({ parameter: name, reason });
      continue;
    }
    const current = datedValueOn(parameter, dayBefore);
    if (!current || typeof current.value !== 'number') {
      skipped.push({ parameter: name, reason: `No amount is in force on ${dayBefore}, the day before the new values, to uprate.` });
      continue;
    }
    proposals.push({
      parameter: name,
      label: parameter.label,
      unit: parameter.unit,
      current: { from: current.from, value: current.value },
      // Nothing to round when nothing changes: a rate frozen at 0% stays exactly as it is.
      proposed: basisPoints === 0 ? current.value : upratedValue(current.value, basisPoints, rounding, parameter.unit),
      rounding,
      roundingReason: reason,
    });
  }
  return { proposals, skipped };
}
