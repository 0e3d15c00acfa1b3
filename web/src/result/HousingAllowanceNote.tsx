import type { ResultHousingAllowance } from '../../../common/result/model';
import { formatMoney } from './money';

export const HOUSING_ALLOWANCE_HEADING = 'Your Local Housing Allowance area';
export const CHOOSE_AREA_LINK = 'Tell us which area your home is in';

/**
 * Which Local Housing Allowance area limited the rent, and why. When the area could not be settled, the lowest
 * rate among the areas the home could be in was used: the note says how much more the highest would give, and
 * links to the question, so nobody is paid less than they should be without knowing it.
 */
export function HousingAllowanceNote({ allowance, changeHref }: { allowance: ResultHousingAllowance; changeHref: string | null }) {
  const unsettled = allowance.basis === 'LOWEST_OF_CANDIDATES';
  const more = allowance.highest ? Math.round((allowance.highest.rate - allowance.rate) * 100) / 100 : 0;
  return (
    <section
      className={`result-card housing-allowance${unsettled ? ' result-card--highlight' : ''}`}
      aria-labelledby="housing-allowance-heading"
    >
      <h2 id="housing-allowance-heading" className="result-card__title">
        {HOUSING_ALLOWANCE_HEADING}
      </h2>
      <p>{allowance.summary}</p>
      {unsettled && allowance.highest && more > 0 && (
        <p>
          If your home is in {allowance.highest.area}, help with your rent could be up to{' '}
          {formatMoney(more, allowance.period === 'month' ? 'monthly' : 'weekly')} more.
        </p>
      )}
      {unsettled && changeHref && (
        <p>
          <a href={changeHref}>{CHOOSE_AREA_LINK}</a>
        </p>
      )}
    </section>
  );
}
