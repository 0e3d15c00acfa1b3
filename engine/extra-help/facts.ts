import type { BenefitCode, BenefitOutcome } from '../core/benefit.js';
import type { CalculationResult } from '../core/calculation-result.js';
import type { ParameterReader } from '../core/parameters.js';
import type { FactValue } from '../core/ruleset.js';
import { receives, type AdultFacts } from '../facts.js';
import { caresForCarersAllowanceHours } from '../facts/pension-age-means-test.js';
import { getsDla, getsPip } from '../facts/qualifying-benefits.js';
import { COUNTRIES, HOUSING_TENURES, type BenefitReceivedType, type OtherIncomeType } from '../household.js';
import { moneyIn, sumPence } from '../../common/money.js';

/**
 * The facts an extra-help condition may name, each with its type and meaning. They are worked out once per
 * result from the household's facts and the benefits the engine found: 'gets' a means-tested benefit means the
 * calculation found an award above nil, since the schemes ask whether the household is on that benefit.
 * Disability benefits come from what the household said it already gets (the engine cannot award them).
 */
export interface ExtraHelpFactDefinition {
  type: 'boolean' | 'number' | 'string';
  /** A number fact that is null when it does not apply (no children); numeric comparisons with null do not hold. */
  nullable?: boolean;
  /** The only values a string fact takes. */
  values?: readonly string[];
  meaning: string;
}

const bool = (meaning: string): ExtraHelpFactDefinition => ({ type: 'boolean', meaning });
const num = (meaning: string, nullable = false): ExtraHelpFactDefinition => ({
  type: 'number',
  meaning,
  ...(nullable ? { nullable } : {}),
});

