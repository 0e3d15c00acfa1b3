import { notEligible, type AmountLine, type BenefitCalculator, type CalculatedBenefit, type CalculationInput, type ResultVariable } from '../core/benefit.js';
import type { FiredRules } from '../core/ruleset.js';
import type { LhaCategory } from '../local-housing-allowance.js';
import { localHousingAllowanceFor, type LhaUsed } from './local-housing-allowance-used.js';
import { basisPointsOf, bothPeriods, scalePence, sumPence, type Pence } from '../../common/money.js';
import { unearnedIncomeOf } from '../facts.js';
import {
  adultEarnings,
  bedroomEntitlement,
  claimAdults,
  getsCareBenefit,
  getsCarersAllowance,
  getsDisabilityBenefit,
  hasLcwra,
  hasProtectedLcwra,
  householdEarnings,
  isInPaidWork,
  netOfNotionalTax,
  qualifyingCaringHours,
} from './universal-credit-household.js';

const UC = 'gov/dwp/universal_credit';
const CAP = 'gov/dwp/benefit_cap';

/** The variable the results page reads: the monthly reduction the benefit cap makes (0 when not capped). */
export const BENEFIT_CAP_APPLIES = 'BENEFIT_CAP_APPLIES';

const line = (code: string, name: string, monthly: Pence): AmountLine => ({ code, name, ...bothPeriods(monthly, 'MONTH') });
const capVariable = (monthly: Pence): ResultVariable[] => [{ name: BENEFIT_CAP_APPLIES, ...bothPeriods(monthly, 'MONTH') }];

const LHA_CATEGORY_BY_ROOMS: readonly LhaCategory[] = ['ONE_BEDROOM', 'TWO_BEDROOMS', 'THREE_BEDROOMS', 'FOUR_BEDROOMS'];
const LHA_CATEGORY_WORDS: Record<LhaCategory, string> = {
  SHARED: 'shared accommodation',
  ONE_BEDROOM: 'one bedroom',
  TWO_BEDROOMS: 'two bedrooms',
  THREE_BEDROOMS: 'three bedrooms',
  FOUR_BEDROOMS: 'four bedrooms',
};

/** Unearned income not counted (UC Regs 2013 reg 66): child maintenance. Student income has its own disregard. */
const COUNTED_UNEARNED = ['STATE_PENSION', 'PRIVATE_PENSION', 'NEW_STYLE_JSA', 'NEW_STYLE_ESA', 'CARERS_ALLOWANCE', 'MAINTENANCE_SPOUSAL', 'OTHER_UNEARNED'] as const;

function isCarer(input: CalculationInput, adult: (typeof input.facts.adults)[number] | null): boolean {
  return !!adult && (qualifyingCaringHours(adult) >= input.parameters.amount('gov/dwp/carers_allowance/min_hours') || getsCarersAllowance(adult));
}

function childElements(input: CalculationInput, explanation: string[]): Pence {
  const { facts, parameters, explanations } = input;
  const limit = parameters.limit(`${UC}/elements/child/child_element_limit`);
  const standard = parameters.amount(`${UC}/elements/child/standard_rate`);
  let total = 0;
  let standardCount = 0;
  let excluded = 0;
  let multipleBirth = 0;
  facts.qualifyingChildren.forEach((child, index) => {
    const earlierTwin = facts.qualifyingChildren.slice(0, index).some((other) => other.dateOfBirth === child.dateOfBirth);
    // UC Regs 2013 reg 24A-24B: beyond the limit only a child born before 6 April 2017, or a later child of a multiple birth.
    if (limit !== null && index >= limit && !child.bornBeforeHigherChildElementEnded) {
      if (!earlierTwin) {
        excluded += 1;
        return;
      }
      multipleBirth += 1;
    }
    if (index === 0 && child.bornBeforeHigherChildElementEnded) {
      const higher = parameters.amount(`${UC}/elements/child/first_child_higher_rate`);
      total += higher;
      explanation.push(explanations.say('child-higher', { rate: higher }));
    } else {
      total += standard;
      standardCount += 1;
    }
  });
  if (standardCount > 0) explanation.push(explanations.say('child-standard', { rate: standard, count: standardCount }));
  if (excluded > 0) explanation.push(explanations.say('two-child-limit', { limit: limit ?? 0, excluded }));
  if (multipleBirth > 0) explanation.push(explanations.say('multiple-birth', { count: multipleBirth }));
  if (limit === null && facts.qualifyingChildren.length > 2) explanation.push(explanations.say('no-child-limit'));
  return total;
}

