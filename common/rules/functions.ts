/**
 * The rule language's functions (common/rules/README.md, 'Functions'). The parser checks names and argument
 * counts against this table; the evaluator calls `evaluate`. Every date function works on `today`.
 */
import { ageInYears, fromDayNumber, formatIsoDate, parseIsoDate, toDayNumber } from '../dates/calendar.js';
import { multiplyHundredths } from './hundredths.js';
import { statePensionDate } from './state-pension-age.js';
import { EMPTY, RuleEvaluationError, asDay, asHundredths, type Value } from './values.js';

export interface FunctionContext {
  /** Today (UK) as a day number. */
  today: number;
  nationalLivingWageHourlyPence: number;
}

export interface RuleFunction {
  /** How many arguments it takes. */
  arity: number;
  /** What it gives: only a 'boolean' function can stand as a condition on its own. */
  gives: 'boolean' | 'number' | 'date';
  /** For `answered`: the argument must be a question name, not any value. */
  takesQuestion?: boolean;
  evaluate(args: Value[], context: FunctionContext): Value;
}

const bool = (value: boolean): Value => ({ kind: 'boolean', value });
const number = (hundredths: number | null): Value => {
  if (hundredths === null) throw new RuleEvaluationError('A number in the rule is too large.');
  return { kind: 'number', hundredths };
};

/**
 * State Pension days already worked out, by day of birth: a questionnaire asks about pension age on many pages with
 * the same dates of birth. Bounded, since a server sees dates of birth without end; a full table starts again.
 */
const spaDays = new Map<number, number>();
const SPA_DAYS_KEPT = 10_000;

function spaDay(birthDay: number): number {
  const known = spaDays.get(birthDay);
  if (known !== undefined) return known;
  // Sex-neutral: the later of the women's and men's days (see state-pension-age.ts).
  const day = toDayNumber(parseIsoDate(statePensionDate(formatIsoDate(fromDayNumber(birthDay))))!);
  if (spaDays.size >= SPA_DAYS_KEPT) spaDays.clear();
  spaDays.set(birthDay, day);
  return day;
}

/** A test on a date of birth; false when the date of birth (or a limit) is unanswered. */
function birthTest(name: string, arity: number, test: (birth: number, limits: number[], today: number) => boolean): RuleFunction {
  return {
    arity,
    gives: 'boolean',
    evaluate(args, context) {
      const days = args.map((arg) => asDay(arg, `${name}()`));
      if (days.some((day) => day === null)) return bool(false);
      const [birth, ...limits] = days as number[];
      return bool(test(birth, limits, context.today));
    },
  };
}

export const RULE_FUNCTIONS: Record<string, RuleFunction> = {
  age: {
    arity: 1,
    gives: 'number',
    evaluate([dob], context) {
      const birth = asDay(dob, 'age()');
      if (birth === null) return EMPTY;
      return number(ageInYears(fromDayNumber(birth), fromDayNumber(context.today)) * 100);
    },
  },
  statePensionDate: {
    arity: 1,
    gives: 'date',
    evaluate([dob]) {
      const birth = asDay(dob, 'statePensionDate()');
      return birth === null ? EMPTY : { kind: 'date', day: spaDay(birth) };
    },
  },
  reachedStatePensionAge: birthTest('reachedStatePensionAge', 1, (birth, _, today) => spaDay(birth) <= today),
  bornBetween: birthTest('bornBetween', 3, (birth, [from, to]) => birth >= from && birth <= to),
  bornBefore: birthTest('bornBefore', 2, (birth, [limit]) => birth < limit),
  bornAfter: birthTest('bornAfter', 2, (birth, [limit]) => birth > limit),
  youngerThan16OnFirstSeptember: birthTest('youngerThan16OnFirstSeptember', 1, (birth, _, today) => {
    const cutOff = toDayNumber({ year: fromDayNumber(today).year - 16, month: 9, day: 1 });
    return birth > cutOff;
  }),
  answered: {
    arity: 1,
    gives: 'boolean',
    takesQuestion: true,
    evaluate: ([answer]) => bool(answer.kind !== 'empty'),
  },
  equity: {
    arity: 2,
    gives: 'number',
    evaluate: ([value, mortgage]) => number(asHundredths(value, 'equity()') - asHundredths(mortgage, 'equity()')),
  },
  hoursAtLivingWage: {
    arity: 1,
    gives: 'number',
    evaluate([hours], context) {
      // Pence are hundredths of a pound, so hours (in hundredths) times the rate is pay in hundredths.
      const hundredthsOfHours = asHundredths(hours, 'hoursAtLivingWage()');
      return number(multiplyHundredths(hundredthsOfHours, context.nationalLivingWageHourlyPence));
    },
  },
};

export const functionNames: readonly string[] = Object.keys(RULE_FUNCTIONS);

export function findRuleFunction(name: string): RuleFunction | undefined {
  return Object.hasOwn(RULE_FUNCTIONS, name) ? RULE_FUNCTIONS[name] : undefined;
}
