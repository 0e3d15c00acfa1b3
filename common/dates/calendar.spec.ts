import { describe, expect, it } from '@jest/globals';
import { addMonths, ageInYears, attainsAge, fromDayNumber, isRealDate, parseIsoDate, parseUkDate, toDayNumber } from './calendar.js';

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
    for (const text of [
      '2017-04-06\n',
      ' 2017-04-06',
      '2017-4-06',
      '2017/04/06',
      '2017-04-0a',
      '2017-00-01',
      '2017-04-31',
      '２017-04-06',
      '',
    ])
      expect(parseIsoDate(text)).toBeNull();
  });

  it('reads yyyy-mm-dd exactly as the strict pattern /^(\\d{4})-(\\d{2})-(\\d{2})$/ would, over many texts', () => {
    const byPattern = (text: string) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      if (!match) return null;
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      return isRealDate(year, month, day) ? { year, month, day } : null;
    };
    const characters = '0123456789-/ a';
    for (let seed = 1; seed <= 20_000; seed += 1) {
      // A valid date with one character changed, or none: the edges of the format.
      const day = new Date(Date.UTC(1900, 0, 1) + ((seed * 7919) % 80_000) * 86_400_000).toISOString().slice(0, 10);
      const at = seed % 11;
      const text = at === 10 ? day : day.slice(0, at) + characters[seed % characters.length] + day.slice(at + 1);
      expect(parseIsoDate(text)).toEqual(byPattern(text));
    }
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

  it("adds and takes away calendar months, keeping to the month's last day", () => {
    expect(addMonths('2026-11-30', -6)).toBe('2026-05-30');
    expect(addMonths('2026-03-02', -6)).toBe('2025-09-02');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2028-08-31', -6)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
  });
});
