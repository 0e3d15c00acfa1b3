import { Nations } from '../nations.js';
import { sameDateYearLater } from '../../common/dates/calendar.js';
import { ParameterNotInForceError, type Citation } from '../../common/parameters/dated-parameter.js';
import { ratesHeldFrom, type ParameterSet } from '../parameters/parameter-set.js';
import { deriveFacts, type PeriodPence } from '../facts.js';
import type { Country, Household, OtherIncomeType } from '../household.js';
import type { CouncilTaxData } from '../benefits/council-tax-reduction-data.js';
import type { LocalHousingAllowance } from '../local-housing-allowance.js';
import type { LhaUsed } from '../local-housing-allowance.js';
import { poundsFromPence, sumPence, type Pence } from '../../common/money.js';
import { selfEmployedNetProfit, takeHomePay, type TaxInput } from '../tax/take-home-pay.js';
import {
  BENEFIT_CODES,
  isOneOff,
  ONE_OFF_BENEFIT_CODES,
  type BenefitCalculator,
  type BenefitCode,
  type BenefitOutcome,
  type CalculationInput,
} from './benefit.js';
import type { CalculationResult, HouseholdIncome } from './calculation-result.js';
import type { Explanations } from './explanations.js';
import { ParameterReader } from './parameters.js';
import type { FiredRule, FiredRules, Ruleset, RulesetFacts } from './ruleset.js';
import type { LazyFacts } from './ruleset-facts.js';

/** A calculator with its loaded ruleset and sentences. */
export interface LoadedBenefit {
  calculator: BenefitCalculator;
  ruleset: Ruleset;
  explanations: Explanations;
}

/**
 * What runs over the benefits worked out, before the result is given (the loader's extra help): `run` with the
 * compiled rules, `runReference` with json-rules-engine (the reference evaluator).
 */
export interface AfterBenefits {
  run(result: CalculationResult): CalculationResult;
  runReference(result: CalculationResult): Promise<CalculationResult>;
}

const NOTHING_AFTER: AfterBenefits = { run: (result) => result, runReference: async (result) => result };

/**
 * One benefit's rules to run: the driver (compiled or reference) answers with the rules that held. `facts` works
 * out every fact (what json-rules-engine is given); `lazyFacts` the same facts, each when a condition first reads it.
 */
export interface RulesStep {
  benefit: BenefitCode;
  ruleset: Ruleset;
  readonly facts: RulesetFacts;
  lazyFacts(): LazyFacts<CalculationInput>;
  parameters: ParameterReader;
}

/** A benefit's RulesStep: its facts are worked out only when asked for, all of them or lazily. */
class BenefitRules implements RulesStep {
  readonly benefit: BenefitCode;
  readonly parameters: ParameterReader;

  constructor(
    private readonly calculator: BenefitCalculator,
    readonly ruleset: Ruleset,
    private readonly input: CalculationInput,
  ) {
    this.benefit = calculator.code;
    this.parameters = input.parameters;
  }

  get facts(): RulesetFacts {
    return this.calculator.facts.evaluate(this.input);
  }

  lazyFacts(): LazyFacts<CalculationInput> {
    return this.calculator.facts.lazy(this.input);
  }
}

/** Runs a benefit's rules: the compiled rules, json-rules-engine, or (in the differential test) both. */
export type RunRules = (step: RulesStep) => Promise<FiredRules>;

/**
 * What a caller needs of a calculation. The results page and the API want everything (the defaults); a batch run of
 * amounts asks for `{ explanations: false, extraHelp: false }` and gets the same figures without the work for them.
 */
export interface CalculateOptions {
  /** Write each benefit's explanation sentences (default true); when false every `explanation` is []. */
  explanations?: boolean;
  /** Work out the extra help and its variables (default true); when false `extraHelp` is [] and its variables absent. */
  extraHelp?: boolean;
  /**
   * A date after the last the rates held cover. 'refuse' (the default) throws CalculationOutOfRangeError.
   * 'last-rates-held' works it out with the rates, rent tables and council schemes in force on the last date held,
   * and ages on the date itself, and marks the result (`lastRatesHeld`): for up to a year after that last date, so
   * that results do not stop on 1 April while next year's rates are still to be added (issue 30).
   */
  afterRatesHeld?: 'refuse' | 'last-rates-held';
}

