import { lazy, Suspense, type ReactNode } from 'react';
import { readVisit } from '../../../common/visit';
import type { SiteConfig } from '../../../common/site';
import { SiteLayout } from '../chrome/SiteLayout';
import { LandingPage } from '../landing/LandingPage';
import { partnerOf, visibleChrome } from '../site/chrome';
import { ErrorBoundary } from '../shared/ErrorBoundary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { NotFoundPage } from '../shared/NotFoundPage';
import { matchRoute, type Route } from './routes';

// Screens other than the landing page load on demand, so the first visit downloads only what it shows.
const SurveyScreen = lazy(() => import('../survey/SurveyScreen'));
const ResultScreen = lazy(() => import('../result/ResultScreen'));
const AccountScreen = lazy(() => import('../account/AccountScreen'));
const AdviserHome = lazy(() => import('../adviser/AdviserHome'));
const AdviserCalculationScreen = lazy(() => import('../adviser/AdviserCalculationScreen'));
const CompareScreen = lazy(() => import('../adviser/CompareScreen'));
const CaseloadScreen = lazy(() => import('../adviser/CaseloadScreen'));
const AccuracyPage = lazy(() => import('../accuracy/AccuracyPage'));
const PolicyScreen = lazy(() => import('../policy/PolicyScreen'));

function pageFor(route: Route, location: Pick<Location, 'pathname' | 'search'>, site: SiteConfig): ReactNode {
  switch (route.page) {
    case 'landing':
      return <LandingPage search={location.search} informationPages={site.charity.informationPages} />;
    case 'survey':
      return <SurveyScreen pageNumber={route.pageNumber} session={route.session} search={location.search} isTestModeOn={site.testMode} />;
    case 'result':
      return <ResultScreen session={route.session} search={location.search} site={site} />;
    case 'adviserHome':
      return <AdviserHome search={location.search} />;
    case 'adviserCalculation':
      return <AdviserCalculationScreen session={route.session} site={site} />;
    case 'adviserCompare':
      return <CompareScreen sessions={route.sessions} search={location.search} />;
    case 'adviserCaseload':
      return <CaseloadScreen search={location.search} />;
    case 'account':
      return <AccountScreen route={route.account} pathname={location.pathname} search={location.search} />;
    case 'accuracy':
      return <AccuracyPage />;
    case 'policy':
      return <PolicyScreen route={route.policy} />;
    case 'notFound':
      return <NotFoundPage />;
  }
}

export function App({ site, location }: { site: SiteConfig; location: Pick<Location, 'pathname' | 'search'> }) {
  const visit = readVisit(location.search);
  return (
    <SiteLayout
      site={site}
      chrome={visibleChrome(visit, site)}
      partner={partnerOf(visit, site)}
      isPortal={visit.isPortal}
      location={location}
    >
      <ErrorBoundary source="Page">
        <Suspense fallback={<LoadingSpinner />}>{pageFor(matchRoute(location.pathname), location, site)}</Suspense>
      </ErrorBoundary>
    </SiteLayout>
  );
}
