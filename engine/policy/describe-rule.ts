/**
 * A rule's json-rules-engine conditions as plain-English lines for the policy workbench (RuleView.sentences),
 * generated from the JSON each time, so the words can never drift from the rule that runs. Facts are named from the
 * ruleset's own `facts` meanings (or the fact's name), rates by their label and their value on the date asked.
 */
import { datedValueOn, type DatedParameter, type ParameterValue } from '../../common/parameters/dated-parameter.js';
import { formatPounds } from '../../common/money.js';
import { dateInWords } from '../../common/dates/calendar.js';
import type { ParameterSet } from '../parameters/parameter-set.js';
import { PARAMETER_FACT } from '../core/ruleset.js';

export interface RuleSentence {
  depth: number;
  text: string;
}

export interface DescribeContext {
  /** The ruleset's `facts`: each fact's meaning. */
  facts: Readonly<Record<string, string>>;
  parameters: ParameterSet;
  /** yyyy-mm-dd: the date the rates named are shown at. */
  date: string;
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

const OPERATOR_WORDS: Record<string, string> = {
  equal: 'is',
  notEqual: 'is not',
  lessThan: 'is less than',
  lessThanInclusive: 'is at most',
  greaterThan: 'is more than',
  greaterThanInclusive: 'is at least',
  in: 'is one of',
  notIn: 'is not one of',
  contains: 'includes',
  doesNotContain: 'does not include',
};

/** The lines of a rule's conditions: the first says how the rule applies, the rest are nested under it by `depth`. */
export function describeConditions(conditions: unknown, context: DescribeContext): RuleSentence[] {
  const lines: RuleSentence[] = [];
  describe(conditions, 0, context, lines);
  if (lines.length > 0) lines[0] = { depth: 0, text: `Applies when ${lines[0]!.text}` };
  return lines;
}

function describe(condition: unknown, depth: number, context: DescribeContext, lines: RuleSentence[]): void {
  if (!isNode(condition)) {
    lines.push({ depth, text: 'a condition that cannot be read' });
    return;
  }
  for (const [group, heading] of [
    ['all', 'all of these hold:'],
    ['any', 'at least one of these holds:'],
  ] as const) {
    const inner = condition[group];
    // A group of one reads as that condition alone.
    if (Array.isArray(inner) && inner.length === 1) return describe(inner[0], depth, context, lines);
    if (Array.isArray(inner)) {
      lines.push({ depth, text: heading });
      for (const inner of condition[group] as unknown[]) describe(inner, depth + 1, context, lines);
      return;
    }
  }
  if ('not' in condition) {
    lines.push({ depth, text: 'this does not hold:' });
    describe(condition.not, depth + 1, context, lines);
    return;
  }
  lines.push({ depth, text: describeComparison(condition, context) });
}

/** One comparison: `{ fact, operator, value }` in words. */
function describeComparison(condition: Node, context: DescribeContext): string {
  const operator = String(condition.operator);
  const value = condition.value;
  const fact = typeof condition.fact === 'string' ? condition.fact : '';
  if (fact === PARAMETER_FACT) {
    // A rate on the left (a policy switch, usually): its label, then its value on the date in brackets.
    const [shown, label] = parameterParts(condition.params, context);
    return `${label} ${OPERATOR_WORDS[operator] ?? operator} ${valuePhrase(value, '', context)} (on ${dateInWords(context.date)} it is ${shown})`;
  }
  const meaning = context.facts[fact];
  // A yes/no fact compared with true or false reads as the statement itself, or its denial.
  if ((operator === 'equal' || operator === 'notEqual') && typeof value === 'boolean') {
    const statement = factStatement(meaning);
    const said = statement ?? statementFromName(fact);
    return value === (operator === 'equal') ? said : `it is not the case that ${said}`;
  }
  return `${factPhrase(fact, meaning)} ${OPERATOR_WORDS[operator] ?? operator} ${valuePhrase(value, fact, context)}`;
}

/** A value compared with: a rate (by its label and value on the date), money for a `...Pence` fact, a list, a word. */
function valuePhrase(value: unknown, fact: string, context: DescribeContext): string {
  if (isNode(value) && value.fact === PARAMETER_FACT) return parameterPhrase(value.params, context);
  if (Array.isArray(value)) return listOf(value.map((item) => valuePhrase(item, fact, context)));
  if (typeof value === 'number') return fact.endsWith('Pence') ? formatPounds(value, { separators: true }) : value.toLocaleString('en-GB');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === null) return 'nothing';
  if (typeof value === 'string') return codeWords(value);
  return JSON.stringify(value);
}