export const EXTRA_HELP_FACTS = {
  country: {
    type: 'string',
    values: COUNTRIES,
    meaning: 'The nation the household lives in: ENGLAND, SCOTLAND, WALES or NORTHERN_IRELAND.',
  },
  inGreaterLondon: bool('The household lives in a London borough or the City of London.'),
  isCouple: bool('The claimant has a partner in the household.'),
  householdSize: num('Everyone in the household: adults, children and other adults (non-dependants).'),
  claimantAge: num("The claimant's age in whole years."),
  oldestAdultAge: num('The age of the older of the claimant and partner.'),
  anyoneReachedStatePensionAge: bool('The claimant or partner has reached State Pension age.'),
  everyoneReachedStatePensionAge: bool('The claimant and any partner have both reached State Pension age (a pension-age household).'),
  childCount: num('Children and young people in the household, qualifying or not.'),
  youngestChildAge: num('The age of the youngest child in whole years; null when there are no children.', true),
  oldestChildAge: num('The age of the oldest child in whole years; null when there are no children.', true),
  hasChildUnder4: bool('A child under 4: the age Flying Start in Wales helps with.'),
  childrenUnderOne: num('How many children are under 1 (babies): Best Start Foods pays its higher rate for each.'),
  childrenAgedOneOrTwo: num('How many children are aged 1 or 2: Best Start Foods pays its standard rate for each.'),
  childrenAgedOneToThree: num('How many children are aged 1 to 3: Healthy Start pays its standard rate for each.'),
  pregnancies: num(
    'The pregnancies told of: 1 when the claimant or partner is expecting a baby (twins too), 0 otherwise. Best Start Foods and Healthy Start pay their standard rate in pregnancy.',
  ),
  hasChildAged3Or4: bool('A child aged 3 or 4: the age of funded early education and childcare (the Childcare Offer for Wales).'),
  hasInfantSchoolAgeChild: bool('A child aged 4 to 7: of an age to be in reception, year 1 or year 2 (primary 1 to 3 in Scotland).'),
  hasSchoolAgeChild: bool('A child aged 4 to 15, or a young person up to 19 in full-time non-advanced education.'),
  hasYoungPersonInEducation: bool('A young person aged 16 to 19 in full-time non-advanced education or approved training.'),
  hasDisabledChild: bool('A child who gets Disability Living Allowance, Child Disability Payment or PIP, or is certified blind.'),
  youngestChildOnHighestCareRateAge: num(
    'The age of the youngest child who gets the highest rate of the care component of DLA or Child Disability Payment, or the enhanced daily living component of PIP or ADP (also taken in: a certified blind child); null when there is none.',
    true,
  ),
  childrenForChildWinterHeatingPayment: num(
    "How many children on the highest care rate (as youngestChildOnHighestCareRateAge) are under Child Winter Heating Payment's age limit (its parameter): Social Security Scotland pays the payment for each.",
  ),
  getsUniversalCredit: bool('The calculation found a Universal Credit award above nil.'),
  universalCreditMonthlyPence: num('The Universal Credit award, in pence a month (0 when none).'),
  getsUniversalCreditHousingElement: bool('The Universal Credit award includes the housing element (help with rent).'),
  getsPensionCredit: bool('The calculation found a Pension Credit award above nil (guarantee credit, savings credit or both).'),
  getsPensionCreditGuarantee: bool('The Pension Credit award includes guarantee credit.'),
  getsHousingBenefit: bool('The calculation found a Housing Benefit award above nil.'),
  getsCouncilTaxReduction: bool('The calculation found a Council Tax Reduction above nil.'),
  getsMeansTestedBenefit: bool('Gets Universal Credit, Pension Credit or Housing Benefit.'),
  getsChildBenefit: bool('The calculation found Child Benefit payable.'),
  getsCarersAllowance: bool("Carer's Allowance: found payable by the calculation, or given as income."),
  getsNewStyleJsa: bool("New Style Jobseeker's Allowance: found payable, or given as income."),
  getsNewStyleEsa: bool('New Style Employment and Support Allowance: found payable, or given as income.'),
  getsScottishChildPayment: bool('The calculation found Scottish Child Payment payable.'),
  getsPip: bool('The claimant or partner gets Personal Independence Payment or Adult Disability Payment (either part).'),
  getsDla: bool('The claimant or partner gets Disability Living Allowance (either part).'),
  getsAttendanceAllowance: bool('The claimant or partner gets Attendance Allowance.'),
  getsMobilityComponent: bool(
    'The claimant or partner gets the mobility part of PIP, Adult Disability Payment or DLA, or Armed Forces Independence Payment.',
  ),
  getsHigherRateMobility: bool(
    'The claimant or partner gets the enhanced mobility part of PIP or ADP, the higher mobility rate of DLA, or Armed Forces Independence Payment.',
  ),
  getsAnyDisabilityBenefit: bool(
    'The claimant, partner or a child gets a disability benefit (PIP, ADP, DLA, Attendance Allowance, AFIP, Constant Attendance Allowance, Child Disability Payment).',
  ),
  anyoneIsCarer: bool(
    "The claimant or partner cares for someone on a qualifying disability benefit for at least the hours Carer's Allowance asks (gov/dwp/carers_allowance/min_hours: 35 a week), or gets Carer's Allowance.",
  ),
  anyoneHasLcwra: bool(
    'The claimant or partner has been found (or is expected to be found) to have limited capability for work and work-related activity.',
  ),
  anyoneTerminallyIll: bool('The claimant or partner is terminally ill.'),
  anyoneIsStudent: bool('The claimant or partner is a full-time student.'),
  hasEarnings: bool('The claimant or partner has earnings from employment or self-employment.'),
  earnedIncomeMonthlyPence: num(
    "The claimant's and partner's take-home pay and self-employed profit after tax and National Insurance, in pence a month.",
  ),
  earnedIncomeYearlyPence: num('earnedIncomeMonthlyPence for a year (12 months), in pence.'),
  householdIncomeYearlyPence: num(
    "The claimant's and partner's earnings, profit and other income (pensions, new-style JSA/ESA, Carer's Allowance, maintenance...) in pence a year, as given; the benefits the calculation works out are not included.",
  ),
  capitalPence: num('Savings and investments in pence, excluding the home.'),
  tenure: {
    type: 'string',
    values: HOUSING_TENURES,
    meaning: 'How the household occupies its home (PRIVATE_RENT, SOCIAL_RENT, OWNER_OCCUPIER...).',
  },
  isRenter: bool('Rents the home: private, social, temporary or supported accommodation, or shared ownership.'),
  isPrivateTenant: bool('Rents from a private landlord.'),
  isSocialTenant: bool('Rents from a council or housing association.'),
  isHomeowner: bool('Owns the home, outright, with a mortgage, or in shared ownership.'),
  liableForCouncilTax: bool('Pays council tax (or domestic rates in Northern Ireland) on the home.'),
  claimantLivesInCareHome: bool(
    'The claimant lives in a care home for good (there more than 52 weeks, or not coming back home): help with the home they left is not theirs to ask for.',
  ),
} as const satisfies Record<string, ExtraHelpFactDefinition>;

export type ExtraHelpFactName = keyof typeof EXTRA_HELP_FACTS;
export type ExtraHelpFacts = Record<ExtraHelpFactName, FactValue>;

/**
 * The variable the Pension Credit calculator gives its weekly guarantee credit in (benefits/pension-credit.ts),
 * and the element holding the savings credit: without the variable, the guarantee credit is the award less it.
 */
export const PENSION_CREDIT_GUARANTEE_VARIABLE = 'PENSION_CREDIT_GUARANTEE';
export const PENSION_CREDIT_SAVINGS_ELEMENT = 'SAVINGS_CREDIT';

