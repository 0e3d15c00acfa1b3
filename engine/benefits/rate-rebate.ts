import { awardedAboveNil, benefitFacts, notEligible, type BenefitCalculator, type BenefitOutcome } from '../core/benefit.js';
import { basisPointsOf, bothPeriods, penceFromPounds, scalePence, type Pence } from '../../common/money.js';
import { UC_EARNED_INCOME, UC_MAXIMUM_AMOUNT, UC_UNEARNED_INCOME, UC_WORK_ALLOWANCE } from './universal-credit/index.js';

/** One of Universal Credit's means-test figures (monthly), from the variables it reports. */
const figureOf = (universalCredit: BenefitOutcome, name: string): Pence =>
  universalCredit.variables.find((variable) => variable.name === name)?.monthlyPence ?? 0;

/** The rates charge a year, in pence, where the household is liable and gave it. */
const yearlyRates = (charge: number | null): Pence => (charge === null ? 0 : penceFromPounds(charge));

/**
 * Rate Rebate (Rate Relief Regulations (Northern Ireland) 2017, SR 2017/184, Part 3): Northern Ireland's help with
 * rates for a Universal Credit claimant, worked out monthly (an attribution period of a month, reg 2) from Universal
 * Credit's own figures. Eligible rates are the yearly charge / 12 (reg 12(2)). Income is Universal Credit's
 * assessment of unearned income (tariff income included) and net earnings less half the work allowance (never below
 * nil), plus the award itself (reg 10(7), as substituted by SR 2020/308); with no income above the maximum amount the
 * rebate is the whole of the rates, else the rates less 15% of the excess (reg 10(3)), each share rounded to the penny.
 */
export const rateRebate: BenefitCalculator = {
  code: 'RATE_REBATE',
  name: 'Rate Rebate',
  folder: 'rate-rebate',
  system: 'UNIVERSAL_CREDIT',
  meansTested: true,
  reads: ['UNIVERSAL_CREDIT'],
  facts: benefitFacts({
    inNorthernIreland: ({ facts }) => facts.country === 'NORTHERN_IRELAND',
    liableForRates: ({ facts }) => facts.councilTax.liable && yearlyRates(facts.councilTax.annualCharge) > 0,
    getsUniversalCredit: ({ earlier }) => awardedAboveNil(earlier.get('UNIVERSAL_CREDIT')),
  }),
  calculate({ facts, parameters, explanations, earlier }, fired) {
    if (!fired.has('eligible'))
      return notEligible(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))));
    const universalCredit = earlier.get('UNIVERSAL_CREDIT')!;
    const yearly = yearlyRates(facts.councilTax.annualCharge);
    const eligible = scalePence(yearly, 1, 12);
    const award = universalCredit.monthlyPence;
    const maximum = figureOf(universalCredit, UC_MAXIMUM_AMOUNT);
    const earnings = figureOf(universalCredit, UC_EARNED_INCOME);
    const unearned = figureOf(universalCredit, UC_UNEARNED_INCOME);
    const disregard = basisPointsOf(
      figureOf(universalCredit, UC_WORK_ALLOWANCE),
      parameters.amount('gov/dof_ni/rate_rebate/work_allowance_disregard'),
    );
    const counted = Math.max(0, earnings - disregard);
    const income = award + counted + unearned;
    const excess = Math.max(0, income - maximum);
    const taper = parameters.amount('gov/dof_ni/rate_rebate/taper');
    const cut = basisPointsOf(excess, taper);
    const rebate = Math.max(0, eligible - cut);
    const explanation = [
      explanations.say('eligible-rates', { yearly, eligible }),
      explanations.say('income', { income, award, earnings, disregard, counted, unearned }),
    ];
    const words = { maximum, excess, taper, cut, eligible, rebate };
    if (rebate === 0) return notEligible([...explanation, explanations.say('income-too-high', words)]);
    explanation.push(explanations.say(excess === 0 ? 'full' : 'tapered', words), explanations.say('how-paid'));
    return {
      eligible: true,
      amountShown: true,
      ...bothPeriods(rebate, 'MONTH'),
      elements: [{ code: 'ELIGIBLE_RATES', name: 'Rates', ...bothPeriods(eligible, 'MONTH') }],
      deductions:
        cut > 0
          ? [{ code: 'INCOME_ABOVE_MAXIMUM', name: 'Income above the maximum amount', ...bothPeriods(Math.min(cut, eligible), 'MONTH') }]
          : [],
      explanation,
    };
  },
};
