import { describe, expect, it } from '@jest/globals';
import { daysInMonth, isLeapYear } from '../dates/calendar.js';
import { ageOn, isIsoDate, isoToDayMonthYear, parseDayMonthYear } from './dates.js';

const TODAY = '2026-11-22';

describe('parseDayMonthYear', () => {
  it('reads a strict dd/mm/yyyy date into ISO form', () => {
    expect(parseDayMonthYear('22/11/2026')).toBe('2026-11-22');
    expect(parseDayMonthYear('01/01/1900')).toBe('1900-01-01');
    expect(parseDayMonthYear('31/12/1999')).toBe('1999-12-31');
  });

  it('refuses days the calendar does not have', () => {
    expect(parseDayMonthYear('31/02/2000')).toBeNull();
    expect(parseDayMonthYear('31/04/2026')).toBeNull();
    expect(parseDayMonthYear('00/01/2026')).toBeNull();
    expect(parseDayMonthYear('01/13/2026')).toBeNull();
    expect(parseDayMonthYear('01/00/2026')).toBeNull();
    expect(parseDayMonthYear('01/01/0000')).toBeNull();
  });

  it('accepts 29 February only in leap years (2000 and 2024 are, 1900 and 2026 are not)', () => {
    expect(parseDayMonthYear('29/02/2024')).toBe('2024-02-29');
    expect(parseDayMonthYear('29/02/2000')).toBe('2000-02-29');
    expect(parseDayMonthYear('29/02/2026')).toBeNull();
    expect(parseDayMonthYear('29/02/1900')).toBeNull();
  });

  it('refuses anything but the two-digit day and month the input mask gives', () => {
    for (const text of ['1/2/2000', '01/2/2000', '01-02-2000', '2000-02-01', '01/02/00', ' 01/02/2000', '01/02/2000 ', '', 'dd/mm/yyyy']) {
      expect(parseDayMonthYear(text)).toBeNull();
    }
  });
});

describe('isoToDayMonthYear and isIsoDate', () => {
  it('writes an ISO date as dd/mm/yyyy and back', () => {
    expect(isoToDayMonthYear('2026-11-22')).toBe('22/11/2026');
    expect(parseDayMonthYear(isoToDayMonthYear('1954-02-06') ?? '')).toBe('1954-02-06');
  });

  it('refuses text that is not a real ISO date', () => {
    expect(isoToDayMonthYear('2026-02-30')).toBeNull();
    expect(isoToDayMonthYear('22/11/2026')).toBeNull();
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('2026-11-31')).toBe(false);
    expect(isIsoDate('2026-1-2')).toBe(false);
  });
});

describe('isLeapYear and daysInMonth', () => {
  it('follows the Gregorian calendar', () => {
    expect([1900, 2000, 2024, 2026].map(isLeapYear)).toEqual([false, true, true, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 11)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
});

describe('ageOn', () => {
  it('counts whole years, gaining one on the birthday itself', () => {
    expect(ageOn('2008-11-22', TODAY)).toBe(18);
    expect(ageOn('2008-11-23', TODAY)).toBe(17);
    expect(ageOn('2006-11-22', TODAY)).toBe(20);
    expect(ageOn('2006-11-23', TODAY)).toBe(19);
    expect(ageOn(TODAY, TODAY)).toBe(0);
    expect(ageOn('1900-01-02', TODAY)).toBe(126);
  });

  it('has someone born on 29 February gain a year on 1 March outside leap years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('throws on dates that are not real ISO dates, since callers parse answers first', () => {
    expect(() => ageOn('22/11/2008', TODAY)).toThrow('The date of birth must be a real date written yyyy-mm-dd.');
    expect(() => ageOn('2008-11-22', '2026-13-01')).toThrow('The date to work the age on must be a real date');
  });
});
