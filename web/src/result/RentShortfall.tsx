import type { RentShortfallWords } from '../../../common/result/rent-shortfall';
import { ExternalLink } from '../shared/ExternalLink';

/**
 * A private tenant whose rent is above the Local Housing Allowance: the shortfall they pay themselves, why, and what to
 * do about it (a Housing Payment or Discretionary Housing Payment from the council), among the first things the results say. The words
 * are the PDF's too (common/result/rent-shortfall.ts).
 */
export function RentShortfall({ words }: { words: RentShortfallWords }) {
  return (
    <section className="result-card result-card--highlight rent-shortfall" aria-labelledby="rent-shortfall-heading">
      <h2 id="rent-shortfall-heading" className="result-card__title">
        {words.heading}
      </h2>
      <p>{words.why}</p>
      <h3 className="result-card__subtitle">What you can do</h3>
      <p>{words.whatToDo}</p>
      <p>
        <ExternalLink href={words.link}>{words.linkText}</ExternalLink>
      </p>
    </section>
  );
}
