import type { BetterOffComparison } from '../../../engine/better-off.js';
import { isOneOff, type AmountLine, type BenefitOutcome } from '../../../engine/core/benefit.js';
import type { CalculationResult } from '../../../engine/core/calculation-result.js';
import type { Country } from '../../../engine/household.js';
import { Contract } from '../../../engine/schemas/json-schema.js';
import { formatAmount, poundsFromPence, sumPence, type Pence } from '../../../common/money.js';
import {
  BENEFIT_TYPES,
  type BenefitType,
  type ExtraHelp,
  type ResultBenefit,
  type ResultBenefits,
  type ResultElement,
  type ResultOneOffPayment,
  type ResultHousingAllowance,
  type ResultNotAwarded,
  type RightToResideNotice,
  type ResultVariable,
} from '../../../common/result/model.js';
import { andList } from '../../../common/words.js';
import { dependsOnRightToReside } from './right-to-reside.js';

/**
 * The results page's figures from the engine's result, and, in better-off mode,
 * from the result with the circumstances changed. Pure: pence in, pounds out, converted once here.
 */

/** Where to read more and how to claim (`definitions/results/benefits.json`), with a nation's own entry. */
export interface HowToClaim {
  link: string;
  howToClaim: string;
  /** Pre-settled status gives it only with a right to reside as well. */
  needsRightToReside?: boolean;
  nations?: Partial<Record<Country, { link: string; howToClaim: string }>>;
}

export interface BenefitGuide {
  description: string;
  benefits: Record<string, HowToClaim>;
}

/**
 * The guide's shape is a JSON Schema (`definitions/schemas/benefit-guide.schema.json`): an https link and how-to-claim
 * text for each benefit and each nation's own entry. The code adds only what a schema cannot know: the engine's
 * benefit codes, each with an entry and no entry for another.
 */
const GUIDE_CONTRACT = Contract.named('benefit-guide.schema.json', (allowed) => `is not a known field (allowed: ${allowed.join(', ')}).`);

/** Every problem with the guide, each naming its field: the schema's, then a benefit missing or one the engine does not know. */
export function checkBenefitGuide(json: unknown, benefitCodes: readonly string[]): string[] {
  const found: { segments: string[]; message: string }[] = [];
  const benefits = (json as { benefits?: unknown } | null)?.benefits;
  if (typeof benefits === 'object' && benefits !== null && !Array.isArray(benefits)) {
    for (const code of benefitCodes)
      if (!Object.hasOwn(benefits, code)) found.push({ segments: ['benefits', code], message: 'is missing.' });
    for (const code of Object.keys(benefits))
      if (!benefitCodes.includes(code)) found.push({ segments: ['benefits', code], message: 'is not a benefit the engine works out.' });
  }
  return GUIDE_CONTRACT.problemsWith(json, found).map(({ message }) => message);
}

const pounds = poundsFromPence;

/** 1 with an amount, 7 when the amount needs an assessment, 0 when not awarded. */
function typeOf(outcome: BenefitOutcome | undefined): BenefitType {
  if (!outcome?.eligible) return BENEFIT_TYPES.none;
  return outcome.amountShown ? BENEFIT_TYPES.amount : BENEFIT_TYPES.mayBeEntitled;
}

function elementLines(current: readonly AmountLine[], changed: readonly AmountLine[]): ResultElement[] {
  const codes = [...new Set([...current, ...changed].map((line) => line.code))];
  return codes.map((code) => {
    const now = current.find((line) => line.code === code);
    const after = changed.find((line) => line.code === code);
    return {
      name: (now ?? after)!.name,
      messages: [],
      weeklyPayment: pounds(now?.weeklyPence ?? 0),
      monthlyPayment: pounds(now?.monthlyPence ?? 0),
      betterOffWeeklyPayment: pounds(after?.weeklyPence ?? 0),
      betterOffMonthlyPayment: pounds(after?.monthlyPence ?? 0),
    };
  });
}

const total = (lines: readonly AmountLine[], period: 'weeklyPence' | 'monthlyPence'): number =>
  pounds(sumPence(lines.map((line) => line[period])));

