import { notEligible, type AmountLine, type CalculatedBenefit, type CalculationInput, type ResultVariable } from '../../core/benefit.js';
import type { FiredRules } from '../../core/ruleset.js';
import type { LhaUsed } from '../local-housing-allowance-used.js';
import { bothPeriods, sumPence, type Pence } from '../../../common/money.js';
import { BENEFIT_CAP_APPLIES, benefitCap, explainBenefitCap } from './benefit-cap.js';
import { SIZE_CRITERIA_REDUCTION } from './housing.js';
import {
  childcareElement,
  childElements,
  disabledChildAdditions,
  explainChildcareElement,
  explainChildElements,
  explainDisabledChildAdditions,
} from './children.js';
import { carerElement, explainCarerElement, explainLcwraElement, lcwraElement } from './health-and-caring.js';
import { explainHousingElement, housingElement } from './housing.js';
import {
  capitalTariff,
  earnedIncome,
  earningsTaper,
  explainCapitalTariff,
  explainEarnedIncome,
  explainEarningsTaper,
  explainUnearnedIncome,
  unearnedIncome,
} from './means-test.js';
import { explainStandardAllowance, standardAllowance } from './standard-allowance.js';
import { DEDUCTION_NAMES, debtDeductions } from './debt-deductions.js';

const line = (code: string, name: string, monthly: Pence): AmountLine => ({ code, name, ...bothPeriods(monthly, 'MONTH') });
/** The variables of the means test (monthly): the maximum amount, net earnings counted, the work allowance, and unearned income with tariff income. */
export const UC_MAXIMUM_AMOUNT = 'UC_MAXIMUM_AMOUNT';
export const UC_EARNED_INCOME = 'UC_EARNED_INCOME';
export const UC_WORK_ALLOWANCE = 'UC_WORK_ALLOWANCE';
export const UC_UNEARNED_INCOME = 'UC_UNEARNED_INCOME';

/** What the means test counted, for the benefits that read it (Northern Ireland's Rate Rebate): 0 when not worked out. */
interface MeansTestFigures {
  maximum: Pence;
  earnings: Pence;
  workAllowance: Pence;
  unearned: Pence;
}
const NOT_WORKED_OUT: MeansTestFigures = { maximum: 0, earnings: 0, workAllowance: 0, unearned: 0 };

/**
 * The figures other benefits read: the cuts Northern Ireland's Welfare Supplementary Payments make good (the benefit
 * cap's, the spare bedrooms'), and the means test that its Rate Rebate compares with the maximum amount.
 */
const awardVariables = (capReduction: Pence, sizeCriteriaReduction: Pence, means: MeansTestFigures): ResultVariable[] => [
  { name: BENEFIT_CAP_APPLIES, ...bothPeriods(capReduction, 'MONTH') },
  { name: SIZE_CRITERIA_REDUCTION, ...bothPeriods(sizeCriteriaReduction, 'MONTH') },
  { name: UC_MAXIMUM_AMOUNT, ...bothPeriods(means.maximum, 'MONTH') },
  { name: UC_EARNED_INCOME, ...bothPeriods(means.earnings, 'MONTH') },
  { name: UC_WORK_ALLOWANCE, ...bothPeriods(means.workAllowance, 'MONTH') },
  { name: UC_UNEARNED_INCOME, ...bothPeriods(means.unearned, 'MONTH') },
];

/**
 * The award (UC Regs 2013 regs 22-23): the elements make the maximum amount; the means test takes off earnings above
 * any work allowance, unearned income and tariff income; then the benefit cap. Each part's figures come from its
 * file, and its sentences from the `explain...` function beside it, in the order the figure is worked out.
 */
