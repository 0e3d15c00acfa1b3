import {
  benefitFacts,
  notEligible,
  type AmountLine,
  type BenefitCalculator,
  type BenefitSystem,
  type CalculatedBenefit,
  type CalculationInput,
  type ResultVariable,
  withPublicFundsWarning,
} from '../core/benefit.js';
import { readsRates } from '../core/ruleset-facts.js';
import type { ParameterReader } from '../core/parameters.js';
import type { FiredRules } from '../core/ruleset.js';
import { claimantInPrison, claimantLivesInHospitalOrCareHome, type HouseholdFacts } from '../facts.js';
import {
  basisPointsOf,
  bothPeriods,
  moneyIn,
  monthlyFromWeekly,
  penceFromPounds,
  scalePence,
  sumPence,
  weeklyFromMonthly,
  type Pence,
} from '../../common/money.js';
import { applicableAmountWording, pensionAgeApplicableAmount, pensionAgeIncome } from './housing-benefit.js';
import {
  type CouncilTaxData,
  type CouncilTaxNation,
  type IncomeBand,
  type IncomeBands,
  isWorkDependent,
  type NonDependantBand,
  type NonDependantDeductions,
  type ProtectedGroup,
  type ProtectedRule,
  type SchemeIncomeRules,
  type WorkingAgeScheme,
  type WorkingAgeSchemeFigures,
} from './council-tax-reduction-data.js';
import type { CouncilTaxBand } from '../household.js';
import { PENSION_CREDIT_GUARANTEE } from './pension-credit.js';
import {
  benefitUnit,
  claimantOrPartnerGetsNonDependantExemptingBenefit,
  disabledChildCount,
  isCarer,
  nonDependantAdultCount,
  PENSION_AGE_MEANS_TEST_FACTS,
  weeklyEarnings,
  monthlyEarnings,
  weeklyUnearnedIncome,
} from '../facts/pension-age-means-test.js';
import { tariffIncome } from '../facts/capital.js';
import { getsDisabilityBenefit, hasLcwra, HIGHEST_RATE_CARE_BENEFITS, receivesAnyOf } from '../facts/qualifying-benefits.js';
import { andList } from '../../common/words.js';

/** The yearly council tax after discounts, a week (yearly / 52) and a month (yearly / 12), each rounded once. */
export const COUNCIL_TAX_CHARGE = 'COUNCIL_TAX_CHARGE';

const SINGLE_PERSON_DISCOUNT = 'gov/local_authorities/council_tax/single_person_discount';
/** The national schemes' maximum support and withdrawal rate. */
const NATIONAL_SCHEMES = {
  SCOTLAND: {
    maximumSupport: 'gov/scottish_government/council_tax_reduction/maximum_support_rate',
    taper: 'gov/scottish_government/council_tax_reduction/withdrawal_rate',
  },
  WALES: {
    maximumSupport: 'gov/welsh_government/council_tax_reduction/maximum_support_rate',
    taper: 'gov/welsh_government/council_tax_reduction/withdrawal_rate',
  },
} as const;

const line = (code: string, name: string, weekly: Pence): AmountLine => ({ code, name, ...bothPeriods(weekly, 'WEEK') });

/** The yearly charge after discounts, or why it could not be worked out; with the sentences saying how. */
export type CouncilTaxCharge =
  { known: true; yearly: Pence; weekly: Pence; explanation: string[] } | { known: false; explanation: string[] };

/**
 * The council tax charge for the year: the yearly charge the household gives (what the bill says, after any
 * discount), or Band D for the council tax year of the date x the band's proportion, less the single person
 * discount when no other adult lives there. Band D of another year is never used (councils set a new one each April).
 */
