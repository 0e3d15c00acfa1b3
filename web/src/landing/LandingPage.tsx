import { useEffect, useState } from 'react';
import type { SiteLink } from '../../../common/site';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { usePageTitle, SITE_TITLE } from '../shared/page-title';
import { isIntermediary } from './lookup';
import { navigateByPageLoad, PUBLIC_VIEW_PARAMETER, type Navigate } from './navigation';
import { ReturnToCalculation } from './ReturnToCalculation';

interface Props {
  /** The query string, kept on every link onward. */
  search: string;
  /** The charity's own pages about benefits and other help (the third card). */
  informationPages: SiteLink;
  navigate?: Navigate;
}

/** The query without `public`: '' when nothing else is left. */
function withoutPublicView(search: string): string {
  const query = new URLSearchParams(search);
  if (!query.has(PUBLIC_VIEW_PARAMETER)) return search;
  query.delete(PUBLIC_VIEW_PARAMETER);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Sends an adviser to the adviser area, unless they asked for the public page (`?public`). The page shows at once
 * and the check runs behind it, so an ordinary visitor never sees a spinner flash; only an adviser, on the way out,
 * sees one.
 */
function useAdviserRedirect(search: string, navigate: Navigate): boolean {
  const [isRedirecting, setRedirecting] = useState(false);
  useEffect(() => {
    if (new URLSearchParams(search).has(PUBLIC_VIEW_PARAMETER)) return;
    let current = true;
    void isIntermediary().then((adviser) => {
      if (!adviser || !current) return;
      setRedirecting(true);
      navigate(`/adviser/${search}`, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [search, navigate]);
  return isRedirecting;
}

/** The landing page: start a calculation, return to a saved one, or read about benefits. */
export function LandingPage({ search, informationPages, navigate = navigateByPageLoad }: Props) {
  usePageTitle(SITE_TITLE);
  const isRedirecting = useAdviserRedirect(search, navigate);
  // The links onward keep the rest of the query (the partner, the referral), not the request for this page's view.
  const onward = withoutPublicView(search);
  if (isRedirecting) return <LoadingSpinner />;
  return (
    <div className="landing">
      <h1>Benefits Calculator</h1>
      <p className="landing__lead">
        Find out which benefits you could get and how much. It is free and confidential, and takes about 20 minutes.
      </p>
      <div className="landing__cards">
        <section className="landing-card landing-card--start" aria-labelledby="landing-start-title">
          <h2 id="landing-start-title" className="landing-card__title">
            Start a new calculation
          </h2>
          <p>Answer questions about you, your household, your income and your home to see what you could be entitled to.</p>
          <p className="landing-card__action">
            <a className="button button--start" href={`/survey${onward}`}>
              Use the Benefits Calculator
            </a>
          </p>
        </section>
        <section className="landing-card landing-card--return" aria-labelledby="landing-return-title">
          <h2 id="landing-return-title" className="landing-card__title">
            Return to a calculation
          </h2>
          <p>Enter the calculation reference you were given and the postcode you used in the calculation.</p>
          <ReturnToCalculation search={onward} navigate={navigate} />
        </section>
        <section className="landing-card landing-card--information" aria-labelledby="landing-information-title">
          <h2 id="landing-information-title" className="landing-card__title">
            Information about benefits
          </h2>
          <p>Read about benefits, grants and other help, and find support near you.</p>
          <p className="landing-card__action">
            <a href={informationPages.url}>{informationPages.text}</a>
          </p>
        </section>
      </div>
    </div>
  );
}