function resultBenefit(
  now: BenefitOutcome | undefined,
  after: BenefitOutcome | undefined,
  guide: HowToClaim,
  country: Country,
  rightToReside: RightToResideNotice | null,
  claimed: readonly string[] | undefined,
): ResultBenefit {
  const outcome = (now?.eligible ? now : after)!;
  const local = guide.nations?.[country] ?? guide;
  const currentType = typeOf(now);
  const amount = (which: BenefitOutcome | undefined, period: 'weeklyPence' | 'monthlyPence') =>
    which?.eligible && which.amountShown ? pounds(which[period]) : 0;
  const elements = now?.eligible ? now.elements : [];
  const deductions = now?.eligible ? now.deductions : [];
  const changedElements = after?.eligible ? after.elements : [];
  const changedDeductions = after?.eligible ? after.deductions : [];
  const isUniversalCredit = outcome.code === 'UNIVERSAL_CREDIT';
  return {
    benefitName: outcome.name,
    benefitCode: outcome.code,
    // Not awarded now but awarded after the change: no amount in the normal view (benefit type 4).
    benefitType: currentType === BENEFIT_TYPES.none ? BENEFIT_TYPES.onlyAfterChange : currentType,
    betterOffBenefitType: typeOf(after),
    weeklyPayment: amount(now, 'weeklyPence'),
    monthlyPayment: amount(now, 'monthlyPence'),
    betterOffWeeklyPayment: amount(after, 'weeklyPence'),
    betterOffMonthlyPayment: amount(after, 'monthlyPence'),
    link: local.link,
    howToClaim: { message: local.howToClaim },
    messages: outcome.explanation.map((message, index) => ({ name: `${outcome.code}-${index + 1}`, message })),
    showBreakdown: isUniversalCredit && elements.length > 0,
    ...(dependsOnRightToReside(rightToReside, outcome.code, guide.needsRightToReside === true) ? { dependsOnRightToReside: true } : {}),
    ...(claimed ? { claimStatus: claimed.includes(outcome.code) ? ('ALREADY_GET' as const) : ('COULD_CLAIM' as const) } : {}),
    ...(now?.eligible && now.paidAfterDeductions
      ? {
          paidAfterDeductions: {
            weeklyPayment: pounds(now.paidAfterDeductions.weeklyPence),
            monthlyPayment: pounds(now.paidAfterDeductions.monthlyPence),
            lines: now.paidAfterDeductions.lines.map((line) => ({
              name: line.name,
              weeklyPayment: pounds(line.weeklyPence),
              monthlyPayment: pounds(line.monthlyPence),
            })),
          },
        }
      : {}),
    elements: isUniversalCredit ? elementLines(elements, changedElements) : [],
    deductions: isUniversalCredit ? elementLines(deductions, changedDeductions) : [],
    elementsWeeklyTotal: total(elements, 'weeklyPence'),
    elementsMonthlyTotal: total(elements, 'monthlyPence'),
    deductionsWeeklyTotal: total(deductions, 'weeklyPence'),
    deductionsMonthlyTotal: total(deductions, 'monthlyPence'),
    paymentWeeklyTotal: amount(now, 'weeklyPence'),
    paymentMonthlyTotal: amount(now, 'monthlyPence'),
    betterOffElementsWeeklyTotal: total(changedElements, 'weeklyPence'),
    betterOffElementsMonthlyTotal: total(changedElements, 'monthlyPence'),
    betterOffDeductionsWeeklyTotal: total(changedDeductions, 'weeklyPence'),
    betterOffDeductionsMonthlyTotal: total(changedDeductions, 'monthlyPence'),
    betterOffPaymentWeeklyTotal: amount(after, 'weeklyPence'),
    betterOffPaymentMonthlyTotal: amount(after, 'monthlyPence'),
  };
}

type System = 'UNIVERSAL_CREDIT' | 'LEGACY_AND_PENSION_AGE';

/** Which of the three lists a benefit is shown in (see `resultBenefits`). */
type ResultList = 'meansTested' | 'nonMeansTested' | 'universalCredit';

/**
 * A benefit paid whichever system the household is in (system BOTH: Child Benefit, PIP, Winter Fuel Payment...) is
 * not means-tested and goes in `nonMeansTested`, once; a means-tested benefit goes in the list of its own system
 * (Council Tax Reduction follows the household's system). A non-means-tested benefit of one system alone would be
 * counted in that system's total but listed under both, so the engine must not have one: `systemBenefitProblems`
 * and its test check that each system's rows add up to its total.
 */
function listOf(benefit: BenefitOutcome): ResultList | null {
  if (isOneOff(benefit)) return null;
  if (!benefit.meansTested) return 'nonMeansTested';
  if (benefit.system === 'LEGACY_AND_PENSION_AGE') return 'meansTested';
  if (benefit.system === 'UNIVERSAL_CREDIT') return 'universalCredit';
  return null;
}

