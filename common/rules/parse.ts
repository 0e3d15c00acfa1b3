/**
 * Rule text to condition tree: a lexer and a recursive-descent parser. Precedence, loosest first:
 * or < and < not < comparison < + - < * / < unary minus. Positions in messages count characters from 1.
 */
import {
  ANSWER_PARTS,
  OPERATORS,
  isAnswerReference,
  isDateLiteral,
  isFunctionCall,
  type AnswerReference,
  type Condition,
  type Literal,
  type Operand,
} from './condition.js';
import { parseIsoDate } from '../dates/calendar.js';
import { findRuleFunction } from './functions.js';
import { parseHundredths } from './hundredths.js';

export class RuleSyntaxError extends Error {
  override name = 'RuleSyntaxError';
  constructor(
    readonly reason: string,
    /** 1-based character position. */
    readonly position: number,
  ) {
    super(`${reason} at position ${position}`);
  }
}

/* ---- Lexer ---- */

type TokenType = 'number' | 'date' | 'text' | 'name' | 'keyword' | 'symbol' | 'end';
interface Token {
  type: TokenType;
  /** The token as written (for text, without its quotes). */
  text: string;
  position: number;
}

const KEYWORDS = new Set(['and', 'or', 'not', 'has', 'true', 'false']);
const SYMBOLS = ['==', '!=', '>=', '<=', '>', '<', '+', '-', '*', '/', '(', ')', ','];
const NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?/;

function lex(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  const push = (type: TokenType, text: string, length: number) => {
    tokens.push({ type, text, position: index + 1 });
    index += length;
  };
  while (index < source.length) {
    const rest = source.slice(index);
    const position = index + 1;
    let match: RegExpExecArray | null;
    if (/^\s/.test(rest)) {
      index += 1;
    } else if ((match = /^\d{4}-\d{2}-\d{2}(?!\d)/.exec(rest))) {
      // Dates before numbers: there is no date arithmetic, so 2017-04-06 is always a date.
      if (!parseIsoDate(match[0])) throw new RuleSyntaxError(`'${match[0]}' is not a real date`, position);
      push('date', match[0], match[0].length);
    } else if ((match = /^\d+(?:\.(\d+))?/.exec(rest))) {
      const decimals = match[1]?.length ?? 0;
      if (decimals > 2) throw new RuleSyntaxError('A number can have at most 2 decimal places', position);
      if (parseHundredths(match[0]) === null) throw new RuleSyntaxError('This number is too large', position);
      push('number', match[0], match[0].length);
    } else if ((match = NAME.exec(rest))) {
      push(KEYWORDS.has(match[0]) ? 'keyword' : 'name', match[0], match[0].length);
    } else if (rest[0] === "'" || rest[0] === '"') {
      const close = rest.indexOf(rest[0], 1);
      if (close < 0) throw new RuleSyntaxError('Text has no closing quote, starting', position);
      push('text', rest.slice(1, close), close + 1);
    } else {
      const symbol = SYMBOLS.find((candidate) => rest.startsWith(candidate));
      if (!symbol) {
        const hint = rest[0] === '=' ? "Use '==' to compare" : `Unexpected character '${rest[0]}'`;
        throw new RuleSyntaxError(hint, position);
      }
      push('symbol', symbol, symbol.length);
    }
  }
  tokens.push({ type: 'end', text: '', position: source.length + 1 });
  return tokens;
}

/* ---- Parser ---- */

/** A parsed piece is either a condition (true or false) or an operand (a value); `end` is where it stops. */
type Parsed = ({ condition: Condition } | { operand: Operand }) & { start: number; end: number };

const COMPARISONS = new Set(Object.keys(OPERATORS));

