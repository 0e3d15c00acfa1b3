import { andList } from './words.js';

/**
 * A rules version ('2026-27', or '2027-28+cs3+cs7' with the published policy change sets laid over the files) in
 * plain words, for the people who read it: 'the 2026 to 2027 rules and rates' and, with change sets, 'with published
 * policy changes 3 and 7'. `notPublished`: a change set in it that is approved but not yet published (a caseload run
 * asked for it), named apart: 'with policy change 7, approved but not yet published'.
 */
export function rulesVersionInWords(version: string, notPublished?: number): string {
  const [year, ...changeSets] = version.split('+');
  const match = /^(\d{4})-\d{2}$/.exec(year ?? '');
  const years = match ? `${match[1]} to ${Number(match[1]) + 1}` : (year ?? version);
  const numbers = changeSets.map((part) => part.replace(/^cs/, ''));
  const published = numbers.filter((number) => number !== String(notPublished));
  const parts = [];
  if (published.length > 0) parts.push(`published policy change${published.length === 1 ? '' : 's'} ${andList(published)}`);
  if (published.length < numbers.length) parts.push(`policy change ${notPublished}, approved but not yet published`);
  return parts.length === 0 ? `the ${years} rules and rates` : `the ${years} rules and rates, with ${parts.join(' and ')}`;
}
