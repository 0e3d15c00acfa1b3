import { describe, expect, it } from '@jest/globals';
import { statePensionDate } from './state-pension-age.js';

describe('statePensionDate', () => {
  it.each([
    // The rise from 66 to 67 (Pensions Act 2014 s26, table 3) starts with births on 6 April 1960.
    ['1960-04-05', '2026-04-05', '66th birthday: the last birth before the rise to 67'],
    ['1960-04-06', '2026-05-06', '66 years and 1 month'],
    ['1960-06-06', '2026-09-06', '66 years and 3 months'],
    ['1960-08-31', '2027-01-31', '66 years and 5 months, a day that exists'],
    ['1960-12-06', '2027-09-06', '66 years and 9 months'],
    ['1961-03-05', '2028-02-05', '66 years and 11 months: the last band'],
    ['1961-03-06', '2028-03-06', '67th birthday: the first birth after the last band'],
  ])('born %s reaches State Pension age on %s (%s)', (birth, expected) => {
    expect(statePensionDate(birth)).toBe(expected);
  });

  it.each([
    ['1960-07-31', '2026-11-30'],
    ['1960-12-31', '2027-09-30'],
    ['1961-01-31', '2027-11-30'],
  ])('takes the last day of the month when the day does not exist: born %s -> %s (1995 Act Sch 4 para 1(7A))', (birth, expected) => {
    expect(statePensionDate(birth)).toBe(expected);
  });

  it('counts a 29 February birthday from 1 March in a year that is not a leap year', () => {
    expect(statePensionDate('1952-02-29', 'male')).toBe('2017-03-01');
    expect(statePensionDate('1972-02-29')).toBe('2039-03-01');
    expect(statePensionDate('1980-02-29')).toBe('2048-02-29');
  });

  it("follows the women's bands of the Pensions Act 1995 and 2011", () => {
    expect(statePensionDate('1950-04-05', 'female')).toBe('2010-04-05');
    expect(statePensionDate('1950-04-06', 'female')).toBe('2010-05-06');
    expect(statePensionDate('1950-05-05', 'female')).toBe('2010-05-06');
    expect(statePensionDate('1950-05-06', 'female')).toBe('2010-07-06');
    expect(statePensionDate('1953-04-05', 'female')).toBe('2016-03-06');
    expect(statePensionDate('1953-04-10', 'female')).toBe('2016-07-06');
    expect(statePensionDate('1953-05-06', 'female')).toBe('2016-11-06');
    expect(statePensionDate('1953-12-05', 'female')).toBe('2018-11-06');
  });

  it('gives men born before 6 December 1953 their 65th birthday', () => {
    expect(statePensionDate('1953-04-10', 'male')).toBe('2018-04-10');
    expect(statePensionDate('1953-12-05', 'male')).toBe('2018-12-05');
  });

  it('gives the later of the two days when sex is not known', () => {
    expect(statePensionDate('1953-04-10')).toBe('2018-04-10');
    expect(statePensionDate('1949-06-01')).toBe('2014-06-01');
  });

  it('follows the 2011 Act table for everyone born 6 December 1953 - 5 October 1954', () => {
    expect(statePensionDate('1953-12-06')).toBe('2019-03-06');
    // 1 January 1954 is in the band 6 December 1953 - 5 January 1954; 6 May 2019 starts with 6 January 1954.
    expect(statePensionDate('1954-01-01', 'female')).toBe('2019-03-06');
    expect(statePensionDate('1954-01-01', 'male')).toBe('2019-03-06');
    expect(statePensionDate('1954-01-05')).toBe('2019-03-06');
    expect(statePensionDate('1954-01-06')).toBe('2019-05-06');
    expect(statePensionDate('1954-10-05')).toBe('2020-09-06');
    expect(statePensionDate('1954-10-06')).toBe('2020-10-06');
  });

  it('follows the 2007 Act table for the rise to 68, then the 68th birthday', () => {
    expect(statePensionDate('1977-04-05')).toBe('2044-04-05');
    expect(statePensionDate('1977-04-06')).toBe('2044-05-06');
    expect(statePensionDate('1978-04-05')).toBe('2046-03-06');
    expect(statePensionDate('1978-04-06')).toBe('2046-04-06');
  });

  it('refuses a date that is not a real yyyy-mm-dd date', () => {
    expect(() => statePensionDate('1960-02-30')).toThrow(RangeError);
    expect(() => statePensionDate('06/04/1960')).toThrow('The date of birth must be a real yyyy-mm-dd date.');
  });
});
