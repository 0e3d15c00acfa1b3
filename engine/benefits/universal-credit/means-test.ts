import type { CalculationInput } from '../../core/benefit.js';
import type { Explanations } from '../../core/explanations.js';
import type { FiredRule, FiredRules } from '../../core/ruleset.js';
import { basisPointsOf, scalePence, sumPence, type Pence } from '../../../common/money.js';
import { unearnedIncomeOf } from '../../facts.js';
import { tariffIncome } from '../../facts/capital.js';
import { adultEarnings, coupleAdults, netOfNotionalTax } from '../universal-credit-household.js';

/** Unearned income not counted (UC Regs 2013 reg 66): child maintenance. Student income has its own disregard. */
const COUNTED_UNEARNED = [
  'STATE_PENSION',
  'PRIVATE_PENSION',
  'NEW_STYLE_JSA',
  'NEW_STYLE_ESA',
  'CARERS_ALLOWANCE',
  'MAINTENANCE_SPOUSAL',
  'OTHER_UNEARNED',
] as const;

/** One adult's earned income a month, as counted, and how it was found. */
export interface AdultEarnedIncome {
  who: 'You' | 'Your partner';
  counted: Pence;
  /** Take-home pay worked out from gross pay. */
  fromGross: { gross: Pence; incomeTax: Pence; nationalInsurance: Pence; net: Pence } | null;
  selfEmployed:
    | { kind: 'minimum-income-floor'; hours: number; wage: Pence; gross: Pence; floor: Pence; actual: Pence }
    | { kind: 'minimum-income-floor-met'; floor: Pence; actual: Pence }
    | { kind: 'self-employed'; actual: Pence; startUp: boolean }
    | null;
}

/**
 * The claim's earned income a month: each adult's take-home pay and self-employed profit, with any minimum income floor
 * (UC Regs 2013 regs 54-64); the couple's, when a member of a couple claims as a single person (reg 22(3)).
 */
export function earnedIncome(input: CalculationInput, fired: FiredRules): AdultEarnedIncome[] {
  const { parameters } = input;
  return coupleAdults(input.facts).map((adult) => {
    const earned = adultEarnings(adult, input);
    const who = adult.role === 'CLAIMANT' ? 'You' : 'Your partner';
    const fromGross = earned.employed.fromGross
      ? {
          gross: adult.earnings!.monthly,
          incomeTax: earned.employed.incomeTax.monthly,
          nationalInsurance: earned.employed.nationalInsurance.monthly,
          net: earned.employed.monthly,
        }
      : null;
    const actual = earned.employed.monthly + earned.selfEmployed;
    if (!adult.selfEmployment) return { who, counted: actual, fromGross, selfEmployed: null };
    if (!fired.rules.some((rule) => rule.event.type === 'minimum-income-floor' && rule.event.params.who === adult.role)) {
      return {
        who,
        counted: actual,
        fromGross,
        selfEmployed: { kind: 'self-employed', actual: earned.selfEmployed, startUp: adult.selfEmployment.startUpPeriod },
      };
    }
    // The floor is compared with all the adult's earned income, employed and self-employed (UC Regs 2013 reg 62(1)).
    const hours = parameters.amount('gov/dwp/universal_credit/minimum_income_floor/expected_hours');
    const wage = parameters.amount('gov/hmrc/minimum_wage/national_living_wage');
    const gross = scalePence(hours * wage, 52, 12);
    const floor = netOfNotionalTax(adult, gross, input);
    if (floor > actual)
      return { who, counted: floor, fromGross, selfEmployed: { kind: 'minimum-income-floor', hours, wage, gross, floor, actual } };
    return { who, counted: actual, fromGross, selfEmployed: { kind: 'minimum-income-floor-met', floor, actual } };
  });
}

export function explainEarnedIncome(adults: readonly AdultEarnedIncome[], explanations: Explanations): string[] {
  const sentences: string[] = [];
  for (const { who, fromGross, selfEmployed } of adults) {
    if (fromGross) sentences.push(explanations.say('gross-earnings', { who, ...fromGross }));
    if (selfEmployed) {
      const { kind, ...data } = selfEmployed;
      sentences.push(explanations.say(kind, { who, ...data }));
    }
  }
  return sentences;
}

/**
 * The taper (UC Regs 2013 reg 22): 55% of earnings above any work allowance, the higher
 * (gov/dwp/universal_credit/means_test/work_allowance/higher) or the lower
 * (gov/dwp/universal_credit/means_test/work_allowance/lower), as the ruleset's event names it.
 */
export interface EarningsTaper {
  earnings: Pence;
  /** The work allowance the ruleset chose (reg 22(2)), or null when the claim has none. */
  workAllowance: { amount: Pence; lower: boolean } | null;
  taper: number;
  deduction: Pence;
}

