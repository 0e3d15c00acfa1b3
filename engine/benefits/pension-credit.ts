import {
  benefitFacts,
  notEligible,
  type AmountLine,
  type BenefitCalculator,
  type CalculatedBenefit,
  type CalculationInput,
} from '../core/benefit.js';
import type { ParameterReader } from '../core/parameters.js';
import type { FiredRules } from '../core/ruleset.js';
import { claimantAlone, type ChildFacts, type HouseholdFacts } from '../facts.js';
import { AWAY_WHERE } from '../facts/away-from-home.js';
import { basisPointsOf, bothPeriods, sumPence, type Pence } from '../../common/money.js';
import {
  benefitUnit,
  carerAmountsPaid,
  PENSION_AGE_MEANS_TEST_FACTS,
  weeklyEarnings,
  weeklyUnearnedIncome,
} from '../facts/pension-age-means-test.js';
import { tariffIncome } from '../facts/capital.js';

/** People reaching State Pension age on or after this date cannot get the savings credit (Pensions Act 2014 sch 12). */
export const SAVINGS_CREDIT_CLOSED_FROM = '2016-04-06';

/** The variable Housing Benefit, Council Tax Reduction and the Warm Home Discount read: the weekly guarantee credit. */
export const PENSION_CREDIT_GUARANTEE = 'PENSION_CREDIT_GUARANTEE';

/** Income that is not qualifying income for the savings credit (SPC Regs 2002 reg 9). */
const NOT_QUALIFYING_FOR_SAVINGS_CREDIT = ['NEW_STYLE_JSA', 'NEW_STYLE_ESA', 'MAINTENANCE_SPOUSAL'] as const;

const line = (code: string, name: string, weekly: Pence): AmountLine => ({ code, name, ...bothPeriods(weekly, 'WEEK') });

function guaranteeVariable(weekly: Pence) {
  return [{ name: PENSION_CREDIT_GUARANTEE, ...bothPeriods(weekly, 'WEEK') }];
}

/**
 * Pension Credit (State Pension Credit Act 2002; SPC Regs 2002), worked out weekly and rounded only where a
 * percentage is taken: guarantee credit = appropriate minimum guarantee - income (not below nil); savings credit
 * = 60% of qualifying income above the threshold (up to the maximum) less 40% of income above the appropriate
 * minimum guarantee.
 */
export const pensionCredit: BenefitCalculator = {
  code: 'PENSION_CREDIT',
  name: 'Pension Credit',
  folder: 'pension-credit',
  system: 'LEGACY_AND_PENSION_AGE',
  meansTested: true,
  reads: [],
  facts: benefitFacts({
    ...PENSION_AGE_MEANS_TEST_FACTS,
    allReachedStatePensionAge: ({ facts }) => facts.system === 'PENSION_AGE',
    mixedAgeCouple: ({ facts }) =>
      facts.isCouple && facts.system !== 'PENSION_AGE' && facts.adults.some((adult) => adult.reachedStatePensionAge),
    qualifyingChildCount: ({ facts }) => facts.qualifyingChildren.length,
    reachedStatePensionAgeBefore2016April: ({ facts }) =>
      benefitUnit(facts).some((adult) => adult.statePensionDate < SAVINGS_CREDIT_CLOSED_FROM),
  }),
  household: pensionCreditHousehold,
  calculate(input, fired) {
    const { explanations } = input;
    if (!fired.has('eligible')) {
      return {
        ...notEligible(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation)))),
        variables: guaranteeVariable(0),
      };
    }
    return pensionCreditAward(input, fired);
  },
};

/**
 * Pension Credit's household: a partner in prison or on remand, or a person subject to immigration control, is not a
 * member of the claimant's household (SPC Regs 2002 reg 5(1)(c)(ii) and (h)), so the claimant at home claims as a
 * single person, on their own income. A partner away more than 52 weeks or for good is left out of every benefit's
 * household already (reg 5(1)(a) and (b); engine/facts.ts).
 */
export function pensionCreditHousehold(facts: HouseholdFacts): HouseholdFacts {
  if (facts.system !== 'PENSION_AGE' || facts.singleClaimBecause === null) return facts;
  return claimantAlone(facts);
}