function disabledChildAdditions(input: CalculationInput, explanation: string[]): Pence {
  const { facts, parameters, explanations } = input;
  const lower = facts.qualifyingChildren.filter((child) => child.disability === 'LOWER').length;
  const higher = facts.qualifyingChildren.filter((child) => child.disability === 'HIGHER').length;
  const lowerRate = lower > 0 ? parameters.amount(`${UC}/elements/disabled_child/lower`) : 0;
  const higherRate = higher > 0 ? parameters.amount(`${UC}/elements/disabled_child/higher`) : 0;
  explanation.push(explanations.say('disabled-child', { lower, higher, lowerRate, higherRate }));
  return lower * lowerRate + higher * higherRate;
}

function childcareElement(input: CalculationInput, explanation: string[]): Pence {
  const { facts, parameters, explanations } = input;
  const costs = facts.childcareCosts.monthly;
  const share = parameters.amount(`${UC}/elements/childcare/percentage`);
  const children = facts.qualifyingChildren.filter((child) => child.age < 16).length;
  const cap = parameters.amount(`${UC}/elements/childcare/${children >= 2 ? 'maximum_two_or_more_children' : 'maximum_one_child'}`);
  const covered = basisPointsOf(costs, share);
  const amount = Math.min(covered, cap);
  explanation.push(explanations.say('childcare', { costs, share, covered, cap, capped: covered > cap, amount, twoOrMore: children >= 2 }));
  return amount;
}

interface HousingResult {
  element: Pence;
  contributions: Pence;
  lhaUsed: LhaUsed | null;
}

function housingElement(input: CalculationInput, fired: FiredRules, explanation: string[]): HousingResult {
  const { facts, parameters, explanations } = input;
  const sector = fired.first('element', 'HOUSING')!.event.params.sector as 'PRIVATE' | 'SOCIAL' | 'SHARED_OWNERSHIP';
  const rent = facts.rent.monthly;
  const charges = facts.serviceCharges.monthly;
  const costs = rent + charges;
  const needed = bedroomEntitlement(facts);
  let element = costs;
  let lhaUsed: LhaUsed | null = null;
  if (sector === 'PRIVATE') {
    const category: LhaCategory = fired.has('lha-category') ? 'SHARED' : LHA_CATEGORY_BY_ROOMS[Math.min(needed, 4) - 1]!;
    // The cap rent is the LHA of the area (UC Regs 2013 sch 4 para 25); where the area cannot be settled, the lowest
    // of the areas the home could be in, so the rent is never met unchecked.
    lhaUsed = localHousingAllowanceFor(input, category, 'UNIVERSAL_CREDIT', explanation);
    const rate = lhaUsed.ratePence;
    element = Math.min(costs, rate);
    if (category === 'SHARED') explanation.push(explanations.say('lha-shared-rate'));
    explanation.push(
      explanations.say('lha', { costs, charges, rate, area: lhaUsed.area, category: LHA_CATEGORY_WORDS[category], rooms: needed, capped: costs > rate, element }),
    );
  } else if (sector === 'SOCIAL') {
    explanation.push(explanations.say('social-rent', { rent, charges, costs }));
    if (fired.has('housing-reduction', 'UNDER_OCCUPATION')) {
      const spare = (facts.bedrooms ?? 0) - needed;
      const percentage = parameters.amount(`${UC}/elements/housing/under_occupation/${spare >= 2 ? 'two_or_more_bedrooms' : 'one_bedroom'}`);
      const cut = basisPointsOf(costs, percentage);
      element = costs - cut;
      explanation.push(explanations.say('size-criteria', { bedrooms: facts.bedrooms, needed, spare, percentage, cut }));
    } else if (facts.bedrooms === null) {
      explanation.push(explanations.say('social-bedrooms-unknown', { needed }));
    }
  } else {
    explanation.push(explanations.say('shared-ownership', { costs }));
  }
  let contributions = 0;
  if (fired.has('deduction', 'HOUSING_COST_CONTRIBUTION')) {
    const each = parameters.amount(`${UC}/elements/housing/non_dependant_contribution`);
    const count = facts.nonDependants.filter((person) => !person.exempt && person.age >= 21).length;
    contributions = Math.min(element, count * each);
    explanation.push(explanations.say('contributions', { count, each, contributions }));
  }
  return { element, contributions, lhaUsed };
}