export function calculateUniversalCredit(input: CalculationInput, fired: FiredRules): CalculatedBenefit {
  const { facts, parameters, explanations } = input;
  if (fired.has('not-eligible')) {
    const reasons = fired.ofType('not-eligible').map((rule) =>
      explanations.say(String(rule.event.params.explanation), {
        upperLimit:
          rule.name === 'capital-over-upper-limit' ? parameters.amount('gov/dwp/universal_credit/means_test/capital/upper_limit') : 0,
        capital: facts.capital,
      }),
    );
    return { ...notEligible(reasons), variables: awardVariables(0, 0, NOT_WORKED_OUT) };
  }
  const explanation: string[] = [];
  const elements: AmountLine[] = [];
  const deductions: AmountLine[] = [];

  // A prisoner who keeps Universal Credit gets the housing costs element and nothing else (UC Regs 2013 reg 19(3)).
  const housingCostsOnly = fired.first('housing-costs-only');
  let personal = { standardAllowance: 0, childcare: 0 };
  if (housingCostsOnly) explanation.push(explanations.say(String(housingCostsOnly.event.params.explanation)));
  else personal = personalElements(input, fired, elements, explanation);
  const { childcare } = personal;
  let contributions = 0;
  let lhaUsed: LhaUsed | null = null;
  let sizeCriteriaReduction = 0;
  if (fired.has('element', 'HOUSING')) {
    const housing = housingElement(input, fired);
    explanation.push(...explainHousingElement(housing, explanations));
    elements.push(line('HOUSING', 'Housing costs element', housing.element));
    contributions = housing.contributions;
    lhaUsed = housing.lhaUsed;
    sizeCriteriaReduction = housing.underOccupation?.cut ?? 0;
    if (contributions > 0) deductions.push(line('HOUSING_COST_CONTRIBUTION', 'Housing cost contributions (non-dependants)', contributions));
  }
  // A note may say the spare bedroom cut (Scotland's Discretionary Housing Payment makes it good).
  for (const note of fired.ofType('note'))
    explanation.push(explanations.say(String(note.event.params.explanation), { sizeCriteriaCut: sizeCriteriaReduction }));

  const maximum = sumPence(elements.map((element) => element.monthlyPence)) - contributions;
  explanation.push(explanations.say('maximum-amount', { maximum }));

  const earned = earnedIncome(input, fired);
  explanation.push(...explainEarnedIncome(earned, explanations));
  const taper = earningsTaper(input, fired, sumPence(earned.map((adult) => adult.counted)));
  if (taper.earnings > 0) deductions.push(line('EARNINGS', 'Earnings', taper.deduction));
  explanation.push(...explainEarningsTaper(taper, explanations));

  const unearned = unearnedIncome(input);
  explanation.push(...explainUnearnedIncome(unearned, explanations));
  if (unearned.total > 0) deductions.push(line('UNEARNED_INCOME', 'Unearned income', unearned.total));

  const capital = capitalTariff(input);
  if (capital) {
    if (capital.tariff > 0) deductions.push(line('CAPITAL', 'Tariff income from capital', capital.tariff));
    explanation.push(...explainCapitalTariff(capital, explanations));
  }
  const means: MeansTestFigures = {
    maximum,
    earnings: taper.earnings,
    workAllowance: taper.workAllowance?.amount ?? 0,
    unearned: unearned.total + (capital?.tariff ?? 0),
  };

  const beforeCap = Math.max(
    0,
    maximum -
      sumPence(deductions.filter((deduction) => deduction.code !== 'HOUSING_COST_CONTRIBUTION').map((deduction) => deduction.monthlyPence)),
  );
  let capReduction = 0;
  if (beforeCap > 0) {
    const cap = benefitCap(input, fired, beforeCap, childcare);
    explanation.push(...explainBenefitCap(cap, explanations));
    capReduction = cap.reduction;
  }
  if (capReduction > 0) deductions.push(line('BENEFIT_CAP', 'Benefit cap', capReduction));
  const award = beforeCap - capReduction;
  // An award of less than 1p is nil (UC Regs 2013 reg 17); with whole pence, that is an award of 0.
  if (award <= 0) {
    explanation.push(explanations.say('income-too-high', { maximum }));
    return {
      eligible: false,
      amountShown: true,
      weeklyPence: 0,
      monthlyPence: 0,
      elements,
      deductions,
      explanation,
      // An award the cap takes to nil was still capped: the cut is kept for whatever makes it good.
      variables: awardVariables(capReduction, 0, means),
      localHousingAllowance: lhaUsed,
    };
  }
  explanation.push(explanations.say('award', { maximum, deductions: maximum - award, award }));
  // What is paid after the debts the household repays from it: the award itself, and every benefit that reads it, is
  // unchanged. The limit is a share of the standard allowance, which a prisoner's award does not include.
  const debts = debtDeductions(input, award, personal.standardAllowance);
  if (debts) {
    explanation.push(
      explanations.say('debts-taken', {
        taken: debts.taken,
        share: debts.share,
        limit: debts.limit,
        limitedByAward: debts.limitedByAward,
        paid: debts.paid,
      }),
    );
    if (debts.waiting > 0) {
      explanation.push(explanations.say('debts-waiting', { waiting: debts.waiting }));
      if (debts.deductions.some((debt) => debt.type === 'RENT_ARREARS' || debt.type === 'FUEL_ARREARS'))
        explanation.push(explanations.say('debts-last-resort'));
    }
  }
  return {
    eligible: true,
    amountShown: true,
    ...bothPeriods(award, 'MONTH'),
    ...(debts
      ? {
          paidAfterDeductions: {
            ...bothPeriods(debts.paid, 'MONTH'),
            lines: debts.deductions
              .filter((debt) => debt.taken > 0)
              .map((debt) => line(`DEBT_${debt.type}`, DEDUCTION_NAMES[debt.type], debt.taken)),
          },
        }
      : {}),
    elements,
    deductions,
    explanation,
    variables: awardVariables(capReduction, sizeCriteriaReduction, means),
    localHousingAllowance: lhaUsed,
  };
}

