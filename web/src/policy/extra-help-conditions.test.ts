import { describe, expect, it } from '@jest/globals';
import { addRowTo, changeRowAt, conditionFormOf, conditionOf, type FactOffered } from './extra-help-conditions';

const FACTS: FactOffered[] = [
  { name: 'getsUniversalCredit', type: 'boolean', label: 'Gets Universal Credit.', pounds: false, values: null },
  { name: 'earnedIncomeMonthlyPence', type: 'number', label: 'Take-home pay, in pounds a month.', pounds: true, values: null },
  { name: 'youngestChildAge', type: 'number', label: 'The youngest child’s age.', pounds: false, values: null },
  {
    name: 'country',
    type: 'string',
    label: 'The nation.',
    pounds: false,
    values: [
      { value: 'ENGLAND', text: 'England' },
      { value: 'SCOTLAND', text: 'Scotland' },
      { value: 'WALES', text: 'Wales' },
    ],
  },
];

// Healthy Start's condition as its file holds it: two groups, each comparing with a rate, each with its reason.
const HEALTHY_START = {
  any: [
    {
      all: [
        { fact: 'getsUniversalCredit', operator: 'equal', value: true },
        {
          fact: 'earnedIncomeMonthlyPence',
          operator: 'lessThanInclusive',
          value: { fact: 'parameter', params: { name: 'gov/dhsc/healthy_start/universal_credit_earnings_limit' } },
          source: 'Healthy Start: Universal Credit with family take-home pay from work up to the limit.',
        },
      ],
    },
    { all: [{ fact: 'youngestChildAge', operator: 'lessThan', value: 4, source: 'Under 4.' }] },
  ],
};

