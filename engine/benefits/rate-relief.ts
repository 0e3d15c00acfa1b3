import { benefitFacts, notEligible, type BenefitCalculator } from '../core/benefit.js';
import { claimantLivesInHospitalOrCareHome } from '../facts.js';
import { basisPointsOf, bothPeriods } from '../../common/money.js';
import {
  HB_ELIGIBLE_RATES,
  HB_EXCESS_INCOME,
  HB_RATES_AWARD,
  housingBenefitRatesFigure,
  pensionAgeTariffIncome,
  weeklyRates,
} from './housing-benefit.js';

/**
 * Rate Relief at State Pension age in Northern Ireland (Rate Relief (Qualifying Age) Regulations (Northern Ireland)
 * 2007, SR 2007/203, often called Low Income Rate Relief), worked out weekly on Housing Benefit's own means test,
 * which it reads: for a person whose Housing Benefit is less than all the rates (reg 7), the maximum rate relief
 * (the eligible rates) less 12% of the income above the applicable amount, less the Housing Benefit for rates
 * (reg 22); none when that is nil or less. So the person pays at most 12% of their excess income towards the rates.
 * With savings between Housing Benefit's limit (£16,000) and Rate Relief's (£50,000), Housing Benefit reports the same
 * means test with none of it paid, and tariff income runs on up to £50,000 (reg 19 as amended by SR 2008/68).
 */
export const rateRelief: BenefitCalculator = {
  code: 'RATE_RELIEF',
  name: 'Rate Relief',
  folder: 'rate-relief',
  system: 'LEGACY_AND_PENSION_AGE',
  meansTested: true,
  reads: ['HOUSING_BENEFIT'],
  facts: benefitFacts({
    inNorthernIreland: ({ facts }) => facts.country === 'NORTHERN_IRELAND',
    allReachedStatePensionAge: ({ facts }) => facts.system === 'PENSION_AGE',
    liableForRates: ({ facts }) => weeklyRates(facts) > 0,
    capitalPence: ({ facts }) => facts.capital,
    claimantLivesInHospitalOrCareHome: ({ facts }) => claimantLivesInHospitalOrCareHome(facts),
    housingBenefitWorkedOutRates: ({ earlier }) =>
      housingBenefitRatesFigure(earlier.get('HOUSING_BENEFIT'), HB_ELIGIBLE_RATES) !== undefined,
    housingBenefitPaysAllRates: ({ earlier }) => {
      const housingBenefit = earlier.get('HOUSING_BENEFIT');
      const rates = housingBenefitRatesFigure(housingBenefit, HB_ELIGIBLE_RATES);
      return rates !== undefined && (housingBenefitRatesFigure(housingBenefit, HB_RATES_AWARD) ?? 0) >= rates;
    },
  }),
  calculate({ facts, parameters, explanations, earlier }, fired) {
    const taper = parameters.amount('gov/dof_ni/rate_relief/taper');
    const limits = {
      limit: parameters.amount('gov/dof_ni/rate_relief/capital_upper_limit'),
      housingBenefitLimit: parameters.amount('gov/dwp/housing_benefit/means_test/capital/pension_age/upper_limit'),
      taper,
    };
    const refusals = fired.ofType('not-eligible');
    if (refusals.length > 0 || !fired.has('eligible'))
      return notEligible(refusals.map((rule) => explanations.say(String(rule.event.params.explanation), limits)));
    const notShown = fired.first('amount-not-shown');
    if (notShown)
      return { ...notEligible([explanations.say(String(notShown.event.params.explanation), limits)]), eligible: true, amountShown: false };
    const housingBenefit = earlier.get('HOUSING_BENEFIT');
    const rates = housingBenefitRatesFigure(housingBenefit, HB_ELIGIBLE_RATES)!;
    const paid = housingBenefitRatesFigure(housingBenefit, HB_RATES_AWARD) ?? 0;
    const excess = housingBenefitRatesFigure(housingBenefit, HB_EXCESS_INCOME) ?? 0;
    const cut = basisPointsOf(excess, taper);
    const help = Math.max(0, rates - cut);
    const relief = Math.max(0, help - paid);
    // Over Housing Benefit's capital limit, the savings that stop it count here as tariff income.
    const savings =
      facts.capital > limits.housingBenefitLimit
        ? [
            explanations.say('savings-over-housing-benefit-limit', {
              ...limits,
              capital: facts.capital,
              ...pensionAgeTariffIncome(facts, parameters),
            }),
          ]
        : [];
    if (relief === 0) return notEligible([...savings, explanations.say('income-too-high', { excess, taper, cut, rates })]);
    return {
      eligible: true,
      amountShown: true,
      ...bothPeriods(relief, 'WEEK'),
      elements: [{ code: 'ELIGIBLE_RATES', name: 'Eligible rates', ...bothPeriods(rates, 'WEEK') }],
      deductions: [
        ...(cut > 0
          ? [
              {
                code: 'INCOME_ABOVE_APPLICABLE_AMOUNT',
                name: `Income above the applicable amount (${taper / 100}%)`,
                ...bothPeriods(Math.min(cut, rates), 'WEEK'),
              },
            ]
          : []),
        ...(paid > 0 ? [{ code: 'HOUSING_BENEFIT_FOR_RATES', name: 'Housing Benefit for rates', ...bothPeriods(paid, 'WEEK') }] : []),
      ],
      explanation: [
        ...savings,
        explanations.say('worked-out', { excess, taper, cut, rates, help, housingBenefit: paid, relief }),
        explanations.say('how-paid'),
      ],
    };
  },
};