export function councilTaxCharge(
  input: Pick<CalculationInput, 'date' | 'facts' | 'parameters' | 'explanations'>,
  data: CouncilTaxData,
): CouncilTaxCharge {
  const { facts, parameters, explanations, date } = input;
  const { band, annualCharge } = facts.councilTax;
  if (annualCharge !== null) {
    const yearly = penceFromPounds(annualCharge);
    const weekly = scalePence(yearly, 1, 52);
    return { known: true, yearly, weekly, explanation: [explanations.say('charge-given', { yearly, weekly })] };
  }
  const nation = facts.country as CouncilTaxNation;
  if (band === null) return { known: false, explanation: [explanations.say('no-band')] };
  if (facts.localAuthority === null) return { known: false, explanation: [explanations.say('no-local-authority', { band })] };
  const proportion = data.bandProportion(nation, band);
  if (!proportion) return { known: false, explanation: [explanations.say('band-not-in-nation', { band })] };
  const found = data.bandDOn(facts.localAuthority, date);
  if (found.kind === 'authority-not-held')
    return { known: false, explanation: [explanations.say('local-authority-not-held', { code: facts.localAuthority })] };
  if (found.kind === 'year-not-held') {
    return {
      known: false,
      explanation: [
        explanations.say('band-d-year-not-held', {
          name: found.name,
          year: found.year,
          latestYear: found.latest.year,
          latestBandD: found.latest.bandD,
          yearsHeld: andList(found.yearsHeld),
        }),
      ],
    };
  }
  const full = scalePence(found.bandD, proportion.numerator, proportion.denominator);
  const explanation = [
    explanations.say('charge-from-band', {
      proportional: band !== 'D',
      band,
      numerator: proportion.numerator,
      denominator: proportion.denominator,
      name: found.name,
      year: found.year,
      bandD: found.bandD,
      full,
      source: found.source.title,
    }),
  ];
  let yearly = full;
  if (livesAlone(facts)) {
    const discount = parameters.amount(SINGLE_PERSON_DISCOUNT);
    yearly = full - basisPointsOf(full, discount);
    explanation.push(
      explanations.say('single-person-discount', {
        discount,
        yearly,
        partnerInPrison: partnerInPrison(facts),
      }),
    );
  }
  const weekly = scalePence(yearly, 1, 52);
  explanation.push(explanations.say('charge-weekly', { yearly, weekly }));
  return { known: true, yearly, weekly, explanation };
}

/**
 * One adult counted (no partner, no non-dependant aged 18 or over): the single person discount applies (LGFA 1992
 * s11). A partner in prison or on remand is disregarded (sch 1 para 1), as is one whose home is now a hospital or a
 * care home (paras 6 and 7), who is no longer counted in the household.
 */
function livesAlone(facts: HouseholdFacts): boolean {
  return (!facts.isCouple || partnerInPrison(facts)) && facts.nonDependants.every((nonDependant) => nonDependant.age < 18);
}

/** A partner still counted in the household, in prison or on remand. */
function partnerInPrison(facts: HouseholdFacts): boolean {
  return facts.isCouple && facts.partnerAwayFromHome?.reason === 'PRISON';
}

function chargeVariables(charge: CouncilTaxCharge): ResultVariable[] {
  return charge.known ? [{ name: COUNCIL_TAX_CHARGE, weeklyPence: charge.weekly, monthlyPence: scalePence(charge.yearly, 1, 12) }] : [];
}

function getsGuaranteeCredit(earlier: CalculationInput['earlier']): boolean {
  const pensionCredit = earlier.get('PENSION_CREDIT');
  return (
    (pensionCredit?.eligible ?? false) &&
    (pensionCredit?.variables.find((variable) => variable.name === PENSION_CREDIT_GUARANTEE)?.weeklyPence ?? 0) > 0
  );
}

function isEnglandWorkingAge(facts: HouseholdFacts): boolean {
  return facts.country === 'ENGLAND' && facts.system === 'UNIVERSAL_CREDIT';
}

/** Whether the household is in a scheme's protected group (as far as the questionnaire can tell; see PROTECTED_GROUPS). */
function isInGroup(facts: HouseholdFacts, parameters: ParameterReader, group: ProtectedGroup): boolean {
  const adults = benefitUnit(facts);
  switch (group) {
    case 'DISABILITY_BENEFIT':
      return adults.some(getsDisabilityBenefit);
    case 'HIGHEST_CARE_BENEFIT':
      return adults.some((adult) => receivesAnyOf(adult, HIGHEST_RATE_CARE_BENEFITS));
    case 'TERMINALLY_ILL':
      return adults.some((adult) => adult.terminallyIll);
    case 'SINGLE_UNDER_25_NO_CHILDREN':
      return !facts.isCouple && facts.claimant.age < 25 && facts.children.length === 0;
    case 'LCWRA':
      return adults.some(hasLcwra);
    case 'DISABLED_CHILD':
      return facts.qualifyingChildren.some((child) => child.disability !== 'NONE');
    case 'CARER':
      return adults.some((adult) => isCarer(adult, parameters));
    case 'LONE_PARENT_CHILD_UNDER_5':
      return !facts.isCouple && facts.children.some((child) => child.age < 5);
    case 'CHILD_UNDER_5':
      return facts.children.some((child) => child.age < 5);
    case 'CHILD_UNDER_6':
      return facts.children.some((child) => child.age < 6);
  }
}