/** A valid household the rules cannot assess: the date asked is outside the rates held (the API's 422). */
/** What a date is missing: the table or parameter ('rates-held' for the rates as a whole), and where the held ones end. */
export interface MissingRates {
  table: string;
  /** The last date held, when the date is after it; null when the date is before the first value. */
  heldUntil: string | null;
}

export class CalculationOutOfRangeError extends Error {
  override name = 'CalculationOutOfRangeError';

  constructor(
    message: string,
    readonly missing: MissingRates = { table: 'rates-held', heldUntil: null },
  ) {
    super(message);
  }
}

/** The tax year a date falls in (6 April to 5 April), as the rules version: 2026-11-21 -> 2026-27. */
export function taxYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '04-06' ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * What a caller needs of the engine: one EntitlementEngine, or the rules versions of a server with published policy
 * change sets (engine/policy/rules-versions.ts), which pick the engine in force on each calculation's date. The
 * rates, LHA data, council tax data and calculators are those in force today.
 */
export interface Entitlements {
  calculate(household: Household, date: string, options?: CalculateOptions): Promise<CalculationResult>;
  calculateSync(household: Household, date: string, options?: CalculateOptions): CalculationResult;
  calculateReference(household: Household, date: string, options?: CalculateOptions): Promise<CalculationResult>;
  readonly parameters: ParameterSet;
  readonly lha: LocalHousingAllowance;
  readonly councilTax: CouncilTaxData;
  readonly ratesHeldFrom: string;
  readonly calculators: BenefitCalculator[];
  /** What differs between the nations: each one's own law, and what is and is not worked out there. */
  readonly nations: Nations;
}

/**
 * Works out every benefit for a household on a date: facts are derived once, then each benefit in
 * BENEFIT_CODES order runs its ruleset and its arithmetic, reading the outcomes of the benefits before it.
 * Rulesets, sentences and rates are loaded once, when the engine is built.
 */
export class EntitlementEngine implements Entitlements {
  private readonly benefits: LoadedBenefit[];
  /** The first date the rates held cover (the last is `parameters.ratesHeldUntil`). */
  readonly ratesHeldFrom: string;

  constructor(
    benefits: readonly LoadedBenefit[],
    readonly parameters: ParameterSet,
    readonly lha: LocalHousingAllowance,
    /** Band D and the local schemes of Council Tax Reduction, checked at load with the rest. */
    readonly councilTax: CouncilTaxData,
    private readonly afterBenefits: AfterBenefits = NOTHING_AFTER,
    /** Added to each result's rules version: the published policy change sets laid over the files ('+cs3'). */
    readonly rulesVersionSuffix = '',
    /** What differs between the nations: a household is cited its own nation's law (`rulesets/nations.json`). */
    readonly nations: Nations = Nations.NONE,
  ) {
    this.ratesHeldFrom = ratesHeldFrom(parameters);
    const position = (code: BenefitCode) => BENEFIT_CODES.indexOf(code);
    this.benefits = [...benefits].sort((a, b) => position(a.calculator.code) - position(b.calculator.code));
    for (const { calculator } of this.benefits) {
      for (const read of calculator.reads) {
        if (position(read) >= position(calculator.code))
          throw new Error(`${calculator.code} reads ${read}, which is worked out after it: reorder BENEFIT_CODES.`);
      }
    }
  }

  get calculators(): BenefitCalculator[] {
    return this.benefits.map((benefit) => benefit.calculator);
  }

  /** A benefit's loaded ruleset (for the differential test and tools that show the rules). */
  rulesetOf(code: BenefitCode): Ruleset {
    const found = this.benefits.find((benefit) => benefit.calculator.code === code);
    if (!found) throw new Error(`The engine was not built with ${code}.`);
    return found.ruleset;
  }

  /** Every benefit, then what the loader runs after them (the extra help). Async for the callers that await it. */
  async calculate(household: Household, date: string, options?: CalculateOptions): Promise<CalculationResult> {
    return this.calculateSync(household, date, options);
  }

