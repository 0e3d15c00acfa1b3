import { isErrorResponse } from '../../../common/errors';
import { parsePence, poundsFromPence } from '../../../common/money';
import { isPenceUnit, periodOf } from '../../../common/policy/words';
import { ApiRequestError } from '../api/client';

/** Plain-English text of the workbench: values by their unit, dates, and each edit described in a line. */
export { describeEdit, formatValue, isPenceUnit, longDate, periodOf, unitInWords } from '../../../common/policy/words';

/** 29 November 2026 at 09:05, UK time, from an ISO timestamp. */
export function longDateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const day = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
  return `${day} at ${time}`;
}

/** Today in the UK as yyyy-mm-dd, for the dates the screens offer first. */
export function todayIso(now = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
}

/** What the value field asks for, by unit. */
export function valueLabel(unit: string): string {
  if (isPenceUnit(unit)) return `Value in pounds${periodOf(unit)}`;
  if (unit === 'basis points') return 'Value as a percentage';
  if (unit === 'boolean') return 'Value (yes or no)';
  if (unit === 'count') return 'Value (a whole number; leave empty for no limit)';
  return `Value (${unit})`;
}

/**
 * The value a person typed, as the parameter file holds it: pounds to whole pence exactly (never through a
 * binary fraction), a percentage to basis points, yes/no to a switch; null with a message when it cannot be read.
 */
export function valueFromText(text: string, unit: string): { value: number | boolean | null } | { error: string } {
  const typed = text.trim();
  if (unit === 'boolean') {
    if (/^(yes|true)$/i.test(typed)) return { value: true };
    if (/^(no|false)$/i.test(typed)) return { value: false };
    return { error: 'Enter yes or no.' };
  }
  if (unit === 'count' && typed === '') return { value: null };
  if (isPenceUnit(unit)) {
    const pence = parsePence(typed);
    return pence === null || pence < 0 ? { error: 'Enter an amount in pounds, such as 28.10.' } : { value: pence };
  }
  if (unit === 'basis points') {
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?%?$/.exec(typed);
    return match
      ? { value: Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) }
      : { error: 'Enter a percentage with up to 2 decimals, such as 55 or 12.5.' };
  }
  const number = Number(typed);
  return typed !== '' && Number.isFinite(number) && number >= 0 ? { value: number } : { error: 'Enter a number.' };
}

/** The text a value field starts with when a value is changed: 28.10 for 2810 pence, 55 for 5500 basis points. */
export function valueToText(value: number | boolean | null, unit: string): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (isPenceUnit(unit)) return (value / 100).toFixed(2);
  if (unit === 'basis points') return String(value / 100);
  return String(value);
}

/** Pounds typed ('117.22', '£1,000') as the JSON number a case holds (117.22), or null. */
export function casePounds(text: string): number | null {
  const pence = parsePence(text);
  return pence === null || pence < 0 ? null : poundsFromPence(pence);
}

/** A problem the API gave at a field: its path ('edit.source.url') and message. */
export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * The problems of a refused request (400 VALIDATION_FAILED and the like): each at its field path, or one without
 * a path for the whole request; null when the failure is not one to show on the form (No Access, a server error).
 */
export function problemsOf(error: unknown): FieldProblem[] | null {
  if (!(error instanceof ApiRequestError) || !isErrorResponse(error.errorBody)) return null;
  if (error.status === 403 && error.errorBody.code === 'NO_ACCESS') return null;
  if (error.status >= 500) return null;
  const body = error.errorBody;
  const errors = body.errors ?? [];
  return errors.length > 0 ? errors.map(({ path, message }) => ({ path: path ?? '', message })) : [{ path: '', message: body.message }];
}

/** The id of a form's field for a problem's path: 'edit.source.url' in the form 'value-edit' is 'value-edit-source-url'. */
export function fieldIdFor(prefix: string, path: string): string {
  const field = path
    .replace(/^edit\./, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .join('-');
  return field ? `${prefix}-${field}` : prefix;
}