/** Whether capital excludes: above the limit, or at it too where the scheme says '£X or more'. */
function overCapitalLimit(capital: Pence, figures: WorkingAgeSchemeFigures): boolean {
  return figures.capitalLimitIncluded ? capital >= figures.capitalLimit : capital > figures.capitalLimit;
}

/** A local working-age scheme with the first protected rule that matches the household worked in. */
export interface EffectiveScheme {
  scheme: WorkingAgeScheme;
  figures: WorkingAgeSchemeFigures;
  protectedBy: ProtectedRule | null;
}

export function effectiveWorkingAgeScheme(
  input: Pick<CalculationInput, 'facts' | 'parameters' | 'date'>,
  data: CouncilTaxData,
): EffectiveScheme {
  const { facts, parameters, date } = input;
  const scheme = data.workingAgeSchemeOn(facts.localAuthority, date);
  const noEarnings = weeklyEarnings(input) === 0;
  const rule =
    scheme.protectedGroups.find(
      (candidate) => candidate.groups.some((group) => isInGroup(facts, parameters, group)) && (!candidate.withoutEarnings || noEarnings),
    ) ?? null;
  if (!rule) return { scheme, figures: scheme, protectedBy: null };
  const { groups: _groups, withoutEarnings: _withoutEarnings, ...changes } = rule;
  return { scheme, figures: { ...scheme, ...changes } as WorkingAgeSchemeFigures, protectedBy: rule };
}

const GROUP_WORDS: Record<ProtectedGroup, string> = {
  DISABILITY_BENEFIT: 'you or your partner get a disability benefit',
  HIGHEST_CARE_BENEFIT: 'you or your partner get the highest rate of a disability benefit for care',
  TERMINALLY_ILL: 'you or your partner are terminally ill',
  SINGLE_UNDER_25_NO_CHILDREN: 'you are single, under 25 and have no children',
  LCWRA: 'you or your partner have limited capability for work and work-related activity',
  DISABLED_CHILD: 'a child gets a disability benefit',
  CARER: 'you or your partner are a carer',
  LONE_PARENT_CHILD_UNDER_5: 'you are a lone parent with a child under 5',
  CHILD_UNDER_5: 'you have a child under 5',
  CHILD_UNDER_6: 'you have a child aged 5 or under',
};

/** The figures of the scheme that applies: maximum share, taper or income bands, band cap, income rules, non-dependants. */
interface SchemeInUse {
  explanation: string[];
  maximumSupport: number;
  taper: number | null;
  incomeBands: IncomeBands | null;
  minimumAwardWeekly: Pence | null;
  bandCap: CouncilTaxBand | null;
  /** A local scheme's income rules; null for the national and pension-age schemes, which have their own means tests. */
  income: SchemeIncomeRules | null;
  /** A local table; 'prescribed': England's pension-age figures; 'not-held': the scheme deducts, but the figures are not held. */
  nonDependants: NonDependantDeductions | 'prescribed' | 'not-held';
  /** No deduction for a non-dependant younger than this; null for the prescribed scheme's age (its parameter). */
  nonDependantMinimumAge: number | null;
}

