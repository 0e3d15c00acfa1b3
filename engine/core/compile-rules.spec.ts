import { describe, expect, it } from '@jest/globals';
import { Engine, type RuleProperties } from 'json-rules-engine';
import { loadParameterSet } from '../parameters/parameter-set.js';
import { readFilesUnder, RULESETS_DIR } from '../load.js';
import { compileRules, RulesCompileError, UndefinedFactError } from './compile-rules.js';
import { ParameterReader } from './parameters.js';
import { Ruleset, type RulesetFile } from './ruleset.js';
import { defineFacts } from './ruleset-facts.js';

const FILE = 'rulesets/example/ruleset.json';
const options = { allowUndefinedFacts: false };
const rule = (name: string, conditions: unknown, extra: Record<string, unknown> = {}) => ({
  name,
  conditions,
  event: { type: 'held', params: { name } },
  ...extra,
});

/** The names of the rules that held, by the compiled rules and by json-rules-engine, in priority order. */
async function bothWays(rules: ReturnType<typeof rule>[], facts: Record<string, unknown>) {
  const compiled = compileRules(FILE, rules, options)
    .run(facts)
    .map((held) => held.name);
  const order = new Map(rules.map((item, index) => [item.name, index]));
  const { results } = await new Engine(rules as unknown as RuleProperties[], options).run(facts);
  const reference = results
    .sort((a, b) => (b.priority ?? 1) - (a.priority ?? 1) || order.get(a.name as string)! - order.get(b.name as string)!)
    .map((result) => result.name as string);
  return { compiled, reference };
}

describe('compiled rules, as json-rules-engine evaluates them', () => {
  it('treat a non-numeric fact as failing every numeric operator, whatever the value', async () => {
    const rules = ['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive'].flatMap((operator) => [
      rule(`${operator}-null`, { all: [{ fact: 'nothing', operator, value: 5 }] }),
      rule(`${operator}-text`, { all: [{ fact: 'words', operator, value: 'zzz' }] }),
      rule(`${operator}-numeric-text`, { all: [{ fact: 'numericText', operator, value: 5 }] }),
      rule(`${operator}-list`, { all: [{ fact: 'oneNumberList', operator, value: 5 }] }),
    ]);
    const facts = { nothing: null, words: 'abc', numericText: '12', oneNumberList: [7] };
    const { compiled, reference } = await bothWays(rules, facts);
    expect(compiled).toEqual(reference);
    // '12' and [7] parse as numbers, so json-rules-engine compares them; null and 'abc' never hold.
    expect(compiled).toEqual([
      'greaterThan-numeric-text',
      'greaterThan-list',
      'greaterThanInclusive-numeric-text',
      'greaterThanInclusive-list',
    ]);
  });

  it('read in/notIn against the value and contains/doesNotContain only of a list fact', async () => {
    const rules = [
      rule('in', { all: [{ fact: 'country', operator: 'in', value: ['WALES', 'SCOTLAND'] }] }),
      rule('not-in', { all: [{ fact: 'country', operator: 'notIn', value: ['ENGLAND'] }] }),
      rule('in-text', { all: [{ fact: 'letter', operator: 'in', value: 'abc' }] }),
      rule('contains', { all: [{ fact: 'benefits', operator: 'contains', value: 'PIP' }] }),
      rule('does-not-contain', { all: [{ fact: 'benefits', operator: 'doesNotContain', value: 'DLA' }] }),
      rule('does-not-contain-text', { all: [{ fact: 'letter', operator: 'doesNotContain', value: 'z' }] }),
    ];
    const facts = { country: 'WALES', letter: 'b', benefits: ['PIP'] };
    const { compiled, reference } = await bothWays(rules, facts);
    expect(compiled).toEqual(reference);
    expect(compiled).toEqual(['in', 'not-in', 'in-text', 'contains', 'does-not-contain']);
  });

  it('compare with another fact, honour not and any, hold an empty all, and list rules by priority', async () => {
    const rules = [
      rule('low', { all: [{ fact: 'income', operator: 'lessThan', value: { fact: 'limit' } }] }),
      rule('not-high', { not: { fact: 'income', operator: 'greaterThan', value: { fact: 'limit' } } }, { priority: 5 }),
      rule('either', {
        any: [
          { fact: 'income', operator: 'equal', value: 0 },
          { fact: 'limit', operator: 'equal', value: 100 },
        ],
      }),
      rule('empty', { all: [] }, { priority: 9 }),
    ];
    const { compiled, reference } = await bothWays(rules, { income: 50, limit: 100 });
    expect(compiled).toEqual(reference);
    expect(compiled).toEqual(['empty', 'not-high', 'low', 'either']);
  });

  it('throw for an undefined fact in any condition of a priority set, even when another is false', async () => {
    const rules = [
      rule('unknown-fact', {
        all: [
          { fact: 'income', operator: 'equal', value: -1 },
          { fact: 'wages', operator: 'equal', value: 1 },
        ],
      }),
    ];
    expect(() => compileRules(FILE, rules, options).run({ income: 0 })).toThrow(new UndefinedFactError('Undefined fact: wages'));
    await expect(new Engine(rules as unknown as RuleProperties[], options).run({ income: 0 })).rejects.toThrow('Undefined fact: wages');
  });

  it('skip a lower priority set once an all is false, as json-rules-engine does (no undefined fact then)', async () => {
    const rules = [
      rule('short-circuit', {
        all: [
          { fact: 'income', operator: 'equal', value: -1, priority: 10 },
          { fact: 'wages', operator: 'equal', value: 1 },
        ],
      }),
    ];
    const { compiled, reference } = await bothWays(rules, { income: 0 });
    expect(compiled).toEqual(reference);
    expect(compiled).toEqual([]);
  });

  it('read an undefined fact as undefined with allowUndefinedFacts', () => {
    const rules = [rule('missing', { all: [{ fact: 'wages', operator: 'equal', value: undefined }] })];
    expect(
      compileRules(FILE, rules, { allowUndefinedFacts: true })
        .run({})
        .map((held) => held.name),
    ).toEqual(['missing']);
  });
});

