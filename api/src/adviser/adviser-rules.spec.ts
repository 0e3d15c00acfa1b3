import { ADVISER_MESSAGES } from '../../../common/adviser/model.js';
import { RESULT_BOTH_SYSTEMS } from '../../../test/fixtures/result.js';
import type { ResultModel } from '../../../common/result/model.js';
import {
  caseLabelProblemsToStart,
  detailsProblems,
  likePattern,
  readClientSearch,
  SEARCH_DATE_INVALID,
  SEARCH_TOO_SHORT,
} from './adviser-rules.js';
import { isoToUkDate, ukDate } from '../../../common/dates/calendar.js';
import { adviserCategories, buildComparison, comparisonMessage, comparisonSentence, systemTotals } from './comparison.js';

describe('the case label to start or duplicate a calculation', () => {
  it('is required, with the message the form shows', () => {
    expect(caseLabelProblemsToStart('')).toEqual([{ path: 'caseReference', message: ADVISER_MESSAGES.caseLabelRequiredToStart }]);
    expect(caseLabelProblemsToStart('   ')).toEqual([{ path: 'caseReference', message: ADVISER_MESSAGES.caseLabelRequiredToStart }]);
    expect(caseLabelProblemsToStart(undefined)).toEqual([{ path: 'caseReference', message: ADVISER_MESSAGES.caseLabelRequiredToStart }]);
  });

  it('may be 20 characters, not 21', () => {
    expect(caseLabelProblemsToStart('a'.repeat(20))).toEqual([]);
    expect(caseLabelProblemsToStart('a'.repeat(21))).toEqual([{ path: 'caseReference', message: ADVISER_MESSAGES.caseLabelTooLong }]);
  });
});

describe('updating a calculation’s details', () => {
  it('needs a label of at most 20 characters and notes of at most 2000', () => {
    expect(detailsProblems('Before new job', 'n'.repeat(2000))).toEqual([]);
    expect(detailsProblems('', '')).toEqual([{ path: 'caseLabel', message: ADVISER_MESSAGES.caseLabelRequired }]);
    expect(detailsProblems('a'.repeat(21), 'n'.repeat(2001))).toEqual([
      { path: 'caseLabel', message: ADVISER_MESSAGES.caseLabelTooLong },
      { path: 'caseNotes', message: ADVISER_MESSAGES.caseNotesTooLong },
    ]);
  });
});

