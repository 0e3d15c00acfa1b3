import type { LastRatesHeld } from '../../../common/result/last-rates-held';

/**
 * Shown above the figures when they use the last rates held (after the last date the rates held cover, before next
 * year's are added): the person should know the amounts are last year's, and likely a little low.
 */
export function LastRatesHeldNote({ lastRatesHeld }: { lastRatesHeld: LastRatesHeld }) {
  return (
    <section
      className="result-card result-card--highlight last-rates-held"
      aria-labelledby="last-rates-held-heading"
      data-testid="last-rates-held"
    >
      <h2 id="last-rates-held-heading" className="result-card__title">
        {lastRatesHeld.heading}
      </h2>
      <p>{lastRatesHeld.notice}</p>
    </section>
  );
}
