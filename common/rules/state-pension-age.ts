/**
 * The day State Pension age is reached under current UK law: Pensions Act 1995 Sch 4 Part 1 para 1, as amended
 * by the Pensions Act 2007 (Sch 3), the Pensions Act 2011 (s1) and the Pensions Act 2014 (s26).
 * Sources: https://www.legislation.gov.uk/ukpga/1995/26/schedule/4 (table 1 as first enacted),
 * https://www.legislation.gov.uk/ukpga/2011/19/section/1 (table 1 from 6 April 1953, table 2),
 * https://www.legislation.gov.uk/ukpga/2014/19/section/26 (table 3 and para 1(7A)),
 * https://www.legislation.gov.uk/ukpga/2007/22/schedule/3 (the rise to 68), and the gov.uk 'State Pension age
 * timetables'. Cross-checked against DWP's published library (github.com/dwp/get-state-pension-date).
 */
import { attainsAge, formatIsoDate, parseIsoDate, toDayNumber, type CalendarDate } from '../dates/calendar.js';

export type Sex = 'female' | 'male';

/** A table whose bands run from the 6th of one month to the 5th of the next, each moving the day by `step` months. */
interface StepTable {
  /** The 6th of the first band's month. */
  firstBand: CalendarDate;
  bands: number;
  /** The day pensionable age is attained for the first band. */
  firstDay: CalendarDate;
  /** Months added to that day for each later band. */
  step: number;
}

const date = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });

/** Women born 6 Apr 1950 - 5 Apr 1953: 6 May 2010, then 2 months later per band (1995 Act, table 1). */
const WOMEN_1995 = { firstBand: date(1950, 4, 6), bands: 36, firstDay: date(2010, 5, 6), step: 2 };
/** Women born 6 Apr 1953 - 5 Dec 1953: 6 Jul 2016, then 4 months later per band (2011 Act s1(4)). */
const WOMEN_2011 = { firstBand: date(1953, 4, 6), bands: 8, firstDay: date(2016, 7, 6), step: 4 };
/** Everyone born 6 Dec 1953 - 5 Oct 1954: 6 Mar 2019, then 2 months later per band (2011 Act s1(5), table 2). */
const EVERYONE_2011 = { firstBand: date(1953, 12, 6), bands: 10, firstDay: date(2019, 3, 6), step: 2 };
/** Everyone born 6 Apr 1977 - 5 Apr 1978: 6 May 2044, then 2 months later per band (2007 Act Sch 3). */
const EVERYONE_2007 = { firstBand: date(1977, 4, 6), bands: 12, firstDay: date(2044, 5, 6), step: 2 };

/** Born 6 Apr 1960 - 5 Mar 1961: 66 years and 1 to 11 months (2014 Act s26, table 3). */
const RISE_TO_67 = { firstBand: date(1960, 4, 6), bands: 11 };

/** Which band of a 6th-to-5th table a date of birth falls in, or -1 when outside it. */
function bandIndex(birth: CalendarDate, table: { firstBand: CalendarDate; bands: number }): number {
  // A birth on the 1st-5th belongs to the band that began on the 6th of the month before.
  const { firstBand } = table;
  const months = (birth.year - firstBand.year) * 12 + (birth.month - firstBand.month) - (birth.day < 6 ? 1 : 0);
  return months >= 0 && months < table.bands ? months : -1;
}

function stepTableDay(birth: CalendarDate, table: StepTable): CalendarDate | null {
  const band = bandIndex(birth, table);
  return band < 0 ? null : attainsAge(table.firstDay, 0, band * table.step);
}

const before = (a: CalendarDate, b: CalendarDate) => toDayNumber(a) < toDayNumber(b);

function forSex(birth: CalendarDate, sex: Sex): CalendarDate {
  if (before(birth, date(1953, 12, 6))) {
    if (sex === 'male') return attainsAge(birth, 65);
    if (before(birth, date(1950, 4, 6))) return attainsAge(birth, 60);
    return stepTableDay(birth, WOMEN_1995) ?? (stepTableDay(birth, WOMEN_2011) as CalendarDate);
  }
  const fixedDay = stepTableDay(birth, EVERYONE_2011) ?? stepTableDay(birth, EVERYONE_2007);
  if (fixedDay) return fixedDay;
  if (before(birth, RISE_TO_67.firstBand)) return attainsAge(birth, 66);
  const band = bandIndex(birth, RISE_TO_67);
  if (band >= 0) return attainsAge(birth, 66, band + 1);
  if (before(birth, EVERYONE_2007.firstBand)) return attainsAge(birth, 67);
  return attainsAge(birth, 68);
}

/**
 * The day (`yyyy-mm-dd`) on which someone born on `dateOfBirth` (`yyyy-mm-dd`) reaches State Pension age.
 *
 * Without `sex` it gives the later of the women's and men's days. The calculator does not ask anyone's sex, and
 * the later day never says someone has reached pension age too early; the two differ only for people born
 * before 6 December 1953, who have all reached State Pension age already (the last of them on 5 December 2018).
 */
export function statePensionDate(dateOfBirth: string, sex?: Sex): string {
  const birth = parseIsoDate(dateOfBirth);
  if (!birth) throw new RangeError('The date of birth must be a real yyyy-mm-dd date.');
  if (sex) return formatIsoDate(forSex(birth, sex));
  const [women, men] = [forSex(birth, 'female'), forSex(birth, 'male')];
  return formatIsoDate(before(women, men) ? men : women);
}
