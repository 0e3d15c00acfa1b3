import {
  benefitFacts,
  notEligible,
  type AmountLine,
  type ResultVariable,
  type BenefitCalculator,
  type BenefitOutcome,
  type CalculatedBenefit,
  type CalculationInput,
  withPublicFundsWarning,
} from '../core/benefit.js';
import type { ParameterReader } from '../core/parameters.js';
import type { FiredRules } from '../core/ruleset.js';
import { claimantAlone, claimantLivesInHospitalOrCareHome, type HouseholdFacts } from '../facts.js';
import type { NonDependant } from '../household.js';
import {
  basisPointsOf,
  bothPeriods,
  formatAmount,
  moneyIn,
  penceFromPounds,
  scalePence,
  sumPence,
  type Pence,
} from '../../common/money.js';
import { LHA_CATEGORY_WORDS, type LhaCategory } from '../local-housing-allowance.js';
import { localHousingAllowanceFor, type LhaUsed } from './local-housing-allowance-used.js';
import { PENSION_CREDIT_GUARANTEE } from './pension-credit.js';
import { bedroomEntitlement } from './universal-credit-household.js';
import {
  benefitUnit,
  carerAmountsPaid,
  claimantOrPartnerGetsNonDependantExemptingBenefit,
  disabledChildCount,
  nonDependantAdultCount,
  nonDependantAdults,
  PENSION_AGE_MEANS_TEST_FACTS,
  weeklyEarnings,
  weeklyUnearnedIncome,
} from '../facts/pension-age-means-test.js';
import { tariffIncome } from '../facts/capital.js';

/** The higher pension-age personal allowances are for people who reached State Pension age before this date (HB circular A3/2021). */
export const HIGHER_PERSONAL_ALLOWANCE_BEFORE = '2021-04-01';

const line = (code: string, name: string, weekly: Pence): AmountLine => ({ code, name, ...bothPeriods(weekly, 'WEEK') });

/**
 * What Northern Ireland's other help with rates reads from Housing Benefit (weekly), reported only where Housing
 * Benefit worked its rates part out: the eligible rates, the Housing Benefit paid for them, and the income above the
 * applicable amount (0 with the guarantee credit, or with income not above it).
 */
export const HB_ELIGIBLE_RATES = 'HB_ELIGIBLE_RATES';
export const HB_RATES_AWARD = 'HB_RATES_AWARD';
export const HB_EXCESS_INCOME = 'HB_EXCESS_INCOME';

/** A weekly figure Housing Benefit reports for its rates part; undefined when it did not work that part out. */
export const housingBenefitRatesFigure = (housingBenefit: BenefitOutcome | undefined, name: string): Pence | undefined =>
  housingBenefit?.variables.find((variable) => variable.name === name)?.weeklyPence;

/**
 * The rates a week a household in Northern Ireland is liable for, from the yearly charge (/ 52, as the rates are
 * billed for the year and Housing Benefit is worked out weekly); 0 elsewhere, when not liable or not given.
 */
export function weeklyRates(facts: HouseholdFacts): Pence {
  const { liable, annualCharge } = facts.councilTax;
  if (facts.country !== 'NORTHERN_IRELAND' || !liable || annualCharge === null || annualCharge <= 0) return 0;
  return scalePence(penceFromPounds(annualCharge), 1, 52);
}

/**
 * Housing Benefit's household: a claimant over State Pension age whose partner under it cannot be in a Universal Credit
 * claim with them (subject to immigration control, or in prison: UC Regs 2013 reg 3(3)) gets pension-age Housing
 * Benefit as a single person, on their own income (Housing Benefit and State Pension Credit (Mixed-Age Couples)
 * (Amendment) Order 2019 (SI 2019/37) art 7, as substituted by SI 2020/655 reg 7; DMG para 77172). With both over it,
 * the couple is counted as usual.
 */
export function housingBenefitHousehold(facts: HouseholdFacts): HouseholdFacts {
  if (facts.system !== 'PENSION_AGE' || facts.singleClaimBecause === null || facts.partner?.reachedStatePensionAge !== false) return facts;
  return claimantAlone(facts);
}

