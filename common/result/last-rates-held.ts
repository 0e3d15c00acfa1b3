/**
 * What a result worked out with the last rates held says (issue 30): after the last date the rates held cover, and
 * until next year's rates are added, the figures use the last year's rates. The results page, the PDF and the
 * e-mail show the same words.
 */
export interface LastRatesHeld {
  /** yyyy-mm-dd: the last date the rates held cover, whose rates were used. */
  ratesDate: string;
  /** A heading, in plain words. */
  heading: string;
  /** What it means for the person, in plain words. */
  notice: string;
}

/** The words for a result whose rates are those of `ratesDate`, the last date held. */
export function lastRatesHeldOf(ratesDate: string): LastRatesHeld {
  const year = Number(ratesDate.slice(0, 4));
  const month = Number(ratesDate.slice(5, 7));
  // Benefit years start in April: the rates of 31 March 2027 are those of April 2026 to March 2027.
  const startYear = month >= 4 ? year : year - 1;
  return {
    ratesDate,
    heading: 'These figures use last year’s rates',
    notice:
      `These figures use the benefit rates for April ${startYear} to March ${startYear + 1}, the latest the calculator holds. ` +
      `The new rates from April ${startYear + 1} have not been added yet. Most benefits go up each April, so you may get a little more than shown here.`,
  };
}
