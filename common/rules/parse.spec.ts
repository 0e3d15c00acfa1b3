import { describe, expect, it } from '@jest/globals';
import { parseRule, RuleSyntaxError } from './parse.js';

const dob = { fact: 'ClientDob' };

function syntaxError(text: string): RuleSyntaxError {
  try {
    parseRule(text);
  } catch (error) {
    if (error instanceof RuleSyntaxError) return error;
    throw error;
  }
  throw new Error(`'${text}' parsed without an error`);
}

describe('parseRule', () => {
  it('reads the first README example into json-rules-engine shape', () => {
    expect(parseRule("ClientHasPartner == 'Yes' and (age(ClientDob) >= 18 or not ClientIsStudent == 'Yes')")).toEqual({
      all: [
        { fact: 'ClientHasPartner', operator: 'equal', value: 'Yes' },
        {
          any: [
            { operator: 'greaterThanInclusive', left: { call: 'age', args: [dob] }, right: 18 },
            { not: { fact: 'ClientIsStudent', operator: 'equal', value: 'Yes' } },
          ],
        },
      ],
    });
  });

  it("gives the README's two parsed-form examples", () => {
    expect(parseRule("ClientPostcode.country == 'Scotland' and not ClientBenefits has 'PIP'")).toEqual({
      all: [
        { fact: 'ClientPostcode', path: 'country', operator: 'equal', value: 'Scotland' },
        { not: { fact: 'ClientBenefits', operator: 'contains', value: 'PIP' } },
      ],
    });
    expect(parseRule('ClientEarnings + PartnerEarnings < hoursAtLivingWage(29) or reachedStatePensionAge(ClientDob)')).toEqual({
      any: [
        {
          operator: 'lessThan',
          left: { op: '+', left: { fact: 'ClientEarnings' }, right: { fact: 'PartnerEarnings' } },
          right: { call: 'hoursAtLivingWage', args: [29] },
        },
        { call: 'reachedStatePensionAge', args: [dob] },
      ],
    });
  });

  it('names every comparison operator as json-rules-engine does', () => {
    const operators = {
      '==': 'equal',
      '!=': 'notEqual',
      '>': 'greaterThan',
      '>=': 'greaterThanInclusive',
      '<': 'lessThan',
      '<=': 'lessThanInclusive',
      has: 'contains',
    };
    for (const [written, operator] of Object.entries(operators)) {
      expect(parseRule(`ClientBenefits ${written} 'PIP'`)).toEqual({ fact: 'ClientBenefits', operator, value: 'PIP' });
    }
  });

  it('reads every kind of literal', () => {
    const value = (literal: string) => (parseRule(`Q == ${literal}`) as { value: unknown }).value;
    expect(value("'single quoted'")).toBe('single quoted');
    expect(value('"double \'quoted\'"')).toBe("double 'quoted'");
    expect(value("''")).toBe('');
    expect(value('12')).toBe(12);
    expect(value('12.21')).toBe(12.21);
    expect(value('-5')).toBe(-5);
    expect(value('2017-04-06')).toEqual({ date: '2017-04-06' });
    expect(value('true')).toBe(true);
    expect(value('false')).toBe(false);
  });

  it('reads a date literal as a date, and spaced-out digits as subtraction', () => {
    expect(parseRule('bornBefore(ClientDob, 2017-04-06)')).toEqual({ call: 'bornBefore', args: [dob, { date: '2017-04-06' }] });
    expect(parseRule('Q == 2017 - 04 - 06')).toEqual({
      operator: 'equal',
      left: { fact: 'Q' },
      right: { op: '-', left: { op: '-', left: 2017, right: 4 }, right: 6 },
    });
  });

  it('keeps a part of an answer as the path, and another answer as the value', () => {
    expect(parseRule("ClientPostcode.country == 'Scotland'")).toEqual({
      fact: 'ClientPostcode',
      path: 'country',
      operator: 'equal',
      value: 'Scotland',
    });
    expect(parseRule('ClientRent.monthly > PartnerRent.weekly')).toEqual({
      fact: 'ClientRent',
      path: 'monthly',
      operator: 'greaterThan',
      value: { fact: 'PartnerRent', path: 'weekly' },
    });
  });

  it('gives arithmetic and function calls left and right operand trees', () => {
    expect(parseRule('PropertyValue - PropertyMortgage > 16000')).toEqual({
      operator: 'greaterThan',
      left: { op: '-', left: { fact: 'PropertyValue' }, right: { fact: 'PropertyMortgage' } },
      right: 16000,
    });
    expect(parseRule('ClientEarnings + PartnerEarnings < hoursAtLivingWage(29)')).toEqual({
      operator: 'lessThan',
      left: { op: '+', left: { fact: 'ClientEarnings' }, right: { fact: 'PartnerEarnings' } },
      right: { call: 'hoursAtLivingWage', args: [29] },
    });
    expect(parseRule("'Yes' == ClientHasPartner")).toEqual({ operator: 'equal', left: 'Yes', right: { fact: 'ClientHasPartner' } });
  });

  it('lets a function that gives true or false stand as a condition', () => {
    expect(parseRule('reachedStatePensionAge(ClientDob) or reachedStatePensionAge(PartnerDob)')).toEqual({
      any: [
        { call: 'reachedStatePensionAge', args: [dob] },
        { call: 'reachedStatePensionAge', args: [{ fact: 'PartnerDob' }] },
      ],
    });
    expect(parseRule('bornBetween(ClientDob, 1954-02-06, 1955-01-01)')).toEqual({
      call: 'bornBetween',
      args: [dob, { date: '1954-02-06' }, { date: '1955-01-01' }],
    });
  });

  it('binds or loosest, then and, then not, then comparison', () => {
    expect(parseRule('A == 1 or B == 2 and C == 3')).toEqual({
      any: [
        { fact: 'A', operator: 'equal', value: 1 },
        {
          all: [
            { fact: 'B', operator: 'equal', value: 2 },
            { fact: 'C', operator: 'equal', value: 3 },
          ],
        },
      ],
    });
    expect(parseRule('not A == 1 and B == 2')).toEqual({
      all: [{ not: { fact: 'A', operator: 'equal', value: 1 } }, { fact: 'B', operator: 'equal', value: 2 }],
    });
    expect(parseRule('not not A == 1')).toEqual({ not: { not: { fact: 'A', operator: 'equal', value: 1 } } });
  });

  it('binds * and / tighter than + and -, unary minus tightest, each left to right', () => {
    const right = (text: string) => (parseRule(`Q == ${text}`) as { right: unknown }).right;
    expect(right('1 + 2 * 3')).toEqual({ op: '+', left: 1, right: { op: '*', left: 2, right: 3 } });
    expect(right('8 / 4 / 2')).toEqual({ op: '/', left: { op: '/', left: 8, right: 4 }, right: 2 });
    expect(right('10 - 4 - 3')).toEqual({ op: '-', left: { op: '-', left: 10, right: 4 }, right: 3 });
    expect(right('-X * 2')).toEqual({ op: '*', left: { op: '-', left: 0, right: { fact: 'X' } }, right: 2 });
    expect(right('2 - -3')).toEqual({ op: '-', left: 2, right: -3 });
  });

  it('follows parentheses', () => {
    expect(parseRule('(A == 1 or B == 2) and C == 3')).toEqual({
      all: [
        {
          any: [
            { fact: 'A', operator: 'equal', value: 1 },
            { fact: 'B', operator: 'equal', value: 2 },
          ],
        },
        { fact: 'C', operator: 'equal', value: 3 },
      ],
    });
    expect((parseRule('Q == (1 + 2) * 3') as { right: unknown }).right).toEqual({
      op: '*',
      left: { op: '+', left: 1, right: 2 },
      right: 3,
    });
    expect(parseRule('((A == 1))')).toEqual({ fact: 'A', operator: 'equal', value: 1 });
  });

  it('flattens chains of the same and/or into one all/any, also across parentheses', () => {
    const leaf = (fact: string) => ({ fact, operator: 'equal', value: 1 });
    expect(parseRule('A == 1 and B == 1 and C == 1')).toEqual({ all: [leaf('A'), leaf('B'), leaf('C')] });
    expect(parseRule('A == 1 and (B == 1 and C == 1)')).toEqual({ all: [leaf('A'), leaf('B'), leaf('C')] });
    expect(parseRule('(A == 1 or B == 1) or C == 1')).toEqual({ any: [leaf('A'), leaf('B'), leaf('C')] });
  });

  it('reads an empty rule as always true, and true and false as json-rules-engine does', () => {
    expect(parseRule('')).toEqual({ all: [] });
    expect(parseRule('  \n ')).toEqual({ all: [] });
    expect(parseRule('true')).toEqual({ all: [] });
    expect(parseRule('false')).toEqual({ any: [] });
  });

  it('allows spaces, tabs and new lines anywhere between tokens', () => {
    expect(parseRule("\tA=='x'\n  and\nB   !=   2")).toEqual({
      all: [
        { fact: 'A', operator: 'equal', value: 'x' },
        { fact: 'B', operator: 'notEqual', value: 2 },
      ],
    });
  });
});

