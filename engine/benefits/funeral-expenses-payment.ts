import { awardedAboveNil, benefitFacts, notEligibleOnce, paidOnce, type BenefitCalculator } from '../core/benefit.js';
import { penceFromPounds } from '../../common/money.js';

/** The qualifying benefits worked out here (SI 2005/3061 reg 7(4)): Universal Credit, Pension Credit, Housing Benefit. */
const QUALIFYING = [
  { code: 'UNIVERSAL_CREDIT', name: 'Universal Credit' },
  { code: 'PENSION_CREDIT', name: 'Pension Credit' },
  { code: 'HOUSING_BENEFIT', name: 'Housing Benefit' },
] as const;

/**
 * Funeral Expenses Payment (Social Fund Maternity and Funeral Expenses (General) Regulations 2005, SI 2005/3061, regs
 * 7 to 10; Northern Ireland's SR 2005/506 the same): a lump sum to the person responsible for a funeral who gets a
 * qualifying benefit: the burial or cremation costs in full, the other expenses up to a limit, less money available
 * from the estate, insurance or a plan. Scotland pays the Funeral Support Payment instead.
 */
export const funeralExpensesPayment: BenefitCalculator = {
  code: 'FUNERAL_EXPENSES_PAYMENT',
  name: 'Funeral Expenses Payment',
  folder: 'funeral-expenses-payment',
  system: 'BOTH',
  meansTested: false,
  reads: ['UNIVERSAL_CREDIT', 'PENSION_CREDIT', 'HOUSING_BENEFIT'],
  facts: benefitFacts({
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
    responsibleForFuneral: ({ facts }) => facts.household.funeral !== undefined,
    closeRelativeOrFriend: ({ facts }) => ['CLOSE_RELATIVE', 'CLOSE_FRIEND'].includes(facts.household.funeral?.relationship ?? ''),
    closerFamilyNotOnBenefits: ({ facts }) => facts.household.funeral?.closerFamilyNotOnBenefits === true,
    getsQualifyingBenefit: ({ earlier }) => QUALIFYING.some(({ code }) => awardedAboveNil(earlier.get(code))),
  }),
  calculate({ facts, parameters, explanations, earlier }, fired) {
    if (!fired.has('eligible'))
      return notEligibleOnce(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))));
    const funeral = facts.household.funeral!;
    const limit = parameters.amount(
      funeral.prepaidPlan
        ? 'gov/dwp/funeral_expenses_payment/other_expenses_prepaid_plan'
        : 'gov/dwp/funeral_expenses_payment/other_expenses',
    );
    const benefit = QUALIFYING.find(({ code }) => awardedAboveNil(earlier.get(code)))!.name;
    const explanation = [explanations.say('qualifies', { benefit, limit, prepaidPlan: funeral.prepaidPlan })];
    if (funeral.necessaryCosts === undefined) {
      explanation.push(explanations.say('costs-not-known'), explanations.say('claim-by'));
      return { ...notEligibleOnce(explanation), eligible: true, amountShown: false };
    }
    const necessary = penceFromPounds(funeral.necessaryCosts);
    const other = Math.min(penceFromPounds(funeral.otherCosts), limit);
    const available = penceFromPounds(funeral.moneyAvailable);
    // Money from the estate, insurance, a plan or a charity is taken off the whole (reg 10); never below nothing.
    const taken = Math.min(available, necessary + other);
    explanation.push(explanations.say('amount', { necessary, other, limit, taken, total: necessary + other - taken }));
    // Met in full by the money available: nothing is paid.
    if (necessary + other - taken === 0) return notEligibleOnce([...explanation, explanations.say('all-met')]);
    explanation.push(explanations.say('claim-by'));
    const parts = [
      { code: 'BURIAL_OR_CREMATION', name: 'Burial or cremation costs', lumpSumPence: necessary },
      { code: 'OTHER_EXPENSES', name: 'Other funeral expenses', lumpSumPence: other },
    ];
    const payment = paidOnce(parts, explanation);
    return {
      ...payment,
      lumpSumPence: necessary + other - taken,
      deductions:
        taken > 0
          ? [
              {
                code: 'MONEY_AVAILABLE',
                name: 'Money from the estate, insurance or a plan',
                weeklyPence: 0,
                monthlyPence: 0,
                lumpSumPence: taken,
              },
            ]
          : [],
    };
  },
};