/** "£16,000 (Capital: upper limit)": the rate's value on the date, then its label. */
function parameterPhrase(params: unknown, context: DescribeContext): string {
  const [shown, label] = parameterParts(params, context);
  return `${shown} (${label})`;
}

/** A rate's value on the date in words, and its label. */
function parameterParts(params: unknown, context: DescribeContext): [shown: string, label: string] {
  const name = isNode(params) && typeof params.name === 'string' ? params.name : '';
  if (!context.parameters.has(name)) return ['not held', `the rate ${name || '(no name given)'}`];
  const parameter = context.parameters.findParameterOrThrow(name);
  const inForce = datedValueOn(parameter, context.date);
  if (!inForce) return [`no value in force on ${dateInWords(context.date)}`, parameter.label];
  return [formatParameterValue(parameter, inForce.value), parameter.label];
}

const PERIOD_WORDS: Record<string, string> = { week: ' a week', month: ' a month', year: ' a year', hour: ' an hour', none: '' };

/** A parameter's value in its unit: £1,234.56 a week, 55%, 35 hours a week, no limit, yes. */
export function formatParameterValue(parameter: Pick<DatedParameter<ParameterValue>, 'unit' | 'period'>, value: ParameterValue): string {
  if (value === null) return 'no limit';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const period = PERIOD_WORDS[parameter.period] ?? '';
  switch (parameter.unit) {
    case 'basis points':
      return `${percentText(value)}%`;
    case 'count':
      return value.toLocaleString('en-GB');
    case 'hours':
      return `${value} hour${value === 1 ? '' : 's'}${period}`;
    case 'years':
      return `${value} year${value === 1 ? '' : 's'}`;
    case 'pounds':
      return `£${value.toLocaleString('en-GB')}${period}`;
    default:
      return `${formatPounds(value, { separators: true })}${period}`;
  }
}

/** Basis points as a percentage without trailing zeros: 5500 -> '55', 1250 -> '12.5', 5 -> '0.05'. */
function percentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const hundredths = String(Math.abs(basisPoints % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return hundredths ? `${whole}.${hundredths}` : String(whole);
}

const NATIONS: Record<string, string> = {
  ENGLAND: 'England',
  SCOTLAND: 'Scotland',
  WALES: 'Wales',
  NORTHERN_IRELAND: 'Northern Ireland',
};

/** A code written in capitals ('PRIVATE_RENT') in words ('private rent'); a nation by its name. */
function codeWords(code: string): string {
  if (NATIONS[code]) return NATIONS[code];
  return /^[A-Z0-9_]+$/.test(code) ? code.toLowerCase().replace(/_/g, ' ') : code;
}

function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? 'nothing') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** Longer than this, a phrase made from the meaning no longer reads as a name: the fact's own name is used. */
const SHORT_PHRASE = 70;

const VERBS = /\b(?:(?:already|not) )*(?:is|are|has|have|gets|get|works|lives|live|keeps|reached|spends|pays|do|does|needs)\b/;

/** The meaning's first clause: parentheses, the subject's colon form and "in whole pence" tidied away. */
function firstClause(meaning: string): string {
  let text = meaning.replace(/\s*\([^()]*\)/g, '').trim();
  text = text.split(/[.;](?:\s|$)/)[0]!.trim();
  return text.replace(/,? in (whole )?pence\b/g, '').replace(/,? as given\b/g, '');
}

/** Opening words written in capitals only because they begin the meaning; any other (England, DLA) is a name. */
const COMMON_FIRST_WORDS = new Set([
  'the',
  'a',
  'an',
  'every',
  'everyone',
  'someone',
  'how',
  'savings',
  'rent',
  'bedrooms',
  'hours',
  'childcare',
  'non-dependants',
]);