/** The claim's earned income a month: each adult's take-home pay and self-employed profit, with any minimum income floor. */
function earnedIncome(input: CalculationInput, fired: FiredRules, explanation: string[]): Pence {
  const { parameters, explanations } = input;
  let counted = 0;
  for (const adult of claimAdults(input.facts)) {
    const earned = adultEarnings(adult, input);
    const who = adult.role === 'CLAIMANT' ? 'You' : 'Your partner';
    if (earned.employed.fromGross) {
      explanation.push(
        explanations.say('gross-earnings', {
          who,
          gross: adult.earnings!.monthly,
          incomeTax: earned.employed.incomeTax.monthly,
          nationalInsurance: earned.employed.nationalInsurance.monthly,
          net: earned.employed.monthly,
        }),
      );
    }
    const actual = earned.employed.monthly + earned.selfEmployed;
    let adultCounted = actual;
    if (adult.selfEmployment) {
      if (fired.rules.some((rule) => rule.event.type === 'minimum-income-floor' && rule.event.params.who === adult.role)) {
        // The floor is compared with all the adult's earned income, employed and self-employed (UC Regs 2013 reg 62(1)).
        const hours = parameters.amount(`${UC}/minimum_income_floor/expected_hours`);
        const wage = parameters.amount('gov/hmrc/minimum_wage/national_living_wage');
        const gross = scalePence(hours * wage, 52, 12);
        const floor = netOfNotionalTax(adult, gross, input);
        if (floor > actual) {
          explanation.push(explanations.say('minimum-income-floor', { who, hours, wage, gross, floor, actual }));
          adultCounted = floor;
        } else {
          explanation.push(explanations.say('minimum-income-floor-met', { who, floor, actual }));
        }
      } else {
        explanation.push(explanations.say('self-employed', { who, actual: earned.selfEmployed, startUp: adult.selfEmployment.startUpPeriod }));
      }
    }
    counted += adultCounted;
  }
  return counted;
}

function unearnedIncome(input: CalculationInput, explanation: string[]): Pence {
  const { parameters, explanations } = input;
  let total = 0;
  for (const adult of claimAdults(input.facts)) {
    total += unearnedIncomeOf(adult, COUNTED_UNEARNED).monthly;
    const student = unearnedIncomeOf(adult, ['STUDENT_INCOME']).monthly;
    if (student > 0) {
      const disregard = parameters.amount(`${UC}/means_test/student_income_disregard`);
      total += Math.max(0, student - disregard);
      explanation.push(explanations.say('student-income', { student, disregard }));
    }
  }
  if (total > 0) explanation.push(explanations.say('unearned-income', { total }));
  const maintenance = sumPence(claimAdults(input.facts).map((adult) => unearnedIncomeOf(adult, ['CHILD_MAINTENANCE']).monthly));
  if (maintenance > 0) explanation.push(explanations.say('child-maintenance-ignored'));
  return total;
}

/** £4.35 a month for each £250, or part of £250, of capital above £6,000 (UC Regs 2013 reg 72). */
export function tariffIncome(capital: Pence, lowerLimit: Pence, step: Pence, perStep: Pence): Pence {
  if (capital <= lowerLimit) return 0;
  return Math.ceil((capital - lowerLimit) / step) * perStep;
}

