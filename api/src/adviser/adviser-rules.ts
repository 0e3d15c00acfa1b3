import { ADVISER_LIMITS, ADVISER_MESSAGES } from '../../../common/adviser/model.js';
import type { FieldError } from '../../../common/errors.js';

/**
 * The adviser area's input rules, kept apart from HTTP and the database so they are tested on
 * their own. Each answers the problems found, with the messages the adviser screens show; none means the input is fine.
 */

/** Start and duplicate: the case label a new or duplicated calculation needs. */
export function caseLabelProblemsToStart(caseReference: string | undefined | null): FieldError[] {
  const label = (caseReference ?? '').trim();
  if (label === '') return [{ path: 'caseReference', message: ADVISER_MESSAGES.caseLabelRequiredToStart }];
  if (label.length > ADVISER_LIMITS.caseLabelMaxLength) return [{ path: 'caseReference', message: ADVISER_MESSAGES.caseLabelTooLong }];
  return [];
}

/** Update details: both fields are checked, so the form can show both problems at once. */
export function detailsProblems(caseLabel: string | undefined | null, caseNotes: string | undefined | null): FieldError[] {
  const problems: FieldError[] = [];
  const label = (caseLabel ?? '').trim();
  if (label === '') problems.push({ path: 'caseLabel', message: ADVISER_MESSAGES.caseLabelRequired });
  else if (label.length > ADVISER_LIMITS.caseLabelMaxLength)
    problems.push({ path: 'caseLabel', message: ADVISER_MESSAGES.caseLabelTooLong });
  if ((caseNotes ?? '').length > ADVISER_LIMITS.caseNotesMaxLength)
    problems.push({ path: 'caseNotes', message: ADVISER_MESSAGES.caseNotesTooLong });
  return problems;
}

export const SEARCH_TOO_SHORT = `Type at least ${ADVISER_LIMITS.clientSearchMinLength} characters of the client's name or their date of birth (DD/MM/YYYY).`;
export const SEARCH_DATE_INVALID = 'That date of birth is not a real date. Type it as DD/MM/YYYY, for example 07/03/1984.';

/** What the Find Client box asked for: part of a name, or one exact date of birth. */
export type ClientSearch = { kind: 'name'; text: string } | { kind: 'dateOfBirth'; isoDate: string };

const DATE_OF_BIRTH = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * Reads the search text of the adviser home's client search, by name or date of birth DD/MM/YYYY, at least 3
 * characters. Text shaped like DD/MM/YYYY is a date of birth and must be a real date; anything else is part of a
 * name. Returns the problem instead when there is one.
 */
export function readClientSearch(search: string | undefined | null): ClientSearch | FieldError {
  const text = (search ?? '').trim().replace(/\s+/g, ' ');
  if (text.length < ADVISER_LIMITS.clientSearchMinLength) return { path: 'search', message: SEARCH_TOO_SHORT };
  const date = DATE_OF_BIRTH.exec(text);
  if (!date) return { kind: 'name', text };
  const [, day, month, year] = date;
  const isoDate = `${year}-${month}-${day}`;
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== isoDate)
    return { path: 'search', message: SEARCH_DATE_INVALID };
  return { kind: 'dateOfBirth', isoDate };
}

/** LIKE treats % and _ as wildcards; a name containing them is searched for as typed. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Calculations older than this are not listed, opened or compared. */
export function oldestListedCalculation(now: Date, lifetimeMonths: number): Date {
  const oldest = new Date(now);
  oldest.setMonth(oldest.getMonth() - lifetimeMonths);
  return oldest;
}