const countsIn = (benefit: BenefitOutcome, system: System) => benefit.system === system || benefit.system === 'BOTH';

/** The benefits of one list: those awarded now or after the change, in the list's system, each once. */
function listFor(
  current: CalculationResult,
  changed: CalculationResult,
  list: ResultList,
  guide: BenefitGuide,
  rightToReside: RightToResideNotice | null,
): ResultBenefit[] {
  const country = current.facts.country;
  const system: System = list === 'universalCredit' ? 'UNIVERSAL_CREDIT' : 'LEGACY_AND_PENSION_AGE';
  const isAwarded = (benefit: BenefitOutcome) =>
    benefit.eligible && listOf(benefit) === list && (list === 'nonMeansTested' || countsIn(benefit, system));
  return current.benefits
    .filter((now) => isAwarded(now) || isAwarded(changed.benefits.find((benefit) => benefit.code === now.code)!))
    .map((now) =>
      resultBenefit(
        now,
        changed.benefits.find((benefit) => benefit.code === now.code),
        guide.benefits[now.code],
        country,
        rightToReside,
        current.facts.household.benefitsClaimed,
      ),
    );
}

function systemTotals(prefix: 'lb' | 'uc', system: System, current: CalculationResult, changed: CalculationResult) {
  const periods = (name: string, values: { weeklyPence: Pence; monthlyPence: Pence }) => ({
    [`${prefix}${name}Weekly`]: pounds(values.weeklyPence),
    [`${prefix}${name}Monthly`]: pounds(values.monthlyPence),
  });
  const other = (result: CalculationResult) => ({
    weeklyPence: result.income.weeklyPence - result.income.earnings.weeklyPence,
    monthlyPence: result.income.monthlyPence - result.income.earnings.monthlyPence,
  });
  return {
    ...periods('', current.totals[system]),
    ...periods('BetterOff', changed.totals[system]),
    ...periods('Income', current.income.earnings),
    ...periods('BetterOffIncome', changed.income.earnings),
    ...periods('OtherIncome', other(current)),
    ...periods('BetterOffOtherIncome', other(changed)),
  };
}

/**
 * The Benefits object. Without a change, the better-off fields repeat the current figures and the message is
 * empty. Each benefit is in one list, once: `meansTested` the legacy and pension-age system's means-tested
 * benefits (Pension Credit, Housing Benefit, Council Tax Reduction at pension age), `universalCredit` the
 * Universal Credit system's (Universal Credit, and Council Tax Reduction beside it), and `nonMeansTested` the
 * benefits paid whichever system applies (Child Benefit, PIP, Winter Fuel Payment...). A system's benefits are its
 * own list and `nonMeansTested` (`benefitsOfSystem`); they add up to its total.
 */
export function resultBenefits(
  current: CalculationResult,
  guide: BenefitGuide,
  comparison: BetterOffComparison | null,
  rightToReside: RightToResideNotice | null = null,
): ResultBenefits {
  const changed = comparison?.changed ?? current;
  return {
    ...(systemTotals('lb', 'LEGACY_AND_PENSION_AGE', current, changed) as ReturnType<typeof systemTotals>),
    ...systemTotals('uc', 'UNIVERSAL_CREDIT', current, changed),
    betterOffMessageWeekly: comparison?.message.weekly ?? '',
    betterOffMessageMonthly: comparison?.message.monthly ?? '',
    meansTested: listFor(current, changed, 'meansTested', guide, rightToReside),
    nonMeansTested: listFor(current, changed, 'nonMeansTested', guide, rightToReside),
    universalCredit: listFor(current, changed, 'universalCredit', guide, rightToReside),
    oneOff: oneOffPayments(current, changed, guide, rightToReside),
  } as ResultBenefits;
}

const COUNCIL_TAX_REDUCTION = 'COUNCIL_TAX_REDUCTION';
const COUNCIL_TAX_CHARGE = 'COUNCIL_TAX_CHARGE';

/**
 * The home's costs: rent with service charges, and the council tax charge before any reduction (the reduction, like
 * help with rent, is in the total income), so that total income less these is what is left after housing costs.
 */
export function housingCostsOf(result: CalculationResult): { weekly: number; monthly: number } {
  const charge = result.variables.find((variable) => variable.name === COUNCIL_TAX_CHARGE);
  const { rent, serviceCharges } = result.facts;
  return {
    weekly: pounds(rent.weekly + serviceCharges.weekly + (charge?.weeklyPence ?? 0)),
    monthly: pounds(rent.monthly + serviceCharges.monthly + (charge?.monthlyPence ?? 0)),
  };
}