const DISABILITY_BENEFITS: readonly BenefitReceivedType[] = [
  'PIP_DAILY_LIVING',
  'PIP_MOBILITY',
  'ADP_DAILY_LIVING',
  'ADP_MOBILITY',
  'DLA_CARE',
  'DLA_MOBILITY',
  'ATTENDANCE_ALLOWANCE',
  'ARMED_FORCES_INDEPENDENCE',
  'CONSTANT_ATTENDANCE',
];
const RENTING: readonly string[] = [
  'PRIVATE_RENT',
  'SOCIAL_RENT',
  'TEMPORARY_ACCOMMODATION',
  'SUPPORTED_ACCOMMODATION',
  'SHARED_OWNERSHIP',
];

/**
 * An award above nil, or one the calculation says the household may get without showing its amount: the schemes
 * ask whether the household is on the benefit, and a nil award is not.
 */
function isPaid(outcome: BenefitOutcome | undefined): outcome is BenefitOutcome {
  return outcome !== undefined && outcome.eligible && (!outcome.amountShown || outcome.weeklyPence > 0 || outcome.monthlyPence > 0);
}

function getsGuaranteeCredit(pensionCredit: BenefitOutcome | undefined): boolean {
  if (!isPaid(pensionCredit)) return false;
  const guarantee = pensionCredit.variables.find((variable) => variable.name === PENSION_CREDIT_GUARANTEE_VARIABLE);
  if (guarantee) return guarantee.weeklyPence > 0;
  const savingsCredit = pensionCredit.elements.find((line) => line.code === PENSION_CREDIT_SAVINGS_ELEMENT)?.weeklyPence ?? 0;
  return pensionCredit.weeklyPence - savingsCredit > 0;
}

/** The youngest child's age in whole years, or null when there is none. */
const youngestAge = (children: readonly { age: number }[]) =>
  children.length > 0 ? Math.min(...children.map((child) => child.age)) : null;
const anyAdult = (adults: readonly AdultFacts[], test: (adult: AdultFacts) => boolean) => adults.some(test);
const hasIncomeOf = (adults: readonly AdultFacts[], type: OtherIncomeType) =>
  adults.some((adult) => adult.unearnedIncome.some((income) => income.type === type && income.weekly > 0));

/**
 * The flat facts the extra-help conditions read, from a calculation's household facts and benefit outcomes, with
 * the rates on the calculation's date (the hours of caring that make a carer).
 */