function schemeInUse(input: CalculationInput, code: string, data: CouncilTaxData): SchemeInUse {
  const { facts, parameters, explanations } = input;
  const national = { incomeBands: null, minimumAwardWeekly: null, bandCap: null, income: null, nonDependantMinimumAge: null };
  if (code === 'ENGLAND_PENSION_AGE') {
    const maximumSupport = parameters.amount('gov/local_authorities/england/council_tax_reduction/pensioners/maximum_support_rate');
    const taper = parameters.amount('gov/local_authorities/england/council_tax_reduction/pensioners/means_test/withdrawal_rate');
    return {
      explanation: [explanations.say('scheme-england-pension-age', { maximumSupport, taper })],
      maximumSupport,
      taper,
      ...national,
      nonDependants: 'prescribed',
    };
  }
  if (code === 'SCOTLAND' || code === 'WALES') {
    const maximumSupport = parameters.amount(NATIONAL_SCHEMES[code].maximumSupport);
    const taper = parameters.amount(NATIONAL_SCHEMES[code].taper);
    return {
      explanation: [explanations.say(`scheme-${code.toLowerCase()}`, { maximumSupport, taper })],
      maximumSupport,
      taper,
      ...national,
      nonDependants: 'not-held',
    };
  }
  const { scheme, figures, protectedBy } = effectiveWorkingAgeScheme(input, data);
  const council = (facts.localAuthority && data.authorityName(facts.localAuthority)) ?? 'your council';
  const explanation = [
    scheme.kind === 'local'
      ? explanations.say('scheme-england-local', {
          ...scheme,
          source: scheme.source.title,
          banded: scheme.incomeBands !== null,
          monthly: scheme.incomeBands?.period === 'MONTH',
        })
      : explanations.say('scheme-england-default', { ...scheme, council }),
  ];
  if (protectedBy) {
    const group = protectedBy.groups.find((candidate) => isInGroup(facts, parameters, candidate))!;
    explanation.push(
      explanations.say('protected-group', {
        who: GROUP_WORDS[group],
        withoutEarnings: protectedBy.withoutEarnings,
        maximumSupport: figures.maximumSupport,
      }),
    );
  }
  if (scheme.kind === 'local' && scheme.note) explanation.push(explanations.say('scheme-note', { note: scheme.note }));
  return {
    explanation,
    maximumSupport: figures.maximumSupport,
    taper: figures.taper,
    incomeBands: figures.incomeBands,
    minimumAwardWeekly: figures.minimumAwardWeekly,
    bandCap: figures.bandCap,
    income: figures.income,
    nonDependants: figures.nonDependantDeductions === 'NOT_HELD' ? 'not-held' : (figures.nonDependantDeductions ?? 'prescribed'),
    nonDependantMinimumAge: figures.nonDependantMinimumAge ?? null,
  };
}

const BAND_ORDER: readonly CouncilTaxBand[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];

/**
 * The weekly liability support is worked out on: the charge, or, where the scheme caps it at a band and the home is
 * in a higher one, the charge scaled to the cap band (the charge x cap band's share / the home's band's share).
 */
function liabilityCounted(input: CalculationInput, scheme: SchemeInUse, weekly: Pence, data: CouncilTaxData, explanation: string[]): Pence {
  const { facts, explanations } = input;
  const cap = scheme.bandCap;
  if (cap === null) return weekly;
  const band = facts.councilTax.band;
  if (band === null) {
    explanation.push(explanations.say('band-cap-unknown-band', { cap }));
    return weekly;
  }
  if (BAND_ORDER.indexOf(band) <= BAND_ORDER.indexOf(cap)) return weekly;
  const nation = facts.country as CouncilTaxNation;
  const home = data.bandProportion(nation, band)!;
  const capped = data.bandProportion(nation, cap)!;
  const counted = scalePence(weekly, capped.numerator, home.numerator);
  explanation.push(explanations.say('band-cap', { cap, band, weekly, counted }));
  return counted;
}

/**
 * Each non-dependant old enough (18, or the scheme's own age) and not exempt: by gross weekly income, or, where the
 * deduction turns on work (the prescribed schemes, and local tables written `{ inWork, notInWork }`), by income for
 * one working 16 hours or more a week and one figure for anyone else. None when the claimant or partner gets a care
 * benefit. `assumedInWork` counts those whose work is not known (an API caller did not say), taken as in work.
 */
function nonDependantDeductions(
  facts: HouseholdFacts,
  parameters: ParameterReader,
  fired: FiredRules,
  table: NonDependantDeductions | 'prescribed',
  schemeAge: number | null,
): { lines: AmountLine[]; assumedInWork: number } {
  if (facts.nonDependants.length === 0) return { lines: [], assumedInWork: 0 };
  // 18 in the prescribed scheme (SI 2012/2885 sch 1 para 8(1)); the age a scheme takes unless it sets its own.
  const minimumAge =
    schemeAge ?? parameters.amount('gov/local_authorities/england/council_tax_reduction/pensioners/non_dependant_minimum_age');
  const counted = facts.nonDependants.filter((nonDependant) => nonDependant.age >= minimumAge && !nonDependant.exempt);
  // [] is a scheme that takes no deduction for other adults.
  const none = Array.isArray(table) && table.length === 0;
  if (none || fired.has('no-non-dependant-deductions') || counted.length === 0) return { lines: [], assumedInWork: 0 };
  const byWork: { inWork: (income: Pence) => Pence; notInWork: Pence | null } =
    table === 'prescribed'
      ? prescribedNonDependantDeductions(parameters)
      : isWorkDependent(table)
        ? { inWork: byBand(table.inWork), notInWork: table.notInWork }
        : { inWork: byBand(table), notInWork: null };
  let assumedInWork = 0;
  const lines = counted.map((nonDependant, index) => {
    const income = moneyIn(nonDependant.grossIncome, 'WEEK');
    if (byWork.notInWork !== null && nonDependant.inRemunerativeWork === false) {
      return line(`NON_DEPENDANT_${index + 1}`, 'Non-dependant deduction (not working 16 hours a week)', byWork.notInWork);
    }
    if (byWork.notInWork !== null && (nonDependant.inRemunerativeWork ?? null) === null) assumedInWork += 1;
    return line(
      `NON_DEPENDANT_${index + 1}`,
      `Non-dependant deduction (gross income ${(income / 100).toFixed(2)} a week)`,
      byWork.inWork(income),
    );
  });
  return { lines, assumedInWork };
}