/** Whether the guarantee credit of Pension Credit is paid, from the Pension Credit worked out before. */
function getsGuaranteeCredit(earlier: CalculationInput['earlier']): boolean {
  const pensionCredit = earlier.get('PENSION_CREDIT');
  return (
    (pensionCredit?.eligible ?? false) &&
    (pensionCredit?.variables.find((variable) => variable.name === PENSION_CREDIT_GUARANTEE)?.weeklyPence ?? 0) > 0
  );
}

function isPaid(outcome: BenefitOutcome | undefined): boolean {
  return outcome !== undefined && outcome.eligible && outcome.weeklyPence > 0;
}

/**
 * Housing Benefit (SSCBA 1992 s130; HB Regs 2006 and HB (SPC) Regs 2006), worked out weekly: maximum Housing
 * Benefit is the eligible rent less non-dependant deductions; with the guarantee credit or Universal Credit it is
 * paid in full, otherwise it is reduced by 65% of income above the applicable amount. Rounded only where the
 * taper is taken.
 */
export const housingBenefit: BenefitCalculator = {
  code: 'HOUSING_BENEFIT',
  name: 'Housing Benefit',
  folder: 'housing-benefit',
  system: 'LEGACY_AND_PENSION_AGE',
  meansTested: true,
  reads: ['UNIVERSAL_CREDIT', 'PENSION_CREDIT'],
  household: housingBenefitHousehold,
  facts: benefitFacts({
    ...PENSION_AGE_MEANS_TEST_FACTS,
    allReachedStatePensionAge: ({ facts }) => facts.system === 'PENSION_AGE',
    tenure: ({ facts }) => facts.tenure,
    weeklyRentPence: ({ facts }) => facts.rent.weekly + facts.serviceCharges.weekly,
    capitalPence: ({ facts }) => facts.capital,
    getsGuaranteeCredit: ({ earlier }) => getsGuaranteeCredit(earlier),
    getsUniversalCredit: ({ earlier }) => isPaid(earlier.get('UNIVERSAL_CREDIT')),
    claimantOrPartnerGetsCareBenefit: ({ facts }) => claimantOrPartnerGetsNonDependantExemptingBenefit(facts),
    disabledChildCount: ({ facts }) => disabledChildCount(facts),
    claimantLivesInHospitalOrCareHome: ({ facts }) => claimantLivesInHospitalOrCareHome(facts),
    inNorthernIreland: ({ facts }) => facts.country === 'NORTHERN_IRELAND',
    weeklyRatesPence: ({ facts }) => weeklyRates(facts),
  }),
  calculate(input, fired) {
    const { facts, explanations } = input;
    // Working-age Housing Benefit for specified or temporary accommodation is paid alongside Universal Credit and counts in its total.
    const system = facts.system === 'PENSION_AGE' ? 'LEGACY_AND_PENSION_AGE' : 'UNIVERSAL_CREDIT';
    const refusal = fired.first('not-eligible');
    if (refusal || !fired.has('eligible')) {
      const reasons = fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation)));
      const refused = notEligible(reasons.length > 0 ? reasons : [explanations.say('not-renting')], system);
      const variables = ratesFiguresOverCapitalLimit(input, fired);
      return variables.length > 0 ? { ...refused, variables } : refused;
    }
    return { ...withPublicFundsWarning(housingBenefitAward(input, fired), input), system };
  },
};

