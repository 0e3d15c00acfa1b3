import type { ResultHousingAllowance } from '../../../common/result/model';
import { ExternalLink } from '../shared/ExternalLink';
import { formatAmount } from '../../../common/money';

/** The card's heading, as the person reads it: how much of the rent the help with housing costs leaves them to pay. */
export function rentShortfallHeading(allowance: ResultHousingAllowance): string {
  return `Your rent is ${inPeriodWords(allowance, allowance.shortfall)} more than the help with housing costs`;
}

/** '£325.00 a month': the card speaks as a person would. */
const inPeriodWords = (allowance: ResultHousingAllowance, pounds: number) =>
  `${formatAmount(Math.round(pounds * 100))} a ${allowance.period}`;

/**
 * A private tenant whose rent is above the Local Housing Allowance: the shortfall they pay themselves, why, and what to
 * do about it (a Discretionary Housing Payment from the council), among the first things the results say.
 */
export function RentShortfall({ allowance }: { allowance: ResultHousingAllowance }) {
  const { from, link } = allowance.discretionaryHousingPayment;
  return (
    <section className="result-card result-card--highlight rent-shortfall" aria-labelledby="rent-shortfall-heading">
      <h2 id="rent-shortfall-heading" className="result-card__title">
        {rentShortfallHeading(allowance)}
      </h2>
      <p>
        Help with rent for a private tenant is at most the Local Housing Allowance for the area, {allowance.area}:{' '}
        {inPeriodWords(allowance, allowance.rate)}. Your rent is {inPeriodWords(allowance, allowance.rent)}, so you would pay the rest
        yourself.
      </p>
      <h3 className="result-card__subtitle">What you can do</h3>
      <p>
        Ask {from} for a Discretionary Housing Payment once you claim. It can pay some or all of the difference for a while, for example
        while you look for a cheaper home or your situation changes.
      </p>
      <p>
        <ExternalLink href={link}>{from.startsWith('the Northern Ireland') ? 'The Housing Executive' : 'Find your council'}</ExternalLink>
      </p>
    </section>
  );
}
