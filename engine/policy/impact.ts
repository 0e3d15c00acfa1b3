import { addDays, dateInWords, sameDateYearLater } from '../../common/dates/calendar.js';
import type {
  ImpactBand,
  ImpactBenefitChange,
  ImpactExample,
  ImpactPart,
  NotWorkedOutReason,
  StoredImpactPart,
} from '../../common/policy/model.js';
import { ageInYears, parseIsoDate } from '../../common/dates/calendar.js';
import { Cell, DisclosureTable, type FigureHandle } from '../../common/disclosure-control.js';
import { CalculationOutOfRangeError, type Entitlements, type MissingRates } from '../core/entitlement-engine.js';
import { LHA_MONTHLY_TABLE, LHA_WEEKLY_TABLE } from '../local-housing-allowance.js';
import { figuresAt, type Figures } from '../core/system-figures.js';
import type { Country, Household, Tenure } from '../household.js';
import { plausibleSample } from './plausible-households.js';
import type { SampleHousehold } from './sample-households.js';

/**
 * The impact of a policy change: the same households worked out with the published rules (`before`) and with the
 * draft (`after`) on one date, and the change in what each household's system pays (Universal Credit or legacy and
 * pension-age benefits), as a caseload run counts it. Amounts only, synchronously: the caller feeds households in
 * chunks and may yield to the event loop between them.
 */

/** A monthly change in pence that falls in a band: from (inclusive) to (exclusive); null for an open end. */
interface BandBounds {
  label: string;
  fromPence: number | null;
  toPence: number | null;
}

/**
 * Symmetric bands of the monthly change by its size in whole pounds: a change of exactly £10 less is in "£10 to £50
 * less", as exactly £10 more is in "£10 to £50 more". Changes are whole pence, so a size in [a, b) on the side of
 * less is the change in [-b + 1p, -a + 1p).
 */
const BAND_EDGES_POUNDS = [1, 10, 50, 100];

function bands(): BandBounds[] {
  const edges = BAND_EDGES_POUNDS.map((pounds) => pounds * 100);
  const less: BandBounds[] = [];
  const more: BandBounds[] = [];
  for (let index = 0; index < edges.length; index++) {
    const low = edges[index]!;
    const high = edges[index + 1];
    const size = high === undefined ? `£${low / 100} or more` : `£${low / 100} to £${high / 100}`;
    less.unshift({ label: `${size} a month less`, fromPence: high === undefined ? null : -high + 1, toPence: -low + 1 });
    more.push({ label: `${size} a month more`, fromPence: low, toPence: high ?? null });
  }
  return [...less, { label: 'No change, or under £1 a month', fromPence: -edges[0]! + 1, toPence: edges[0]! }, ...more];
}

/** The distribution's bands, from the largest loss to the largest gain. */
export const IMPACT_BANDS: readonly BandBounds[] = bands();

/** The position in IMPACT_BANDS of a monthly change in whole pence. */
export const impactBandOf = (monthlyChangePence: number) =>
  IMPACT_BANDS.findIndex(
    ({ fromPence, toPence }) =>
      (fromPence === null || monthlyChangePence >= fromPence) && (toPence === null || monthlyChangePence < toPence),
  );

export interface ImpactOptions {
  /** How many example households to keep: the largest gainers and the largest losers, half each (default 0). */
  examples?: number;
}

/** A household added with an example: its seed to make it again, and a line saying who it is. */
export interface ExampleOf {
  seed: number;
  description: string;
}

/** The largest changes of one side, kept in order as they are added (at most `size`; the earlier of a tie stays). */
class Largest {
  readonly kept: ImpactExample[] = [];

  constructor(
    private readonly size: number,
    /** Whether a change is larger than another on this side. */
    private readonly larger: (a: number, b: number) => boolean,
  ) {}

  offer(monthlyChangePence: number, make: () => ImpactExample): void {
    if (this.size === 0) return;
    const last = this.kept[this.kept.length - 1];
    if (this.kept.length === this.size && !this.larger(monthlyChangePence, last!.monthlyChangePence)) return;
    const at = this.kept.findIndex((kept) => this.larger(monthlyChangePence, kept.monthlyChangePence));
    this.kept.splice(at === -1 ? this.kept.length : at, 0, make());
    if (this.kept.length > this.size) this.kept.pop();
  }
}