describe('a feature the compiler does not support', () => {
  const refused = (rules: unknown[], extra: Record<string, unknown> = {}) => {
    try {
      compileRules(FILE, rules, { ...options, ...extra });
    } catch (error) {
      expect(error).toBeInstanceOf(RulesCompileError);
      return (error as RulesCompileError).message;
    }
    throw new Error('compiled without complaint');
  };

  it('fails at load, naming the file, the rule, where and what', () => {
    expect(refused([rule('by-path', { all: [{ fact: 'adult', path: '$.age', operator: 'greaterThan', value: 17 }] })])).toBe(
      `${FILE} uses a feature the compiled rules evaluator does not support:\n` +
        "  - rule 'by-path' (rules[0]) at rules[0].conditions.all[0]: a 'path' into a fact (the compiled evaluator reads facts whole: give the value as its own fact).",
    );
  });

  it('refuses condition references, operator decorators, custom operators and unknown keys', () => {
    const message = refused([
      rule('shared', { all: [{ condition: 'isAdult' }] }),
      rule('decorated', { all: [{ fact: 'ages', operator: 'someFact:greaterThan', value: 17 }] }),
      rule('custom', { all: [{ fact: 'age', operator: 'startsWith', value: 1 }] }),
      rule('typo', { all: [{ fact: 'age', operator: 'equal', valu: 1, value: 2 }] }),
      rule('on-success', { all: [] }, { onSuccess: 'x' }),
    ]);
    expect(message).toContain("rule 'shared' (rules[0]) at rules[0].conditions.all[0]: a condition reference");
    expect(message).toContain(
      "rule 'decorated' (rules[1]) at rules[1].conditions.all[0].operator: the operator decorator in 'someFact:greaterThan'",
    );
    expect(message).toContain(
      "rule 'custom' (rules[2]) at rules[2].conditions.all[0].operator: the operator 'startsWith', which is not one of",
    );
    expect(message).toContain("rule 'typo' (rules[3]) at rules[3].conditions.all[0]: the unknown key 'valu'");
    expect(message).toContain("rule 'on-success' (rules[4]): the unknown rule key 'onSuccess'");
  });

  it('refuses replaceFactsInEventParams and other engine options', () => {
    expect(refused([rule('a', { all: [] })], { replaceFactsInEventParams: true })).toContain(
      "the engine option 'replaceFactsInEventParams' is not supported by the compiled evaluator.",
    );
  });

  it('stops a ruleset loading: Ruleset.fromJson throws with the ruleset file named', () => {
    const file: RulesetFile = {
      benefit: 'CHILD_BENEFIT',
      description: 'A test ruleset.',
      legislation: [{ title: 'An Act', url: 'https://www.legislation.gov.uk/' }],
      facts: { eldestChild: 'The eldest child: an object with an age.' },
      rules: [
        {
          name: 'eldest-child-over-sixteen',
          description: 'A rule reading into a fact with a path.',
          conditions: { all: [{ fact: 'eldestChild', path: '$.age', operator: 'greaterThan', value: 16 } as never] },
          event: { type: 'note' },
        },
      ],
    };
    expect(() => Ruleset.fromJson('rulesets/child-benefit/ruleset.json', JSON.stringify(file), 'CHILD_BENEFIT')).toThrow(
      "rulesets/child-benefit/ruleset.json uses a feature the compiled rules evaluator does not support:\n  - rule 'eldest-child-over-sixteen' (rules[0]) at rules[0].conditions.all[0]: a 'path' into a fact",
    );
  });
});