/**
 * The prescribed pension-age scheme's deductions (SI 2012/2885 sch 1 para 8), from its scale: by gross weekly income
 * for one in remunerative work; a non-dependant not in remunerative work gets the lowest (the bracket from 0).
 */
function prescribedNonDependantDeductions(parameters: ParameterReader): { inWork: (income: Pence) => Pence; notInWork: Pence } {
  const scale = 'gov/local_authorities/england/council_tax_reduction/pensioners/non_dependant_deductions';
  return {
    inWork: (income) => parameters.scaleAmount(scale, Math.max(0, income)).amount,
    notInWork: parameters.scaleAmount(scale, 0).amount,
  };
}

/** A local scheme's table of bands: the deduction of the highest band whose income the non-dependant's reaches. */
function byBand(bands: readonly NonDependantBand[]): (income: Pence) => Pence {
  return (income) => bands.filter((candidate) => income >= candidate.fromWeeklyIncome).at(-1)!.deduction;
}

/** Weekly income a local scheme counts, in both periods (a band table may be written monthly). */
interface MeansCounted {
  applicable: Pence;
  income: Pence;
  incomeMonthly: Pence;
}

/** The weekly earnings disregard for the household: the highest of those that apply to it. */
function earningsDisregard(facts: HouseholdFacts, parameters: ParameterReader, rules: SchemeIncomeRules): Pence {
  const disregard = rules.earningsDisregardWeekly;
  if (!disregard) return 0;
  const children = facts.qualifyingChildren.length > 0;
  const candidates = [
    facts.isCouple
      ? children
        ? (disregard.coupleWithChildren ?? disregard.couple)
        : disregard.couple
      : children
        ? disregard.loneParent
        : disregard.single,
  ];
  if (benefitUnit(facts).some((adult) => getsDisabilityBenefit(adult) || hasLcwra(adult) || isCarer(adult, parameters)))
    candidates.push(disregard.disabledOrCarer);
  return Math.max(...candidates);
}

/**
 * Working age, assessed on Universal Credit: the applicable amount is the UC maximum amount (its elements) and
 * income is what the scheme counts of the UC award (before its deduction for savings), earnings after tax (less
 * any disregard) and other income, each a week (UC's monthly figures x 12 / 52). Null when Universal Credit has
 * not been worked out, or shows no maximum amount.
 */
