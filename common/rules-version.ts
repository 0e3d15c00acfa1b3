import { andList } from './words.js';

/**
 * A rules version ('2026-27', or '2027-28+cs3+cs7' with the published policy change sets laid over the files) in
 * plain words, for the people who read it: 'the 2026 to 2027 rules and rates' and, with change sets, 'with published
 * policy changes 3 and 7'.
 */
export function rulesVersionInWords(version: string): string {
  const [year, ...changeSets] = version.split('+');
  const match = /^(\d{4})-\d{2}$/.exec(year ?? '');
  const years = match ? `${match[1]} to ${Number(match[1]) + 1}` : (year ?? version);
  const numbers = changeSets.map((part) => part.replace(/^cs/, ''));
  if (numbers.length === 0) return `the ${years} rules and rates`;
  const listed = andList(numbers);
  return `the ${years} rules and rates, with published policy change${numbers.length === 1 ? '' : 's'} ${listed}`;
}