describe('the parameter fact in a compiled ruleset', () => {
  const parameters = loadParameterSet(readFilesUnder(`${RULESETS_DIR}/parameters`));
  const THRESHOLD = 'gov/hmrc/income_tax/high_income_child_benefit_charge/threshold';
  const file: RulesetFile = {
    benefit: 'CHILD_BENEFIT',
    description: 'A test ruleset.',
    legislation: [{ title: 'An Act', url: 'https://www.legislation.gov.uk/' }],
    facts: { income: 'Yearly income in pence.' },
    rules: [
      {
        name: 'over-threshold',
        description: 'Income over the threshold.',
        conditions: { all: [{ fact: 'income', operator: 'greaterThan', value: { fact: 'parameter', params: { name: THRESHOLD } } }] },
        event: { type: 'charge', params: { parameter: THRESHOLD } },
      },
    ],
  };

  it('reads and cites the rate as json-rules-engine does', async () => {
    const ruleset = new Ruleset(file);
    for (const income of [0, 10_000_000]) {
      const compiled = new ParameterReader(parameters, '2026-11-21');
      const reference = new ParameterReader(parameters, '2026-11-21');
      expect(ruleset.evaluate({ income }, compiled)).toEqual(await ruleset.runReference({ income }, reference));
      expect(compiled.used).toEqual(reference.used);
      expect(compiled.used.map((used) => used.name)).toEqual([THRESHOLD]);
    }
  });

  it('over lazy facts, stops an all at its first false condition, but never skips one that reads a rate', async () => {
    const rules = {
      ...file,
      facts: { income: 'Income.', couple: 'A couple.', children: 'Children.' },
      rules: [
        {
          name: 'couple-over-threshold',
          description: 'A couple whose income is over the threshold.',
          conditions: {
            all: [
              { fact: 'couple', operator: 'equal', value: true },
              { fact: 'income', operator: 'greaterThan', value: { fact: 'parameter', params: { name: THRESHOLD } } },
              { fact: 'children', operator: 'greaterThan', value: 0 },
            ],
          },
          event: { type: 'charge' },
        },
      ],
    };
    const ruleset = new Ruleset(rules);
    const worked: string[] = [];
    const household = { income: 10_000_000, couple: false, children: 2 };
    const facts = defineFacts({
      income: (input: typeof household) => (worked.push('income'), input.income),
      couple: (input: typeof household) => (worked.push('couple'), input.couple),
      children: (input: typeof household) => (worked.push('children'), input.children),
    });
    const compiled = new ParameterReader(parameters, '2026-11-21');
    const reference = new ParameterReader(parameters, '2026-11-21');
    const lazily = ruleset.evaluateLazily(facts.lazy(household), compiled);
    // couple is false: the rate is still read (and cited, as json-rules-engine cites it), children is not worked out.
    expect(worked).toEqual(['couple', 'income']);
    expect(lazily).toEqual(await ruleset.runReference(facts.evaluate(household), reference));
    expect(compiled.used).toEqual(reference.used);
    expect(compiled.used.map((used) => used.name)).toEqual([THRESHOLD]);
  });
});
