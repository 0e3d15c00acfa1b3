import { usePageTitle, SITE_TITLE } from '../shared/page-title';

/** The landing page. The start link keeps the query string, so a partner's id and referral go along (spec 000 §2). */
export function LandingPage({ search }: { search: string }) {
  usePageTitle(SITE_TITLE);
  return (
    <div className="landing">
      <h1>Benefits Calculator</h1>
      <p className="landing__lead">
        Find out which benefits you could get and how much. It is free and confidential, and takes about 20 minutes.
      </p>
      <p>
        <a className="button button--start" href={`/survey${search}`}>
          Use the Benefits Calculator
        </a>
      </p>
    </div>
  );
}
