/**
 * Calendar dates for the rule language: plain year-month-day values and day numbers (days since 1 January
 * 1970), computed on the UTC calendar so that no time zone or daylight-saving change can move a date.
 */

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

const MS_PER_DAY = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

export function isRealDate(year: number, month: number, day: number): boolean {
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function toDayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / MS_PER_DAY;
}

export function fromDayNumber(dayNumber: number): CalendarDate {
  const date = new Date(dayNumber * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Strict `yyyy-mm-dd` (the rule language's date literals and `RuleContext.today`); null when not a real date. */
export function parseIsoDate(text: string): CalendarDate | null {
  // Read character by character rather than by a regular expression: a calculation parses a few dates per person.
  const iso = String(text);
  if (iso.length !== 10 || iso.charCodeAt(4) !== DASH || iso.charCodeAt(7) !== DASH) return null;
  const year = digitsAt(iso, 0, 4);
  const month = digitsAt(iso, 5, 2);
  const day = digitsAt(iso, 8, 2);
  if (year < 0 || month < 0 || day < 0) return null;
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

const DASH = 45;
const DIGIT_0 = 48;

/** The number written by `count` ASCII digits from `start`, or -1 when any of them is not a digit 0-9. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index += 1) {
    const digit = text.charCodeAt(index) - DIGIT_0;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Strict `dd/mm/yyyy` (how a Date question's answer is stored); null when not a real date. */
export function parseUkDate(text: string): CalendarDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

export function formatIsoDate(date: CalendarDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/**
 * The day on which someone born on `birth` attains the age of `years` years and `months` months.
 *
 * When that day does not exist in the target month, two rules of UK law apply:
 * - a whole-years birthday of someone born on 29 February falls on 1 March in a year that is not a leap year
 *   (Age of Legal Capacity (Scotland) Act 1991 s6(2); DWP's own State Pension date library does the same, and
 *   it is the later of the two readings, so nobody is treated as reaching an age too early);
 * - an age in years and months falls on the last day of the target month: Pensions Act 1995 Sch 4 para 1(7A)
 *   (inserted by Pensions Act 2014 s26) says so for the only such cases in table 3, e.g. someone born on
 *   31 December 1960 attains 66 years and 9 months at the commencement of 30 September 2027.
 */
export function attainsAge(birth: CalendarDate, years: number, months = 0): CalendarDate {
  const monthIndex = birth.month - 1 + months;
  const year = birth.year + years + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = daysInMonth(year, month);
  if (birth.day <= lastDay) return { year, month, day: birth.day };
  if (months === 0) return fromDayNumber(toDayNumber({ year, month, day: lastDay }) + 1);
  return { year, month, day: lastDay };
}

/** Whole years of age on `on`; a birthday counts from the start of the day (Family Law Reform Act 1969 s9). */
export function ageInYears(birth: CalendarDate, on: CalendarDate): number {
  const years = on.year - birth.year;
  return toDayNumber(attainsAge(birth, years)) <= toDayNumber(on) ? years : years - 1;
}

const UK_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric' });

/** A moment as the adviser screens show it: DD/MM/YYYY, UK time. */
export function ukDate(moment: Date): string {
  return UK_DATE.format(moment);
}

/** A stored date (YYYY-MM-DD) as DD/MM/YYYY. */
export function isoToUkDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** An ISO date moved by whole days (negative for earlier). */
export function addDays(isoDate: string, days: number): string {
  const date = parseIsoDate(isoDate);
  if (!date) throw new Error(`Not a real yyyy-mm-dd date: ${isoDate}`);
  return formatIsoDate(fromDayNumber(toDayNumber(date) + days));
}

/** The same day `months` calendar months later (earlier when negative), on the month's last day where it is shorter. */
export function addMonths(isoDate: string, months: number): string {
  const date = parseIsoDate(isoDate);
  if (!date) throw new Error(`Not a real yyyy-mm-dd date: ${isoDate}`);
  const monthIndex = date.year * 12 + date.month - 1 + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return formatIsoDate({ year, month, day: Math.min(date.day, daysInMonth(year, month)) });
}

/** Days from one ISO date to another: 1 from a day to the next, negative when `to` is earlier. */
export function daysFrom(from: string, to: string): number {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (!start || !end) throw new Error(`Not real yyyy-mm-dd dates: ${from}, ${to}`);
  return toDayNumber(end) - toDayNumber(start);
}

/** The same date a year later (29 February becomes 28 February). */
export function sameDateYearLater(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) throw new Error(`Not a real yyyy-mm-dd date: ${isoDate}`);
  return formatIsoDate({ year: date.year + 1, month: date.month, day: Math.min(date.day, daysInMonth(date.year + 1, date.month)) });
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2026-11-23' -> '23 November 2026': dates as people read them (documents, notices, operators' messages). */
export function dateInWords(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match || MONTHS[Number(match[2]) - 1] === undefined) throw new RangeError(`${isoDate} is not a date written as YYYY-MM-DD.`);
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1]} ${match[1]}`;
}