/** The benefit cap's reduction (UC Regs 2013 regs 79-81): benefits above the cap, less any childcare element, up to the award. */
function benefitCap(input: CalculationInput, fired: FiredRules, award: Pence, childcare: Pence, explanation: string[]): Pence {
  const { facts, parameters, explanations, earlier } = input;
  const exemptions = fired.ofType('benefit-cap-exemption');
  if (exemptions.length > 0) {
    const key = String(exemptions[0]!.event.params.explanation);
    const threshold = key === 'cap-exempt-earnings' ? parameters.amount(`${CAP}/earnings_exemption/universal_credit_monthly`) : 0;
    explanation.push(explanations.say(key, { threshold }));
    return 0;
  }
  const level = String(fired.first('benefit-cap-level')!.event.params.parameter);
  const cap = parameters.amount(`${CAP}/universal_credit_monthly/${level}`);
  const childBenefit = earlier.get('CHILD_BENEFIT');
  const childBenefitMonthly = childBenefit?.eligible ? childBenefit.monthlyPence : 0;
  const newStyle = sumPence(claimAdults(facts).map((adult) => unearnedIncomeOf(adult, ['NEW_STYLE_JSA', 'NEW_STYLE_ESA']).monthly));
  const total = award + childBenefitMonthly + newStyle;
  const reduction = Math.min(award, Math.max(0, total - cap - childcare));
  explanation.push(
    explanations.say(reduction > 0 ? 'benefit-cap-applies' : 'benefit-cap-under', {
      cap,
      london: facts.inGreaterLondon,
      total,
      childBenefit: childBenefitMonthly,
      newStyle,
      childcare,
      reduction,
    }),
  );
  return reduction;
}

