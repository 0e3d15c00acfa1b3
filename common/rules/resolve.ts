import type { AnswerValue, MoneyAnswer, PostcodeAnswer } from '../survey/model.js';
import {
  isAnswerReference,
  isArithmetic,
  isFunctionCall,
  referencedQuestions,
  type AnswerReference,
  type Condition,
  type Literal,
  type Operand,
} from './condition.js';
import { evaluateRule, type RuleContext } from './evaluate.js';

const TRUE: Condition = { all: [] };
const FALSE: Condition = { any: [] };

/**
 * A rule made ready for one page: every part that reads only earlier pages' answers is worked out here (true or
 * false), and earlier answers inside a part that also reads this page become literals. The browser, which holds
 * only this page's answers, can then evaluate the rule as the person answers, and gets the same result as the
 * server would with every answer. A part that cannot be worked out is left as it was.
 *
 * `context.answers` holds the answers of earlier pages (shown questions of applicable pages).
 */
export function resolveForPage(condition: Condition, context: RuleContext, pageQuestions: ReadonlySet<string>): Condition {
  if ('all' in condition) return { all: condition.all.map((part) => resolveForPage(part, context, pageQuestions)) };
  if ('any' in condition) return { any: condition.any.map((part) => resolveForPage(part, context, pageQuestions)) };
  if ('not' in condition) return { not: resolveForPage(condition.not, context, pageQuestions) };
  const names = referencedQuestions(condition);
  if (names.every((name) => pageQuestions.has(name))) return condition;
  if (names.every((name) => !pageQuestions.has(name))) {
    const outcome = evaluateRule(condition, context);
    return outcome.ok ? (outcome.value ? TRUE : FALSE) : condition;
  }
  return substituteEarlierAnswers(condition as Leaf, context, pageQuestions);
}

type Leaf = Exclude<Condition, { all: Condition[] } | { any: Condition[] } | { not: Condition }>;

function substituteEarlierAnswers(condition: Leaf, context: RuleContext, pageQuestions: ReadonlySet<string>): Condition {
  const operand = (node: Operand): Operand => {
    if (isAnswerReference(node)) return pageQuestions.has(node.fact) ? node : (literalOf(node, context) ?? node);
    if (isArithmetic(node)) return { ...node, left: operand(node.left), right: operand(node.right) };
    if (isFunctionCall(node)) return { ...node, args: node.args.map(operand) };
    return node;
  };
  if (isFunctionCall(condition)) return operand(condition) as Condition;
  if ('fact' in condition) {
    // json-rules-engine's leaf: an earlier answer on the left becomes an expression with a literal there.
    const left = operand({ fact: condition.fact, ...(condition.path ? { path: condition.path } : {}) });
    const right = operand(condition.value);
    return isAnswerReference(left)
      ? { ...condition, value: right as Literal | AnswerReference }
      : { operator: condition.operator, left, right };
  }
  return { ...condition, left: operand(condition.left), right: operand(condition.right) };
}

/** The literal an earlier answer stands for; null for a list (a Check answer), which has no literal form. */
function literalOf(reference: AnswerReference, context: RuleContext): Literal | null {
  const value: AnswerValue | undefined = context.answers[reference.fact];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return null;
  if ('weekly' in value) {
    const money = value as MoneyAnswer;
    if (reference.path === 'period') return money.period;
    const figure = money[reference.path === 'monthly' || reference.path === 'yearly' ? reference.path : 'weekly'];
    return figure ?? '';
  }
  const postcode = value as PostcodeAnswer;
  if (reference.path === 'option') return postcode.option;
  return postcode[(reference.path as 'country' | 'authority' | 'authorityCode' | undefined) ?? 'postcode'] ?? '';
}