function housingBenefitAward(input: CalculationInput, fired: FiredRules): CalculatedBenefit {
  const { facts, parameters, explanations } = input;
  const explanation: string[] = [];
  let rent = facts.rent.weekly + facts.serviceCharges.weekly;
  let lhaUsed: LhaUsed | null = null;
  const rates = fired.has('eligible', 'PENSION_AGE_RATES') ? weeklyRates(facts) : 0;
  if (fired.has('local-housing-allowance') && rent > 0) {
    ({ rent, lhaUsed } = privateTenantEligibleRent(input, rent, explanation));
  } else if (rent > 0 || rates === 0) {
    explanation.push(explanations.say('eligible-rent', { rent, serviceCharges: facts.serviceCharges.weekly }));
  }

  const deductions = nonDependantDeductions(facts, parameters, fired);
  const totalDeductions = sumPence(deductions.map((deduction) => deduction.weeklyPence));
  if (fired.has('no-non-dependant-deductions') && nonDependantAdultCount(facts, parameters) > 0)
    explanation.push(explanations.say('non-dependants-exempt'));
  if (totalDeductions > 0 && rent > 0)
    explanation.push(explanations.say('non-dependant-deductions', { count: deductions.length, total: totalDeductions }));
  const rentMaximum = Math.max(0, rent - totalDeductions);
  // Northern Ireland, over State Pension age: Housing Benefit for the rates too. The deduction for a non-dependant
  // from help with rates is not held for Northern Ireland, so with one the rates part is not worked out (and said).
  const ratesWorkedOut = rates > 0 && totalDeductions === 0;
  const ratesMaximum = ratesWorkedOut ? rates : 0;
  if (rates > 0) {
    explanation.push(explanations.say('eligible-rates', { yearly: penceFromPounds(facts.councilTax.annualCharge ?? 0), rates }));
    if (!ratesWorkedOut) explanation.push(explanations.say('rates-non-dependants'));
  }
  const maximum = rentMaximum + ratesMaximum;
  if (maximum === 0) {
    if (rates > 0 && !ratesWorkedOut)
      return { ...notEligible(explanation), eligible: true, amountShown: false, localHousingAllowance: lhaUsed };
    return { ...notEligible([...explanation, explanations.say('deductions-exceed-rent')]), localHousingAllowance: lhaUsed };
  }

  const passport = fired.first('passport');
  const notShown = fired.first('amount-not-shown');
  let rentAward = rentMaximum;
  let ratesAward = ratesMaximum;
  let excess = 0;
  const rentTaper = parameters.amount('gov/dwp/housing_benefit/means_test/taper');
  const ratesTaper = ratesWorkedOut ? parameters.amount('gov/dfc_ni/housing_benefit/rates_taper') : 0;
  if (passport) {
    explanation.push(
      explanations.say(passport.event.params.code === 'GUARANTEE_CREDIT' ? 'guarantee-credit-passport' : 'universal-credit-passport', {
        maximum,
      }),
    );
  } else if (notShown) {
    explanation.push(explanations.say(String(notShown.event.params.explanation)));
    rentAward = 0;
    ratesAward = 0;
  } else {
    const applicable = pensionAgeApplicableAmount(facts, parameters, fired);
    const income = pensionAgeIncome(input, fired, explanation);
    explanation.push(explanations.say('applicable-amount', applicableAmountWording(applicable)));
    excess = Math.max(0, income - applicable.total);
    // Each part is reduced by its own share of the whole excess (the "prescribed percentages" of SSCBA 1992 s130(3)(b)
    // and its Northern Ireland twin, s129(3)(b)).
    const rentReduction = basisPointsOf(excess, rentTaper);
    const ratesReduction = basisPointsOf(excess, ratesTaper);
    rentAward = Math.max(0, rentMaximum - rentReduction);
    ratesAward = Math.max(0, ratesMaximum - ratesReduction);
    if (excess === 0)
      explanation.push(explanations.say('income-below-applicable-amount', { income, applicable: applicable.total, weekly: maximum }));
    else {
      if (rentMaximum > 0)
        explanation.push(
          explanations.say('taper', {
            income,
            applicable: applicable.total,
            excess,
            taper: rentTaper,
            reduction: rentReduction,
            maximum: rentMaximum,
            weekly: rentAward,
          }),
        );
      if (ratesMaximum > 0)
        explanation.push(
          explanations.say('rates-taper', {
            income,
            excess,
            taper: ratesTaper,
            reduction: ratesReduction,
            rates: ratesMaximum,
            weekly: ratesAward,
            alone: rentMaximum === 0,
          }),
        );
    }
  }
  const weekly = rentAward + ratesAward;
  const variables: ResultVariable[] = ratesWorkedOut
    ? [
        { name: HB_ELIGIBLE_RATES, ...bothPeriods(ratesMaximum, 'WEEK') },
        { name: HB_RATES_AWARD, ...bothPeriods(ratesAward, 'WEEK') },
        { name: HB_EXCESS_INCOME, ...bothPeriods(excess, 'WEEK') },
      ]
    : [];
  if (weekly === 0 && !notShown)
    return { ...notEligible([...explanation, explanations.say('income-too-high')]), localHousingAllowance: lhaUsed, variables };
  if (rentMaximum > 0 && ratesMaximum > 0 && rentAward > 0 && ratesAward > 0 && !notShown)
    explanation.push(explanations.say('rent-and-rates', { rent: rentAward, rates: ratesAward, weekly }));
  const tapered = !notShown && !passport;
  return {
    eligible: true,
    amountShown: !notShown,
    ...bothPeriods(notShown ? 0 : weekly, 'WEEK'),
    elements: [
      ...(rent > 0 || rates === 0 ? [line('ELIGIBLE_RENT', 'Eligible rent and service charges', rent)] : []),
      ...(rates > 0 ? [line('ELIGIBLE_RATES', 'Eligible rates', rates)] : []),
    ],
    deductions: [
      ...deductions,
      ...(tapered && rentAward < rentMaximum
        ? [line('INCOME_TAPER', `Income above the applicable amount (${rentTaper / 100}%)`, rentMaximum - rentAward)]
        : []),
      ...(tapered && ratesAward < ratesMaximum
        ? [line('INCOME_TAPER_RATES', `Income above the applicable amount, on rates (${ratesTaper / 100}%)`, ratesMaximum - ratesAward)]
        : []),
    ],
    explanation,
    localHousingAllowance: lhaUsed,
    ...(variables.length > 0 ? { variables } : {}),
  };
}