/**
 * Council Tax Reduction for a home whose council tax someone there pays, when none is awarded in the results: the
 * reason is the outcome's last sentence (each way to nothing ends by saying why), with the whole working.
 */
export function councilTaxReductionNotAwardedOf(current: CalculationResult, guide: BenefitGuide): ResultNotAwarded | null {
  const outcome = current.benefits.find((benefit) => benefit.code === COUNCIL_TAX_REDUCTION);
  if (!outcome || outcome.eligible || current.facts.councilTax?.liable !== true || outcome.explanation.length === 0) return null;
  const local = guide.benefits[outcome.code].nations?.[current.facts.country] ?? guide.benefits[outcome.code];
  return {
    benefitCode: outcome.code,
    benefitName: outcome.name,
    reason: outcome.explanation.at(-1)!,
    messages: outcome.explanation.map((message, index) => ({ name: `${outcome.code}-${index + 1}`, message })),
    howToClaim: { message: local.howToClaim },
    link: local.link,
  };
}

/** The payments made once that the household may get now or after the change, each with its lump sum and its parts. */
function oneOffPayments(
  current: CalculationResult,
  changed: CalculationResult,
  guide: BenefitGuide,
  rightToReside: RightToResideNotice | null,
): ResultOneOffPayment[] {
  const country = current.facts.country;
  const lumpSum = (outcome: BenefitOutcome | undefined) => (outcome?.eligible ? pounds(outcome.lumpSumPence ?? 0) : 0);
  return current.benefits
    .filter(isOneOff)
    .map((now) => ({ now, after: changed.benefits.find((benefit) => benefit.code === now.code) }))
    .filter(({ now, after }) => now.eligible || after?.eligible)
    .map(({ now, after }) => {
      const outcome = now.eligible ? now : after!;
      const local = guide.benefits[now.code].nations?.[country] ?? guide.benefits[now.code];
      return {
        benefitName: outcome.name,
        benefitCode: outcome.code,
        amountShown: outcome.amountShown,
        amount: lumpSum(now),
        betterOffAmount: lumpSum(after),
        // Its parts, then what is taken off (money from an estate towards a funeral), as the lump sum is worked out.
        parts: [
          ...outcome.elements.map((part) => ({ name: part.name, amount: pounds(part.lumpSumPence ?? 0) })),
          ...outcome.deductions.map((part) => ({ name: `Less: ${part.name}`, amount: -pounds(part.lumpSumPence ?? 0) })),
        ],
        link: local.link,
        howToClaim: { message: local.howToClaim },
        messages: outcome.explanation.map((message, index) => ({ name: `${outcome.code}-${index + 1}`, message })),
        ...(dependsOnRightToReside(rightToReside, outcome.code, guide.benefits[now.code].needsRightToReside === true)
          ? { dependsOnRightToReside: true }
          : {}),
      };
    });
}

/**
 * Eligible for Universal Credit: it is awarded. Eligible for legacy benefits: a benefit of the legacy and
 * pension-age system alone is awarded (Pension Credit, Housing Benefit, Council Tax Reduction at pension age).
 * In better-off mode, either before or after the change counts.
 */
export function eligibilityOf(results: readonly CalculationResult[]): { isEligibleForLb: boolean; isEligibleForUc: boolean } {
  const awarded = (test: (benefit: BenefitOutcome) => boolean) =>
    results.some((result) => result.benefits.some((benefit) => benefit.eligible && test(benefit)));
  return {
    isEligibleForLb: awarded((benefit) => benefit.system === 'LEGACY_AND_PENSION_AGE'),
    isEligibleForUc: awarded((benefit) => benefit.code === 'UNIVERSAL_CREDIT'),
  };
}

/** A flag (the extra-help variables, named ..._ELIGIBLE) reads 'True' or 'False'; money reads pounds to the penny. */
export function resultVariables(result: CalculationResult): ResultVariable[] {
  return result.variables.map((variable) => {
    const read = (pence: Pence) => (variable.name.endsWith('_ELIGIBLE') ? (pence > 0 ? 'True' : 'False') : pounds(pence).toFixed(2));
    return { name: variable.name, weeklyValue: read(variable.weeklyPence), monthlyValue: read(variable.monthlyPence) };
  });
}

/** The extra help offered, each item with its category's title (its button) and its help text. */
export function extraHelpOf(result: CalculationResult): ExtraHelp {
  const extraHelps = result.extraHelp.flatMap((category) =>
    category.items.map((item) => ({
      category: category.title,
      name: item.name,
      title: item.title,
      text: item.text,
      helpTitle: item.howToAccessTitle,
      helpText: item.howToAccess,
      link: item.source.url,
    })),
  );
  return { showExtraHelp: extraHelps.length > 0, extraHelps };
}

