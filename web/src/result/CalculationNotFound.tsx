import type { CharityDetails } from '../../../common/site';
import { usePageTitle } from '../shared/page-title';

export const NOT_FOUND_TITLE = 'Calculation Not Found';

/** No calculation has this session, or it is older than 6 months and has gone. */
export function CalculationNotFound({ charity, search }: { charity: CharityDetails; search: string }) {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <div className="message-page">
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>This calculation was not found. Calculations older than 6 months need a new calculation.</p>
      <ul className="message-page__links">
        <li>
          <a href={`/survey${search}`}>Start a new calculation</a>
        </li>
        <li>
          <a href={charity.homepageUrl}>Go to the {charity.name} homepage</a>
        </li>
      </ul>
    </div>
  );
}