const NOTHING = { weeklyPence: 0, monthlyPence: 0 };

/** What a draft changes for one household: its system's total a month, and each benefit whose amount changes. */
export interface HouseholdChange {
  monthlyChangePence: number;
  /** Benefit code to its change a month in pence, only those that change. */
  benefits: Map<string, number>;
  before: Figures;
  after: Figures;
  /**
   * Benefits whose amount is shown on one side only (not worked out on the other: a council's Band D not held for the
   * new year, say): their change is not known, so it is left out of the household's change and of `benefits`.
   */
  notKnown: string[];
}

/** A household that cannot be worked out at the date: what its rates are missing. */
export interface NotWorkedOut {
  missing: MissingRates;
}

/**
 * The household worked out with both engines on the date; what is missing when one cannot at that date (its rates do
 * not cover it). The published rules, after their last date held, are taken with the last rates held, as results are
 * (issue 30): an uprating for next April is then compared with the rates people are shown now.
 */
export function changeOf(before: Entitlements, after: Entitlements, household: Household, date: string): HouseholdChange | NotWorkedOut {
  let was: Figures;
  let becomes: Figures;
  try {
    was = figuresAt(before, household, date, 'last-rates-held');
    becomes = figuresAt(after, household, date);
  } catch (error) {
    if (error instanceof CalculationOutOfRangeError) return { missing: error.missing };
    throw error;
  }
  const benefits = new Map<string, number>();
  const notKnown: string[] = [];
  let monthlyChangePence = becomes.total.monthlyPence - was.total.monthlyPence;
  for (const code of new Set([...was.benefits.keys(), ...becomes.benefits.keys()])) {
    const change = (becomes.benefits.get(code) ?? NOTHING).monthlyPence - (was.benefits.get(code) ?? NOTHING).monthlyPence;
    if (was.notShown.has(code) || becomes.notShown.has(code)) {
      // Shown on one side only: not a gain or a loss, but an amount not known on the other side.
      notKnown.push(code);
      monthlyChangePence -= change;
    } else if (change !== 0) benefits.set(code, change);
  }
  return { monthlyChangePence, benefits, before: was, after: becomes, notKnown };
}

/**
 * The typical change: the median (the middle one in order; of an even number, the lower of the middle two, so it is
 * always a change some household has). Null for none.
 */
