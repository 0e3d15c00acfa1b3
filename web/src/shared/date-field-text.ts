import { formatIsoDate, isRealDate, parseIsoDate } from '../../../common/dates/calendar';

/**
 * What a GOV.UK date input holds while it is being typed: the day, month and year as typed, kept as one string
 * 'year-month-day' ('2027-4-12', or '2027--12' with the month still empty) so a form's state is a string as it was
 * with one box. A date the API gave ('2027-04-12') is a date field's value as it is.
 */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export function datePartsOf(text: string): DateParts {
  const [year = '', month = '', day = ''] = text.split('-');
  // Shown as people write them: 4, not 04.
  const unpadded = (part: string) => (/^0\d$/.test(part) ? part.slice(1) : part);
  return { day: unpadded(day), month: unpadded(month), year };
}

export function dateTextOf({ day, month, year }: DateParts): string {
  return day === '' && month === '' && year === '' ? '' : `${year}-${month}-${day}`;
}

/** The date as yyyy-mm-dd when the three parts make a real date, else null. */
export function isoDateOf(text: string): string | null {
  const exact = parseIsoDate(text);
  if (exact) return text;
  const { day, month, year } = datePartsOf(text);
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  if (!isRealDate(Number(year), Number(month), Number(day))) return null;
  return formatIsoDate({ year: Number(year), month: Number(month), day: Number(day) });
}

/**
 * The GOV.UK design system's messages for a date input, or null when the date is a real one. `what` names the date
 * as the sentence needs it: 'the date the new values take effect' gives 'Enter the date the new values take effect'
 * and 'The date the new values take effect must include a month'.
 */
export function dateProblemOf(text: string, what: string): string | null {
  if (isoDateOf(text)) return null;
  const { day, month, year } = datePartsOf(text);
  const What = what.charAt(0).toUpperCase() + what.slice(1);
  if (day === '' && month === '' && year === '') return `Enter ${what}`;
  const missing = [day === '' ? 'day' : '', month === '' ? 'month' : '', year === '' ? 'year' : ''].filter(Boolean);
  if (missing.length > 0) return `${What} must include a ${missing.join(' and ')}`;
  if (!/^\d{4}$/.test(year)) return 'Year must include 4 numbers';
  return `${What} must be a real date`;
}