describe('parseRule errors', () => {
  it.each([
    ['A == 1 # B', "Unexpected character '#' at position 8"],
    ['A = 1', "Use '==' to compare at position 3"],
    ['A != !B', "Unexpected character '!' at position 6"],
    ["A == 'Yes", 'Text has no closing quote, starting at position 6'],
    ['A == 12.211', 'A number can have at most 2 decimal places at position 6'],
    ['A == 12.', "Unexpected character '.' at position 8"],
    ['A > 2017-02-30', "'2017-02-30' is not a real date at position 5"],
    ['A > 99999999999999999999', 'This number is too large at position 5'],
    ['(A == 1 or B == 2', "Expected ')' at position 18"],
    ['A ==', 'Expected a value at position 5'],
    ['A == and', 'Expected a value at position 6'],
    ['()', 'Expected a value at position 2'],
    ['A == 1 B == 2', "Unexpected 'B' at position 8"],
    ['A == 1 AND B == 2', "Unexpected 'AND' at position 8"],
    ['1 < A < 3', "Unexpected '<' at position 7"],
    ['ClientIsStudent', 'Expected a comparison (==, !=, <, <=, >, >= or has) at position 16'],
    ['age(ClientDob) and A == 1', 'Expected a comparison (==, !=, <, <=, >, >= or has) at position 16'],
    ['A + 1', 'Expected a comparison (==, !=, <, <=, >, >= or has) at position 6'],
    ['(A == 1) + 2 > 3', 'Expected a value, not a condition, at position 1'],
    ['A == not B', 'Expected a value at position 6'],
    ['ageOf(ClientDob) > 18', "Unknown function 'ageOf' at position 1"],
    ['age(ClientDob, PartnerDob) > 18', 'age() takes 1 argument, not 2, at position 1'],
    ['bornBetween(ClientDob, 2000-01-01)', 'bornBetween() takes 3 arguments, not 2, at position 1'],
    ['answered()', 'answered() takes 1 argument, not 0, at position 1'],
    ["answered('ClientDob')", 'answered() needs a question name at position 10'],
    ['age(ClientDob 18', "Expected ',' or ')' at position 15"],
    [
      "ClientPostcode.county == 'Kent'",
      "Unknown part 'county' (the parts are weekly, monthly, yearly, period, country, authority, authorityCode, option) at position 1",
    ],
    ["age(ClientDob) has 'x'", "'has' needs a question name on its left at position 1"],
  ])('%s -> %s', (text, message) => {
    expect(syntaxError(text).message).toBe(message);
  });

  it('carries the reason and the position on the error', () => {
    const error = syntaxError('(A == 1');
    expect(error).toBeInstanceOf(RuleSyntaxError);
    expect(error.name).toBe('RuleSyntaxError');
    expect(error.reason).toBe("Expected ')'");
    expect(error.position).toBe(8);
  });

  it('treats keywords as lower-case only', () => {
    expect(syntaxError('A == 1 Or B == 2').message).toBe("Unexpected 'Or' at position 8");
    expect(syntaxError('Not A == 1').message).toBe("Unexpected 'A' at position 5");
  });
});
