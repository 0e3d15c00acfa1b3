import { explainRule, type Condition, type ExplainedCondition } from '../../../common/rules/index';
import type { Answers, QuestionView } from '../../../common/survey/model';
import type { RuleEnvironment } from './rule-environment';

function operand(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value !== 'object') return String(value);
  const node = value as Record<string, unknown>;
  if ('date' in node) return String(node.date);
  if ('fact' in node) return node.path ? `${String(node.fact)}.${String(node.path)}` : String(node.fact);
  if ('op' in node) return `(${operand(node.left)} ${String(node.op)} ${operand(node.right)})`;
  if ('call' in node) return `${String(node.call)}(${(node.args as unknown[]).map(operand).join(', ')})`;
  return JSON.stringify(value);
}

/** One line per part of an explained rule: what it says and whether it holds now. */
export function explainLines(explained: ExplainedCondition, depth = 0): { depth: number; text: string; result: string }[] {
  const node = explained as ExplainedCondition & Record<string, unknown>;
  const result = node.result === 'error' ? `error${node.error ? `: ${node.error}` : ''}` : String(node.result);
  if ('all' in node || 'any' in node) {
    const key = 'all' in node ? 'all' : 'any';
    const parts = node[key] as ExplainedCondition[];
    return [{ depth, text: key === 'all' ? 'all of' : 'any of', result }, ...parts.flatMap((part) => explainLines(part, depth + 1))];
  }
  if ('not' in node) return [{ depth, text: 'not', result }, ...explainLines(node.not as ExplainedCondition, depth + 1)];
  if ('call' in node && !('operator' in node)) return [{ depth, text: operand(node), result }];
  const left = 'fact' in node ? operand({ fact: node.fact, path: node.path }) : operand(node.left);
  const right = 'fact' in node ? operand(node.value) : operand(node.right);
  return [{ depth, text: `${left} ${String(node.operator)} ${right}`, result }];
}

/** Test mode only: the question's name, its rule, the parsed rule and which parts of it are true. */
export function TestingPanel({
  question,
  rule,
  answers,
  environment,
}: {
  question: QuestionView;
  rule: Condition | null;
  answers: Answers;
  environment: RuleEnvironment;
}) {
  const parsed = rule ?? (question.parseShowHide as Condition | null) ?? null;
  return (
    <details className="testing-panel">
      <summary>Testing: {question.name}</summary>
      <dl>
        <dt>Name</dt>
        <dd>
          <code>{question.name}</code>
        </dd>
        <dt>showHide</dt>
        <dd>
          <code>{question.originalShowHide || question.showHide || '(none)'}</code>
        </dd>
        <dt>parseShowHide</dt>
        <dd>
          <pre>{parsed ? JSON.stringify(parsed, null, 2) : '(none)'}</pre>
        </dd>
        {parsed && (
          <>
            <dt>Which parts are true</dt>
            <dd>
              <ul className="testing-panel__parts">
                {explainLines(explainRule(parsed, { ...environment, answers })).map((line, index) => (
                  <li key={index} style={{ marginLeft: `${line.depth}rem` }}>
                    <code>{line.text}</code>: {line.result}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </details>
  );
}