function lowerFirst(text: string): string {
  const first = text.split(/[ ,]/)[0]!.toLowerCase();
  return COMMON_FIRST_WORDS.has(first) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

const SUBJECT = /^(The claimant|The partner): (.*)$/;

/** A short noun phrase naming a fact: from its meaning when that reads well, else from its name. */
export function factPhrase(fact: string, meaning: string | undefined): string {
  const fromMeaning = meaning === undefined ? undefined : nounFromMeaning(meaning);
  if (!fromMeaning || fromMeaning.length > SHORT_PHRASE) return nounFromName(fact);
  return fact.endsWith('Count') && !fromMeaning.startsWith('the number of') ? `the number of ${fromMeaning}` : fromMeaning;
}

function nounFromMeaning(meaning: string): string | undefined {
  const clause = firstClause(meaning);
  const subject = SUBJECT.exec(clause);
  if (subject) return `${lowerFirst(subject[1]!)}'s ${subject[2]!.split(':')[0]!.trim()}`;
  const counted = /^How many (.*)$/.exec(clause);
  if (counted) {
    const rest = counted[1]!.replace(/^of (the|those) /, '');
    const verb = VERBS.exec(rest);
    return verb ? `the number of ${rest.slice(0, verb.index).trim()} who ${rest.slice(verb.index)}` : `the number of ${rest}`;
  }
  if (/^Whether /.test(clause)) return undefined;
  const noun = clause.split(/[:,]/)[0]!.trim();
  return noun ? lowerFirst(noun) : undefined;
}

/** The statement a yes/no fact makes, from its meaning ("the claimant has a partner"); undefined when none reads well. */
export function factStatement(meaning: string | undefined): string | undefined {
  if (meaning === undefined) return undefined;
  const clause = firstClause(meaning);
  const subject = SUBJECT.exec(clause);
  const qualified = /^(.+?): whether (.*)$/.exec(clause);
  let statement: string;
  if (subject) {
    const rest = subject[2]!.replace(/^whether /, '');
    statement = /^(in|on|at|a|an) /.test(rest) ? `${subject[1]} is ${rest}` : `for ${lowerFirst(subject[1]!)}, ${rest}`;
  } else if (qualified) statement = `${qualified[1]}: ${qualified[2]}`;
  // A situation named rather than stated ("A joint claim by a couple"): "this is a joint claim by a couple".
  else if (/^An? /.test(clause) && !VERBS.test(clause)) return `this is ${lowerFirst(clause.split(/[:;]/)[0]!.trim())}`;
  else
    statement = clause
      .replace(/^Whether /, '')
      .split(/[:;]/)[0]!
      .trim();
  if (!VERBS.test(statement) || statement.length > LONG_STATEMENT) return undefined;
  return lowerFirst(statement);
}

/** A statement is a line of its own, so it may run longer than a name. */
const LONG_STATEMENT = 170;

/** A yes/no fact's name read as a statement: `claimantGetsCareBenefit` -> 'the claimant gets care benefit'. */
export function statementFromName(fact: string): string {
  const words = nameWords(fact);
  if (['claimant', 'partner', 'household'].includes(words[0]!)) return `the ${words.join(' ')}`;
  if (['someone', 'everyone', 'every'].includes(words[0]!)) return words.join(' ');
  return `${(words[0] === 'is' ? words.slice(1) : words).join(' ')}: yes`;
}

function nameWords(fact: string): string[] {
  return fact
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([a-z])([0-9])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bnon dependant/g, 'non-dependant')
    .split(' ')
    .map((word) => ABBREVIATIONS[word] ?? word);
}

const ABBREVIATIONS: Record<string, string> = { lcwra: 'LCWRA', dla: 'DLA', pip: 'PIP', esa: 'ESA', jsa: 'JSA', uc: 'UC' };
const PERIOD_NAMES: Record<string, string> = { weekly: 'a week', monthly: 'a month', yearly: 'a year' };

/** `qualifyingChildCount` -> 'the number of qualifying children'; `claimantNetEarningsWeeklyPence` -> "the claimant's net earnings a week". */
export function nounFromName(fact: string): string {
  let words = nameWords(fact);
  if (words.at(-1) === 'pence') words = words.slice(0, -1);
  const period = words.findIndex((word) => PERIOD_NAMES[word]);
  if (period >= 0) words = [...words.slice(0, period), ...words.slice(period + 1), PERIOD_NAMES[words[period]!]!];
  if (words.at(-1) === 'count' && words.length > 1) return `the number of ${plural(words.slice(0, -1)).join(' ')}`;
  if (words[0] === 'claimant' || words[0] === 'partner') return `the ${words[0]}'s ${words.slice(1).join(' ')}`;
  return `the ${words.join(' ')}`;
}

/** The counted thing in the plural: child -> children, non-dependant -> non-dependants; left alone when a word is plural already. */
function plural(words: string[]): string[] {
  const isPlural = (word: string) => /(s|children|people)$/.test(word);
  if (words.some(isPlural)) return words;
  const last = words.at(-1)!;
  return [...words.slice(0, -1), last === 'child' ? 'children' : last === 'person' ? 'people' : `${last}s`];
}

/** The parameters a rule's conditions read, each once, in the order they are first named. */
export function parametersReadBy(conditions: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isNode(node)) return;
    if (node.fact === PARAMETER_FACT && isNode(node.params) && typeof node.params.name === 'string') names.add(node.params.name);
    for (const key of ['all', 'any', 'not', 'value']) if (key in node) walk(node[key]);
  };
  walk(conditions);
  return [...names];
}
