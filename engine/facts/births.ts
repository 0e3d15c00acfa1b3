import { addDays, addMonths, fromDayNumber, formatIsoDate, parseIsoDate, toDayNumber } from '../../common/dates/calendar.js';
import type { ChildFacts, HouseholdFacts } from '../facts.js';

/**
 * A birth the one-off maternity payments are paid for: a pregnancy the household told us of, or babies born on one
 * day in the last 6 months (the children of the household with that date of birth: a multiple birth when more than
 * one). Both the Sure Start Maternity Grant and Scotland's Pregnancy and Baby Payment are paid for a birth, less for
 * (or not at all for) a family that already has a child under 16, so each birth carries the children it does not
 * count: the family's other children under 16.
 */
export interface Birth {
  /** EXPECTED: the due date is `date`; BORN: the babies were born on `date`. */
  kind: 'EXPECTED' | 'BORN';
  date: string;
  babies: number;
  /** The family's other children under 16 on the date asked, without the babies of this birth. */
  otherChildrenUnder16: ChildFacts[];
}

/** The births the household's answers show: babies born in the 6 months before the date asked, then a pregnancy. */
export function birthsOf(facts: HouseholdFacts): Birth[] {
  const sixMonthsAgo = addMonths(facts.date, -6);
  const under16 = facts.children.filter((child) => child.age < 16);
  const birthDates = [...new Set(facts.children.map((child) => child.dateOfBirth))]
    .filter((born) => born >= sixMonthsAgo && born <= facts.date)
    .sort();
  const births: Birth[] = birthDates.map((date) => ({
    kind: 'BORN',
    date,
    babies: facts.children.filter((child) => child.dateOfBirth === date).length,
    otherChildrenUnder16: under16.filter((child) => child.dateOfBirth !== date),
  }));
  const expecting = facts.household.expectingBaby;
  if (expecting) births.push({ kind: 'EXPECTED', date: expecting.dueDate, babies: expecting.babies, otherChildrenUnder16: under16 });
  return births;
}

/**
 * The most children of one earlier birth among `children` (twins: 2), 0 for none: the Sure Start Maternity Grant of a
 * later multiple birth is paid for the babies beyond it (SI 2005/3061 reg 5A(3) and (4)). Children with the same date
 * of birth are taken as born together.
 */
export function largestEarlierBirth(children: readonly ChildFacts[]): number {
  const byDate = new Map<string, number>();
  for (const child of children) byDate.set(child.dateOfBirth, (byDate.get(child.dateOfBirth) ?? 0) + 1);
  return Math.max(0, ...byDate.values());
}

/**
 * The first day of the expected week of confinement: the week, Sunday to Saturday, in which the baby is due (Social
 * Security (Claims and Payments) Regulations 1987 reg 2).
 */
export function expectedWeekOfConfinement(dueDate: string): string {
  const day = toDayNumber(parseIsoDate(dueDate)!);
  // Day numbers count from 1 January 1970, a Thursday: (n + 4) % 7 is 0 on a Sunday.
  return formatIsoDate(fromDayNumber(day - ((day + 4) % 7)));
}

/** The last day a payment for a birth may be claimed: 6 months after it (for an expected birth, after the due date). */
export const sixMonthsAfter = (birth: Birth): string => addMonths(birth.date, 6);

/** The day a pregnancy reaches its 24th week, taking the due date as the end of the 40th: 16 weeks before it. */
export const twentyFourWeeksPregnant = (dueDate: string): string => addDays(dueDate, -16 * 7);