function calculate(input: CalculationInput, fired: FiredRules): CalculatedBenefit {
  const { facts, parameters, explanations } = input;
  if (fired.has('not-eligible')) {
    const reasons = fired.ofType('not-eligible').map((rule) =>
      explanations.say(String(rule.event.params.explanation), {
        upperLimit: rule.name === 'capital-over-upper-limit' ? parameters.amount(`${UC}/means_test/capital/upper_limit`) : 0,
        capital: facts.capital,
      }),
    );
    return { ...notEligible(reasons), variables: capVariable(0) };
  }
  const explanation: string[] = [];
  const elements: AmountLine[] = [];
  const deductions: AmountLine[] = [];

  const standardRule = fired.first('standard-allowance')!;
  const standard = parameters.amount(`${UC}/standard_allowance/${String(standardRule.event.params.parameter)}`);
  elements.push(line('STANDARD_ALLOWANCE', 'Standard allowance', standard));
  explanation.push(explanations.say('standard-allowance', { who: standardRule.event.params.who, amount: standard }));
  if (facts.isCouple && facts.system === 'UNIVERSAL_CREDIT' && facts.adults.some((adult) => adult.reachedStatePensionAge)) {
    explanation.push(explanations.say('mixed-age-couple'));
  }

  if (fired.has('element', 'CHILD')) {
    const amount = childElements(input, explanation);
    if (amount > 0) elements.push(line('CHILD', 'Child element', amount));
  }
  if (fired.has('element', 'DISABLED_CHILD')) elements.push(line('DISABLED_CHILD', 'Disabled child addition', disabledChildAdditions(input, explanation)));
  const lcwraRule = fired.first('element', 'LCWRA');
  if (lcwraRule) {
    const rate = String(lcwraRule.event.params.parameter);
    const amount = parameters.amount(`${UC}/elements/lcwra/${rate}`);
    elements.push(line('LCWRA', 'Limited capability for work and work-related activity', amount));
    explanation.push(explanations.say(rate === 'new_award_rate' ? 'lcwra-new-award' : 'lcwra-protected', { amount }));
  }
  // One carer element however many rules held: the questionnaire does not say whether partners care for different people.
  if (fired.has('element', 'CARER')) {
    const amount = parameters.amount(`${UC}/elements/carer/amount`);
    elements.push(line('CARER', 'Carer element', amount));
    explanation.push(explanations.say('carer', { amount, hours: parameters.amount('gov/dwp/carers_allowance/min_hours') }));
  } else if (claimAdults(facts).some((adult) => isCarer(input, adult))) {
    explanation.push(explanations.say('carer-with-lcwra'));
  }
  let childcare = 0;
  if (fired.has('element', 'CHILDCARE')) {
    childcare = childcareElement(input, explanation);
    elements.push(line('CHILDCARE', 'Childcare costs element', childcare));
  } else if (facts.childcareCosts.monthly > 0) {
    explanation.push(explanations.say('childcare-work-condition'));
  }
  let contributions = 0;
  let lhaUsed: LhaUsed | null = null;
  if (fired.has('element', 'HOUSING')) {
    const housing = housingElement(input, fired, explanation);
    elements.push(line('HOUSING', 'Housing costs element', housing.element));
    contributions = housing.contributions;
    lhaUsed = housing.lhaUsed;
    if (contributions > 0) deductions.push(line('HOUSING_COST_CONTRIBUTION', 'Housing cost contributions (non-dependants)', contributions));
  }
  for (const note of fired.ofType('note')) explanation.push(explanations.say(String(note.event.params.explanation)));

  const maximum = sumPence(elements.map((element) => element.monthlyPence)) - contributions;
  explanation.push(explanations.say('maximum-amount', { maximum }));

  const earnings = earnedIncome(input, fired, explanation);
  const allowanceRule = fired.first('work-allowance');
  const workAllowance = allowanceRule ? parameters.amount(`${UC}/means_test/work_allowance/${String(allowanceRule.event.params.parameter)}`) : 0;
  if (earnings > 0) {
    const taper = parameters.amount(`${UC}/means_test/taper`);
    const taperDeduction = basisPointsOf(Math.max(0, earnings - workAllowance), taper);
    deductions.push(line('EARNINGS', 'Earnings', taperDeduction));
    explanation.push(explanations.say(allowanceRule ? 'earnings-taper' : 'earnings-taper-no-allowance', { earnings, workAllowance, taper, deduction: taperDeduction, lower: allowanceRule?.event.params.parameter === 'lower' }));
  } else if (allowanceRule) {
    explanation.push(explanations.say('work-allowance-unused', { workAllowance }));
  }

  const unearned = unearnedIncome(input, explanation);
  if (unearned > 0) deductions.push(line('UNEARNED_INCOME', 'Unearned income', unearned));

  const lowerLimit = parameters.amount(`${UC}/means_test/capital/lower_limit`);
  if (facts.capital > 0) {
    const step = parameters.amount(`${UC}/means_test/capital/tariff_income/step`);
    const perStep = parameters.amount(`${UC}/means_test/capital/tariff_income/amount`);
    const tariff = tariffIncome(facts.capital, lowerLimit, step, perStep);
    if (tariff > 0) deductions.push(line('CAPITAL', 'Tariff income from capital', tariff));
    explanation.push(explanations.say(tariff > 0 ? 'capital-tariff' : 'capital-ignored', { capital: facts.capital, lowerLimit, step, perStep, tariff }));
  }

  const beforeCap = Math.max(0, maximum - sumPence(deductions.filter((deduction) => deduction.code !== 'HOUSING_COST_CONTRIBUTION').map((deduction) => deduction.monthlyPence)));
  const capReduction = beforeCap > 0 ? benefitCap(input, fired, beforeCap, childcare, explanation) : 0;
  if (capReduction > 0) deductions.push(line('BENEFIT_CAP', 'Benefit cap', capReduction));
  const award = beforeCap - capReduction;
  // An award of less than 1p is nil (UC Regs 2013 reg 17); with whole pence, that is an award of 0.
  if (award <= 0) {
    explanation.push(explanations.say('income-too-high', { maximum }));
    return { eligible: false, amountShown: true, weeklyPence: 0, monthlyPence: 0, elements, deductions, explanation, variables: capVariable(0), localHousingAllowance: lhaUsed };
  }
  explanation.push(explanations.say('award', { maximum, deductions: maximum - award, award }));
  return { eligible: true, amountShown: true, ...bothPeriods(award, 'MONTH'), elements, deductions, explanation, variables: capVariable(capReduction), localHousingAllowance: lhaUsed };
}

/**
 * Universal Credit (Welfare Reform Act 2012 Part 1; UC Regs 2013), assessed monthly: the maximum amount less 55%
 * of earnings above any work allowance, unearned income and tariff income, then the benefit cap. Money is whole
 * pence; the only rounding is where a percentage is taken (the taper, 85% of childcare, the size criteria cut);
 * weekly = monthly x 12 / 52 from the rounded monthly figure.
 */
