import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { loadParameterSet } from '../parameters/parameter-set.js';
import { readFilesUnder, RULESETS_DIR } from '../load.js';
import { ParameterReader } from './parameters.js';
import { checkRuleset, Ruleset, RulesetError } from './ruleset.js';

const parameters = loadParameterSet(readFilesUnder(`${RULESETS_DIR}/parameters`));
const THRESHOLD = 'gov/hmrc/income_tax/high_income_child_benefit_charge/threshold';

const ruleset = (rules: unknown[], facts: Record<string, string> = { income: 'Yearly income in pence.' }) => ({
  benefit: 'CHILD_BENEFIT',
  description: 'A test ruleset.',
  legislation: [{ title: 'An Act', url: 'https://www.legislation.gov.uk/' }],
  facts,
  rules,
});

const rule = (name: string, conditions: unknown) => ({ name, description: 'A rule.', conditions, event: { type: 'note' } });

describe('checking a ruleset', () => {
  it('accepts a well-formed ruleset comparing a fact with a parameter', () => {
    const json = ruleset([
      rule('over-threshold', {
        all: [{ fact: 'income', operator: 'greaterThan', value: { fact: 'parameter', params: { name: THRESHOLD } } }],
      }),
    ]);
    expect(checkRuleset(json, 'CHILD_BENEFIT', ['income'], (name) => parameters.has(name))).toEqual([]);
  });

  it('names every problem: an undeclared fact, an unknown parameter, an unknown operator, a duplicate name', () => {
    const json = ruleset([
      rule('a-rule', { all: [{ fact: 'wages', operator: 'greaterThan', value: 1 }] }),
      rule('a-rule', { any: [{ fact: 'income', operator: 'moreThan', value: { fact: 'parameter', params: { name: 'gov/nothing' } } }] }),
    ]);
    expect(checkRuleset(json, 'CHILD_BENEFIT', ['income'], (name) => parameters.has(name))).toEqual([
      "rules[0].conditions.all[0].fact 'wages' (rule a-rule) is not a fact the ruleset declares in facts.",
      "rules[1].name 'a-rule' is used twice.",
      'rules[1].conditions.any[0].operator must be one of equal, notEqual, lessThan, lessThanInclusive, greaterThan, greaterThanInclusive, in, notIn, contains, doesNotContain.',
      "rules[1].conditions.any[0].value.params.name 'gov/nothing' (rule a-rule) is not in rulesets/parameters.",
    ]);
  });

  it('finds a declared fact that the calculator does not provide, and the wrong benefit', () => {
    const json = ruleset([rule('r', { all: [{ fact: 'income', operator: 'equal', value: 0 }] })], {
      income: 'Income.',
      savings: 'Savings.',
    });
    expect(checkRuleset(json, 'UNIVERSAL_CREDIT', ['income'])).toEqual([
      "benefit must be 'UNIVERSAL_CREDIT'.",
      'facts.savings is declared but the calculator does not provide it.',
    ]);
  });

  it('passes every ruleset in rulesets/ against its schema', () => {
    const files = readFilesUnder(RULESETS_DIR).filter(({ path }) => path.endsWith('/ruleset.json'));
    expect(files.length).toBeGreaterThan(10);
    for (const { path, text } of files) {
      const json = JSON.parse(text) as { benefit: string };
      expect([path, checkRuleset(json, json.benefit)]).toEqual([path, []]);
    }
  });

  it('refuses a broken copy of a real ruleset, naming the file and each field', () => {
    const path = 'rulesets/child-benefit/ruleset.json';
    const real = JSON.parse(readFileSync(path, 'utf8')) as { legislation: object[]; rules: Record<string, unknown>[] };
    const broken = {
      ...real,
      legislation: [{ title: 'Social Security Contributions and Benefits Act 1992' }, ...real.legislation.slice(1)],
      rules: [
        { ...real.rules[0], name: 'Eligible', conditions: { all: [] } },
        { ...real.rules[1], event: { params: {} }, explanation: 'none' },
        ...real.rules.slice(2),
      ],
    };
    expect(() => Ruleset.fromJson(path, JSON.stringify(broken), 'CHILD_BENEFIT')).toThrow(
      [
        `${path} has 5 problems:`,
        '  - legislation[0].url is required.',
        '  - rules[0].name must be kebab-case text.',
        '  - rules[0].conditions.all must be a non-empty list of conditions.',
        '  - rules[1].explanation is not a known field (allowed: name, description, priority, conditions, event).',
        '  - rules[1].event.type is required.',
      ].join('\n'),
    );
  });

  it('refuses to load a broken ruleset, naming the file', () => {
    expect(() => Ruleset.fromJson('rulesets/x/ruleset.json', '{', 'CHILD_BENEFIT')).toThrow(RulesetError);
    expect(() => Ruleset.fromJson('rulesets/x/ruleset.json', '{', 'CHILD_BENEFIT')).toThrow('rulesets/x/ruleset.json has 1 problem');
  });
});

describe('running a ruleset', () => {
  const loaded = new Ruleset(
    ruleset([
      rule('over-threshold', {
        all: [{ fact: 'income', operator: 'greaterThan', value: { fact: 'parameter', params: { name: THRESHOLD } } }],
      }),
      rule('any-income', { all: [{ fact: 'income', operator: 'greaterThan', value: 0 }] }),
    ]) as never,
  );

  it('compares with the rate in force on the date and cites it', async () => {
    const reader = new ParameterReader(parameters, '2026-11-21');
    const fired = await loaded.run({ income: 6000001 }, reader);
    expect(fired.rules.map((item) => item.name)).toEqual(['over-threshold', 'any-income']);
    expect(reader.used.map((used) => [used.name, used.value])).toEqual([[THRESHOLD, 6000000]]);
  });

  it('does not fire at the threshold itself', async () => {
    const fired = await loaded.run({ income: 6000000 }, new ParameterReader(parameters, '2026-11-21'));
    expect(fired.has('note')).toBe(true);
    expect(fired.rules.map((item) => item.name)).toEqual(['any-income']);
  });
});
