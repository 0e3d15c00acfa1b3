/**
 * For a private tenant: the Local Housing Allowance area whose rate limited the rent, and why, in one sentence
 * (the benefits' own explanations give the arithmetic). The adviser area and the results page show it.
 */
export interface ResultHousingAllowance {
  area: string;
  basis: 'GIVEN' | 'POSTCODE' | 'LOCAL_AUTHORITY' | 'LOWEST_OF_CANDIDATES';
  summary: string;
  /** Every area the home could be in (one when settled). */
  candidates: string[];
  /** Pounds, a month (Universal Credit) or a week (Housing Benefit). */
  rate: number;
  period: 'month' | 'week';
  /** When the area was not settled: the highest rate among the candidates. */
  highest: { area: string; rate: number } | null;
  /** Housing Benefit: the weekly rate was estimated from the monthly one (the published figure is not held). */
  rateEstimated: boolean;
  /** When it was not settled and the questionnaire asks it: the page where the person can say which area. */
  pageNumber: number | null;
  /** Pounds in the same period: the rent (with eligible service charges) the rate was set against. */
  rent: number;
  /** Pounds in the same period: how much the rent is above the rate (0 when it is not, or when no help with rent is awarded). */
  shortfall: number;
  /** Who can help with a shortfall ('Leeds council'), with what (a Housing Payment in England), and where to find them. */
  shortfallHelp: { from: string; scheme: string; link: string };
}