function universalCreditMeans(input: CalculationInput, rules: SchemeIncomeRules, explanation: string[]): MeansCounted | null {
  const { facts, parameters, explanations, earlier } = input;
  const universalCredit = earlier.get('UNIVERSAL_CREDIT');
  if (!universalCredit || universalCredit.elements.length === 0 || (universalCredit.eligible && !universalCredit.amountShown)) return null;
  const maximumMonthly = sumPence(universalCredit.elements.map((element) => element.monthlyPence));
  const standardAllowanceOnly = rules.applicableAmount === 'UC_STANDARD_ALLOWANCE';
  const applicableMonthly = standardAllowanceOnly
    ? sumPence(universalCredit.elements.filter((line) => line.code === 'STANDARD_ALLOWANCE').map((line) => line.monthlyPence))
    : maximumMonthly;
  const applicable = weeklyFromMonthly(applicableMonthly);
  // Universal Credit as it would be without its deduction for savings (the maximum amount less the other deductions,
  // not below nil, whether or not the savings then leave any award): savings count here through the scheme's capital
  // limit only, so that more savings (less UC) never mean more Council Tax Reduction.
  const savingsMonthly = universalCredit.deductions.find((line) => line.code === 'CAPITAL')?.monthlyPence ?? 0;
  const otherDeductionsMonthly = sumPence(
    universalCredit.deductions.filter((line) => line.code !== 'CAPITAL').map((line) => line.monthlyPence),
  );
  const awardMonthly = Math.max(0, maximumMonthly - otherDeductionsMonthly);
  let ucMonthly = awardMonthly;
  let ignoredMonthly = 0;
  const ucIgnored =
    rules.universalCredit === 'IGNORED' ||
    (rules.universalCreditIgnoredWithoutEarnings === true && weeklyEarnings({ facts, parameters }) === 0);
  const ucRule = rules.universalCredit;
  if (ucIgnored) ucMonthly = 0;
  else if (ucRule !== 'IN_FULL' && ucRule !== 'IGNORED') {
    ignoredMonthly = sumPence(
      ucRule.less.map(({ element, share }) =>
        basisPointsOf(sumPence(universalCredit.elements.filter((line) => line.code === element).map((line) => line.monthlyPence)), share),
      ),
    );
    ucMonthly = Math.max(0, awardMonthly - ignoredMonthly);
  }
  const earned = rules.earnings ? weeklyEarnings({ facts, parameters }) : 0;
  const disregard = Math.min(earned, earningsDisregard(facts, parameters, rules));
  const unearned =
    rules.otherIncome === true
      ? weeklyUnearnedIncome(facts)
      : rules.otherIncome === false
        ? 0
        : weeklyUnearnedIncome(facts, rules.otherIncome);
  const maintenance = rules.childMaintenance ? weeklyUnearnedIncome(facts, ['CHILD_MAINTENANCE']) : 0;
  const childBenefit = rules.childBenefit ? (earlier.get('CHILD_BENEFIT')?.weeklyPence ?? 0) : 0;
  const tariff = rules.tariffIncome
    ? tariffIncome(facts.capital, rules.tariffIncome.from, rules.tariffIncome.step, rules.tariffIncome.weekly)
    : 0;
  const uc = weeklyFromMonthly(ucMonthly);
  const income = uc + earned - disregard + unearned + maintenance + childBenefit + tariff;
  // A monthly band table reads the monthly figures as given: only the weekly parts are converted.
  const earnedMonthly = rules.earnings ? monthlyEarnings({ facts, parameters }) : 0;
  const incomeMonthly = ucMonthly + earnedMonthly + monthlyFromWeekly(unearned + maintenance + childBenefit + tariff - disregard);
  explanation.push(
    explanations.say('universal-credit-means', {
      maximumMonthly: applicableMonthly,
      applicable,
      award: weeklyFromMonthly(awardMonthly),
      uc,
      ucCounted: !ucIgnored,
      ucIgnored,
      ucIgnoredWithoutEarnings: ucIgnored && rules.universalCredit !== 'IGNORED',
      tariff,
      ignored: weeklyFromMonthly(ignoredMonthly),
      savingsCounted: savingsMonthly > 0 && !ucIgnored,
      earnings: earned,
      disregard,
      unearned: unearned + maintenance,
      maintenanceCounted: maintenance > 0,
      childBenefit,
      standardAllowanceOnly,
      income,
    }),
  );
  return { applicable, income, incomeMonthly };
}

/** The band table for the household: its own household type (or ANY) with the most children not above its own. */
function bandTableFor(facts: HouseholdFacts, bands: IncomeBands): IncomeBand[] {
  const household = facts.isCouple ? 'COUPLE' : 'SINGLE';
  const children = facts.qualifyingChildren.length;
  const fits = bands.tables.filter((table) => (table.household === household || table.household === 'ANY') && table.children <= children);
  // The checks ensure a 0-children table for SINGLE and COUPLE (or ANY); the household's own type wins a tie with ANY.
  fits.sort((a, b) => b.children - a.children || (a.household === 'ANY' ? 1 : 0) - (b.household === 'ANY' ? 1 : 0));
  return fits[0]!.bands;
}

/**
 * What Scotland's and Wales's national schemes count for a Universal Credit claimant: the award in full, earnings
 * and other income, child maintenance ignored (CTR (Scotland) Regs 2021; CTR Schemes (Prescribed Requirements)
 * (Wales) Regs 2013); their earnings disregards are not modelled.
 */
const NATIONAL_SCHEME_INCOME: SchemeIncomeRules = {
  universalCredit: 'IN_FULL',
  earnings: true,
  otherIncome: true,
  childMaintenance: false,
  earningsDisregardWeekly: null,
};

/**
 * Council Tax Reduction, worked out weekly (monthly = weekly x 52 / 12): the scheme's maximum share of the weekly
 * charge less non-dependant deductions; in full with the guarantee credit of Pension Credit; otherwise reduced by the
 * taper on income above the applicable amount, or, in a band scheme, the share for the income band.
 */
