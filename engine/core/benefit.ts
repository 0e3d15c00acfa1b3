import type { ParameterInForce } from '../parameters/parameter-set.js';
import type { HouseholdFacts } from '../facts.js';
import type { LocalHousingAllowance } from '../local-housing-allowance.js';
import type { LhaUsed } from '../local-housing-allowance.js';
import type { CouncilTaxData } from '../benefits/council-tax-reduction-data.js';
import { bothPeriods, sumPence, type Pence } from '../../common/money.js';
import type { Explanations } from './explanations.js';
import type { ParameterReader } from './parameters.js';
import type { FiredRules } from './ruleset.js';
import { defineFacts, type DefinedFacts, type FactFunctions } from './ruleset-facts.js';

/** The benefits of the contract (`benefits[].code`), in the order they are worked out and shown. */
export const BENEFIT_CODES = [
  'CHILD_BENEFIT',
  'CARERS_ALLOWANCE',
  'PIP',
  'DLA',
  'ATTENDANCE_ALLOWANCE',
  'NEW_STYLE_JSA',
  'NEW_STYLE_ESA',
  'UNIVERSAL_CREDIT',
  'PENSION_CREDIT',
  'HOUSING_BENEFIT',
  'COUNCIL_TAX_REDUCTION',
  'RATE_REBATE',
  'RATE_RELIEF',
  'LONE_PENSIONER_ALLOWANCE',
  'SCOTTISH_CHILD_PAYMENT',
  'WELFARE_SUPPLEMENTARY_PAYMENT',
  'WINTER_FUEL_PAYMENT',
  'SURE_START_MATERNITY_GRANT',
  'BEST_START_GRANT',
  'FUNERAL_EXPENSES_PAYMENT',
] as const;
export type BenefitCode = (typeof BENEFIT_CODES)[number];

/** The benefits paid once, as a lump sum (`lumpSumPence`), never weekly or monthly: in no total, yearly figure or count. */
export const ONE_OFF_BENEFIT_CODES: readonly BenefitCode[] = ['SURE_START_MATERNITY_GRANT', 'BEST_START_GRANT', 'FUNERAL_EXPENSES_PAYMENT'];

/**
 * Which total a benefit counts in: UNIVERSAL_CREDIT (the working-age system), LEGACY_AND_PENSION_AGE (Pension
 * Credit and the benefits paid with it), or BOTH (benefits that do not depend on the system, like Child Benefit).
 */
export type BenefitSystem = 'UNIVERSAL_CREDIT' | 'LEGACY_AND_PENSION_AGE' | 'BOTH';

/** An element added or a deduction taken, in both periods; a one-off payment's part has its lump sum instead (both periods 0). */
export interface AmountLine {
  code: string;
  name: string;
  weeklyPence: Pence;
  monthlyPence: Pence;
  lumpSumPence?: Pence;
}

/** A figure the results page reads besides the awards (e.g. BENEFIT_CAP_APPLIES, the Warm Homes flag). */
export interface ResultVariable {
  name: string;
  weeklyPence: Pence;
  monthlyPence: Pence;
}

export interface BenefitOutcome {
  code: BenefitCode;
  name: string;
  system: BenefitSystem;
  meansTested: boolean;
  eligible: boolean;
  /** False when the household may be entitled but the amount cannot be worked out from the answers (e.g. PIP). */
  amountShown: boolean;
  weeklyPence: Pence;
  monthlyPence: Pence;
  /**
   * A benefit paid once (a maternity grant): the lump sum, 0 when not eligible; its weekly and monthly figures are
   * always 0, so that no total, yearly figure or management count ever adds it. Absent for a benefit paid regularly.
   */
  lumpSumPence?: Pence;
  /**
   * Universal Credit, for a household that gave the debts it repays from it: what is paid after them, with what is
   * taken for each (the award, `weeklyPence` and `monthlyPence`, is unchanged). Absent otherwise.
   */
  paidAfterDeductions?: { weeklyPence: Pence; monthlyPence: Pence; lines: AmountLine[] };
  elements: AmountLine[];
  deductions: AmountLine[];
  /** Plain-English sentences, in the order the figure is worked out. */
  explanation: string[];
  /** The rules of the ruleset that held. */
  rules: { name: string; description: string }[];
  /** Every rate, threshold and limit used, with its value and source. */
  parameters: ParameterInForce[];
  variables: ResultVariable[];
  /** For a private tenant's Universal Credit or Housing Benefit: the Local Housing Allowance used, and why. */
  localHousingAllowance?: LhaUsed | null;
}

/** What a calculator reads: the household's facts, the rates on the date, and the benefits worked out before it. */
export interface CalculationInput {
  /**
   * The date whose rates, rent tables and council schemes are read: the date asked, or the last date the rates held
   * cover when a later date is worked out with the last rates held. Ages and the system are on `facts.date`.
   */
  date: string;
  facts: HouseholdFacts;
  parameters: ParameterReader;
  lha: LocalHousingAllowance;
  /** Band D by council and England's local working-age schemes (`rulesets/council-tax-reduction/`), checked at load. */
  councilTax: CouncilTaxData;
  explanations: Explanations;
  /**
   * The benefit's name in the household's nation where that nation pays its own in its place (the ruleset's `names`:
   * Adult Disability Payment for PIP in Scotland), or the name a rule of type `name` gave for this household (Child
   * Disability Payment for a Scottish child's DLA), or null for the UK-wide benefit. The result is named by it, and the
   * calculator names the benefit's parts by it.
   */
  nationalName: string | null;
  /** Outcomes of the benefits earlier in BENEFIT_CODES order (a calculator lists the ones it reads in `reads`). */
  earlier: ReadonlyMap<BenefitCode, BenefitOutcome>;
}

