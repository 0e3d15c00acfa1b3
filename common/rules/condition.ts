/**
 * The parsed form of a show/hide rule: JSON in json-rules-engine's shape (`all`, `any`, `not`, and leaves with
 * `fact`, `path`, `operator`, `value`), extended in one way for arithmetic and function calls: a leaf whose
 * sides are not simply an answer and a literal has `left` and `right` operand trees instead of `fact`/`value`,
 * and a function that gives true or false can stand as a leaf on its own (`{ call, args }`).
 */

export type Operator = 'equal' | 'notEqual' | 'greaterThan' | 'greaterThanInclusive' | 'lessThan' | 'lessThanInclusive' | 'contains';

/** The parts of a Money answer (`weekly` is its plain value) and of a Postcode answer. */
export const ANSWER_PARTS = ['weekly', 'monthly', 'yearly', 'period', 'country', 'authority', 'authorityCode', 'option'] as const;
export type AnswerPart = (typeof ANSWER_PARTS)[number];

/** A date literal, kept apart from text: `2017-04-06` is `{ date: '2017-04-06' }`. */
export interface DateLiteral {
  date: string;
}

/** Numbers are kept as written (12.21); the evaluator reads them as hundredths from their decimal text. */
export type Literal = string | number | boolean | DateLiteral;

/** The answer to a question, or one part of it. */
export interface AnswerReference {
  fact: string;
  path?: AnswerPart;
}

export interface Arithmetic {
  /** Unary minus on anything but a number literal is `0 - operand`. */
  op: '+' | '-' | '*' | '/';
  left: Operand;
  right: Operand;
}

export interface FunctionCall {
  call: string;
  args: Operand[];
}

export type Operand = Literal | AnswerReference | Arithmetic | FunctionCall;

/** json-rules-engine's own leaf: an answer compared with a literal or with another answer. */
export interface FactCondition {
  fact: string;
  path?: AnswerPart;
  operator: Operator;
  value: Literal | AnswerReference;
}

/** A comparison where either side is arithmetic, a function call, or a literal on the left. */
export interface ExpressionCondition {
  operator: Operator;
  left: Operand;
  right: Operand;
}

/**
 * `{ all: [] }` is true and `{ any: [] }` is false, as in json-rules-engine: they stand for an empty rule and
 * for the literals `true` and `false`.
 */
export type Condition =
  { all: Condition[] } | { any: Condition[] } | { not: Condition } | FactCondition | ExpressionCondition | FunctionCall;

export const OPERATORS: Record<string, Operator> = {
  '==': 'equal',
  '!=': 'notEqual',
  '>': 'greaterThan',
  '>=': 'greaterThanInclusive',
  '<': 'lessThan',
  '<=': 'lessThanInclusive',
  has: 'contains',
};

export function isAnswerReference(operand: unknown): operand is AnswerReference {
  return typeof operand === 'object' && operand !== null && 'fact' in operand && !('operator' in operand);
}

export function isDateLiteral(operand: unknown): operand is DateLiteral {
  return typeof operand === 'object' && operand !== null && 'date' in operand;
}

export function isArithmetic(operand: unknown): operand is Arithmetic {
  return typeof operand === 'object' && operand !== null && 'op' in operand;
}

export function isFunctionCall(operand: unknown): operand is FunctionCall {
  return typeof operand === 'object' && operand !== null && 'call' in operand;
}

/** Every question name a rule reads, in order of first appearance (for `npm run definitions:check`). */
export function referencedQuestions(condition: Condition): string[] {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    if ('fact' in node && typeof node.fact === 'string') names.add(node.fact);
    for (const key of ['all', 'any', 'not', 'value', 'left', 'right', 'args'] as const) {
      if (key in node) visit((node as Record<string, unknown>)[key]);
    }
  };
  visit(condition);
  return [...names];
}