export const councilTaxReduction: BenefitCalculator = {
  code: 'COUNCIL_TAX_REDUCTION',
  name: 'Council Tax Reduction',
  folder: 'council-tax-reduction',
  // Set per household in calculate: CTR counts in the total of the system the household belongs to.
  system: 'LEGACY_AND_PENSION_AGE',
  meansTested: true,
  reads: ['CHILD_BENEFIT', 'UNIVERSAL_CREDIT', 'PENSION_CREDIT', 'HOUSING_BENEFIT'],
  facts: benefitFacts({
    country: ({ facts }) => facts.country,
    councilTaxLiable: ({ facts }) => facts.councilTax.liable,
    ...PENSION_AGE_MEANS_TEST_FACTS,
    allReachedStatePensionAge: ({ facts }) => facts.system === 'PENSION_AGE',
    getsGuaranteeCredit: ({ earlier }) => getsGuaranteeCredit(earlier),
    capitalPence: ({ facts }) => facts.capital,
    capitalOverWorkingAgeSchemeLimit: readsRates(
      (input) =>
        isEnglandWorkingAge(input.facts) &&
        overCapitalLimit(input.facts.capital, effectiveWorkingAgeScheme(input, input.councilTax).figures),
    ),
    disabledChildCount: ({ facts }) => disabledChildCount(facts),
    claimantOrPartnerGetsCareBenefit: ({ facts }) => claimantOrPartnerGetsNonDependantExemptingBenefit(facts),
    // Children do not count: a home is exempt when every adult living there is a full-time student (class N).
    exemptAsStudents: ({ facts }) => facts.adults.every((adult) => adult.student) && facts.nonDependants.length === 0,
    claimantInPrison: ({ facts }) => claimantInPrison(facts),
    claimantLivesInHospitalOrCareHome: ({ facts }) => claimantLivesInHospitalOrCareHome(facts),
  }),
  calculate(input, fired) {
    const system: BenefitSystem = input.facts.system === 'UNIVERSAL_CREDIT' ? 'UNIVERSAL_CREDIT' : 'LEGACY_AND_PENSION_AGE';
    return { ...withPublicFundsWarning(councilTaxReductionAward(input, fired, input.councilTax), input), system };
  },
};