/**
 * Over Housing Benefit's capital limit a Northern Ireland ratepayer over State Pension age may still get Rate Relief,
 * whose means test is Housing Benefit's with a limit of £50,000 (SR 2007/203 reg 19(1)(o), as amended by SR 2008/68
 * reg 4): the rates part's figures are reported with no Housing Benefit paid, for Rate Relief to read. Not when capital
 * is not the only refusal, nor with a non-dependant (the deduction for rates is not held) or an amount not held.
 */
function ratesFiguresOverCapitalLimit(input: CalculationInput, fired: FiredRules): ResultVariable[] {
  const { facts, parameters } = input;
  const refusals = fired.ofType('not-eligible');
  if (refusals.length !== 1 || refusals[0].name !== 'capital-over-upper-limit' || !fired.has('eligible', 'PENSION_AGE_RATES')) return [];
  if (fired.first('amount-not-shown') || nonDependantDeductions(facts, parameters, fired).length > 0) return [];
  const excess = Math.max(0, pensionAgeIncome(input, fired, []) - pensionAgeApplicableAmount(facts, parameters, fired).total);
  return [
    { name: HB_ELIGIBLE_RATES, ...bothPeriods(weeklyRates(facts), 'WEEK') },
    { name: HB_RATES_AWARD, ...bothPeriods(0, 'WEEK') },
    { name: HB_EXCESS_INCOME, ...bothPeriods(excess, 'WEEK') },
  ];
}

const LHA_CATEGORY_BY_ROOMS: readonly LhaCategory[] = ['ONE_BEDROOM', 'TWO_BEDROOMS', 'THREE_BEDROOMS', 'FOUR_BEDROOMS'];