describe('the client search', () => {
  it('needs at least 3 characters', () => {
    expect(readClientSearch('ab')).toEqual({ path: 'search', message: SEARCH_TOO_SHORT });
    expect(readClientSearch('  ab  ')).toEqual({ path: 'search', message: SEARCH_TOO_SHORT });
    expect(readClientSearch(undefined)).toEqual({ path: 'search', message: SEARCH_TOO_SHORT });
    expect(readClientSearch('abc')).toEqual({ kind: 'name', text: 'abc' });
  });

  it('reads DD/MM/YYYY as an exact date of birth, and refuses a date that does not exist', () => {
    expect(readClientSearch('07/03/1984')).toEqual({ kind: 'dateOfBirth', isoDate: '1984-03-07' });
    expect(readClientSearch('29/02/2024')).toEqual({ kind: 'dateOfBirth', isoDate: '2024-02-29' });
    expect(readClientSearch('31/02/1984')).toEqual({ path: 'search', message: SEARCH_DATE_INVALID });
    expect(readClientSearch('07/13/1984')).toEqual({ path: 'search', message: SEARCH_DATE_INVALID });
  });

  it('takes anything else as part of a name, with spaces tidied', () => {
    expect(readClientSearch('  Mary   Jane ')).toEqual({ kind: 'name', text: 'Mary Jane' });
    expect(readClientSearch('1984')).toEqual({ kind: 'name', text: '1984' });
  });

  it('searches for LIKE’s wildcards as typed', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('dates on the adviser screens', () => {
  it('are DD/MM/YYYY in UK time', () => {
    expect(ukDate(new Date('2026-06-30T23:30:00Z'))).toBe('01/07/2026');
    expect(ukDate(new Date('2026-12-31T23:30:00Z'))).toBe('31/12/2026');
    expect(isoToUkDate('1984-03-07')).toBe('07/03/1984');
  });
});

/** The fixture household, with its take-home pay and other income changed and a name of its own. */
function variant(
  token: string,
  changes: { ucWeekly?: number; otherWeekly?: number; eligibleForLb?: boolean; eligibleForUc?: boolean; dropHousingBenefit?: boolean },
): ResultModel {
  const benefits = RESULT_BOTH_SYSTEMS.benefits!;
  return {
    ...RESULT_BOTH_SYSTEMS,
    token,
    eligibility: { isEligibleForLb: changes.eligibleForLb ?? true, isEligibleForUc: changes.eligibleForUc ?? true },
    benefits: {
      ...benefits,
      ucWeekly: changes.ucWeekly ?? benefits.ucWeekly,
      ucOtherIncomeWeekly: changes.otherWeekly ?? benefits.ucOtherIncomeWeekly,
      lbOtherIncomeWeekly: changes.otherWeekly ?? benefits.lbOtherIncomeWeekly,
      meansTested: changes.dropHousingBenefit
        ? benefits.meansTested.filter((benefit) => benefit.benefitName !== 'Housing Benefit')
        : benefits.meansTested,
    },
  };
}

describe('a system’s totals', () => {
  it('are its benefits, its other income (take-home pay and other income) and both together', () => {
    expect(systemTotals(variant('A', { otherWeekly: 12.1 }).benefits, 'uc')).toEqual({
      benefitWeekly: 178.34,
      benefitMonthly: 772.8,
      otherWeekly: 212.1,
      otherMonthly: 866.67,
      weekly: 390.44,
      monthly: 1639.47,
    });
    expect(systemTotals(null, 'lb')).toEqual({
      benefitWeekly: 0,
      benefitMonthly: 0,
      otherWeekly: 0,
      otherMonthly: 0,
      weekly: 0,
      monthly: 0,
    });
  });
});

describe('comparing calculations', () => {
  it('has a row for every benefit any calculation shows in the system, 0 where one does not get it', () => {
    const lb = buildComparison(
      [
        { name: 'Now', result: variant('A', { dropHousingBenefit: true }) },
        { name: 'With rent', result: variant('B', {}) },
      ],
      'lb',
    );
    expect(lb.categories).toEqual(['Council Tax Reduction', 'Personal Independence Payment', 'Housing Benefit']);
    expect(lb.weeklyData.map((column) => [column.name, column.data])).toEqual([
      ['Now', [18.4, 0, 0]],
      ['With rent', [18.4, 0, 97.5]],
    ]);
    expect(lb.monthlyData[1].data).toEqual([79.73, 0, 422.5]);
    // The fixture's home costs £150.00 a week in rent and council tax.
    expect(lb.weeklyData[1]).toMatchObject({
      benefitTotal: 115.9,
      otherTotal: 200,
      total: 315.9,
      afterHousingCosts: 165.9,
      isEligible: true,
    });
    expect(lb.monthlyData[1].afterHousingCosts).toBe(Math.round((lb.monthlyData[1].total - 650) * 100) / 100);
    expect(lb.show).toBe(true);
  });

  it('keeps a calculation that is not eligible as a column, and shows the system only when one is eligible', () => {
    const uc = buildComparison(
      [
        { name: 'A', result: variant('A', { eligibleForUc: false }) },
        { name: 'B', result: variant('B', { eligibleForUc: false }) },
      ],
      'uc',
    );
    expect(uc.weeklyData.map((column) => column.isEligible)).toEqual([false, false]);
    expect(uc.show).toBe(false);
    expect(uc.messageHtml).toBe('<p>None of these calculations is eligible under the Universal Credit system.</p>');
  });

  it('says which calculation leaves the client with the most, escaping the adviser’s label', () => {
    const uc = buildComparison(
      [
        { name: 'Part time', result: variant('A', { ucWeekly: 100 }) },
        { name: '<b>Full</b> time', result: variant('B', { ucWeekly: 150, otherWeekly: 40 }) },
      ],
      'uc',
    );
    expect(uc.weeklyData.map((column) => column.total)).toEqual([300, 390]);
    expect(uc.messageHtml).toBe(
      '<p>Under the Universal Credit system, &#60;b&#62;Full&#60;/b&#62; time leaves the client with the highest total income, £390.00 a week, and the most after rent and council tax, £240.00 a week.</p>',
    );
  });

  it('names every calculation that ties for the most', () => {
    const column = { isEligible: true, data: [], benefitTotal: 1, otherTotal: 1, total: 2, afterHousingCosts: 1 };
    expect(
      comparisonMessage('lb', [
        { ...column, name: 'A' },
        { ...column, name: 'B' },
      ]),
    ).toBe(
      '<p>Under legacy benefits and pension age benefits, A and B leave the client with the same total income, £2.00 a week, and the same after rent and council tax, £1.00 a week.</p>',
    );
  });

  it('says when a scenario with less income leaves the client best off after rent and council tax: a cheaper home', () => {
    const column = { isEligible: true, data: [], benefitTotal: 100 };
    expect(
      comparisonSentence('uc', [
        { ...column, name: 'Stay put', otherTotal: 300, total: 400, afterHousingCosts: 180 },
        { ...column, name: 'Move to a cheaper flat', otherTotal: 250, total: 350, afterHousingCosts: 220 },
      ]),
    ).toBe(
      'Under the Universal Credit system, Stay put leaves the client with the highest total income, £400.00 a week, but Move to a cheaper flat leaves the client best off after rent and council tax, £220.00 a week.',
    );
  });
});

describe('the adviser’s view of the answers', () => {
  it('keeps each answer’s prefix only when it has one', () => {
    const categories = adviserCategories(RESULT_BOTH_SYSTEMS);
    expect(categories[0].questions[0]).toEqual({ text: 'What is your postcode?', answers: [{ value: 'Manchester' }] });
    expect(categories[2].questions[0].answers).toEqual([{ prefix: 'Monthly', value: '£750.00' }]);
  });
});