function councilTaxReductionAward(input: CalculationInput, fired: FiredRules, data: CouncilTaxData): CalculatedBenefit {
  const { facts, parameters, explanations } = input;
  const scheme = fired.first('scheme');
  if (!scheme) return notEligible(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))));

  const refusal = fired.first('not-eligible');
  // A home that is exempt, or no longer the claimant's, has no charge of theirs to show.
  if (refusal?.event.params.noCharge === true) return notEligible([explanations.say(String(refusal.event.params.explanation))]);
  const charge = councilTaxCharge(input, data);
  const variables = chargeVariables(charge);
  if (refusal) {
    const limitName = refusal.event.params.parameter;
    const limit =
      typeof limitName === 'string' ? parameters.amount(limitName) : effectiveWorkingAgeScheme(input, data).figures.capitalLimit;
    return {
      ...notEligible([
        ...charge.explanation,
        explanations.say(String(refusal.event.params.explanation), { capital: facts.capital, limit }),
      ]),
      variables,
    };
  }

  const rules = schemeInUse(input, String(scheme.event.params.code), data);
  const explanation = [...charge.explanation, ...rules.explanation];
  const mayGet = (reason: string, data: Record<string, unknown> = {}): CalculatedBenefit => ({
    eligible: true,
    amountShown: false,
    weeklyPence: 0,
    monthlyPence: 0,
    elements: [],
    deductions: [],
    explanation: [...explanation, explanations.say(reason, { maximumSupport: rules.maximumSupport, ...data })],
    variables,
  });
  if (!charge.known) return mayGet('amount-needs-charge');

  const liability = liabilityCounted(input, rules, charge.weekly, data, explanation);
  const maximumShare = basisPointsOf(liability, rules.maximumSupport);
  if (rules.nonDependants === 'not-held' && nonDependantAdultCount(facts, parameters) > 0 && !fired.has('no-non-dependant-deductions')) {
    return mayGet('non-dependant-deductions-not-held', { maximum: maximumShare });
  }
  const deductions: AmountLine[] = [];
  if (liability < charge.weekly)
    deductions.push(line('BAND_CAP', `Band cap (support worked out on band ${rules.bandCap})`, charge.weekly - liability));
  if (rules.maximumSupport < 10000)
    deductions.push(line('SCHEME_MAXIMUM', 'Part of the bill the scheme does not cover', liability - maximumShare));
  const found =
    rules.nonDependants === 'not-held'
      ? { lines: [], assumedInWork: 0 }
      : nonDependantDeductions(facts, parameters, fired, rules.nonDependants, rules.nonDependantMinimumAge);
  const nonDependants = found.lines;
  if (found.assumedInWork > 0) explanation.push(explanations.say('non-dependant-work-assumed', { count: found.assumedInWork }));
  deductions.push(...nonDependants);
  const totalNonDependants = sumPence(nonDependants.map((deduction) => deduction.weeklyPence));
  if (totalNonDependants > 0)
    explanation.push(explanations.say('non-dependant-deductions', { count: nonDependants.length, total: totalNonDependants }));
  else if (fired.has('no-non-dependant-deductions') && nonDependantAdultCount(facts, parameters) > 0)
    explanation.push(explanations.say('non-dependants-exempt'));
  const maximum = Math.max(0, maximumShare - totalNonDependants);
  if (maximum === 0) return { ...notEligible([...explanation, explanations.say('deductions-exceed-charge')]), variables };

  let weekly = maximum;
  if (fired.has('passport', 'GUARANTEE_CREDIT')) {
    explanation.push(explanations.say('guarantee-credit-passport', { maximum }));
  } else {
    const notShown = fired.first('amount-not-shown');
    if (notShown) return mayGet(String(notShown.event.params.explanation), { maximum });
    let means: MeansCounted | null;
    if (facts.system === 'PENSION_AGE') {
      const applicable = pensionAgeApplicableAmount(facts, parameters, fired);
      const income = pensionAgeIncome(input, fired, explanation);
      explanation.push(explanations.say('applicable-amount', applicableAmountWording(applicable)));
      means = { applicable: applicable.total, income, incomeMonthly: monthlyFromWeekly(income) };
    } else {
      means = universalCreditMeans(input, rules.income ?? NATIONAL_SCHEME_INCOME, explanation);
      if (!means) return mayGet('universal-credit-needed', { maximum });
    }
    if (rules.incomeBands) {
      const monthly = rules.incomeBands.period === 'MONTH';
      const excess = rules.incomeBands.measure === 'EXCESS_INCOME';
      const counted = monthly ? means.incomeMonthly : means.income;
      const applicable = monthly ? monthlyFromWeekly(means.applicable) : means.applicable;
      const income = excess ? Math.max(0, counted - applicable) : counted;
      const band = bandTableFor(facts, rules.incomeBands)
        .filter((candidate) => income >= candidate.fromIncome)
        .at(-1)!;
      weekly = Math.max(0, basisPointsOf(liability, band.share) - totalNonDependants);
      explanation.push(
        explanations.say('income-band', { income, monthly, excess, applicable, from: band.fromIncome, share: band.share, weekly }),
      );
      if (weekly < maximum) deductions.push(line('INCOME_BAND', 'Income band', maximum - weekly));
      // The band pays something, but the other adults' deductions take all of it: say that, not that income is too high.
      if (weekly === 0 && band.share > 0)
        return { ...notEligible([...explanation, explanations.say('deductions-exceed-charge')]), variables };
    } else {
      const taper = rules.taper!;
      const excess = Math.max(0, means.income - means.applicable);
      const reduction = basisPointsOf(excess, taper);
      weekly = Math.max(0, maximum - reduction);
      explanation.push(
        explanations.say(excess > 0 ? 'taper' : 'income-below-applicable-amount', { ...means, excess, taper, reduction, maximum, weekly }),
      );
      if (weekly < maximum) deductions.push(line('INCOME_TAPER', `Income above the applicable amount (${taper / 100}%)`, maximum - weekly));
    }
    if (weekly === 0) return { ...notEligible([...explanation, explanations.say('income-too-high')]), variables };
    if (rules.minimumAwardWeekly !== null && weekly < rules.minimumAwardWeekly) {
      return {
        ...notEligible([...explanation, explanations.say('below-minimum-award', { weekly, minimum: rules.minimumAwardWeekly })]),
        variables,
      };
    }
  }
  return {
    eligible: true,
    amountShown: true,
    ...bothPeriods(weekly, 'WEEK'),
    elements: [line('COUNCIL_TAX', 'Council tax a week, after discounts', charge.weekly)],
    deductions,
    explanation,
    variables,
  };
}