/**
 * A private tenant's eligible rent: the Local Housing Allowance for the category of dwelling the household needs,
 * or the rent if lower (HB (SPC) Regs 2006 regs 12D and 13D). The size criteria are Universal Credit's (the same
 * bedrooms for the same people). The shared accommodation rate is not used: at pension age it applies only to a
 * home that is itself shared accommodation, which the questionnaire does not ask. The weekly rate is the one the
 * rent officers publish for Housing Benefit where it is held, otherwise estimated from the monthly rate (and said).
 */
function privateTenantEligibleRent(input: CalculationInput, rent: Pence, explanation: string[]): { rent: Pence; lhaUsed: LhaUsed } {
  const { facts, explanations } = input;
  const rooms = bedroomEntitlement(facts);
  const category = LHA_CATEGORY_BY_ROOMS[Math.min(rooms, 4) - 1]!;
  const lhaUsed = localHousingAllowanceFor(input, category, 'HOUSING_BENEFIT', explanation, rent);
  const eligible = Math.min(rent, lhaUsed.ratePence);
  explanation.push(
    explanations.say('lha', {
      rent,
      serviceCharges: facts.serviceCharges.weekly,
      rate: lhaUsed.ratePence,
      area: lhaUsed.area,
      category: LHA_CATEGORY_WORDS[category],
      rooms,
      capped: rent > lhaUsed.ratePence,
      eligible,
    }),
  );
  if (lhaUsed.rateEstimated) explanation.push(explanations.say('lha-weekly-estimated', { area: lhaUsed.area, rate: lhaUsed.ratePence }));
  return { rent: eligible, lhaUsed };
}

/** One deduction for each non-dependant aged 18 or over not exempt, by their gross weekly income; none when the claimant or partner gets a care benefit. */
function nonDependantDeductions(facts: HouseholdFacts, parameters: ParameterReader, fired: FiredRules): AmountLine[] {
  if (fired.has('no-non-dependant-deductions')) return [];
  return nonDependantAdults(facts, parameters).map((nonDependant, index) => {
    const band = deductionBand(nonDependant, parameters);
    return line(`NON_DEPENDANT_${index + 1}`, `Non-dependant deduction (${band.label})`, band.amount);
  });
}

/**
 * The deduction for one non-dependant (HB (SPC) Regs 2006 reg 55): by gross weekly income for one in remunerative
 * work (16 hours or more a week), the lowest for anyone else. When whether they work is not known, by income.
 * The scale's brackets are named as the rates papers name them: lowest, band 1 to band 4, highest.
 */
function deductionBand(nonDependant: NonDependant, parameters: ParameterReader): { label: string; amount: Pence } {
  const income = nonDependant.inRemunerativeWork === false ? 0 : Math.max(0, moneyIn(nonDependant.grossIncome, 'WEEK'));
  const { amount, index, brackets } = parameters.scaleAmount('gov/dwp/housing_benefit/non_dependant_deductions', income);
  return { label: index === 0 ? 'lowest' : index === brackets - 1 ? 'highest' : `band ${index}`, amount };
}

/** The applicable amount sentence's data; its parts are written only if the sentence is. */
export function applicableAmountWording(applicable: { total: Pence; readonly parts: string }) {
  return {
    applicable: applicable.total,
    get parts() {
      return applicable.parts;
    },
  };
}

/**
 * Personal allowance, premiums and child allowances a week (HB (SPC) Regs 2006 reg 22 and sch 3); pension-age
 * Council Tax Reduction uses the same figures. The parts are listed for the explanation.
 */
