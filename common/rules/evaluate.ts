/**
 * Evaluates a parsed rule against the answers (common/rules/README.md). A rule that cannot be evaluated gives
 * `{ ok: false, error }` and never throws, so the caller can leave the question as it was.
 */
import type { Answers } from '../survey/model.js';
import {
  isAnswerReference,
  isArithmetic,
  isDateLiteral,
  isFunctionCall,
  type Arithmetic,
  type Condition,
  type ExpressionCondition,
  type FactCondition,
  type FunctionCall,
  type Operand,
  type Operator,
} from './condition.js';
import { parseIsoDate, toDayNumber } from '../dates/calendar.js';
import { findRuleFunction, type FunctionContext } from './functions.js';
import { divideHundredths, multiplyHundredths, numberToHundredths } from './hundredths.js';
import { KIND_NAMES, RuleEvaluationError, answerValue, asHundredths, textAsDate, textAsNumber, textValue, type Value } from './values.js';

export { referencedQuestions } from './condition.js';

export interface RuleContext {
  answers: Answers;
  /** Today in the UK, yyyy-mm-dd. */
  today: string;
  /** The National Living Wage in force today, in pence an hour. */
  nationalLivingWageHourlyPence: number;
}

export type RuleResult = boolean | 'error';
type Explained<T> = T & { result: RuleResult; error?: string };

/** The rule's tree with every condition's result, for the testing mode ('which parts of the rule are true'). */
export type ExplainedCondition =
  | Explained<{ all: ExplainedCondition[] }>
  | Explained<{ any: ExplainedCondition[] }>
  | Explained<{ not: ExplainedCondition }>
  | Explained<FactCondition>
  | Explained<ExpressionCondition>
  | Explained<FunctionCall>;

export type RuleOutcome = { ok: true; value: boolean } | { ok: false; error: string };

/** The same result as `explainRule` gives at its root, without building the explanation (the server's hot path). */
export function evaluateRule(condition: Condition, context: RuleContext): RuleOutcome {
  return ruleEvaluatorFor(context)(condition);
}

/**
 * `evaluateRule` for many rules on one context: what the context gives (today as a day number) is worked out once
 * for all of them rather than once a rule, as a page's show/hide rules are all decided on the same answers.
 */
export function ruleEvaluatorFor(context: RuleContext): (condition: Condition) => RuleOutcome {
  const evaluator = new Evaluator(context);
  return (condition) => {
    try {
      return { ok: true, value: evaluator.decide(condition) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : 'The rule could not be evaluated.' };
    }
  };
}

/**
 * Every part is evaluated, and combined so that the order of the parts never matters: `all` is false when any
 * part is false, else an error when any part is, else true; `any` is true when any part is true, else an error
 * when any part is, else false.
 */
export function explainRule(condition: Condition, context: RuleContext): ExplainedCondition {
  return new Evaluator(context).explain(condition);
}

/**
 * What rule functions may ask of the context, checked only when a function needs it, so that a rule without dates
 * does not depend on `today`. A class, so that the getters live on its prototype rather than being made again for
 * every rule evaluated (the server evaluates hundreds a request).
 */
class RuleFunctionContext implements FunctionContext {
  private todayDay: number | undefined;

  constructor(private readonly context: RuleContext) {}

  get today(): number {
    if (this.todayDay !== undefined) return this.todayDay;
    const today = parseIsoDate(this.context.today);
    if (!today) throw new RuleEvaluationError("Today's date is not a yyyy-mm-dd date.");
    this.todayDay = toDayNumber(today);
    return this.todayDay;
  }

  get nationalLivingWageHourlyPence(): number {
    const pence = this.context.nationalLivingWageHourlyPence;
    if (!Number.isSafeInteger(pence) || pence <= 0) {
      throw new RuleEvaluationError('The National Living Wage rate is not a whole number of pence.');
    }
    return pence;
  }
}

class Evaluator {
  private readonly functionContext: FunctionContext;

  constructor(private readonly context: RuleContext) {
    this.functionContext = new RuleFunctionContext(context);
  }