  /** The same as `calculate`, synchronously (for batch workers): nothing in a calculation waits on I/O. */
  calculateSync(household: Household, date: string, options: CalculateOptions = {}): CalculationResult {
    const steps = this.benefitSteps(household, date, options);
    let next = steps.next();
    while (!next.done) {
      const step = next.value;
      let fired: FiredRules;
      try {
        fired = step.ruleset.evaluateLazily(step.lazyFacts(), step.parameters);
      } catch (error) {
        // Handed back to the calculation, which says which errors mean a date outside the rates held.
        next = steps.throw(error);
        continue;
      }
      next = steps.next(fired);
    }
    return options.extraHelp === false ? next.value : this.afterBenefits.run(next.value);
  }

  /**
   * The same calculation with json-rules-engine as the evaluator (the reference the compiled rules are tested
   * against), or with `runRules` answering each benefit's rules (the differential test runs both there).
   */
  async calculateReference(
    household: Household,
    date: string,
    options: CalculateOptions = {},
    runRules: RunRules = ({ ruleset, facts, parameters }) => ruleset.runReference(facts, parameters),
  ): Promise<CalculationResult> {
    const steps = this.benefitSteps(household, date, options);
    let next = steps.next();
    while (!next.done) {
      let fired: FiredRules;
      try {
        fired = await runRules(next.value);
      } catch (error) {
        next = steps.throw(error);
        continue;
      }
      next = steps.next(fired);
    }
    return options.extraHelp === false ? next.value : this.afterBenefits.runReference(next.value);
  }

  /** Every benefit, in BENEFIT_CODES order; the result's `extraHelp` is empty. */
  async calculateBenefits(household: Household, date: string, options?: CalculateOptions): Promise<CalculationResult> {
    return this.calculateSync(household, date, { ...options, extraHelp: false });
  }

  /** The rules that held, each with its description; in a nation with its own law, pointing to that law too. */
  private describedRules(
    rules: readonly FiredRule[],
    country: Country,
    legislation: readonly Citation[],
  ): { name: string; description: string }[] {
    const note = this.nations.ownLawNote(country, legislation);
    return rules.map(({ name, description }) => ({ name, description: note ? `${description} ${note}` : description }));
  }

  /**
   * The date whose rates, rent tables and council schemes a calculation reads: the date itself when the rates held
   * cover it; the last date held when the caller asked for the last rates held and the date is within a year after
   * it; otherwise the date is refused.
   */
  private ratesDateFor(date: string, options: CalculateOptions): string {
    if (date < this.ratesHeldFrom) {
      throw new CalculationOutOfRangeError(
        `The rules and rates held start on ${this.ratesHeldFrom}; ${date} is before that, so it cannot be worked out.`,
      );
    }
    const until = this.parameters.ratesHeldUntil;
    if (date <= until) return date;
    if (options.afterRatesHeld !== 'last-rates-held') {
      throw new CalculationOutOfRangeError(
        `The rules and rates held run to ${until}; ${date} is after that, so it cannot be worked out yet.`,
        { table: 'rates-held', heldUntil: until },
      );
    }
    // A year on, last year's rates are two upratings old: too far from what anyone would be paid to show.
    const lastCovered = sameDateYearLater(until);
    if (date > lastCovered) {
      throw new CalculationOutOfRangeError(
        `The rules and rates held run to ${until}, and the last rates held are used for at most a year after (to ${lastCovered}); ${date} is after that, so it cannot be worked out yet.`,
        { table: 'rates-held', heldUntil: until },
      );
    }
    return until;
  }