/** Why the partner is not in the claim, for the explanation: the reason, or null when they are. */
function partnerNotCounted(facts: HouseholdFacts): { reason: string; where?: string; year?: boolean } | null {
  if (facts.partner !== null) return null;
  if (facts.singleClaimBecause === 'PARTNER_SUBJECT_TO_IMMIGRATION_CONTROL') return { reason: 'partner-subject-to-immigration-control' };
  if (facts.singleClaimBecause === 'PARTNER_IN_PRISON') return { reason: 'partner-in-prison' };
  const away = facts.partnerAwayFromHome;
  // With both over State Pension age, left out after 52 weeks or for good; a partner under it after 6 months.
  return away ? { reason: 'partner-away-long', where: AWAY_WHERE[away.reason], year: away.moreThanFiftyTwoWeeks === true } : null;
}

function pensionCreditAward({ facts, parameters, explanations }: CalculationInput, fired: FiredRules): CalculatedBenefit {
  const couple = facts.isCouple;
  const explanation: string[] = [];
  const notCounted = partnerNotCounted(facts);
  if (notCounted)
    explanation.push(explanations.say(notCounted.reason, { where: notCounted.where, year: notCounted.year, savings: facts.capital > 0 }));

  // The appropriate minimum guarantee: the standard amount plus the additions the rules chose.
  const standard = parameters.amount(
    couple
      ? 'gov/dwp/pension_credit/guarantee_credit/standard_minimum_guarantee/couple'
      : 'gov/dwp/pension_credit/guarantee_credit/standard_minimum_guarantee/single',
  );
  const elements: AmountLine[] = [
    line('STANDARD_MINIMUM_GUARANTEE', `Standard minimum guarantee (${couple ? 'couple' : 'single'})`, standard),
  ];
  explanation.push(explanations.say('standard-minimum-guarantee', { amount: standard, couple }));

  const severe = fired.first('addition', 'SEVERE_DISABILITY');
  if (severe) {
    const count = Number(severe.event.params.count);
    const each = parameters.amount('gov/dwp/pension_credit/guarantee_credit/severe_disability/addition');
    elements.push(line('SEVERE_DISABILITY', 'Severe disability additional amount', count * each));
    explanation.push(explanations.say('severe-disability', { each, both: count === 2, amount: count * each }));
  }
  const carers = carerAmountsPaid(fired.ofType('addition').filter((rule) => rule.event.params.code === 'CARER').length, facts);
  if (carers > 0) {
    const each = parameters.amount('gov/dwp/pension_credit/guarantee_credit/carer/addition');
    elements.push(line('CARER', 'Carer additional amount', carers * each));
    explanation.push(explanations.say('carer', { each, both: carers === 2, amount: carers * each }));
  }
  if (fired.has('addition', 'CHILD')) {
    const children = childAdditions(facts.qualifyingChildren, parameters);
    elements.push(line('CHILD', `Additional amounts for children (${facts.qualifyingChildren.length})`, children.total));
    explanation.push(explanations.say('children', children));
  }
  const minimumGuarantee = sumPence(elements.map((element) => element.weeklyPence));

  // Income: earnings less the disregard, unearned income, and deemed income from capital.
  const earnings = weeklyEarnings({ facts, parameters });
  const disregardName = fired.has('earnings-disregard', 'HIGHER')
    ? 'gov/dwp/pension_credit/income/earnings_disregard/higher'
    : couple
      ? 'gov/dwp/pension_credit/income/earnings_disregard/couple'
      : 'gov/dwp/pension_credit/income/earnings_disregard/single';
  const disregard = earnings > 0 ? Math.min(earnings, parameters.amount(disregardName)) : 0;
  const unearned = weeklyUnearnedIncome(facts);
  const ignored = parameters.amount('gov/dwp/pension_credit/income/capital/disregard');
  const deemed = tariffIncome(
    facts.capital,
    ignored,
    parameters.amount('gov/dwp/pension_credit/income/capital/deemed_income/step'),
    parameters.amount('gov/dwp/pension_credit/income/capital/deemed_income/amount'),
  );
  const income = earnings - disregard + unearned + deemed;
  if (earnings > 0) explanation.push(explanations.say('earnings', { earnings, disregard, counted: earnings - disregard }));
  if (unearned > 0) explanation.push(explanations.say('unearned-income', { unearned }));
  if (facts.capital > 0)
    explanation.push(explanations.say(deemed > 0 ? 'deemed-income' : 'capital-ignored', { capital: facts.capital, ignored, deemed }));

  const guarantee = Math.max(0, minimumGuarantee - income);
  explanation.push(explanations.say(guarantee > 0 ? 'guarantee-credit' : 'no-guarantee-credit', { minimumGuarantee, income, guarantee }));

  let savings = 0;
  if (fired.has('savings-credit')) {
    const qualifying = income - weeklyUnearnedIncome(facts, NOT_QUALIFYING_FOR_SAVINGS_CREDIT);
    const threshold = parameters.amount(
      couple ? 'gov/dwp/pension_credit/savings_credit/threshold/couple' : 'gov/dwp/pension_credit/savings_credit/threshold/single',
    );
    const maximum = parameters.amount(
      couple ? 'gov/dwp/pension_credit/savings_credit/maximum/couple' : 'gov/dwp/pension_credit/savings_credit/maximum/single',
    );
    const phaseIn = parameters.amount('gov/dwp/pension_credit/savings_credit/phase_in_rate');
    const taper = parameters.amount('gov/dwp/pension_credit/savings_credit/taper');
    const built = Math.min(maximum, basisPointsOf(Math.max(0, qualifying - threshold), phaseIn));
    const reduction = basisPointsOf(Math.max(0, income - minimumGuarantee), taper);
    savings = Math.max(0, built - reduction);
    explanation.push(
      explanations.say('savings-credit', { qualifying, threshold, maximum, phaseIn, taper, built, reduction, savings, minimumGuarantee }),
    );
  }

  const weekly = guarantee + savings;
  if (weekly === 0) {
    return { ...notEligible([...explanation, explanations.say('income-too-high', { minimumGuarantee })]), variables: guaranteeVariable(0) };
  }
  if (savings > 0) elements.push(line('SAVINGS_CREDIT', 'Savings credit', savings));
  const notShown = fired.first('amount-not-shown');
  if (notShown) explanation.push(explanations.say(String(notShown.event.params.explanation)));
  return {
    eligible: true,
    amountShown: !notShown,
    ...bothPeriods(weekly, 'WEEK'),
    elements,
    deductions: [line('INCOME', 'Income counted against the guarantee', Math.min(income, minimumGuarantee))],
    explanation,
    variables: guaranteeVariable(guarantee),
  };
}

