import { describe, expect, it } from '@jest/globals';
import {
  bandOf,
  basisPointsOf,
  councilSchemeOf,
  deductionBandOf,
  EMPTY_SCHEME,
  NEW_PROTECTED_RULE,
  type CouncilSchemeText,
} from './council-scheme-form';

const FILLED: CouncilSchemeText = {
  ...EMPTY_SCHEME,
  maximumSupport: '80',
  taper: '20%',
  tables: [],
  universalCredit: 'IGNORED',
  capitalLimit: '6,000',
  otherAdults: 'BY_WORK',
  inWork: '£10.50',
  notInWork: '5',
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
        {
          field: 'inWork',
          message:
            'Enter the deduction a week for another adult who works 16 hours or more in pounds: one amount, or one a line by gross weekly income, such as £0.00 £4.80 then £200.00 £11.00.',
        },
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
            // A band scheme's taper is null already: bands of their own replace the scheme's, nothing else.
            groups: ['CHILD_UNDER_5'],
            withoutEarnings: false,
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

  it('writes what counts as income as the scheme says: the award less some elements, earnings ignored, some kinds of income', () => {
    const read = councilSchemeOf({
      ...FILLED,
      universalCredit: 'LESS',
      ucLess: { ...EMPTY_SCHEME.ucLess, CARER: '100', LCWRA: '50' },
      ucIgnoredWithoutEarnings: true,
      disregard: { single: '5', couple: '10', loneParent: '25', disabledOrCarer: '20', coupleWithChildren: '' },
      otherIncome: 'SOME',
      otherIncomeKinds: ['STATE_PENSION', 'PRIVATE_PENSION'],
      childBenefit: true,
      applicableAmount: 'UC_STANDARD_ALLOWANCE',
      capitalLimitIncluded: true,
    });
    expect(read).toMatchObject({
      scheme: {
        income: {
          universalCredit: {
            less: [
              { element: 'LCWRA', share: 5000 },
              { element: 'CARER', share: 10_000 },
            ],
          },
          earnings: true,
          otherIncome: ['STATE_PENSION', 'PRIVATE_PENSION'],
          childMaintenance: false,
          earningsDisregardWeekly: { single: 500, couple: 1000, loneParent: 2500, disabledOrCarer: 2000 },
          universalCreditIgnoredWithoutEarnings: true,
          childBenefit: true,
          applicableAmount: 'UC_STANDARD_ALLOWANCE',
        },
        capitalLimitIncluded: true,
      },
    });
    // Left as they were, none of the optional rules is written.
    expect(Object.keys((councilSchemeOf(FILLED) as { scheme: { income: object } }).scheme.income)).toEqual([
      'universalCredit',
      'earnings',
      'otherIncome',
      'childMaintenance',
      'earningsDisregardWeekly',
    ]);
  });

  it('counts savings as income only where the award is ignored, as the file’s rule says', () => {
    expect(councilSchemeOf({ ...FILLED, tariffFrom: '6,000', tariffStep: '250', tariffWeekly: '1' })).toMatchObject({
      scheme: { income: { universalCredit: 'IGNORED', tariffIncome: { from: 600_000, step: 25_000, weekly: 100 } } },
    });
    expect(councilSchemeOf({ ...FILLED, universalCredit: 'IN_FULL', tariffFrom: '6,000', tariffStep: '250', tariffWeekly: '1' })).toEqual({
      problems: [
        {
          field: 'tariffFrom',
          message:
            'Savings count as income only where the Universal Credit award is ignored: the award already counts them. Leave these empty.',
        },
      ],
    });
  });

  it('reads deductions for other adults by income, for those in work or for all, as a scheme’s table prints them', () => {
    expect(deductionBandOf('£200.00 - £345.99   £11.00')).toEqual({ fromWeeklyIncome: 20_000, deduction: 1100 });
    expect(deductionBandOf('£4.80')).toEqual({ fromWeeklyIncome: 0, deduction: 480 });
    expect(deductionBandOf('none')).toBeNull();
    expect(councilSchemeOf({ ...FILLED, inWork: '£0.00 £4.80\n£200.00 - £345.99 £11.00' })).toMatchObject({
      scheme: {
        nonDependantDeductions: {
          inWork: [
            { fromWeeklyIncome: 0, deduction: 480 },
            { fromWeeklyIncome: 20_000, deduction: 1100 },
          ],
          notInWork: 500,
        },
      },
    });
    expect(
      councilSchemeOf({ ...FILLED, otherAdults: 'BY_INCOME', byIncome: '£0 £4.00\n£250 £9.00', otherAdultMinimumAge: '25' }),
    ).toMatchObject({
      scheme: {
        nonDependantDeductions: [
          { fromWeeklyIncome: 0, deduction: 400 },
          { fromWeeklyIncome: 25_000, deduction: 900 },
        ],
        nonDependantMinimumAge: 25,
      },
    });
    expect(councilSchemeOf({ ...FILLED, otherAdults: 'BY_INCOME', byIncome: '£0 £4.00\nabout £9', otherAdultMinimumAge: '9' })).toEqual({
      problems: [
        { field: 'byIncome', message: 'Line 2 of the deductions by income is not an income and a deduction: write it as £200.00 £11.00.' },
        { field: 'otherAdultMinimumAge', message: 'Enter the age from which other adults count, from 16 to 30, such as 18.' },
      ],
    });
  });
});
