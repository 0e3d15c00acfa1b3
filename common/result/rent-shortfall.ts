import { formatAmount } from '../money.js';
import type { ResultHousingAllowance } from './housing-allowance.js';

/** What the results page and the PDF say to a private tenant whose rent is above the Local Housing Allowance. */
export interface RentShortfallWords {
  /** 'Your rent is £225.00 a month more than the help with housing costs' */
  heading: string;
  /** The area's rate and the rent, so the person sees where the figure comes from. */
  why: string;
  /** What to ask for (a Housing Payment in England, a Discretionary Housing Payment elsewhere), and who to ask. */
  whatToDo: string;
  linkText: string;
  link: string;
}

/** The words, once for both: null when the rent is within the allowance (or no help with rent is awarded). */
export function rentShortfallWords(allowance: ResultHousingAllowance | null): RentShortfallWords | null {
  if (!allowance || allowance.shortfall <= 0) return null;
  const money = (pounds: number) => `${formatAmount(Math.round(pounds * 100))} a ${allowance.period}`;
  const { from, scheme, link } = allowance.shortfallHelp;
  return {
    heading: `Your rent is ${money(allowance.shortfall)} more than the help with housing costs`,
    why: `Help with rent for a private tenant is at most the Local Housing Allowance for the area, ${allowance.area}: ${money(allowance.rate)}. Your rent is ${money(allowance.rent)}, so you would pay the rest yourself.`,
    whatToDo: `Ask ${from} for ${scheme} once you claim. It can pay some or all of the difference for a while, for example while you look for a cheaper home or your situation changes.`,
    linkText: from.startsWith('the Northern Ireland') ? 'The Housing Executive' : 'Find your council',
    link,
  };
}
