import { describe, expect, it } from '@jest/globals';
import { bandOf, basisPointsOf, councilSchemeOf, NEW_PROTECTED_RULE, type CouncilSchemeText } from './council-scheme-form';

const FILLED: CouncilSchemeText = {
  maximumSupport: '80',
  bandCap: '',
  reduction: 'TAPER',
  taper: '20%',
  bandPeriod: 'WEEK',
  bandMeasure: 'INCOME',
  tables: [],
  universalCredit: 'IGNORED',
  earnings: true,
  otherIncome: true,
  childMaintenance: false,
  capitalLimit: '6,000',
  minimumAward: '',
  otherAdults: 'BY_WORK',
  inWork: '£10.50',
  notInWork: '5',
  protectedRules: [],
  note: 'Working-age people pay at least 20% of their bill.',
};

describe('the council scheme form', () => {
  it('reads percentages to basis points and refuses more than 100 or three decimals', () => {
    expect(basisPointsOf('72.5')).toBe(7250);
    expect(basisPointsOf('80 %')).toBe(8000);
    expect(basisPointsOf('100')).toBe(10_000);
    expect(basisPointsOf('100.01')).toBeNull();
    expect(basisPointsOf('7.255')).toBeNull();
    expect(basisPointsOf('')).toBeNull();
  });

  it('makes the year’s entry of the scheme file, in pence and basis points', () => {
    expect(councilSchemeOf(FILLED)).toEqual({
      scheme: {
        maximumSupport: 8000,
        bandCap: null,
        taper: 2000,
        incomeBands: null,
        income: { universalCredit: 'IGNORED', earnings: true, otherIncome: true, childMaintenance: false, earningsDisregardWeekly: null },
        capitalLimit: 600000,
        minimumAwardWeekly: null,
        nonDependantDeductions: { inWork: [{ fromWeeklyIncome: 0, deduction: 1050 }], notInWork: 500 },
        protectedGroups: [],
        note: 'Working-age people pay at least 20% of their bill.',
        readVia: 'Entered in the policy workbench from the council’s scheme document.',
      },
    });
    expect(councilSchemeOf({ ...FILLED, otherAdults: 'NOT_HELD', bandCap: 'D', minimumAward: '1' })).toMatchObject({
      scheme: { nonDependantDeductions: 'NOT_HELD', bandCap: 'D', minimumAwardWeekly: 100 },
    });
  });

  it('names each field to put right', () => {
    expect(councilSchemeOf({ ...FILLED, maximumSupport: 'most', capitalLimit: '', inWork: 'ten' })).toEqual({
      problems: [
        { field: 'maximumSupport', message: 'Enter the most of the bill the scheme pays as a percentage from 0 to 100, such as 80.' },
        { field: 'capitalLimit', message: 'Enter the savings limit in pounds, such as 6,000.00.' },
        { field: 'inWork', message: 'Enter the deduction a week for another adult who works 16 hours or more in pounds, such as 10.00.' },
      ],
    });
  });

  it('reads a band scheme’s tables, a line a band, pasted as a scheme’s table prints them', () => {
    expect(bandOf('£105.00 - £170.99   60%')).toEqual({ fromIncome: 10500, share: 6000 });
    expect(bandOf('0 80 %')).toEqual({ fromIncome: 0, share: 8000 });
    expect(bandOf('£105.00')).toBeNull();
    const bands = councilSchemeOf({
      ...FILLED,
      reduction: 'BANDS',
      bandMeasure: 'EXCESS_INCOME',
      tables: [{ household: 'ANY', children: '0', bands: '£0 85%\n£0.01 - £25.00 72.5%\n£80.01 or more 0%' }],
    });
    expect(bands).toMatchObject({
      scheme: {
        taper: null,
        incomeBands: {
          period: 'WEEK',
          measure: 'EXCESS_INCOME',
          tables: [
            {
              household: 'ANY',
              children: 0,
              bands: [
                { fromIncome: 0, share: 8500 },
                { fromIncome: 1, share: 7250 },
                { fromIncome: 8001, share: 0 },
              ],
            },
          ],
        },
      },
    });
    expect(
      councilSchemeOf({ ...FILLED, reduction: 'BANDS', tables: [{ household: 'SINGLE', children: 'two', bands: '£0 80%\nfree' }] }),
    ).toEqual({
      problems: [
        { field: 'tables-0-children', message: 'Enter the number of children for table 1, from 0 to 10.' },
        { field: 'tables-0-bands', message: 'Line 2 of table 1 is not an income and a share: write it as £105.00 60%.' },
      ],
    });
  });

  it('gives kinder rules for some groups only the figures that differ, in the scheme’s order', () => {
    const read = councilSchemeOf({
      ...FILLED,
      reduction: 'BANDS',
      bandPeriod: 'MONTH',
      tables: [{ household: 'ANY', children: '0', bands: '£0 80%\n£400 50%' }],
      protectedRules: [
        // Disabled people and carers not in work: 100% of the bill, on no band limit.
        { ...NEW_PROTECTED_RULE, groups: ['DISABILITY_BENEFIT', 'CARER'], withoutEarnings: true, maximumSupport: '100', bandCap: '' },
        // Families with a child under 5: bands of their own, read monthly as the scheme's are, and a higher savings limit.
        {
          ...NEW_PROTECTED_RULE,
          groups: ['CHILD_UNDER_5'],
          reduction: 'BANDS',
          tables: [{ household: 'ANY', children: '1', bands: '£0 90%\n£500 60%' }],
          capitalLimit: '16,000',
        },
        { ...NEW_PROTECTED_RULE, groups: ['LCWRA'], reduction: 'TAPER', taper: '10' },
      ],
    });
    expect(read).toMatchObject({
      scheme: {
        protectedGroups: [
          { groups: ['DISABILITY_BENEFIT', 'CARER'], withoutEarnings: true, maximumSupport: 10_000, bandCap: null },
          {
            groups: ['CHILD_UNDER_5'],
            withoutEarnings: false,
            taper: null,
            incomeBands: {
              period: 'MONTH',
              tables: [
                {
                  household: 'ANY',
                  children: 1,
                  bands: [
                    { fromIncome: 0, share: 9000 },
                    { fromIncome: 50_000, share: 6000 },
                  ],
                },
              ],
            },
            capitalLimit: 1_600_000,
          },
          { groups: ['LCWRA'], withoutEarnings: false, taper: 1000, incomeBands: null },
        ],
      },
    });
    // Only what differs is written: the first rule keeps the scheme's bands and savings limit.
    expect(Object.keys((read as { scheme: { protectedGroups: object[] } }).scheme.protectedGroups[0]!)).toEqual([
      'groups',
      'withoutEarnings',
      'maximumSupport',
      'bandCap',
    ]);
  });

  it('names what to put right in a kinder rule: no group, a figure not read, or nothing changed', () => {
    const read = councilSchemeOf({
      ...FILLED,
      protectedRules: [
        { ...NEW_PROTECTED_RULE, maximumSupport: 'all' },
        { ...NEW_PROTECTED_RULE, groups: ['CARER'] },
        { ...NEW_PROTECTED_RULE, groups: ['LCWRA'], reduction: 'BANDS', tables: [{ household: 'ANY', children: '0', bands: 'none' }] },
      ],
    });
    expect(read).toEqual({
      problems: [
        { field: 'protected-0-groups', message: 'Choose at least one group for kinder rule 1.' },
        {
          field: 'protected-0-maximumSupport',
          message: 'Enter the most of the bill paid for kinder rule 1 as a percentage from 0 to 100.',
        },
        {
          field: 'protected-1-changes',
          message: 'Kinder rule 2 changes nothing: give at least one figure that is different for the group.',
        },
        {
          field: 'protected-2-tables-0-bands',
          message: 'Line 1 of table 1 of kinder rule 3 is not an income and a share: write it as £105.00 60%.',
        },
      ],
    });
  });
});