/** Schedule IIA: the eldest child at the higher rate when born before 6 April 2017, the others at the standard rate, plus disability amounts. */
function childAdditions(children: readonly ChildFacts[], parameters: ParameterReader) {
  const standardRate = parameters.amount('gov/dwp/pension_credit/guarantee_credit/child/standard_rate');
  const higherFirst = children[0]!.bornBeforeHigherChildElementEnded;
  const firstRate = higherFirst ? parameters.amount('gov/dwp/pension_credit/guarantee_credit/child/first_child_higher_rate') : standardRate;
  const disabled = children.filter((child) => child.disability === 'LOWER').length;
  const severelyDisabled = children.filter((child) => child.disability === 'HIGHER').length;
  const disabledRate = disabled > 0 ? parameters.amount('gov/dwp/pension_credit/guarantee_credit/child/disabled_child') : 0;
  const severeRate = severelyDisabled > 0 ? parameters.amount('gov/dwp/pension_credit/guarantee_credit/child/severely_disabled_child') : 0;
  const total = firstRate + (children.length - 1) * standardRate + disabled * disabledRate + severelyDisabled * severeRate;
  return {
    count: children.length,
    higherFirst,
    firstRate,
    standardRate,
    others: children.length - 1,
    disabled,
    disabledRate,
    severelyDisabled,
    severeRate,
    total,
  };
}
