import type { PolicyEdit } from '../../common/policy/model.js';
import { loadEntitlementEngineFrom } from '../load.js';
import { diskFiles } from '../source-files.js';
import { contradictionProblem, editConditionProblems, type EditCheckContext } from './rule-checks.js';
import { caseHouseholds, extraHelpFactShapes, generatedHouseholds, observeFactShapes, parameterKindsOf, trialRun } from './trial-run.js';
import { applyChangeSet } from './edits.js';

/**
 * What the rule language allows but can never work (issue 28): one published rule with an `in` operator and a number
 * made every result fail. Each mistake is refused at its field when the edit is saved; every rule the repository
 * holds passes, so the checks refuse only what is wrong.
 */

const files = diskFiles();
const engine = loadEntitlementEngineFrom(files);
let context: EditCheckContext;

beforeAll(async () => {
  const rulesets = await observeFactShapes(engine, [...caseHouseholds(files), ...generatedHouseholds(100, 28)]);
  context = { rulesets, extraHelp: extraHelpFactShapes(), parameterKinds: (name) => parameterKindsOf(engine, name) };
}, 60_000);

const rule = (conditions: unknown, ruleset = 'child-benefit', name = 'has-a-child'): PolicyEdit => ({
  kind: 'rule',
  ruleset,
  rule: name,
  conditions,
});
const problemsOf = (conditions: unknown, ruleset?: string) => editConditionProblems(rule(conditions, ruleset), context);

describe('an operator with a value of a type it cannot work with', () => {
  it("refuses 'in' and 'notIn' with a number, true or null (json-rules-engine and the compiled rules throw for everyone)", () => {
    for (const operator of ['in', 'notIn'])
      for (const value of [3, true, null, 'three']) {
        const problems = problemsOf({ all: [{ fact: 'qualifyingChildCount', operator, value }] });
        expect({ operator, value, problems }).toEqual({
          operator,
          value,
          problems: [{ field: 'conditions.all[0].value', message: expect.stringContaining('must be a list') }],
        });
      }
  });

  it("refuses a list for 'in' holding a value the fact can never be", () => {
    expect(problemsOf({ all: [{ fact: 'qualifyingChildCount', operator: 'in', value: [1, '2'] }] })).toEqual([
      { field: 'conditions.all[0].value[1]', message: 'qualifyingChildCount is a number, so it can never be the text "2".' },
    ]);
  });

  it('refuses comparing a number fact with text, true or a list, and a comparison of a fact that is not a number', () => {
    for (const value of ['0', true, [0]])
      expect(problemsOf({ all: [{ fact: 'qualifyingChildCount', operator: 'greaterThan', value }] })).toEqual([
        { field: 'conditions.all[0].value', message: expect.stringContaining('must be a number') },
      ]);
    expect(problemsOf({ all: [{ fact: 'tenure', operator: 'lessThan', value: 3 }] }, 'universal-credit')).toEqual([
      { field: 'conditions.all[0].operator', message: expect.stringContaining('compares numbers, but tenure is text') },
    ]);
  });

  it("refuses 'equal' with a value the fact can never take, and a list", () => {
    expect(problemsOf({ all: [{ fact: 'qualifyingChildCount', operator: 'equal', value: '1' }] })).toEqual([
      { field: 'conditions.all[0].value', message: 'qualifyingChildCount is a number, so it can never equal the text "1".' },
    ]);
    expect(problemsOf({ all: [{ fact: 'qualifyingChildCount', operator: 'notEqual', value: [1, 2] }] })[0]).toMatchObject({
      field: 'conditions.all[0].value',
      message: expect.stringContaining("use 'in'"),
    });
  });

  it("refuses 'contains' on a fact that is not a list", () => {
    expect(problemsOf({ any: [{ fact: 'qualifyingChildCount', operator: 'contains', value: 1 }] })).toEqual([
      { field: 'conditions.any[0].operator', message: expect.stringContaining('looks inside a list') },
    ]);
  });

  it('checks a value that is a rate by what the rate can be', () => {
    const threshold = { fact: 'parameter', params: { name: 'gov/hmrc/income_tax/high_income_child_benefit_charge/threshold' } };
    expect(problemsOf({ all: [{ fact: 'highestAdjustedNetIncomeYearlyPence', operator: 'greaterThan', value: threshold }] })).toEqual([]);
    expect(problemsOf({ all: [{ fact: 'highestAdjustedNetIncomeYearlyPence', operator: 'in', value: threshold }] })[0]).toMatchObject({
      field: 'conditions.all[0].value',
    });
  });

  it("checks an extra-help item's condition with the extra-help facts", () => {
    const item: PolicyEdit = {
      kind: 'extra-help-item',
      category: 'energy',
      item: { name: 'x', condition: { all: [{ fact: 'claimantAge', operator: 'in', value: 66 }] } },
    };
    expect(editConditionProblems(item, context)).toEqual([
      { field: 'item.condition.all[0].value', message: expect.stringContaining('must be a list') },
    ]);
  });

  it('finds nothing wrong with any rule or extra-help condition the repository holds', () => {
    const found: unknown[] = [];
    for (const { folder } of engine.calculators) {
      const file = JSON.parse(files.read(`rulesets/${folder}/ruleset.json`)!) as { rules: { name: string; conditions: unknown }[] };
      for (const { name, conditions } of file.rules)
        for (const problem of editConditionProblems(rule(conditions, folder, name), context)) found.push({ folder, name, problem });
    }
    for (const path of files.list('definitions/extra-help/categories')) {
      const category = JSON.parse(files.read(`definitions/extra-help/categories/${path}`)!) as { items: Record<string, unknown>[] };
      for (const item of category.items)
        for (const problem of editConditionProblems({ kind: 'extra-help-item', category: path, item }, context))
          found.push({ path, problem });
    }
    expect(found).toEqual([]);
  });
});

