import { benefitFacts, notEligible, type BenefitCalculator } from '../core/benefit.js';
import { readsRates } from '../core/ruleset-facts.js';
import { adjustedNetIncome } from '../tax/adjusted-net-income.js';
import type { TaxInput } from '../tax/take-home-pay.js';
import { bothPeriods, scalePence } from '../../common/money.js';

/** The higher adjusted net income of the claimant and partner, yearly (the one who would pay the charge). */
function highestAdjustedNetIncome(input: TaxInput): number {
  const threshold = input.parameters.amount('gov/hmrc/income_tax/high_income_child_benefit_charge/threshold');
  return Math.max(...input.facts.adults.map((adult) => adjustedNetIncome(adult, input, threshold)));
}

/** Child Benefit (SSCBA 1992 s141-143): the eldest rate once, the other rate for every other child. */
export const childBenefit: BenefitCalculator = {
  code: 'CHILD_BENEFIT',
  name: 'Child Benefit',
  folder: 'child-benefit',
  system: 'BOTH',
  meansTested: false,
  reads: [],
  facts: benefitFacts({
    qualifyingChildCount: ({ facts }) => facts.qualifyingChildren.length,
    // The charge falls on the partner with the higher adjusted net income (ITEPA 2003 s681B).
    highestAdjustedNetIncomeYearlyPence: readsRates((input) => highestAdjustedNetIncome(input)),
  }),
  calculate({ facts, parameters, explanations }, fired) {
    if (!fired.has('eligible'))
      return notEligible(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))));
    const eldest = parameters.amount('gov/hmrc/child_benefit/amount/eldest');
    const otherRate = parameters.amount('gov/hmrc/child_benefit/amount/other_children');
    const others = facts.qualifyingChildren.length - 1;
    const weekly = eldest + others * otherRate;
    const explanation = [explanations.say('rates', { eldest, otherRate, others })];
    let charge = 0;
    if (fired.has('note')) {
      const threshold = parameters.amount('gov/hmrc/income_tax/high_income_child_benefit_charge/threshold');
      const step = parameters.amount('gov/hmrc/income_tax/high_income_child_benefit_charge/step');
      const income = highestAdjustedNetIncome({ facts, parameters });
      // 1% for each whole step above the threshold, at most 100% (ITEPA 2003 s681C(2) and (3)); rounded once, to the penny.
      const percent = Math.min(100, Math.floor((income - threshold) / step));
      charge = percent > 0 ? scalePence(weekly, percent, 100) : 0;
      if (charge > 0)
        explanation.push(
          explanations.say('high-income-charge', {
            income,
            // Earnings given after tax are grossed up at this year's rates: an estimate, and said to be one.
            estimated: facts.adults.some((adult) => adult.adult.earnings?.basis === 'NET'),
            threshold,
            step,
            share: percent,
            weekly: charge,
            all: percent === 100,
          }),
        );
    }
    return {
      eligible: true,
      amountShown: true,
      ...bothPeriods(weekly - charge, 'WEEK'),
      elements: [
        { code: 'ELDEST_CHILD', name: 'Eldest or only child', ...bothPeriods(eldest, 'WEEK') },
        ...(others > 0 ? [{ code: 'OTHER_CHILDREN', name: `Other children (${others})`, ...bothPeriods(others * otherRate, 'WEEK') }] : []),
      ],
      deductions:
        charge > 0
          ? [
              {
                code: 'HIGH_INCOME_CHILD_BENEFIT_CHARGE',
                name: 'High Income Child Benefit Charge, paid through tax',
                ...bothPeriods(charge, 'WEEK'),
              },
            ]
          : [],
      explanation,
    };
  },
};
