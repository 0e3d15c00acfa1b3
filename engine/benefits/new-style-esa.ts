import { benefitFacts, amountNotShown, notEligible, type BenefitCalculator } from '../core/benefit.js';
import { reportedBenefit, unearnedIncomeOf, type AdultFacts, type HouseholdFacts } from '../facts.js';
import { adultWording, hasHealthCondition } from './pip.js';

const possibleClaimants = (facts: HouseholdFacts): AdultFacts[] =>
  facts.adults.filter(
    (adult) =>
      adult.age >= 16 &&
      !adult.reachedStatePensionAge &&
      hasHealthCondition(adult) &&
      // Not paid to someone in prison or on remand (Welfare Reform Act 2007 s18(4)).
      adult.adult.awayFromHome?.reason !== 'PRISON' &&
      unearnedIncomeOf(adult, ['NEW_STYLE_ESA']).weekly === 0,
  );

/**
 * New Style ESA (WRA 2007 Part 1): an award already paid, as given; otherwise, for someone of working age with a
 * health condition, a possible claim with no amount (it rests on a National Insurance record we do not ask
 * about). The support group is assumed for the figures quoted, since the condition recorded is LCWRA or terminal
 * illness, which match it.
 */
export const newStyleEsa: BenefitCalculator = {
  code: 'NEW_STYLE_ESA',
  name: 'New Style Employment and Support Allowance',
  folder: 'new-style-esa',
  system: 'BOTH',
  meansTested: false,
  reads: [],
  facts: benefitFacts({
    reportedWeeklyPence: ({ facts }) => facts.adults.reduce((sum, adult) => sum + unearnedIncomeOf(adult, ['NEW_STYLE_ESA']).weekly, 0),
    possibleClaimantsCount: ({ facts }) => possibleClaimants(facts).length,
  }),
  calculate({ facts, parameters, explanations }, fired) {
    if (fired.has('receives')) {
      const reported = reportedBenefit(facts, 'NEW_STYLE_ESA');
      return {
        eligible: true,
        amountShown: true,
        ...reported,
        elements: [],
        deductions: [],
        explanation: [explanations.say('reported', { weekly: reported.weeklyPence })],
      };
    }
    if (fired.has('may-be-entitled')) {
      const basic = parameters.amount('gov/dwp/new_style_esa/amount/basic');
      const support = parameters.amount('gov/dwp/new_style_esa/amount/support_component');
      const explanation = possibleClaimants(facts).map((adult) =>
        explanations.say('may-be-entitled', {
          ...adultWording(adult),
          assessment: adult.age >= 25 ? basic : parameters.amount('gov/dwp/new_style_esa/amount/assessment_phase_under_25'),
          basic,
          support,
          supportGroup: basic + support,
        }),
      );
      return amountNotShown(explanation);
    }
    return notEligible(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))));
  },
};