/**
 * The standard allowance and the elements for the people in the claim (children, health, caring, childcare), with
 * their sentences; gives the standard allowance, which limits debt deductions, and the childcare costs element, which
 * the benefit cap reads.
 */
function personalElements(
  input: CalculationInput,
  fired: FiredRules,
  elements: AmountLine[],
  explanation: string[],
): { standardAllowance: Pence; childcare: Pence } {
  const { facts, explanations } = input;
  const standard = standardAllowance(input, fired);
  elements.push(line('STANDARD_ALLOWANCE', 'Standard allowance', standard.amount));
  explanation.push(...explainStandardAllowance(standard, explanations));

  if (fired.has('element', 'CHILD')) {
    const children = childElements(input);
    explanation.push(...explainChildElements(children, explanations));
    if (children.total > 0) elements.push(line('CHILD', 'Child element', children.total));
  }
  if (fired.has('element', 'DISABLED_CHILD')) {
    const disabled = disabledChildAdditions(input);
    explanation.push(...explainDisabledChildAdditions(disabled, explanations));
    elements.push(line('DISABLED_CHILD', 'Disabled child addition', disabled.amount));
  }
  const lcwra = lcwraElement(input, fired);
  if (lcwra) {
    elements.push(line('LCWRA', 'Limited capability for work and work-related activity', lcwra.amount));
    explanation.push(...explainLcwraElement(lcwra, explanations));
  }
  const carer = carerElement(input, fired);
  if (carer.paid) elements.push(line('CARER', 'Carer element', carer.amount));
  explanation.push(...explainCarerElement(carer, explanations));
  let childcare = 0;
  if (fired.has('element', 'CHILDCARE')) {
    const figures = childcareElement(input);
    explanation.push(...explainChildcareElement(figures, explanations));
    childcare = figures.amount;
    elements.push(line('CHILDCARE', 'Childcare costs element', childcare));
  } else if (facts.childcareCosts.monthly > 0) {
    explanation.push(explanations.say('childcare-work-condition'));
  }
  return { standardAllowance: standard.amount, childcare };
}