export function medianOf(changes: readonly number[]): number | null {
  if (changes.length === 0) return null;
  const sorted = [...changes].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export class ImpactTally {
  private households = 0;
  private notWorkedOut = 0;
  /** Households not worked out, by what their rates miss (the table and where it ends). */
  private readonly missing = new Map<string, { missing: MissingRates; households: number }>();
  /** Households worked out with a benefit's amount not known on one side, by benefit. */
  private readonly notKnown = new Map<string, number>();
  private gainers = 0;
  private losers = 0;
  private totalMonthlyChangePence = 0;
  /** Each gainer's and each loser's change a month, for the typical (median) change of each. */
  private readonly gains: number[] = [];
  private readonly losses: number[] = [];
  private readonly byBenefit = new Map<string, { householdsChanged: number; monthlyChangePence: number; changes: number[] }>();
  private readonly distribution = IMPACT_BANDS.map(() => 0);
  private readonly largestGains: Largest;
  private readonly largestLosses: Largest;
  /** Benefit names and their order, from the published engine (a draft changes amounts, not which benefits exist). */
  private readonly names: Map<string, string>;

  constructor(
    private readonly before: Entitlements,
    private readonly after: Entitlements,
    private readonly date: string,
    options: ImpactOptions = {},
  ) {
    const examples = options.examples ?? 0;
    this.largestGains = new Largest(Math.ceil(examples / 2), (a, b) => a > b);
    this.largestLosses = new Largest(Math.floor(examples / 2), (a, b) => a < b);
    this.names = new Map([...before.calculators, ...after.calculators].map(({ code, name }) => [code, name]));
  }

  /** Works the household out with both engines; with `example`, it may be kept as one of the largest changes. */
  add(household: Household, example?: ExampleOf): void {
    this.households++;
    const outcome = changeOf(this.before, this.after, household, this.date);
    if ('missing' in outcome) {
      this.notWorkedOut++;
      const key = `${outcome.missing.table} ${outcome.missing.heldUntil}`;
      const tally = this.missing.get(key) ?? { missing: outcome.missing, households: 0 };
      tally.households++;
      this.missing.set(key, tally);
      return;
    }
    const { monthlyChangePence: change, benefits, before, after } = outcome;
    for (const code of outcome.notKnown) this.notKnown.set(code, (this.notKnown.get(code) ?? 0) + 1);
    this.totalMonthlyChangePence += change;
    if (change > 0) {
      this.gainers++;
      this.gains.push(change);
    }
    if (change < 0) {
      this.losers++;
      this.losses.push(change);
    }
    this.distribution[impactBandOf(change)]!++;
    for (const [code, benefitChange] of benefits) {
      const tally = this.byBenefit.get(code) ?? { householdsChanged: 0, monthlyChangePence: 0, changes: [] };
      tally.householdsChanged++;
      tally.monthlyChangePence += benefitChange;
      tally.changes.push(benefitChange);
      this.byBenefit.set(code, tally);
    }
    if (example && change !== 0) {
      const make = () => this.example(example, change, before, after);
      (change > 0 ? this.largestGains : this.largestLosses).offer(change, make);
    }
  }

  /**
   * What the households added so far come to. `changed` counts the households whose total changes (gainers and
   * losers); a benefit's `householdsChanged` counts those whose amount of it changes, even where another benefit
   * makes up the difference.
   */
  report(): ImpactPart & { examples: ImpactExample[] } {
    const benefits: ImpactBenefitChange[] = [...this.byBenefit.entries()]
      .sort(([a], [b]) => this.position(a) - this.position(b))
      .map(([code, tally]) => ({
        code,
        name: this.names.get(code) ?? code,
        householdsChanged: tally.householdsChanged,
        yearlyChangePence: tally.monthlyChangePence * 12,
        typicalMonthlyChangePence: medianOf(tally.changes)!,
      }));
    const distribution: ImpactBand[] = IMPACT_BANDS.map((band, index) => ({ ...band, households: this.distribution[index]! }));
    return {
      households: this.households,
      notWorkedOut: this.notWorkedOut,
      notWorkedOutReasons: [...this.missing.values()]
        .sort((a, b) => b.households - a.households)
        .map(({ missing, households }) => ({ ...missingInWords(missing, this.date, (name) => this.labelOf(name)), households })),
      amountsNotKnown: [...this.notKnown.entries()]
        .sort(([a], [b]) => this.position(a) - this.position(b))
        .map(([code, households]) => ({ ...notKnownInWords(code, this.names.get(code) ?? code), households })),
      changed: this.gainers + this.losers,
      gainers: this.gainers,
      losers: this.losers,
      typicalGainMonthlyPence: medianOf(this.gains),
      typicalLossMonthlyPence: medianOf(this.losses),
      totalYearlyChangePence: this.totalMonthlyChangePence * 12,
      benefits,
      distribution,
      examples: [...this.largestGains.kept, ...this.largestLosses.kept],
    };
  }

  /** A parameter's or scale's label, as the draft holds it; the name itself for anything else. */
  private labelOf(name: string): string {
    const { parameters } = this.after;
    if (parameters.has(name)) return parameters.findParameterOrThrow(name).label;
    if (parameters.hasScale(name)) return parameters.findScaleOrThrow(name).label;
    return name;
  }

  private position(code: string): number {
    return [...this.names.keys()].indexOf(code);
  }

  private example({ seed, description }: ExampleOf, monthlyChangePence: number, before: Figures, after: Figures): ImpactExample {
    const codes = [...this.names.keys()].filter((code) => before.benefits.has(code) || after.benefits.has(code));
    return {
      seed,
      description,
      monthlyChangePence,
      benefits: codes.map((code) => ({
        code,
        name: this.names.get(code)!,
        beforeMonthlyPence: (before.benefits.get(code) ?? NOTHING).monthlyPence,
        afterMonthlyPence: (after.benefits.get(code) ?? NOTHING).monthlyPence,
      })),
    };
  }
}

/** The middle band ('No change, or under £1 a month') and the bands either side of it, by position. */
const MIDDLE_BAND = IMPACT_BANDS.findIndex(
  ({ fromPence, toPence }) => fromPence !== null && toPence !== null && fromPence < 0 && toPence > 0,
);

/**
 * The impact over real calculations, under the disclosure control (common/disclosure-control.ts): the same figures
 * as ImpactTally's, each a cell of the households it counts (by their record keys), published rounded, with every
 * count of fewer than 10 households withheld, 0 included (a draft chooses whom it changes, so "none" against "a few"
 * would tell whether one person is among them), money from fewer than 10 withheld, and the sums between them
 * (gainers and losers to those changed, the bands to the households and to the gainers and losers, the benefits'
 * money to the total) declared for secondary suppression. Never an example.
 */
export class ControlledImpactTally {
  private readonly households = new Cell();
  private readonly notWorkedOut = new Cell();
  /** Households whose total changes, each with its yearly change: the count, and the total's money. */
  private readonly changed = new Cell();
  private readonly gainers = new Cell();
  private readonly losers = new Cell();
  /** Never published, but tied to what is: households with no change, and with one under £1 a month either way. */
  private readonly unchanged = new Cell();
  private readonly smallGains = new Cell();
  private readonly smallLosses = new Cell();
  private readonly bands = IMPACT_BANDS.map(() => new Cell());
  /** Each benefit's households whose amount of it changes, each with its yearly change. */
  private readonly byBenefit = new Map<string, Cell>();
  private readonly names: Map<string, string>;

  constructor(
    private readonly before: Entitlements,
    private readonly after: Entitlements,
    private readonly date: string,
  ) {
    this.names = new Map([...before.calculators, ...after.calculators].map(({ code, name }) => [code, name]));
  }

  /** A calculation whose answers make no household today's questions settle: held, but not worked out. */
  addNotWorkedOut(recordKey: number): void {
    this.households.add(recordKey);
    this.notWorkedOut.add(recordKey);
  }

  /** Works the household out with both engines; `recordKey` is its calculation's. */
  add(household: Household, recordKey: number): void {
    const outcome = changeOf(this.before, this.after, household, this.date);
    if ('missing' in outcome) {
      this.addNotWorkedOut(recordKey);
      return;
    }
    this.households.add(recordKey);
    const change = outcome.monthlyChangePence;
    this.bands[impactBandOf(change)]!.add(recordKey);
    if (change === 0) this.unchanged.add(recordKey);
    else {
      this.changed.add(recordKey, change * 12);
      (change > 0 ? this.gainers : this.losers).add(recordKey);
      if (Math.abs(change) < 100) (change > 0 ? this.smallGains : this.smallLosses).add(recordKey);
    }
    for (const [code, benefitChange] of outcome.benefits) {
      const cell = this.byBenefit.get(code) ?? new Cell();
      this.byBenefit.set(code, cell.add(recordKey, benefitChange * 12));
    }
  }

  report(): StoredImpactPart {
    const table = new DisclosureTable();
    const households = table.count(this.households, 'shown');
    const [notWorkedOut, changed, gainers, losers] = [this.notWorkedOut, this.changed, this.gainers, this.losers].map((cell) =>
      table.count(cell, 'withheld'),
    ) as [FigureHandle, FigureHandle, FigureHandle, FigureHandle];
    const bands = this.bands.map((cell) => table.count(cell, 'withheld'));
    const [unchanged, smallGains, smallLosses] = [this.unchanged, this.smallGains, this.smallLosses].map((cell) =>
      table.unpublished(cell.count, 'withheld'),
    ) as [FigureHandle, FigureHandle, FigureHandle];
    table.sum(changed, [gainers, losers]);
    table.sum(households, [notWorkedOut, ...bands]);
    table.sum(gainers, [...bands.slice(MIDDLE_BAND + 1), smallGains]);
    table.sum(losers, [...bands.slice(0, MIDDLE_BAND), smallLosses]);
    table.sum(bands[MIDDLE_BAND]!, [unchanged, smallGains, smallLosses]);
    const total = table.money(this.changed, 'withheld');
    // Every benefit, changed or not: which changed is no more told than how many.
    const benefits = [...this.names.keys()].map((code) => {
      const cell = this.byBenefit.get(code) ?? new Cell();
      return { code, count: table.count(cell, 'withheld'), money: table.money(cell, 'withheld') };
    });
    // The total change is the benefits' changes added up.
    table.sum(
      total,
      benefits.map(({ money }) => money),
    );
    table.protect();
    return {
      households: table.figure(households),
      notWorkedOut: table.figure(notWorkedOut),
      changed: table.figure(changed),
      gainers: table.figure(gainers),
      losers: table.figure(losers),
      totalYearlyChangePence: table.figure(total),
      // Only benefits changed for at least 10 households are listed: not being listed says fewer than 10, or none.
      benefits: benefits
        .filter(({ count }) => table.figure(count).withheld === null)
        .map(({ code, count, money }) => ({
          code,
          name: this.names.get(code) ?? code,
          householdsChanged: table.figure(count),
          yearlyChangePence: table.figure(money),
        })),
      distribution: IMPACT_BANDS.map((band, index) => ({ ...band, households: table.figure(bands[index]!) })),
    };
  }
}

/**
 * Why households could not be worked out, in words for a policy officer, and what to do: the rates as a whole end,
 * a table of Local Housing Allowance rates ends (not yet changed in the workbench), or one rate has no value then.
 */
export function missingInWords(
  { table, heldUntil }: MissingRates,
  date: string,
  labelOf: (name: string) => string,
): Omit<NotWorkedOutReason, 'households'> {
  const on = dateInWords(date);
  const until = heldUntil && dateInWords(heldUntil);
  if (table === 'rates-held') {
    return until
      ? {
          reason: `The rates held end on ${until}.`,
          nextStep: `Open next year’s rates from the workbench home, or choose a date up to ${until}.`,
        }
      : { reason: `The rates held start after ${on}.`, nextStep: 'Choose a later date.' };
  }
  if (table === LHA_MONTHLY_TABLE || table === LHA_WEEKLY_TABLE) {
    const scheme = table === LHA_MONTHLY_TABLE ? 'Universal Credit' : 'Housing Benefit';
    return {
      reason: `The Local Housing Allowance rates held for ${scheme} end on ${until}, so a private tenant’s rent cannot be capped after that.`,
      nextStep: `Open next year’s rates, which holds them on to confirm with the freeze announced, or add next year’s Local Housing Allowance rates for an area in a change set, or choose a date up to ${until}.`,
    };
  }
  return {
    reason: `${labelOf(table)} has no value in force on ${on}${until ? `: its values end on ${until}` : ''}.`,
    nextStep: `Give it a value from ${on} or earlier in this change set.`,
  };
}

/**
 * A benefit whose amount a household's result does not show on one side, in words: left out of the change, with why
 * and what to do. Council Tax Reduction's usual cause is named: councils set Band D each spring.
 */
export function notKnownInWords(code: string, name: string): Omit<NotWorkedOutReason, 'households'> {
  return code === 'COUNCIL_TAX_REDUCTION'
    ? {
        reason: `${name}: the amount is not known on one side (usually because the council’s Band D council tax for the year is not held: councils set it each spring), so the change leaves it out.`,
        nextStep: 'Add the councils’ Band D figures for the year once they are published, or read the change with that in mind.',
      }
    : {
        reason: `${name}: the amount is not shown on one side, so the change leaves it out.`,
        nextStep: 'Work out one of these households to see why its result does not show the amount.',
      };
}

export interface SampleImpactOptions {
  /** How many generated households (default 10,000). */
  count?: number;
  /** The sample's seed: the same seed and date make the same households (default 1). */
  seed?: number;
  /** Example households kept, half gainers and half losers (default 10). */
  examples?: number;
}

/** The impact over a reproducible sample of generated households, each made as of `date` and described in examples. */
export function sampleImpact(
  before: Entitlements,
  after: Entitlements,
  date: string,
  { count = 10_000, seed = 1, examples = 10 }: SampleImpactOptions = {},
): ImpactPart & { seed: number; examples: ImpactExample[] } {
  const tally = new ImpactTally(before, after, date, { examples });
  for (const sampled of plausibleSample(count, seed, date)) addSampled(tally, sampled, date);
  return { ...tally.report(), seed };
}

/**
 * The same as `sampleImpact`, letting other work run between chunks of `chunk` households (a server's requests: ten
 * thousand households take a second or two of one core).
 */
export async function sampleImpactInChunks(
  before: Entitlements,
  after: Entitlements,
  date: string,
  { count = 10_000, seed = 1, examples = 10, chunk = 500 }: SampleImpactOptions & { chunk?: number } = {},
): Promise<ImpactPart & { seed: number; examples: ImpactExample[] }> {
  const tally = new ImpactTally(before, after, date, { examples });
  const sample = plausibleSample(count, seed, date);
  for (let start = 0; start < sample.length; start += chunk) {
    for (const sampled of sample.slice(start, start + chunk)) addSampled(tally, sampled, date);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { ...tally.report(), seed };
}

function addSampled(tally: ImpactTally, { household, seed }: SampleHousehold, date: string): void {
  tally.add(household, { seed, description: describeHousehold(household, date) });
}

const TENURE_TEXT: Record<Tenure, string> = {
  PRIVATE_RENT: 'renting privately',
  SOCIAL_RENT: 'renting from a council or housing association',
  TEMPORARY_ACCOMMODATION: 'in temporary accommodation',
  SUPPORTED_ACCOMMODATION: 'in supported accommodation',
  OWNER_OCCUPIER: 'owning their home',
  SHARED_OWNERSHIP: 'in shared ownership',
  LIVING_WITH_OTHERS_NO_RENT: 'living with others without paying rent',
  HOMELESS: 'homeless',
};

const COUNTRY_TEXT: Record<Country, string> = {
  ENGLAND: 'England',
  SCOTLAND: 'Scotland',
  WALES: 'Wales',
  NORTHERN_IRELAND: 'Northern Ireland',
};

/** Plain English, one line: "Single, 30, renting privately in England, 1 child, working 16 hours a week". */
export function describeHousehold(household: Household, date: string): string {
  const on = parseIsoDate(date);
  if (!on) throw new Error(`${date} is not a date written yyyy-mm-dd.`);
  const ages = household.adults.map((adult) => {
    const birth = adult.dateOfBirth === undefined ? null : parseIsoDate(adult.dateOfBirth);
    return birth ? ageInYears(birth, on) : (adult.age ?? 0);
  });
  const who = ages.length === 1 ? `Single, ${ages[0]}` : `Couple, ${ages.join(' and ')}`;
  const children = household.children.length;
  const childText = children === 0 ? 'no children' : children === 1 ? '1 child' : `${children} children`;
  const hours = household.adults.map((adult) => adult.hoursPerWeek);
  const working = hours.filter((hoursPerWeek) => hoursPerWeek > 0);
  const work =
    working.length === 0
      ? 'not working'
      : hours.length === 1
        ? `working ${hours[0]} hours a week`
        : working.length === 1
          ? `one working ${working[0]} hours a week`
          : `both working, ${hours.join(' and ')} hours a week`;
  return `${who}, ${TENURE_TEXT[household.housing.tenure]} in ${COUNTRY_TEXT[household.country]}, ${childText}, ${work}`;
}

/**
 * What an impact's date means for the rates held, in plain words for the policy officer: the published rules taken
 * with their last rates held, or a draft whose rates do not reach the date (and what to do). Empty when both cover it.
 */
export function impactDateNotes(
  before: Pick<Entitlements, 'ratesHeldFrom' | 'parameters'>,
  after: Pick<Entitlements, 'ratesHeldFrom' | 'parameters'>,
  date: string,
): string[] {
  const inWords = (iso: string) => dateInWords(iso);
  if (date < after.ratesHeldFrom)
    return [`The rates held start on ${inWords(after.ratesHeldFrom)}, so ${inWords(date)} cannot be worked out. Choose a later date.`];
  const notes: string[] = [];
  const published = before.parameters.ratesHeldUntil;
  const draft = after.parameters.ratesHeldUntil;
  if (date > draft) {
    const nextStart = addDays(draft, 1);
    notes.push(
      `This change set holds rates up to ${inWords(draft)}, so no household can be worked out with it on ${inWords(date)}. ` +
        `To work out a date from ${inWords(nextStart)}, give every rate its value from then in this change set (even where it does not change) ` +
        `and move the last date the rates held cover to ${inWords(sameDateYearLater(draft))}. Or choose a date up to ${inWords(draft)}.`,
    );
  }
  if (date > published)
    notes.push(
      `The published rates run to ${inWords(published)}, so each household is compared with them as results show them now: the last rates held.`,
    );
  return notes;
}
