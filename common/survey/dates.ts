/**
 * Dates in the questionnaire (spec 000 §3 'Date: text in dd/mm/yyyy form', §5 'Date', §9). Dates are calendar
 * days held as ISO text (yyyy-mm-dd), never Date objects, so there is no time zone to get wrong; ISO text sorts
 * as the dates do. Rules take 'today' as an argument (the UK date the caller decides) and never read the clock.
 */

/** A calendar day as ISO text, yyyy-mm-dd. */
export type IsoDate = string;

/** The earliest date of birth is after this day (spec 000 §5: 'after 1 Jan 1900'). */
export const EARLIEST_BIRTH_DATE_EXCLUSIVE: IsoDate = '1900-01-01';

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDay({ year, month, day }: CalendarDay): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function toIso({ year, month, day }: CalendarDay): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The ISO date of a strict dd/mm/yyyy answer, or null. The input mask always gives two-digit days and months, so
 * '1/2/2000' is refused, as is any day the calendar lacks ('31/02/2000', '29/02/2001').
 */
export function parseDayMonthYear(text: string): IsoDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const day = { year: Number(match[3]), month: Number(match[2]), day: Number(match[1]) };
  return isRealDay(day) ? toIso(day) : null;
}

function readIso(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDay(day) ? day : null;
}

/** Whether the text is a real calendar day written yyyy-mm-dd. */
export function isIsoDate(text: string): boolean {
  return readIso(text) !== null;
}

/** An ISO date as the questionnaire writes it, dd/mm/yyyy; null when the text is not a real ISO date. */
export function isoToDayMonthYear(iso: IsoDate): string | null {
  const day = readIso(iso);
  if (!day) return null;
  return `${String(day.day).padStart(2, '0')}/${String(day.month).padStart(2, '0')}/${String(day.year).padStart(4, '0')}`;
}

function readIsoOrThrow(iso: IsoDate, what: string): CalendarDay {
  const day = readIso(iso);
  if (!day) throw new Error(`${what} must be a real date written yyyy-mm-dd.`);
  return day;
}

/**
 * Age in whole years on `on`: the years since birth, less one when that year's birthday has not yet come. Someone
 * born on 29 February gains a year on 1 March in other years, as UK law has it (e.g. Age of Legal Capacity
 * (Scotland) Act 1991 s6(2)). Throws when either date is not a real ISO date; callers parse answers first.
 */
export function ageOn(dateOfBirth: IsoDate, on: IsoDate): number {
  const born = readIsoOrThrow(dateOfBirth, 'The date of birth');
  const today = readIsoOrThrow(on, 'The date to work the age on');
  const hadBirthday = today.month > born.month || (today.month === born.month && today.day >= born.day);
  return today.year - born.year - (hadBirthday ? 0 : 1);
}