  explain(condition: Condition): ExplainedCondition {
    if (typeof condition === 'object' && condition !== null) {
      if ('all' in condition && Array.isArray(condition.all)) return this.combine('all', condition.all);
      if ('any' in condition && Array.isArray(condition.any)) return this.combine('any', condition.any);
      if ('not' in condition) {
        const inner = this.explain(condition.not);
        const result = inner.result === 'error' ? 'error' : !inner.result;
        return { not: inner, result, ...(inner.error === undefined ? {} : { error: inner.error }) };
      }
    }
    const leaf = typeof condition === 'object' && condition !== null ? condition : {};
    try {
      return { ...leaf, result: this.leaf(condition) } as ExplainedCondition;
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The rule could not be evaluated.';
      return { ...leaf, result: 'error', error: message } as ExplainedCondition;
    }
  }

  /** As `explain`, but only the result; an error is thrown. */
  decide(condition: Condition): boolean {
    if (typeof condition === 'object' && condition !== null) {
      if ('all' in condition && Array.isArray(condition.all)) return this.decideAll('all', condition.all);
      if ('any' in condition && Array.isArray(condition.any)) return this.decideAll('any', condition.any);
      if ('not' in condition) return !this.decide(condition.not);
    }
    return this.leaf(condition);
  }

  private decideAll(key: 'all' | 'any', conditions: Condition[]): boolean {
    const deciding = key === 'any';
    let failure: unknown = null;
    for (const condition of conditions) {
      try {
        if (this.decide(condition) === deciding) return deciding;
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== null) throw failure;
    return !deciding;
  }

  private combine(key: 'all' | 'any', conditions: Condition[]): ExplainedCondition {
    const parts = conditions.map((condition) => this.explain(condition));
    const deciding = key === 'any';
    const failed = parts.find((part) => part.result === 'error');
    let result: RuleResult = !deciding;
    if (parts.some((part) => part.result === deciding)) result = deciding;
    else if (failed) result = 'error';
    const explained = { [key]: parts, result } as ExplainedCondition;
    return result === 'error' ? { ...explained, error: failed!.error } : explained;
  }

  private leaf(condition: Condition): boolean {
    if (isFunctionCall(condition)) {
      const value = this.call(condition);
      if (value.kind !== 'boolean') throw new RuleEvaluationError(`${condition.call}() does not give true or false.`);
      return value.value;
    }
    if (typeof condition !== 'object' || condition === null || !('operator' in condition)) {
      throw new RuleEvaluationError('This is not a rule condition.');
    }
    if ('fact' in condition) {
      const answer = this.value({ fact: condition.fact, path: condition.path });
      return compare(condition.operator, answer, this.value(condition.value));
    }
    return compare(condition.operator, this.value(condition.left), this.value(condition.right));
  }

  private value(operand: Operand): Value {
    if (typeof operand === 'string') return textValue(operand);
    if (typeof operand === 'boolean') return { kind: 'boolean', value: operand };
    if (typeof operand === 'number') {
      const hundredths = numberToHundredths(operand);
      if (hundredths === null) throw new RuleEvaluationError('A number in the rule is too large.');
      return { kind: 'number', hundredths };
    }
    if (isDateLiteral(operand)) {
      const date = parseIsoDate(operand.date);
      if (!date) throw new RuleEvaluationError(`'${operand.date}' is not a real date.`);
      return { kind: 'date', day: toDayNumber(date) };
    }
    if (isAnswerReference(operand)) return answerValue(this.context.answers, operand.fact, operand.path);
    if (isArithmetic(operand)) return this.arithmetic(operand);
    if (isFunctionCall(operand)) return this.call(operand);
    throw new RuleEvaluationError('This is not a rule value.');
  }

  private arithmetic({ op, left, right }: Arithmetic): Value {
    const a = asHundredths(this.value(left), `'${op}'`);
    const b = asHundredths(this.value(right), `'${op}'`);
    if (op === '/' && b === 0) throw new RuleEvaluationError('Division by zero.');
    const results = {
      '+': () => a + b,
      '-': () => a - b,
      '*': () => multiplyHundredths(a, b),
      '/': () => divideHundredths(a, b),
    };
    if (!Object.hasOwn(results, op)) throw new RuleEvaluationError(`'${op}' is not an arithmetic operator.`);
    const hundredths = results[op]();
    if (hundredths === null || !Number.isSafeInteger(hundredths)) {
      throw new RuleEvaluationError('A number in the rule is too large.');
    }
    return { kind: 'number', hundredths };
  }

  private call({ call, args }: FunctionCall): Value {
    const ruleFunction = findRuleFunction(call);
    if (!ruleFunction) throw new RuleEvaluationError(`Unknown function '${call}'.`);
    const { arity, takesQuestion } = ruleFunction;
    if (!Array.isArray(args) || args.length !== arity) {
      throw new RuleEvaluationError(`${call}() takes ${arity} argument${arity === 1 ? '' : 's'}.`);
    }
    if (takesQuestion && !isAnswerReference(args[0])) throw new RuleEvaluationError(`${call}() needs a question name.`);
    return ruleFunction.evaluate(
      args.map((arg) => this.value(arg)),
      this.functionContext,
    );
  }
}

function compare(operator: Operator, left: Value, right: Value): boolean {
  if (operator === 'contains') {
    if (left.kind === 'empty' || right.kind === 'empty') return false;
    if (left.kind !== 'list') {
      throw new RuleEvaluationError(`'has' needs a Check answer on its left, not ${KIND_NAMES[left.kind]}.`);
    }
    if (right.kind !== 'text') {
      throw new RuleEvaluationError(`'has' needs text on its right, not ${KIND_NAMES[right.kind]}.`);
    }
    return left.items.includes(right.text);
  }
  if (left.kind === 'empty' || right.kind === 'empty') {
    const bothEmpty = left.kind === right.kind;
    if (operator === 'equal') return bothEmpty;
    if (operator === 'notEqual') return !bothEmpty;
    return false;
  }
  const ordering = operator !== 'equal' && operator !== 'notEqual';
  const [a, b] = comparable(left, right, ordering);
  switch (operator) {
    case 'equal':
      return a === b;
    case 'notEqual':
      return a !== b;
    case 'greaterThan':
      return a > b;
    case 'greaterThanInclusive':
      return a >= b;
    case 'lessThan':
      return a < b;
    case 'lessThanInclusive':
      return a <= b;
    default:
      throw new RuleEvaluationError(`'${String(operator)}' is not a comparison.`);
  }
}

/** Two answered values as a pair of plain values of one kind; text is read as a number or date to match. */
type Plain = number | string | boolean;

function comparable(left: Value, right: Value, ordering: boolean): [Plain, Plain] {
  if (left.kind === 'list' || right.kind === 'list') {
    throw new RuleEvaluationError("A Check answer is a list of choices: use 'has'.");
  }
  if (left.kind === 'text' && right.kind === 'text') {
    // Two Date answers (or two numeric Text answers) are put in order as dates (numbers), not as text.
    if (ordering) {
      for (const read of [textAsDate, textAsNumber]) {
        const [a, b] = [read(left.text), read(right.text)];
        if (a && b) return comparable(a, b, ordering);
      }
    }
    return [left.text, right.text];
  }
  if (left.kind === 'text') return reverse(comparable(right, left, ordering));
  if (right.kind === 'text') {
    if (left.kind === 'number') {
      const number = textAsNumber(right.text);
      if (!number) throw new RuleEvaluationError('Text that is not a number cannot be compared with a number.');
      return comparable(left, number, ordering);
    }
    if (left.kind === 'date') {
      const date = textAsDate(right.text);
      if (!date) throw new RuleEvaluationError('Text that is not a dd/mm/yyyy date cannot be compared with a date.');
      return comparable(left, date, ordering);
    }
  }
  if (left.kind === 'number' && right.kind === 'number') return [left.hundredths, right.hundredths];
  if (left.kind === 'date' && right.kind === 'date') return [left.day, right.day];
  if (left.kind === 'boolean' && right.kind === 'boolean') {
    if (ordering) throw new RuleEvaluationError('True or false can only be compared with == or !=.');
    return [left.value, right.value];
  }
  throw new RuleEvaluationError(`Cannot compare ${KIND_NAMES[left.kind]} with ${KIND_NAMES[right.kind]}.`);
}

function reverse<T>([a, b]: [T, T]): [T, T] {
  return [b, a];
}
