import {
  benefitFacts,
  notEligible,
  paidWeekly,
  type AmountLine,
  type BenefitCalculator,
  type CalculationInput,
  type HouseholdFactInput,
} from '../core/benefit.js';
import type { FactValue } from '../core/ruleset.js';
import { readsRates, type FactFunction, type FactFunctions } from '../core/ruleset-facts.js';
import { unearnedIncomeOf, type AdultFacts } from '../facts.js';
import { bothPeriods, type Pence } from '../../common/money.js';
import { selfEmployedNetProfit, takeHomePay } from '../tax/take-home-pay.js';
import { adultWording } from './pip.js';

/**
 * Net earnings for the earnings limit, a week: take-home pay plus self-employed profit after tax and Class 4.
 * The law takes off allowable expenses too (half of pension contributions, some care costs; ICA Regs 1976 reg 8
 * and Sch 3): they are not asked, so the figure can be a little high and the result says so.
 */
function netEarningsWeekly(adult: AdultFacts, input: CalculationInput): Pence {
  return takeHomePay(adult, input).weekly + Math.max(0, selfEmployedNetProfit(adult, input).weekly);
}

const statePensionWeekly = (adult: AdultFacts): Pence => unearnedIncomeOf(adult, ['STATE_PENSION']).weekly;

/** The facts the ruleset reads of the claimant or the partner, named for them (`claimantCaringHours`...); 0 or false for no partner. */
function adultFacts(
  who: 'claimant' | 'partner',
  adultOf: (input: HouseholdFactInput) => AdultFacts | null,
): FactFunctions<CalculationInput, string, HouseholdFactInput> {
  const fact =
    (read: (adult: AdultFacts) => FactValue, none: FactValue): FactFunction<HouseholdFactInput> =>
    (input) => {
      const adult = adultOf(input);
      return adult ? read(adult) : none;
    };
  return {
    [`${who}CaringHours`]: fact((adult) => adult.caringHoursPerWeek, 0),
    [`${who}CaredForGetsQualifyingBenefit`]: fact((adult) => adult.caredForGetsQualifyingBenefit, false),
    [`${who}Age`]: fact((adult) => adult.age, 0),
    [`${who}FullTimeStudent`]: fact((adult) => adult.student, false),
    [`${who}NonAdvancedStudentWithoutParentalSupport`]: fact(
      (adult) => adult.student && adult.adult.nonAdvancedCourseWithoutParentalSupport === true,
      false,
    ),
    [`${who}AdvancedStudent`]: fact((adult) => adult.student && adult.adult.advancedCourse === true, false),
    // The claim's children are the couple's: either partner is responsible for them.
    [`${who}ResponsibleForChild`]: (input) => adultOf(input) !== null && input.facts.qualifyingChildren.length > 0,
    // Take-home pay reads the tax rates, which the result cites.
    [`${who}NetEarningsWeeklyPence`]: readsRates((input: CalculationInput) => {
      const adult = adultOf(input);
      return adult ? netEarningsWeekly(adult, input) : 0;
    }),
    [`${who}StatePensionWeeklyPence`]: fact(statePensionWeekly, 0),
  };
}

/** Carer's Allowance (SSCBA 1992 s70): the weekly rate for each adult who qualifies, less any State Pension. */
export const carersAllowance: BenefitCalculator = {
  code: 'CARERS_ALLOWANCE',
  name: "Carer's Allowance",
  folder: 'carers-allowance',
  system: 'BOTH',
  meansTested: false,
  reads: [],
  facts: benefitFacts({
    ...adultFacts('claimant', (input) => input.facts.claimant),
    // A partner subject to immigration control may not claim it (a public fund), nor a partner in prison.
    ...adultFacts('partner', (input) => (input.facts.singleClaimBecause === null ? input.facts.partner : null)),
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
  }),
  calculate(input, fired) {
    const { facts, parameters, explanations } = input;
    // Scotland's Carer Support Payment in its place there (the ruleset's names).
    const benefit = input.nationalName ?? "Carer's Allowance";
    const adultOf = (code: unknown) => (code === 'PARTNER' ? facts.partner! : facts.claimant);
    const limit = parameters.amount('gov/dwp/carers_allowance/earnings_limit');
    const notes = fired.ofType('note').map((rule) => explanations.say(String(rule.event.params.explanation), { benefit }));
    const carers = fired.ofType('eligible').map((rule) => rule.event.params.code);
    if (carers.length === 0) {
      const reasons = fired.ofType('not-eligible').map((rule) => {
        const adult = adultOf(rule.event.params.code);
        return explanations.say(String(rule.event.params.explanation), {
          ...adultWording(adult),
          benefit,
          earnings: netEarningsWeekly(adult, input),
          limit,
          // The age a rule's reason names (Scotland's full-time students), read from the parameter its event gives.
          ageLimit: rule.event.params.parameter === undefined ? null : parameters.value(String(rule.event.params.parameter)),
        });
      });
      return notEligible([...reasons, ...notes]);
    }
    const rate = parameters.amount('gov/dwp/carers_allowance/rate');
    const hours = parameters.amount('gov/dwp/carers_allowance/min_hours');
    const explanation: string[] = [];
    const elements: AmountLine[] = [];
    for (const code of carers) {
      const adult = adultOf(code);
      const wording = adultWording(adult);
      const statePension = statePensionWeekly(adult);
      explanation.push(explanations.say('rate', { ...wording, benefit, rate, hours, earnings: netEarningsWeekly(adult, input), limit }));
      let amount = rate;
      if (fired.has('underlying-entitlement', String(code))) {
        amount = 0;
        explanation.push(explanations.say('underlying-entitlement', { ...wording, benefit, statePension, rate }));
      } else if (fired.has('overlap-reduced', String(code))) {
        amount = rate - statePension;
        explanation.push(explanations.say('overlap-reduced', { ...wording, benefit, statePension, rate, amount }));
      }
      elements.push({
        code: `${String(code)}_CARERS_ALLOWANCE`,
        name: `${benefit} (${wording.whoLower})`,
        ...bothPeriods(amount, 'WEEK'),
      });
      // Scotland's supplement, for each week Carer Support Payment is payable; the ruleset's event names its rate.
      const supplementRule = fired.first('supplement');
      const supplement = supplementRule && amount > 0 ? parameters.amount(String(supplementRule.event.params.parameter)) : 0;
      if (supplement > 0) {
        elements.push({
          code: `${String(code)}_SCOTTISH_CARER_SUPPLEMENT`,
          name: `Scottish Carer Supplement (${wording.whoLower})`,
          ...bothPeriods(supplement, 'WEEK'),
        });
        explanation.push(explanations.say('supplement', { ...wording, supplement }));
      }
    }
    return paidWeekly(elements, [...explanation, ...notes]);
  },
};