describe('conditions that contradict each other', () => {
  it('refuses a rule no household can meet: a number over one bound and under another, two values, in and not in', () => {
    for (const conditions of [
      {
        all: [
          { fact: 'age', operator: 'greaterThan', value: 65 },
          { fact: 'age', operator: 'lessThan', value: 60 },
        ],
      },
      { all: [{ fact: 'age', operator: 'greaterThanInclusive', value: 65 }, { all: [{ fact: 'age', operator: 'lessThan', value: 65 }] }] },
      {
        all: [
          { fact: 'isCouple', operator: 'equal', value: true },
          { fact: 'isCouple', operator: 'equal', value: false },
        ],
      },
      {
        all: [
          { fact: 'tenure', operator: 'in', value: ['A', 'B'] },
          { fact: 'tenure', operator: 'notIn', value: ['A', 'B'] },
        ],
      },
      {
        any: [
          {
            all: [
              { fact: 'n', operator: 'equal', value: 1 },
              { fact: 'n', operator: 'equal', value: 2 },
            ],
          },
        ],
      },
    ])
      expect(contradictionProblem(conditions, 'conditions')).toMatchObject({
        field: 'conditions',
        message: expect.stringContaining('No household can meet these conditions'),
      });
  });

  it('lets through what some household can meet, and what it cannot know (another fact, a rate, a not)', () => {
    for (const conditions of [
      {
        all: [
          { fact: 'age', operator: 'greaterThanInclusive', value: 65 },
          { fact: 'age', operator: 'lessThanInclusive', value: 65 },
        ],
      },
      {
        any: [
          { fact: 'age', operator: 'equal', value: 1 },
          { fact: 'age', operator: 'equal', value: 2 },
        ],
      },
      {
        all: [
          { fact: 'age', operator: 'greaterThan', value: { fact: 'parameter', params: { name: 'x' } } },
          { fact: 'age', operator: 'lessThan', value: 3 },
        ],
      },
      {
        not: {
          all: [
            { fact: 'n', operator: 'equal', value: 1 },
            { fact: 'n', operator: 'equal', value: 2 },
          ],
        },
      },
    ])
      expect(contradictionProblem(conditions, 'conditions')).toBeNull();
  });
});

describe('the trial run over the check households', () => {
  it('finds the households an edit makes the rules throw for, which the static checks are there to prevent', async () => {
    const applied = applyChangeSet(files, [rule({ all: [{ fact: 'qualifyingChildCount', operator: 'in', value: 3 }] })]);
    expect(applied.problems).toEqual([]); // the loaders let it through: this is what reached everyone's results
    const households = [...caseHouseholds(applied.files).slice(0, 20), ...generatedHouseholds(20, 28)];
    const outcome = await trialRun(applied.engine!, households, { countAll: true, maxFailures: 2 });
    expect(outcome.failed).toBe(households.length);
    expect(outcome.failures).toHaveLength(2);
    expect(outcome.failures[0]).toMatchObject({ evaluator: 'compiled', errorName: 'TypeError' });
    expect((await trialRun(engine, households)).failed).toBe(0);
  }, 60_000);
});
