import { benefitFacts, notEligible, type BenefitCalculator } from '../core/benefit.js';
import { bothPeriods, moneyIn } from '../../common/money.js';

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
    highestAdultIncomeYearlyPence: ({ facts }) =>
      Math.max(
        ...facts.household.adults.map(
          (adult) =>
            moneyIn(adult.earnings, 'YEAR') +
            moneyIn(adult.selfEmployment?.profit, 'YEAR') +
            adult.otherIncome
              .filter((income) => income.type !== 'CHILD_MAINTENANCE')
              .reduce((sum, income) => sum + moneyIn(income, 'YEAR'), 0),
        ),
      ),
  }),
  calculate({ facts, parameters, explanations }, fired) {
    if (!fired.has('eligible'))
      return notEligible(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))));
    const eldest = parameters.amount('gov/hmrc/child_benefit/amount/eldest');
    const otherRate = parameters.amount('gov/hmrc/child_benefit/amount/other_children');
    const others = facts.qualifyingChildren.length - 1;
    const weekly = eldest + others * otherRate;
    const explanation = [explanations.say('rates', { eldest, otherRate, others })];
    if (fired.has('note')) {
      explanation.push(
        explanations.say('high-income-charge', {
          threshold: parameters.amount('gov/hmrc/income_tax/high_income_child_benefit_charge/threshold'),
        }),
      );
    }
    return {
      eligible: true,
      amountShown: true,
      ...bothPeriods(weekly, 'WEEK'),
      elements: [
        { code: 'ELDEST_CHILD', name: 'Eldest or only child', ...bothPeriods(eldest, 'WEEK') },
        ...(others > 0 ? [{ code: 'OTHER_CHILDREN', name: `Other children (${others})`, ...bothPeriods(others * otherRate, 'WEEK') }] : []),
      ],
      deductions: [],
      explanation,
    };
  },
};