/** What a calculator returns; the engine adds the code, name, rules and parameters used. */
export type CalculatedBenefit = Omit<BenefitOutcome, 'code' | 'name' | 'system' | 'meansTested' | 'rules' | 'parameters' | 'variables'> & {
  system?: BenefitSystem;
  variables?: ResultVariable[];
};

/**
 * One benefit: its ruleset (`rulesets/<folder>/ruleset.json`), its sentences (`explanations.json` beside it) and
 * the typed arithmetic that turns the rules that held into figures. Domain logic only: no I/O.
 */
export interface BenefitCalculator {
  code: BenefitCode;
  name: string;
  /** The folder under `rulesets/`, e.g. `universal-credit`. */
  folder: string;
  system: BenefitSystem;
  meansTested: boolean;
  /** Benefits whose outcomes this one reads; they must come earlier in BENEFIT_CODES. */
  reads: readonly BenefitCode[];
  /**
   * The ruleset's flat facts, each written once as a function of the input (`benefitFacts({...})`): the ruleset
   * may name only these (`facts.names`), and `facts.evaluate` works them out for one household.
   */
  facts: DefinedFacts<CalculationInput>;
  /**
   * The household as this benefit's own law counts it, where that differs from the household every benefit shares:
   * Pension Credit leaves out a partner in prison or subject to immigration control (SPC Regs 2002 reg 5(1)). Its
   * facts and figures are then worked out on what this returns.
   */
  household?(facts: HouseholdFacts): HouseholdFacts;
  /** The figures, from the rules that held. */
  calculate(input: CalculationInput, fired: FiredRules): CalculatedBenefit;
}

/**
 * A benefit's ruleset facts from a record of fact functions of its CalculationInput; the names the ruleset may use
 * are the record's keys. `{ ...SHARED_FACTS, claimantAge: ({ facts }) => facts.claimant.age }` shares facts.
 */
export function benefitFacts<Name extends string>(
  functions: FactFunctions<CalculationInput, Name, HouseholdFactInput>,
): DefinedFacts<CalculationInput, Name> {
  return defineFacts(functions);
}

/**
 * What a fact that reads no rates is worked out from: the input less its ParameterReader, so such a fact cannot
 * cite a rate (and may be worked out lazily). A fact that reads rates is marked `readsRates((input) => ...)`.
 */
export type HouseholdFactInput = Omit<CalculationInput, 'parameters'>;

/** A benefit the household may get whose amount cannot be worked out from the answers (e.g. before an assessment). */
export function amountNotShown(explanation: string[]): CalculatedBenefit {
  return { eligible: true, amountShown: false, weeklyPence: 0, monthlyPence: 0, elements: [], deductions: [], explanation };
}

/** A weekly benefit paid as the sum of its elements (monthly = weekly x 52 / 12). */
export function paidWeekly(elements: AmountLine[], explanation: string[]): CalculatedBenefit {
  return {
    eligible: true,
    amountShown: true,
    ...bothPeriods(sumPence(elements.map((line) => line.weeklyPence)), 'WEEK'),
    elements,
    deductions: [],
    explanation,
  };
}

/**
 * A means-tested benefit awarded to a couple whose partner may not claim public funds (Housing Benefit, Council Tax
 * Reduction count them in the claim): the result says that a claim that is more because of the partner can count as
 * their using public funds (Immigration Rules para 6.2), so nobody claims it unaware. Each benefit's sentences hold
 * `partner-public-funds`.
 */
export function withPublicFundsWarning(
  benefit: CalculatedBenefit,
  input: Pick<CalculationInput, 'facts' | 'explanations'>,
): CalculatedBenefit {
  if (!benefit.eligible || input.facts.singleClaimBecause !== 'PARTNER_SUBJECT_TO_IMMIGRATION_CONTROL') return benefit;
  return { ...benefit, explanation: [...benefit.explanation, input.explanations.say('partner-public-funds')] };
}

/** A one-off payment: the lump sum is its parts' sum; the weekly and monthly figures stay 0. */
export function paidOnce(parts: { code: string; name: string; lumpSumPence: Pence }[], explanation: string[]): CalculatedBenefit {
  return {
    eligible: true,
    amountShown: true,
    weeklyPence: 0,
    monthlyPence: 0,
    lumpSumPence: sumPence(parts.map((part) => part.lumpSumPence)),
    elements: parts.map((part) => ({ ...part, weeklyPence: 0, monthlyPence: 0 })),
    deductions: [],
    explanation,
  };
}

/** A one-off payment the household cannot get (now), with the reasons. */
export function notEligibleOnce(explanation: string[]): CalculatedBenefit {
  return { ...notEligible(explanation), lumpSumPence: 0 };
}

/**
 * A benefit worked out earlier in the same calculation as payable, an award above nil: how the passported benefits
 * (Scottish Child Payment, the maternity and funeral payments) see a qualifying benefit.
 */
export const awardedAboveNil = (outcome: BenefitOutcome | undefined): boolean =>
  !!outcome && outcome.eligible && (outcome.monthlyPence > 0 || outcome.weeklyPence > 0);

/** True for an outcome of a benefit paid once (a lump sum), which no weekly, monthly or yearly figure counts. */
export const isOneOff = (benefit: Pick<BenefitOutcome, 'lumpSumPence'>): boolean => benefit.lumpSumPence !== undefined;

/** A benefit the household cannot get, with the reasons. */
export function notEligible(explanation: string[], system?: BenefitSystem): CalculatedBenefit {
  return {
    eligible: false,
    amountShown: true,
    weeklyPence: 0,
    monthlyPence: 0,
    elements: [],
    deductions: [],
    explanation,
    ...(system ? { system } : {}),
  };
}