export function extraHelpFacts(result: CalculationResult, parameters: ParameterReader): ExtraHelpFacts {
  const { facts } = result;
  const outcomes = new Map<BenefitCode, BenefitOutcome>(result.benefits.map((outcome) => [outcome.code, outcome]));
  const paid = (code: BenefitCode) => isPaid(outcomes.get(code));
  const universalCredit = outcomes.get('UNIVERSAL_CREDIT');
  const adults = facts.adults;
  const childAges = facts.children.map((child) => child.age);
  // Take-home pay and profit after tax: the schemes' earnings tests (Healthy Start, free school meals...) use them.
  const earnedMonthly = Math.max(0, result.income.earnings.monthlyPence);
  // As given (before or after tax): income limits of grants (Warm Homes: Local Grant...) are set on gross income.
  const incomeGivenYearly = sumPence(
    adults.map(
      ({ adult }) =>
        moneyIn(adult.earnings, 'YEAR') +
        moneyIn(adult.selfEmployment?.profit, 'YEAR') +
        sumPence(adult.otherIncome.map((income) => moneyIn(income, 'YEAR'))),
    ),
  );
  const getsUniversalCredit = isPaid(universalCredit);
  const getsPensionCredit = paid('PENSION_CREDIT');
  const getsHousingBenefit = paid('HOUSING_BENEFIT');
  const getsCarersAllowance = paid('CARERS_ALLOWANCE') || hasIncomeOf(adults, 'CARERS_ALLOWANCE');
  const hasDisabledChild = facts.children.some((child) => child.disability !== 'NONE');
  const onHighestCareRate = facts.children.filter((child) => child.disability === 'HIGHER');
  const adultGets = (...types: BenefitReceivedType[]) => anyAdult(adults, (adult) => types.some((type) => receives(adult, type)));
  return {
    country: facts.country,
    inGreaterLondon: facts.inGreaterLondon,
    isCouple: facts.isCouple,
    householdSize: adults.length + facts.children.length + facts.nonDependants.length,
    claimantAge: facts.claimant.age,
    oldestAdultAge: Math.max(...adults.map((adult) => adult.age)),
    anyoneReachedStatePensionAge: anyAdult(adults, (adult) => adult.reachedStatePensionAge),
    everyoneReachedStatePensionAge: adults.every((adult) => adult.reachedStatePensionAge),
    childCount: facts.children.length,
    youngestChildAge: youngestAge(facts.children),
    oldestChildAge: childAges.length > 0 ? Math.max(...childAges) : null,
    hasChildUnder4: childAges.some((age) => age < 4),
    childrenUnderOne: childAges.filter((age) => age < 1).length,
    childrenAgedOneOrTwo: childAges.filter((age) => age === 1 || age === 2).length,
    childrenAgedOneToThree: childAges.filter((age) => age >= 1 && age <= 3).length,
    pregnancies: facts.household.expectingBaby ? 1 : 0,
    hasChildAged3Or4: childAges.some((age) => age === 3 || age === 4),
    hasInfantSchoolAgeChild: childAges.some((age) => age >= 4 && age <= 7),
    hasSchoolAgeChild: facts.children.some(
      (child) => (child.age >= 4 && child.age <= 15) || (child.age >= 16 && child.age <= 19 && child.inNonAdvancedEducation),
    ),
    hasYoungPersonInEducation: facts.children.some((child) => child.age >= 16 && child.age <= 19 && child.inNonAdvancedEducation),
    hasDisabledChild,
    youngestChildOnHighestCareRateAge: youngestAge(onHighestCareRate),
    childrenForChildWinterHeatingPayment: onHighestCareRate.filter(
      (child) => child.age < parameters.amount('gov/social_security_scotland/child_winter_heating_payment/age_limit'),
    ).length,
    getsUniversalCredit,
    universalCreditMonthlyPence: getsUniversalCredit ? universalCredit.monthlyPence : 0,
    getsUniversalCreditHousingElement:
      getsUniversalCredit && (universalCredit.elements.find((line) => line.code === 'HOUSING')?.monthlyPence ?? 0) > 0,
    getsPensionCredit,
    getsPensionCreditGuarantee: getsGuaranteeCredit(outcomes.get('PENSION_CREDIT')),
    getsHousingBenefit,
    getsCouncilTaxReduction: paid('COUNCIL_TAX_REDUCTION'),
    getsMeansTestedBenefit: getsUniversalCredit || getsPensionCredit || getsHousingBenefit,
    getsChildBenefit: paid('CHILD_BENEFIT'),
    getsCarersAllowance,
    getsNewStyleJsa: paid('NEW_STYLE_JSA') || hasIncomeOf(adults, 'NEW_STYLE_JSA'),
    getsNewStyleEsa: paid('NEW_STYLE_ESA') || hasIncomeOf(adults, 'NEW_STYLE_ESA'),
    getsScottishChildPayment: paid('SCOTTISH_CHILD_PAYMENT'),
    getsPip: anyAdult(adults, getsPip),
    getsDla: anyAdult(adults, getsDla),
    getsAttendanceAllowance: adultGets('ATTENDANCE_ALLOWANCE'),
    getsMobilityComponent: adultGets('PIP_MOBILITY', 'ADP_MOBILITY', 'DLA_MOBILITY', 'ARMED_FORCES_INDEPENDENCE'),
    getsHigherRateMobility: anyAdult(
      adults,
      (adult) =>
        receives(adult, 'PIP_MOBILITY', ['ENHANCED']) ||
        receives(adult, 'ADP_MOBILITY', ['ENHANCED']) ||
        receives(adult, 'DLA_MOBILITY', ['HIGHER']) ||
        receives(adult, 'ARMED_FORCES_INDEPENDENCE'),
    ),
    getsAnyDisabilityBenefit: adultGets(...DISABILITY_BENEFITS) || hasDisabledChild,
    anyoneIsCarer: getsCarersAllowance || anyAdult(adults, (adult) => caresForCarersAllowanceHours(adult, parameters)),
    anyoneHasLcwra: anyAdult(adults, (adult) => adult.lcwra),
    anyoneTerminallyIll: anyAdult(adults, (adult) => adult.terminallyIll),
    anyoneIsStudent: anyAdult(adults, (adult) => adult.student),
    hasEarnings: anyAdult(adults, (adult) => (adult.earnings?.monthly ?? 0) > 0 || (adult.selfEmployment?.monthly ?? 0) > 0),
    earnedIncomeMonthlyPence: earnedMonthly,
    earnedIncomeYearlyPence: earnedMonthly * 12,
    householdIncomeYearlyPence: incomeGivenYearly,
    capitalPence: facts.capital,
    tenure: facts.tenure,
    isRenter: RENTING.includes(facts.tenure),
    isPrivateTenant: facts.tenure === 'PRIVATE_RENT',
    isSocialTenant: facts.tenure === 'SOCIAL_RENT',
    isHomeowner: facts.tenure === 'OWNER_OCCUPIER' || facts.tenure === 'SHARED_OWNERSHIP',
    liableForCouncilTax: facts.councilTax.liable,
    claimantLivesInCareHome:
      facts.claimant.adult.awayFromHome?.reason === 'CARE_HOME' && facts.claimant.adult.awayFromHome.moreThanFiftyTwoWeeks === true,
  };
}