export function pensionAgeApplicableAmount(
  facts: HouseholdFacts,
  parameters: ParameterReader,
  fired: FiredRules,
): { total: Pence; parts: string } {
  const higher = benefitUnit(facts).some((adult) => adult.statePensionDate < HIGHER_PERSONAL_ALLOWANCE_BEFORE);
  const allowance = facts.isCouple
    ? higher
      ? 'gov/dwp/housing_benefit/allowances/pension_age/couple_reached_before_2021_04_01'
      : 'gov/dwp/housing_benefit/allowances/pension_age/couple'
    : higher
      ? 'gov/dwp/housing_benefit/allowances/pension_age/single_reached_before_2021_04_01'
      : 'gov/dwp/housing_benefit/allowances/pension_age/single';
  const parts: [string, Pence][] = [['personal allowance', parameters.amount(allowance)]];
  const severe = fired.first('premium', 'SEVERE_DISABILITY');
  if (severe)
    parts.push([
      'severe disability premium',
      parameters.amount(
        severe.event.params.rate === 'double'
          ? 'gov/dwp/housing_benefit/premiums/severe_disability/double'
          : 'gov/dwp/housing_benefit/premiums/severe_disability/single',
      ),
    ]);
  const carers = carerAmountsPaid(fired.ofType('premium').filter((rule) => rule.event.params.code === 'CARER').length, facts);
  if (carers > 0) parts.push([`carer premium x ${carers}`, carers * parameters.amount('gov/dwp/housing_benefit/premiums/carer')]);
  const children = facts.qualifyingChildren.length;
  if (children > 0) parts.push([`child allowance x ${children}`, children * parameters.amount('gov/dwp/housing_benefit/allowances/child')]);
  return {
    total: sumPence(parts.map(([, amount]) => amount)),
    // Written only when read: a sentence reads it, a calculation of amounts only does not.
    get parts() {
      return parts.map(([name, amount]) => `${name} ${formatAmount(amount)}`).join(', ');
    },
  };
}

/**
 * Weekly income at pension age: earnings less the disregard, unearned income, the savings credit of Pension Credit
 * and tariff income from capital (shared with pension-age Council Tax Reduction, whose sentences have the same keys).
 */
export function pensionAgeIncome(
  { facts, parameters, explanations, earlier }: CalculationInput,
  fired: FiredRules,
  explanation: string[],
): Pence {
  const earnings = weeklyEarnings({ facts, parameters });
  const disregardName = fired.has('earnings-disregard', 'HIGHER')
    ? 'gov/dwp/housing_benefit/means_test/earnings_disregard/higher'
    : facts.isCouple
      ? 'gov/dwp/housing_benefit/means_test/earnings_disregard/couple'
      : 'gov/dwp/housing_benefit/means_test/earnings_disregard/single';
  const disregard = earnings > 0 ? Math.min(earnings, parameters.amount(disregardName)) : 0;
  const unearned = weeklyUnearnedIncome(facts);
  const { ignored, tariff } = pensionAgeTariffIncome(facts, parameters);
  // The savings credit counts as income for Housing Benefit (HB (SPC) Regs 2006 reg 29(1)).
  const savingsCredit = earlier.get('PENSION_CREDIT')?.elements.find((element) => element.code === 'SAVINGS_CREDIT')?.weeklyPence ?? 0;
  if (earnings > 0) explanation.push(explanations.say('earnings', { earnings, disregard, counted: earnings - disregard }));
  if (unearned > 0) explanation.push(explanations.say('unearned-income', { unearned }));
  if (savingsCredit > 0) explanation.push(explanations.say('savings-credit-income', { savingsCredit }));
  if (tariff > 0) explanation.push(explanations.say('tariff-income', { capital: facts.capital, ignored, tariff }));
  return earnings - disregard + unearned + savingsCredit + tariff;
}

/**
 * Tariff income from capital at pension age: £1 a week for each £500, or part of £500, above £10,000 (HB (SPC) Regs
 * 2006 reg 29, and its Northern Ireland twin in SR 2006/406, which Rate Relief applies up to its own capital limit).
 */
export function pensionAgeTariffIncome(facts: HouseholdFacts, parameters: ParameterReader): { ignored: Pence; tariff: Pence } {
  const ignored = parameters.amount('gov/dwp/housing_benefit/means_test/capital/pension_age/lower_limit');
  const tariff = tariffIncome(
    facts.capital,
    ignored,
    parameters.amount('gov/dwp/housing_benefit/means_test/capital/pension_age/tariff_income/step'),
    parameters.amount('gov/dwp/housing_benefit/means_test/capital/pension_age/tariff_income/amount'),
  );
  return { ignored, tariff };
}
