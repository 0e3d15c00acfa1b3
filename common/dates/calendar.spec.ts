import { describe, expect, it } from '@jest/globals';
import { ageInYears, attainsAge, fromDayNumber, parseIsoDate, parseUkDate, toDayNumber } from './calendar.js';

describe('dates', () => {
  it('reads a Date answer only in strict dd/mm/yyyy form', () => {
    expect(parseUkDate('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const text of ['29/02/2023', '31/04/2024', '6/4/1960', '06-04-1960', '1960-04-06', '00/01/2000', '01/13/2000', ' 06/04/1960']) {
      expect(parseUkDate(text)).toBeNull();
    }
  });

  it('reads yyyy-mm-dd only when it is a real date', () => {
    expect(parseIsoDate('2017-04-06')).toEqual({ year: 2017, month: 4, day: 6 });
    expect(parseIsoDate('2017-02-29')).toBeNull();
    expect(parseIsoDate('17-04-06')).toBeNull();
  });

  it('numbers days from 1 January 1970 and back, with no time zone in between', () => {
    expect(toDayNumber({ year: 1970, month: 1, day: 1 })).toBe(0);
    expect(toDayNumber({ year: 1969, month: 12, day: 31 })).toBe(-1);
    expect(fromDayNumber(toDayNumber({ year: 2026, month: 3, day: 29 }))).toEqual({ year: 2026, month: 3, day: 29 });
  });

  it('finds the day an age in years and months is attained', () => {
    expect(attainsAge({ year: 1960, month: 11, day: 6 }, 66, 8)).toEqual({ year: 2027, month: 7, day: 6 });
    expect(attainsAge({ year: 1960, month: 12, day: 31 }, 66, 9)).toEqual({ year: 2027, month: 9, day: 30 });
    expect(attainsAge({ year: 2008, month: 2, day: 29 }, 18)).toEqual({ year: 2026, month: 3, day: 1 });
    expect(attainsAge({ year: 2008, month: 2, day: 29 }, 16)).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('counts whole years of age', () => {
    expect(ageInYears({ year: 2008, month: 11, day: 22 }, { year: 2026, month: 11, day: 22 })).toBe(18);
    expect(ageInYears({ year: 2008, month: 11, day: 23 }, { year: 2026, month: 11, day: 22 })).toBe(17);
  });
});