describe('an extra-help condition in the form', () => {
  it('reads a condition of two levels and writes back the same condition', () => {
    const form = conditionFormOf(HEALTHY_START, FACTS)!;
    expect(form.join).toBe('any');
    expect(form.rows[0]).toMatchObject({
      kind: 'group',
      join: 'all',
      rows: [
        { fact: 'getsUniversalCredit', comparison: 'yes' },
        { fact: 'earnedIncomeMonthlyPence', comparison: 'atMost', rate: 'gov/dhsc/healthy_start/universal_credit_earnings_limit' },
      ],
    });
    expect(conditionOf(form, FACTS)).toEqual({ condition: HEALTHY_START });
  });

  it('takes money in pounds and gives pence, and shows pence as pounds', () => {
    const held = { fact: 'earnedIncomeMonthlyPence', operator: 'lessThan', value: 125000, source: 'The scheme’s limit for 2026/27.' };
    const form = conditionFormOf({ all: [held] }, FACTS)!;
    expect(form.rows[0]).toMatchObject({ value: '1,250.00', why: 'The scheme’s limit for 2026/27.' });
    expect(conditionOf({ join: 'all', rows: [{ ...(form.rows[0] as object), value: '£1,300' } as never] }, FACTS)).toEqual({
      condition: { all: [{ ...held, value: 130000 }] },
    });
  });

  it('reads groups within groups and a single fact, and changes a row at its place', () => {
    const deep = {
      all: [
        { fact: 'getsUniversalCredit', operator: 'equal', value: true },
        {
          any: [
            { fact: 'country', operator: 'equal', value: 'WALES' },
            { all: [{ fact: 'getsUniversalCredit', operator: 'equal', value: false }] },
          ],
        },
      ],
    };
    const form = conditionFormOf(deep, FACTS)!;
    expect(conditionOf(form, FACTS)).toEqual({ condition: deep });
    expect(conditionFormOf({ fact: 'getsUniversalCredit', operator: 'equal', value: true }, FACTS)).toMatchObject({
      join: 'all',
      rows: [{ fact: 'getsUniversalCredit', comparison: 'yes' }],
    });
    // The innermost row, at 1-1-0, answered no instead of yes; a row added to group 2.
    const changed = addRowTo(
      changeRowAt(form, [1, 1, 0], (row) => ({ ...row, comparison: 'yes' }) as typeof row),
      [1],
      { kind: 'fact', fact: 'youngestChildAge', comparison: 'lessThan', value: '', rate: '', why: '' },
    );
    const result = conditionOf(changed, FACTS);
    expect(result).toEqual({
      problems: [
        { at: '1-2', part: 'value', message: 'Enter a whole number for condition 3 of group 2, or choose a rate.' },
        {
          at: '1-2',
          part: 'why',
          message: 'Say where the figure in condition 3 of group 2 comes from, such as the scheme’s rules for the year.',
        },
      ],
    });
    expect(changeRowAt(form, [1, 1], () => null).rows[1]).toMatchObject({ rows: [{ fact: 'country' }] });
    expect(
      conditionOf(
        changeRowAt(form, [1, 1, 0], () => null),
        FACTS,
      ),
    ).toEqual({
      problems: [{ at: '1-1', part: 'join', message: 'Add at least one condition to group 2.2, or remove it.' }],
    });
  });

  it('shows a text fact that is one of several values, or none of them, and writes it back as a list', () => {
    const prescriptions = { fact: 'country', operator: 'in', value: ['WALES', 'SCOTLAND'] };
    const form = conditionFormOf(prescriptions, FACTS);
    expect(form).toEqual({
      join: 'all',
      rows: [{ kind: 'fact', fact: 'country', comparison: 'isOneOf', value: 'WALES,SCOTLAND', rate: '', why: '' }],
    });
    expect(conditionOf(form!, FACTS)).toEqual({ condition: { all: [prescriptions] } });
    const none = changeRowAt(form!, [0], (row) => ({ ...row, comparison: 'isNoneOf', value: 'ENGLAND' }) as typeof row);
    expect(conditionOf(none, FACTS)).toEqual({ condition: { all: [{ fact: 'country', operator: 'notIn', value: ['ENGLAND'] }] } });
    const empty = changeRowAt(form!, [0], (row) => ({ ...row, value: '' }) as typeof row);
    expect(conditionOf(empty, FACTS)).toEqual({
      problems: [{ at: '0', part: 'value', message: 'Choose at least one value for condition 1.' }],
    });
  });

  it('keeps what it cannot show: groups too deep, a list that is not of values, an unknown fact', () => {
    expect(conditionFormOf({ all: [{ any: [{ all: [{ any: [{ all: [{ any: [] }] }] }] }] }] }, FACTS)).toBeNull();
    expect(conditionFormOf({ all: [{ fact: 'country', operator: 'in', value: 'WALES' }] }, FACTS)).toBeNull();
    expect(conditionFormOf({ all: [{ fact: 'country', operator: 'in', value: [] }] }, FACTS)).toBeNull();
    expect(conditionFormOf({ all: [{ fact: 'somethingElse', operator: 'equal', value: true }] }, FACTS)).toBeNull();
  });

  it('asks where a threshold typed comes from, but not of 0 (any at all) or of a figure it is exactly', () => {
    const row = { kind: 'fact', fact: 'youngestChildAge', comparison: 'moreThan', value: '0', rate: '', why: '' } as const;
    expect(conditionOf({ join: 'all', rows: [row] }, FACTS)).toEqual({
      condition: { all: [{ fact: 'youngestChildAge', operator: 'greaterThan', value: 0 }] },
    });
    expect(conditionOf({ join: 'all', rows: [{ ...row, comparison: 'is', value: '1' }] }, FACTS)).toEqual({
      condition: { all: [{ fact: 'youngestChildAge', operator: 'equal', value: 1 }] },
    });
    expect(conditionOf({ join: 'all', rows: [{ ...row, value: '4' }] }, FACTS)).toEqual({
      problems: [
        { at: '0', part: 'why', message: 'Say where the figure in condition 1 comes from, such as the scheme’s rules for the year.' },
      ],
    });
  });

  it('refuses a whole number that is not one', () => {
    const row = { kind: 'fact', fact: 'youngestChildAge', comparison: 'lessThan', value: '4.5', rate: '', why: 'Under 4.' } as const;
    expect(conditionOf({ join: 'all', rows: [row] }, FACTS)).toEqual({
      problems: [{ at: '0', part: 'value', message: 'Enter a whole number for condition 1, or choose a rate.' }],
    });
  });

  it('names each row to put right', () => {
    const result = conditionOf(
      {
        join: 'all',
        rows: [
          { kind: 'fact', fact: 'earnedIncomeMonthlyPence', comparison: 'atMost', value: 'lots', rate: '', why: 'The limit.' },
          {
            kind: 'group',
            join: 'any',
            rows: [{ kind: 'fact', fact: 'youngestChildAge', comparison: 'lessThan', value: '4', rate: '', why: '' }],
          },
        ],
      },
      FACTS,
    );
    expect(result).toEqual({
      problems: [
        { at: '0', part: 'value', message: 'Enter an amount in pounds for condition 1, such as 1,250.00, or choose a rate.' },
        {
          at: '1-0',
          part: 'why',
          message: 'Say where the figure in condition 1 of group 2 comes from, such as the scheme’s rules for the year.',
        },
      ],
    });
    expect(conditionOf({ join: 'all', rows: [] }, FACTS)).toEqual({
      problems: [{ at: '', part: 'join', message: 'Add at least one condition: who the item is for.' }],
    });
  });
});