  /**
   * The calculation, one benefit at a time: it yields each benefit's rules to run and is given back the rules that
   * held, so the same code serves the synchronous compiled run and the awaited reference run.
   */
  private *benefitSteps(
    household: Household,
    date: string,
    options: CalculateOptions,
  ): Generator<RulesStep, CalculationResult, FiredRules> {
    const withSentences = options.explanations !== false;
    // Checked here, not left to a rate's lookup: a household that needs no rate (no children, say) is refused too.
    const ratesDate = this.ratesDateFor(date, options);
    // Ages and the system (Universal Credit or pension age) on the date asked; rates and tables on `ratesDate`.
    const facts = deriveFacts(household, date);
    const earlier = new Map<BenefitCode, BenefitOutcome>();
    for (const { calculator, ruleset, explanations } of this.benefits) {
      // Readers are cheap: the ParameterSet resolves each parameter once per date; each benefit cites its own.
      const parameters = new ParameterReader(this.parameters, ratesDate);
      const nationalName = ruleset.nameIn(facts.country);
      const input: CalculationInput = {
        date: ratesDate,
        facts: calculator.household?.(facts) ?? facts,
        nationalName,
        parameters,
        lha: this.lha,
        councilTax: this.councilTax,
        explanations: withSentences ? explanations : explanations.withoutSentences(),
        earlier,
      };
      try {
        const fired = yield new BenefitRules(calculator, ruleset, input);
        // A rule may name the benefit for this household (Child Disability Payment for a Scottish child's DLA), over
        // the nation's name for it.
        const named = fired.first('name')?.event.params.name;
        const name = typeof named === 'string' ? named : nationalName;
        const { system, variables, localHousingAllowance, ...figures } = calculator.calculate({ ...input, nationalName: name }, fired);
        // A lump sum is never a weekly or monthly amount, and a regular payment never a lump sum.
        const oneOff = ONE_OFF_BENEFIT_CODES.includes(calculator.code);
        if ((figures.lumpSumPence !== undefined) !== oneOff || (oneOff && (figures.weeklyPence || figures.monthlyPence)))
          throw new Error(`${calculator.code} gave figures of the wrong kind: a one-off payment has only a lump sum, a regular one none.`);
        earlier.set(calculator.code, {
          code: calculator.code,
          name: name ?? calculator.name,
          system: system ?? calculator.system,
          meansTested: calculator.meansTested,
          ...figures,
          explanation: withSentences ? figures.explanation : [],
          rules: this.describedRules(fired.rules, facts.country, ruleset.file.legislation),
          parameters: this.nations.hasOwnLaw(facts.country)
            ? parameters.used.map((used) => ({ ...used, legislation: this.nations.cite(facts.country, used.legislation) }))
            : parameters.used,
          variables: variables ?? [],
          localHousingAllowance: localHousingAllowance ?? null,
        });
      } catch (error) {
        if (error instanceof ParameterNotInForceError) {
          throw new CalculationOutOfRangeError(`${date} is outside the rules and rates held: ${error.message}`, {
            table: error.table,
            heldUntil: error.heldUntil,
          });
        }
        throw error;
      }
    }
    const benefits = [...earlier.values()];
    const income = householdIncome({ facts, parameters: new ParameterReader(this.parameters, ratesDate) });
    const totalOf = (system: 'UNIVERSAL_CREDIT' | 'LEGACY_AND_PENSION_AGE') => {
      const counted = benefits.filter(
        (benefit) =>
          benefit.eligible && benefit.amountShown && !isOneOff(benefit) && (benefit.system === system || benefit.system === 'BOTH'),
      );
      return {
        weeklyPence: sumPence(counted.map((benefit) => benefit.weeklyPence)),
        monthlyPence: sumPence(counted.map((benefit) => benefit.monthlyPence)),
      };
    };
    return {
      date,
      rulesVersion: `${taxYearOf(ratesDate)}${this.rulesVersionSuffix}`,
      lastRatesHeld: ratesDate === date ? null : { ratesDate },
      // Only the rules versions know which change sets are ahead of today (RulesVersions.provisionalMarked).
      provisional: null,
      system: facts.system,
      facts,
      benefits,
      income,
      totals: { UNIVERSAL_CREDIT: totalOf('UNIVERSAL_CREDIT'), LEGACY_AND_PENSION_AGE: totalOf('LEGACY_AND_PENSION_AGE') },
      variables: benefits.flatMap((benefit) => benefit.variables),
      extraHelp: [],
      // Universal Credit comes before Housing Benefit, so a household with both reports Universal Credit's.
      localHousingAllowance: benefits.find((benefit) => benefit.localHousingAllowance)?.localHousingAllowance ?? null,
    };
  }
}

/** Benefits the engine works out: reported as other income too, they are counted once, through their results. */
const WORKED_OUT_BENEFITS: readonly OtherIncomeType[] = ['CARERS_ALLOWANCE', 'NEW_STYLE_JSA', 'NEW_STYLE_ESA'];