export const universalCredit: BenefitCalculator = {
  code: 'UNIVERSAL_CREDIT',
  name: 'Universal Credit',
  folder: 'universal-credit',
  system: 'UNIVERSAL_CREDIT',
  meansTested: true,
  reads: ['CHILD_BENEFIT'],
  factNames: [
    'allReachedStatePensionAge',
    'someoneReachedStatePensionAge',
    'isCouple',
    'claimantAge',
    'oldestAdultAge',
    'everyoneIsStudent',
    'studentWithLcwraAndDisabilityBenefit',
    'qualifyingChildCount',
    'disabledChildCount',
    'capitalPence',
    'someoneHasLcwra',
    'someoneHasProtectedLcwra',
    'claimantHasLcwra',
    'partnerHasLcwra',
    'claimantCaringHours',
    'partnerCaringHours',
    'claimantGetsCarersAllowance',
    'partnerGetsCarersAllowance',
    'childcareCostsPence',
    'childcareChildCount',
    'claimantInPaidWork',
    'partnerInPaidWork',
    'tenure',
    'housingCostsPence',
    'bedroomEntitlement',
    'spareBedrooms',
    'claimantGetsCareBenefit',
    'claimantOrPartnerGetsCareBenefit',
    'contributingNonDependantCount',
    'claimantGainfullySelfEmployed',
    'partnerGainfullySelfEmployed',
    'singleWithChildUnder3',
    'inGreaterLondon',
    'householdEarningsPence',
    'someoneGetsDisabilityBenefit',
  ],
  rulesetFacts: (input) => {
    const { facts } = input;
    const { claimant, partner } = facts;
    const adults = claimAdults(facts);
    const needed = bedroomEntitlement(facts);
    return {
      allReachedStatePensionAge: facts.system === 'PENSION_AGE',
      someoneReachedStatePensionAge: adults.some((adult) => adult.reachedStatePensionAge),
      isCouple: facts.isCouple,
      claimantAge: claimant.age,
      oldestAdultAge: Math.max(...adults.map((adult) => adult.age)),
      everyoneIsStudent: adults.every((adult) => adult.student),
      studentWithLcwraAndDisabilityBenefit: adults.some((adult) => adult.student && hasLcwra(adult) && getsDisabilityBenefit(adult)),
      qualifyingChildCount: facts.qualifyingChildren.length,
      disabledChildCount: facts.qualifyingChildren.filter((child) => child.disability !== 'NONE').length,
      capitalPence: facts.capital,
      someoneHasLcwra: adults.some(hasLcwra),
      someoneHasProtectedLcwra: adults.some(hasProtectedLcwra),
      claimantHasLcwra: hasLcwra(claimant),
      partnerHasLcwra: hasLcwra(partner),
      claimantCaringHours: qualifyingCaringHours(claimant),
      partnerCaringHours: qualifyingCaringHours(partner),
      claimantGetsCarersAllowance: getsCarersAllowance(claimant),
      partnerGetsCarersAllowance: getsCarersAllowance(partner),
      childcareCostsPence: facts.childcareCosts.monthly,
      childcareChildCount: facts.qualifyingChildren.filter((child) => child.age < 16).length,
      claimantInPaidWork: isInPaidWork(claimant),
      partnerInPaidWork: isInPaidWork(partner),
      tenure: facts.tenure,
      housingCostsPence: facts.rent.monthly + facts.serviceCharges.monthly,
      bedroomEntitlement: needed,
      spareBedrooms: facts.bedrooms === null ? null : facts.bedrooms - needed,
      claimantGetsCareBenefit: getsCareBenefit(claimant),
      claimantOrPartnerGetsCareBenefit: adults.some(getsCareBenefit),
      contributingNonDependantCount: facts.nonDependants.filter((person) => !person.exempt && person.age >= 21).length,
      claimantGainfullySelfEmployed: !!claimant.selfEmployment && !claimant.selfEmployment.startUpPeriod,
      partnerGainfullySelfEmployed: !!partner?.selfEmployment && !partner.selfEmployment.startUpPeriod,
      singleWithChildUnder3: !facts.isCouple && facts.qualifyingChildren.some((child) => child.age < 3),
      inGreaterLondon: facts.inGreaterLondon,
      householdEarningsPence: householdEarnings(input),
      someoneGetsDisabilityBenefit: adults.some(getsDisabilityBenefit) || facts.qualifyingChildren.some((child) => child.disability !== 'NONE'),
    };
  },
  calculate,
};