const LHA_CATEGORY_TEXT = {
  SHARED: 'shared accommodation',
  ONE_BEDROOM: '1 bedroom',
  TWO_BEDROOMS: '2 bedrooms',
  THREE_BEDROOMS: '3 bedrooms',
  FOUR_BEDROOMS: '4 bedrooms',
} as const;

/**
 * Who can help with a rent shortfall, with what, and where to find them, as the extra help says it
 * (definitions/extra-help/categories/housing-and-council.json): in England a Housing Payment from the council's Crisis
 * and Resilience Fund, which replaced Discretionary Housing Payments from April 2026; elsewhere a Discretionary Housing
 * Payment (Discretionary Financial Assistance Regulations 2001, SI 2001/1167), in Northern Ireland from the Housing
 * Executive. GOV.UK's council finder works for every council in England, Scotland and Wales.
 */
function shortfallHelpFrom(country: Country, council: string | null): { from: string; scheme: string; link: string } {
  if (country === 'NORTHERN_IRELAND')
    return { from: 'the Northern Ireland Housing Executive', scheme: 'a Discretionary Housing Payment', link: 'https://www.nihe.gov.uk/' };
  const from = council ? `${council} council` : 'your council';
  const scheme =
    country === 'ENGLAND'
      ? 'a Housing Payment from its Crisis and Resilience Fund (which replaced Discretionary Housing Payments in England in April 2026)'
      : 'a Discretionary Housing Payment';
  return { from, scheme, link: 'https://www.gov.uk/find-local-council' };
}

/** Whether the benefit whose rent the Local Housing Allowance capped is awarded. */
function helpsWithRent(result: CalculationResult, scheme: 'UNIVERSAL_CREDIT' | 'HOUSING_BENEFIT'): boolean {
  return result.benefits.some((benefit) => benefit.code === scheme && benefit.eligible);
}

/** Which Local Housing Allowance area limited a private tenant's rent, and why, for the results page and the adviser area. */
export function housingAllowanceOf(result: CalculationResult): ResultHousingAllowance | null {
  const used = result.localHousingAllowance;
  if (!used) return null;
  const period = used.scheme === 'UNIVERSAL_CREDIT' ? 'month' : 'week';
  const rate = `${formatAmount(used.ratePence)} a ${period} for ${LHA_CATEGORY_TEXT[used.category]}`;
  const council = used.localAuthorityName ?? 'the council';
  const highest = used.highest ? `${formatAmount(used.highest.ratePence)} in ${used.highest.area}` : '';
  const summary = {
    GIVEN: `${used.area}, as given: ${rate}.`,
    POSTCODE: `${used.area}, where the postcode is: ${rate}.`,
    LOCAL_AUTHORITY:
      used.areaConfirmed === false
        ? `${used.area}, which we think covers all of ${council} (to be sure, check your postcode on the VOA's LHA Direct): ${rate}.`
        : `${used.area}, which covers the whole of ${council}: ${rate}.`,
    LOWEST_OF_CANDIDATES:
      used.unsettledReason === 'SPLIT_AUTHORITY'
        ? `Not known: ${council} is split between ${andList(used.candidates)}. The lowest rate of these was used, ${used.area}: ${rate}. The highest is ${highest}.`
        : `Not known: without the council, the home could be in any of ${used.candidates.length} areas. The lowest rate was used, ${used.area}: ${rate}. The highest is ${highest}.`,
  }[used.basis];
  const estimate = used.rateEstimated
    ? ' The weekly rate is our estimate from the monthly rate, as the published Housing Benefit figure for this area is not in our data.'
    : '';
  return {
    area: used.area,
    basis: used.basis,
    summary: summary + estimate,
    candidates: used.candidates,
    rate: pounds(used.ratePence),
    period,
    highest: used.highest ? { area: used.highest.area, rate: pounds(used.highest.ratePence) } : null,
    rateEstimated: used.rateEstimated,
    pageNumber: null,
    rent: pounds(used.rentPence),
    // A shortfall is what the help with housing costs leaves unpaid: none is said when no such help is awarded.
    shortfall: helpsWithRent(result, used.scheme) ? pounds(Math.max(0, used.rentPence - used.ratePence)) : 0,
    shortfallHelp: shortfallHelpFrom(result.facts.country, used.localAuthorityName),
  };
}