function householdIncome(input: TaxInput): HouseholdIncome {
  const total = (parts: readonly PeriodPence[]) => ({
    weeklyPence: sumPence(parts.map((part) => part.weekly)),
    monthlyPence: sumPence(parts.map((part) => part.monthly)),
  });
  const earnings = total(input.facts.adults.flatMap((adult) => [takeHomePay(adult, input), selfEmployedNetProfit(adult, input)]));
  const other = total(
    input.facts.adults.flatMap((adult) => adult.unearnedIncome.filter((income) => !WORKED_OUT_BENEFITS.includes(income.type))),
  );
  return { weeklyPence: earnings.weeklyPence + other.weeklyPence, monthlyPence: earnings.monthlyPence + other.monthlyPence, earnings };
}

const periods = ({ weeklyPence, monthlyPence }: { weeklyPence: Pence; monthlyPence: Pence }) => ({
  weekly: poundsFromPence(weeklyPence),
  monthly: poundsFromPence(monthlyPence),
});

/** A one-off payment's lump sum in pounds (`lumpSum`), only on the benefits paid once and their parts. */
const lumpSum = ({ lumpSumPence }: { lumpSumPence?: Pence }) =>
  lumpSumPence === undefined ? {} : { lumpSum: poundsFromPence(lumpSumPence) };

/** The Local Housing Allowance used, in the contract's terms: which area, why, and the rate (and range) in pounds. */
function contractLha(used: LhaUsed | null | undefined) {
  if (!used) return null;
  return {
    area: used.area,
    basis: used.basis,
    unsettledReason: used.unsettledReason,
    candidates: used.candidates,
    localAuthorityName: used.localAuthorityName,
    areaConfirmed: used.areaConfirmed,
    category: used.category,
    scheme: used.scheme,
    period: used.scheme === 'UNIVERSAL_CREDIT' ? ('MONTH' as const) : ('WEEK' as const),
    rate: poundsFromPence(used.ratePence),
    rateEstimated: used.rateEstimated,
    highest: used.highest ? { area: used.highest.area, rate: poundsFromPence(used.highest.ratePence) } : null,
  };
}

/** The contract's response (`docs/calculation-api.md`): pounds to the penny, both periods. */
export function toContractResponse(result: CalculationResult) {
  return {
    date: result.date,
    rulesVersion: result.rulesVersion,
    lastRatesHeld: result.lastRatesHeld,
    provisional: result.provisional,
    system: result.system,
    benefits: result.benefits.map((benefit) => ({
      code: benefit.code,
      name: benefit.name,
      system: benefit.system,
      meansTested: benefit.meansTested,
      eligible: benefit.eligible,
      amountShown: benefit.amountShown,
      ...periods(benefit),
      ...lumpSum(benefit),
      ...(benefit.paidAfterDeductions
        ? {
            paidAfterDeductions: {
              ...periods(benefit.paidAfterDeductions),
              deductions: benefit.paidAfterDeductions.lines.map((line) => ({ code: line.code, name: line.name, ...periods(line) })),
            },
          }
        : {}),
      elements: benefit.elements.map((line) => ({ code: line.code, name: line.name, ...periods(line), ...lumpSum(line) })),
      deductions: benefit.deductions.map((line) => ({ code: line.code, name: line.name, ...periods(line) })),
      explanation: benefit.explanation,
      rules: benefit.rules,
      parameters: benefit.parameters.map((parameter) => ({
        name: parameter.name,
        label: parameter.label,
        value: parameter.value,
        unit: parameter.unit,
        from: parameter.from,
        source: parameter.source,
        legislation: parameter.legislation,
      })),
    })),
    totals: {
      UNIVERSAL_CREDIT: periods(result.totals.UNIVERSAL_CREDIT),
      LEGACY_AND_PENSION_AGE: periods(result.totals.LEGACY_AND_PENSION_AGE),
    },
    variables: result.variables.map((variable) => ({ name: variable.name, ...periods(variable) })),
    extraHelp: result.extraHelp,
    localHousingAllowance: contractLha(result.localHousingAllowance),
  };
}
export type ContractResponse = ReturnType<typeof toContractResponse>;
