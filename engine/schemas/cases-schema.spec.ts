import { describe, expect, it } from '@jest/globals';
import { CASE_FILE } from '../core/cases.js';

const household = { country: 'ENGLAND', adults: [{ age: 40 }], housing: { tenure: 'OWNER_OCCUPIER' } };
const fileWith = (expected: unknown) => ({
  cases: [{ name: 'A case', date: '2026-11-21', household, expected, workings: 'How the figure is worked out.' }],
});

describe('the case file schema (definitions/schemas/cases.schema.json)', () => {
  it('takes a case that asserts a figure, an eligibility or a line', () => {
    expect(CASE_FILE.problems(fileWith({ CHILD_BENEFIT: { weekly: 27.05 } }))).toEqual([]);
    expect(CASE_FILE.problems(fileWith({ CARERS_ALLOWANCE: { eligible: false, rules: ['nobody-cares-35-hours'] } }))).toEqual([]);
    expect(CASE_FILE.problems(fileWith({ variables: { PENSION_CREDIT_GUARANTEE: { weekly: 238 } } }))).toEqual([]);
  });

  it('rejects a case that asserts no figure, naming it', () => {
    expect(CASE_FILE.problems(fileWith({ NEW_STYLE_ESA: { explanationIncludes: ['£92.05 a week'] } }))).toEqual([
      {
        path: 'cases[0].expected.NEW_STYLE_ESA',
        message:
          'cases[0].expected.NEW_STYLE_ESA asserts no figure: give weekly, monthly, eligible, amountShown, system, elements or deductions, not only rules or explanation text.',
      },
    ]);
    expect(CASE_FILE.problems(fileWith({}))).toEqual([
      { path: 'cases[0].expected', message: 'cases[0].expected asserts no figure: name at least one benefit or variable.' },
    ]);
    expect(CASE_FILE.problems(fileWith({ CHILD_BENEFIT: {} })).map((problem) => problem.path)).toEqual(['cases[0].expected.CHILD_BENEFIT']);
  });

  it('names a missing field and an unknown one', () => {
    expect(
      CASE_FILE.problems({
        cases: [{ name: 'A case', date: '2026-11-21', household, expected: { CHILD_BENEFIT: { weekly: 1, weakly: 2 } } }],
      }),
    ).toEqual([
      {
        path: 'cases[0].expected.CHILD_BENEFIT.weakly',
        message: 'cases[0].expected.CHILD_BENEFIT.weakly is not a field a case file takes.',
      },
      { path: 'cases[0].workings', message: 'cases[0].workings is required.' },
    ]);
  });
});
