import { benefitFacts, amountNotShown, notEligible, type BenefitCalculator, type CalculationInput } from '../core/benefit.js';
import { readsRates } from '../core/ruleset-facts.js';
import { reportedBenefit, unearnedIncomeOf, type AdultFacts } from '../facts.js';
import { adultWording, hasHealthCondition } from './pip.js';

function possibleJobseekers({ facts, parameters }: Pick<CalculationInput, 'facts' | 'parameters'>): AdultFacts[] {
  const hours = parameters.amount('gov/dwp/new_style_jsa/remunerative_work_hours');
  return facts.adults.filter(
    (adult) =>
      adult.age >= 18 &&
      !adult.reachedStatePensionAge &&
      adult.hoursPerWeek < hours &&
      !adult.student &&
      !hasHealthCondition(adult) &&
      // Someone in hospital, a care home or prison is not available for work (Jobseekers Act 1995 s1(2)(a)).
      !adult.adult.awayFromHome &&
      unearnedIncomeOf(adult, ['NEW_STYLE_JSA', 'NEW_STYLE_ESA']).weekly === 0,
  );
}

/**
 * New Style JSA (Jobseekers Act 1995): an award already paid, as given; otherwise, for someone of working age out
 * of work, a possible claim with no amount, since it rests on a National Insurance record we do not ask about.
 */
export const newStyleJsa: BenefitCalculator = {
  code: 'NEW_STYLE_JSA',
  name: "New Style Jobseeker's Allowance",
  folder: 'new-style-jsa',
  system: 'BOTH',
  meansTested: false,
  reads: [],
  facts: benefitFacts({
    reportedWeeklyPence: ({ facts }) => facts.adults.reduce((sum, adult) => sum + unearnedIncomeOf(adult, ['NEW_STYLE_JSA']).weekly, 0),
    possibleJobseekersCount: readsRates((input) => possibleJobseekers(input).length),
  }),
  calculate(input, fired) {
    const { facts, parameters, explanations } = input;
    if (fired.has('receives')) {
      const reported = reportedBenefit(facts, 'NEW_STYLE_JSA');
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
      const explanation = possibleJobseekers(input).map((adult) =>
        explanations.say('may-be-entitled', {
          ...adultWording(adult),
          rate: parameters.amount(
            adult.age >= 25 ? 'gov/dwp/new_style_jsa/amount/aged_25_or_over' : 'gov/dwp/new_style_jsa/amount/under_25',
          ),
        }),
      );
      return amountNotShown(explanation);
    }
    return notEligible([explanations.say('no-jobseeker', { hours: parameters.amount('gov/dwp/new_style_jsa/remunerative_work_hours') })]);
  },
};