function isLiteral(operand: Operand): operand is Literal {
  return typeof operand !== 'object' || isDateLiteral(operand);
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  parseRule(): Condition {
    const parsed = this.parseOr();
    const next = this.peek();
    if (next.type !== 'end') throw new RuleSyntaxError(`Unexpected '${next.text}'`, next.position);
    return this.asCondition(parsed);
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private accept(type: TokenType, text?: string): Token | null {
    const token = this.peek();
    if (token.type !== type || (text !== undefined && token.text !== text)) return null;
    this.index += 1;
    return token;
  }

  private expect(text: string): Token {
    const token = this.accept('symbol', text);
    if (!token) throw new RuleSyntaxError(`Expected '${text}'`, this.peek().position);
    return token;
  }

  private condition(condition: Condition, start: number): Parsed {
    return { condition, start, end: this.peek().position };
  }

  private operand(operand: Operand, start: number): Parsed {
    return { operand, start, end: this.peek().position };
  }

  private asCondition(parsed: Parsed): Condition {
    if ('condition' in parsed) return parsed.condition;
    const { operand } = parsed;
    if (operand === true) return { all: [] };
    if (operand === false) return { any: [] };
    if (isFunctionCall(operand) && findRuleFunction(operand.call)?.gives === 'boolean') return operand;
    throw new RuleSyntaxError('Expected a comparison (==, !=, <, <=, >, >= or has)', parsed.end);
  }

  private asOperand(parsed: Parsed): Operand {
    if ('operand' in parsed) return parsed.operand;
    throw new RuleSyntaxError('Expected a value, not a condition,', parsed.start);
  }

  /** `a or b or c` (and `and`) become one `any` (`all`); nested groups of the same kind are merged into it. */
  private parseChain(keyword: 'or' | 'and', parseItem: () => Parsed): Parsed {
    const start = this.peek().position;
    const first = parseItem();
    if (this.peek().type !== 'keyword' || this.peek().text !== keyword) return first;
    const key = keyword === 'or' ? 'any' : 'all';
    const items: Condition[] = [];
    const add = (condition: Condition) => {
      const isSameGroup = key in condition && Object.keys(condition).length === 1;
      items.push(...(isSameGroup ? (condition as Record<string, Condition[]>)[key] : [condition]));
    };
    add(this.asCondition(first));
    while (this.accept('keyword', keyword)) add(this.asCondition(parseItem()));
    return this.condition((keyword === 'or' ? { any: items } : { all: items }) as Condition, start);
  }

  private parseOr(): Parsed {
    return this.parseChain('or', () => this.parseAnd());
  }

  private parseAnd(): Parsed {
    return this.parseChain('and', () => this.parseNot());
  }

  private parseNot(): Parsed {
    const start = this.peek().position;
    if (!this.accept('keyword', 'not')) return this.parseComparison();
    return this.condition({ not: this.asCondition(this.parseNot()) }, start);
  }

  private parseComparison(): Parsed {
    const left = this.parseAdditive();
    const token = this.peek();
    if (!COMPARISONS.has(token.text) || (token.type !== 'symbol' && token.type !== 'keyword')) return left;
    this.index += 1;
    const operator = OPERATORS[token.text];
    const leftOperand = this.asOperand(left);
    const rightOperand = this.asOperand(this.parseAdditive());
    if (operator === 'contains' && !isAnswerReference(leftOperand)) {
      throw new RuleSyntaxError("'has' needs a question name on its left", left.start);
    }
    if (isAnswerReference(leftOperand) && (isLiteral(rightOperand) || isAnswerReference(rightOperand))) {
      const { fact, path } = leftOperand;
      return this.condition({ fact, ...(path ? { path } : {}), operator, value: rightOperand }, left.start);
    }
    return this.condition({ operator, left: leftOperand, right: rightOperand }, left.start);
  }

  private parseBinary(operators: string[], parseItem: () => Parsed): Parsed {
    let left = parseItem();
    for (let token = this.peek(); token.type === 'symbol' && operators.includes(token.text); token = this.peek()) {
      this.index += 1;
      const op = token.text as '+' | '-' | '*' | '/';
      const right = this.asOperand(parseItem());
      left = this.operand({ op, left: this.asOperand(left), right }, left.start);
    }
    return left;
  }

  private parseAdditive(): Parsed {
    return this.parseBinary(['+', '-'], () => this.parseMultiplicative());
  }

  private parseMultiplicative(): Parsed {
    return this.parseBinary(['*', '/'], () => this.parseUnary());
  }

  private parseUnary(): Parsed {
    const start = this.peek().position;
    if (!this.accept('symbol', '-')) return this.parsePrimary();
    const operand = this.asOperand(this.parseUnary());
    return this.operand(typeof operand === 'number' ? -operand : { op: '-', left: 0, right: operand }, start);
  }

  private parsePrimary(): Parsed {
    const token = this.peek();
    const start = token.position;
    if (this.accept('number')) return this.operand(Number(token.text), start);
    if (this.accept('date')) return this.operand({ date: token.text }, start);
    if (this.accept('text')) return this.operand(token.text, start);
    if (this.accept('keyword', 'true')) return this.operand(true, start);
    if (this.accept('keyword', 'false')) return this.operand(false, start);
    if (this.accept('symbol', '(')) {
      const inner = this.parseOr();
      this.expect(')');
      return { ...inner, start, end: this.peek().position };
    }
    if (this.accept('name')) {
      if (this.peek().text === '(' && this.peek().type === 'symbol') return this.parseCall(token);
      return this.operand(this.answerReference(token), start);
    }
    throw new RuleSyntaxError('Expected a value', start);
  }

  private answerReference(token: Token): AnswerReference {
    const [fact, path] = token.text.split('.');
    if (path === undefined) return { fact };
    if (!(ANSWER_PARTS as readonly string[]).includes(path)) {
      throw new RuleSyntaxError(`Unknown part '${path}' (the parts are ${ANSWER_PARTS.join(', ')})`, token.position);
    }
    return { fact, path: path as AnswerReference['path'] };
  }

  private parseCall(name: Token): Parsed {
    const ruleFunction = findRuleFunction(name.text);
    if (!ruleFunction) throw new RuleSyntaxError(`Unknown function '${name.text}'`, name.position);
    this.expect('(');
    const args: Parsed[] = [];
    if (!this.accept('symbol', ')')) {
      do args.push(this.parseOr());
      while (this.accept('symbol', ','));
      if (!this.accept('symbol', ')')) throw new RuleSyntaxError("Expected ',' or ')'", this.peek().position);
    }
    if (args.length !== ruleFunction.arity) {
      const expected = `${ruleFunction.arity} argument${ruleFunction.arity === 1 ? '' : 's'}`;
      throw new RuleSyntaxError(`${name.text}() takes ${expected}, not ${args.length},`, name.position);
    }
    if (ruleFunction.takesQuestion && !('operand' in args[0] && isAnswerReference(args[0].operand))) {
      throw new RuleSyntaxError(`${name.text}() needs a question name`, args[0].start);
    }
    return this.operand({ call: name.text, args: args.map((arg) => this.asOperand(arg)) }, name.position);
  }
}

/**
 * Parses a show/hide rule. An empty rule is `{ all: [] }` (always shown). Unknown functions, wrong argument
 * counts and unknown answer parts are rejected here, so `npm run definitions:check` can list them.
 * @throws RuleSyntaxError
 */
export function parseRule(text: string): Condition {
  if (text.trim() === '') return { all: [] };
  return new Parser(lex(text)).parseRule();
}
