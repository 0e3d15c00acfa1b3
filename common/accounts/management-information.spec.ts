import { addMonths, isYear, monthsOfYear, yearBefore, yearOf } from './management-information.js';

describe('years, April to March', () => {
  it('puts April to December in the year they start and January to March in the year before', () => {
    expect(yearOf('2026-04')).toBe('2026-27');
    expect(yearOf('2026-11')).toBe('2026-27');
    expect(yearOf('2027-03')).toBe('2026-27');
    expect(yearOf('2026-03')).toBe('2025-26');
    expect(yearOf('2099-12')).toBe('2099-00');
  });

  it('lists the twelve months of a year, none shared with the year before', () => {
    expect(monthsOfYear('2026-27')).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
    const before = monthsOfYear(yearBefore('2026-27'));
    expect(before[0]).toBe('2025-04');
    expect(before.filter((month) => monthsOfYear('2026-27').includes(month))).toEqual([]);
  });

  it('takes a year written 2026-27 and nothing else', () => {
    expect(isYear('2026-27')).toBe(true);
    expect(isYear('2099-00')).toBe(true);
    expect(isYear('2026-28')).toBe(false);
    expect(isYear('2026-11')).toBe(false);
    expect(isYear('2026/27')).toBe(false);
  });
});

describe('months', () => {
  it('counts months forward and back across a new year', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 11)).toBe('2027-10');
    expect(addMonths('2026-12', -11)).toBe('2026-01');
  });
});