export function earningsTaper(input: CalculationInput, fired: FiredRules, earnings: Pence): EarningsTaper {
  const { parameters } = input;
  const allowanceRule: FiredRule | undefined = fired.first('work-allowance');
  const workAllowance = allowanceRule
    ? {
        amount: parameters.amount(String(allowanceRule.event.params.parameter)),
        lower: allowanceRule.event.params.parameter === 'gov/dwp/universal_credit/means_test/work_allowance/lower',
      }
    : null;
  if (earnings <= 0) return { earnings, workAllowance, taper: 0, deduction: 0 };
  const taper = parameters.amount('gov/dwp/universal_credit/means_test/taper');
  return { earnings, workAllowance, taper, deduction: basisPointsOf(Math.max(0, earnings - (workAllowance?.amount ?? 0)), taper) };
}

export function explainEarningsTaper(figures: EarningsTaper, explanations: Explanations): string[] {
  const { earnings, workAllowance, taper, deduction } = figures;
  if (earnings > 0) {
    return [
      explanations.say(workAllowance ? 'earnings-taper' : 'earnings-taper-no-allowance', {
        earnings,
        workAllowance: workAllowance?.amount ?? 0,
        taper,
        deduction,
        lower: workAllowance?.lower ?? false,
      }),
    ];
  }
  return workAllowance ? [explanations.say('work-allowance-unused', { workAllowance: workAllowance.amount })] : [];
}

/** Unearned income (UC Regs 2013 regs 65-74): counted in full, except student income above its disregard, and child maintenance not at all. */
export interface UnearnedIncome {
  total: Pence;
  /** Each student's income a month, its disregard, and (given for the course year) the year's amount and its spread. */
  students: { student: Pence; disregard: Pence; spread: { yearly: Pence; periods: number } | null }[];
  childMaintenance: Pence;
}

export function unearnedIncome(input: CalculationInput): UnearnedIncome {
  const { parameters } = input;
  let total = 0;
  const students: UnearnedIncome['students'] = [];
  // The couple's, when a member of a couple claims as a single person (reg 22(3)).
  for (const adult of coupleAdults(input.facts)) {
    total += unearnedIncomeOf(adult, COUNTED_UNEARNED).monthly;
    const student = unearnedIncomeOf(adult, ['STUDENT_INCOME']).monthly;
    if (student > 0) {
      const disregard = parameters.amount('gov/dwp/universal_credit/means_test/student_income_disregard');
      total += Math.max(0, student - disregard);
      // Given for the course year with its assessment periods: the year's amount divided by them (regs 68(1) and 71).
      const spreadIncome = adult.unearnedIncome.find((income) => income.type === 'STUDENT_INCOME' && income.spreadOver !== undefined);
      const spread = spreadIncome ? { yearly: spreadIncome.yearly!, periods: spreadIncome.spreadOver! } : null;
      students.push({ student, disregard, spread });
    }
  }
  const childMaintenance = sumPence(coupleAdults(input.facts).map((adult) => unearnedIncomeOf(adult, ['CHILD_MAINTENANCE']).monthly));
  return { total, students, childMaintenance };
}

export function explainUnearnedIncome(figures: UnearnedIncome, explanations: Explanations): string[] {
  const sentences = figures.students.flatMap((student) => [
    ...(student.spread
      ? [
          explanations.say('student-income-spread', {
            yearly: student.spread.yearly,
            periods: student.spread.periods,
            student: student.student,
          }),
        ]
      : []),
    explanations.say('student-income', student),
  ]);
  if (figures.total > 0) sentences.push(explanations.say('unearned-income', { total: figures.total }));
  if (figures.childMaintenance > 0) sentences.push(explanations.say('child-maintenance-ignored'));
  return sentences;
}

/**
 * Capital (UC Regs 2013 regs 18, 72): the tariff income counted from capital between the lower and upper limits,
 * £4.35 a month for each £250, or part of £250, above £6,000 (the generic rule is in engine/facts/capital.ts).
 */
export interface CapitalTariff {
  capital: Pence;
  lowerLimit: Pence;
  step: Pence;
  perStep: Pence;
  tariff: Pence;
}

/** Null when the household has no capital. */
export function capitalTariff(input: CalculationInput): CapitalTariff | null {
  const { facts, parameters } = input;
  const lowerLimit = parameters.amount('gov/dwp/universal_credit/means_test/capital/lower_limit');
  if (facts.capital <= 0) return null;
  const step = parameters.amount('gov/dwp/universal_credit/means_test/capital/tariff_income/step');
  const perStep = parameters.amount('gov/dwp/universal_credit/means_test/capital/tariff_income/amount');
  return { capital: facts.capital, lowerLimit, step, perStep, tariff: tariffIncome(facts.capital, lowerLimit, step, perStep) };
}

export function explainCapitalTariff(figures: CapitalTariff, explanations: Explanations): string[] {
  return [explanations.say(figures.tariff > 0 ? 'capital-tariff' : 'capital-ignored', { ...figures })];
}
