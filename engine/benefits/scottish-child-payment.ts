import { awardedAboveNil, benefitFacts, notEligible, type BenefitCalculator } from '../core/benefit.js';
import { bothPeriods } from '../../common/money.js';

/** Scottish Child Payment (SSI 2020/351): the weekly rate for each child under 16 of a family on UC or Pension Credit. */
export const scottishChildPayment: BenefitCalculator = {
  code: 'SCOTTISH_CHILD_PAYMENT',
  name: 'Scottish Child Payment',
  folder: 'scottish-child-payment',
  system: 'BOTH',
  meansTested: false,
  reads: ['UNIVERSAL_CREDIT', 'PENSION_CREDIT'],
  facts: benefitFacts({
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
    childrenUnder16Count: ({ facts }) => facts.children.filter((child) => child.age < 16).length,
    getsUniversalCredit: ({ earlier }) => awardedAboveNil(earlier.get('UNIVERSAL_CREDIT')),
    getsPensionCredit: ({ earlier }) => awardedAboveNil(earlier.get('PENSION_CREDIT')),
  }),
  calculate({ facts, parameters, explanations, earlier }, fired) {
    if (!fired.has('eligible'))
      return notEligible(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))));
    const rate = parameters.amount('gov/social_security_scotland/scottish_child_payment/amount');
    const count = facts.children.filter((child) => child.age < 16).length;
    const total = rate * count;
    const benefit = awardedAboveNil(earlier.get('UNIVERSAL_CREDIT')) ? 'Universal Credit' : 'Pension Credit';
    return {
      eligible: true,
      amountShown: true,
      ...bothPeriods(total, 'WEEK'),
      elements: [{ code: 'CHILDREN_UNDER_16', name: `Children under 16 (${count})`, ...bothPeriods(total, 'WEEK') }],
      deductions: [],
      explanation: [explanations.say('rate', { rate, count, total, benefit })],
    };
  },
};
