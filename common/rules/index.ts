/** The show/hide rule language (README.md): parse rule text once, evaluate it against the answers. */
export { parseRule, RuleSyntaxError } from './parse.js';
export {
  evaluateRule,
  explainRule,
  ruleEvaluatorFor,
  type ExplainedCondition,
  type RuleContext,
  type RuleOutcome,
  type RuleResult,
} from './evaluate.js';
export {
  ANSWER_PARTS,
  referencedQuestions,
  type AnswerPart,
  type AnswerReference,
  type Arithmetic,
  type Condition,
  type DateLiteral,
  type ExpressionCondition,
  type FactCondition,
  type FunctionCall,
  type Literal,
  type Operand,
  type Operator,
} from './condition.js';
export { resolveForPage } from './resolve.js';
export { RULE_FUNCTIONS, functionNames, type RuleFunction } from './functions.js';
export { statePensionDate, type Sex } from './state-pension-age.js';
