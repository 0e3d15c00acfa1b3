/**
 * Dates in the questionnaire, typed as dd/mm/yyyy. Dates are calendar
 * days held as ISO text (yyyy-mm-dd), never Date objects, so there is no time zone to get wrong; ISO text sorts
 * as the dates do. Rules take 'today' as an argument (the UK date the caller decides) and never read the clock.
 */

import { ageInYears, formatIsoDate, parseIsoDate, parseUkDate, type CalendarDate } from '../dates/calendar.js';

/** A calendar day as ISO text, yyyy-mm-dd. */
export type IsoDate = string;

/** The earliest date of birth is after this day ('after 1 Jan 1900'). */
export const EARLIEST_BIRTH_DATE_EXCLUSIVE: IsoDate = '1900-01-01';

/**
 * The ISO date of a strict dd/mm/yyyy answer, or null. The input mask always gives two-digit days and months, so
 * '1/2/2000' is refused, as is any day the calendar lacks ('31/02/2000', '29/02/2001').
 */
export function parseDayMonthYear(text: string): IsoDate | null {
  const date = parseUkDate(text);
  return date ? formatIsoDate(date) : null;
}

/** Whether the text is a real calendar day written yyyy-mm-dd. */
export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

/** An ISO date as the questionnaire writes it, dd/mm/yyyy; null when the text is not a real ISO date. */
export function isoToDayMonthYear(iso: IsoDate): string | null {
  const date = parseIsoDate(iso);
  if (!date) return null;
  return `${String(date.day).padStart(2, '0')}/${String(date.month).padStart(2, '0')}/${String(date.year).padStart(4, '0')}`;
}

function parseIsoOrThrow(iso: IsoDate, what: string): CalendarDate {
  const date = parseIsoDate(iso);
  if (!date) throw new Error(`${what} must be a real date written yyyy-mm-dd.`);
  return date;
}

/**
 * Age in whole years on `on`. Someone born on 29 February gains a year on 1 March in other years (see
 * `attainsAge`). Throws when either date is not a real ISO date; callers parse answers first.
 */
export function ageOn(dateOfBirth: IsoDate, on: IsoDate): number {
  return ageInYears(parseIsoOrThrow(dateOfBirth, 'The date of birth'), parseIsoOrThrow(on, 'The date to work the age on'));
}
