import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SurveyPageResponse } from '../../../common/survey/model';
import { readVisit } from '../../../common/visit';
import { reportError } from '../api/error-reporting';
import { matchRoute } from '../app/routes';
import { ErrorPage } from '../shared/ErrorPage';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { NotFoundPage } from '../shared/NotFoundPage';
import { ApiRequestError } from '../api/client';
import { useTestMode } from '../test-mode';
import { IdentityCheck } from './IdentityCheck';
import { browserRuleEnvironment } from './rule-environment';
import { SurveyPage, type SurveyOutcome } from './SurveyPage';
import { isVerificationRequired, loadSurveyPage, resultPath, surveyPath } from './survey-api';

type ShownPage = SurveyPageResponse & { page: NonNullable<SurveyPageResponse['page']> };

type View =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'notFound' }
  | { kind: 'verify'; session: string }
  | { kind: 'page'; response: ShownPage; key: number };

interface Props {
  pageNumber: string | null;
  session: string | null;
  search: string;
  /** Testing mode is on (the site's `testMode`): only then does `test=true` ask for the password. */
  isTestModeOn: boolean;
}

function isShownPage(response: SurveyPageResponse): response is ShownPage {
  return response.isValid && response.page !== null;
}

/**
 * The survey screen: the loader, then an error view, Not Found when the page is
 * not valid, the identity check when another browser owns the calculation, else the page. Moving between pages
 * changes the address without reloading; the browser's Back button loads the page of the address it goes to.
 */
export default function SurveyScreen({ pageNumber, session, search, isTestModeOn }: Props) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const visit = useMemo(() => readVisit(search), [search]);
  const environment = useMemo(() => browserRuleEnvironment(), []);
  const loads = useRef(0);
  const testMode = useTestMode(search, isTestModeOn);

  const fail = useCallback((error: unknown, failedSession: string | null) => {
    if (isVerificationRequired(error) && failedSession) {
      setView({ kind: 'verify', session: failedSession });
      return;
    }
    if (error instanceof ApiRequestError && error.status === 404) {
      setView({ kind: 'notFound' });
      return;
    }
    void reportError('Survey', error, failedSession);
    setView({ kind: 'error' });
  }, []);

  const show = useCallback(
    (response: SurveyPageResponse, how: 'replace' | 'push') => {
      if (!isShownPage(response)) {
        setView({ kind: 'notFound' });
        return;
      }
      if (response.session) {
        const path = surveyPath(response.pageNumber, response.session, search);
        if (`${window.location.pathname}${window.location.search}` !== path) {
          if (how === 'push') window.history.pushState(null, '', path);
          else window.history.replaceState(null, '', path);
        }
      }
      loads.current += 1;
      setView({ kind: 'page', response, key: loads.current });
    },
    [search],
  );

  const load = useCallback(
    (wantedPage: string | null, wantedSession: string | null) => {
      setView({ kind: 'loading' });
      loadSurveyPage(wantedPage, wantedSession).then(
        (response) => show(response, 'replace'),
        (error: unknown) => fail(error, wantedSession),
      );
    },
    [show, fail],
  );

  useEffect(() => {
    load(pageNumber, session);
  }, [load, pageNumber, session]);

  // The browser's Back and Forward buttons: load the survey page of the address they lead to.
  useEffect(() => {
    const onPopState = () => {
      const route = matchRoute(window.location.pathname);
      if (route.page === 'survey') load(route.pageNumber, route.session);
      else window.location.reload();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [load]);

  const onOutcome = useCallback(
    (outcome: SurveyOutcome) => {
      if (outcome.kind === 'page') show(outcome.response, 'push');
      else if (outcome.kind === 'finished') window.location.assign(resultPath(outcome.session, search));
      else fail(outcome.error, view.kind === 'page' ? view.response.session : session);
    },
    [show, fail, search, view, session],
  );

  switch (view.kind) {
    case 'loading':
      return <LoadingSpinner />;
    case 'error':
      return <ErrorPage />;
    case 'notFound':
      return <NotFoundPage />;
    case 'verify':
      return (
        <IdentityCheck
          session={view.session}
          onVerified={() => {
            const route = matchRoute(window.location.pathname);
            if (route.page === 'survey') load(route.pageNumber, route.session);
            else load(pageNumber, session);
          }}
        />
      );
    case 'page':
      return (
        <>
          {testMode.gate}
          <SurveyPage
            key={view.key}
            response={view.response}
            visit={visit}
            isTestMode={testMode.isTestMode}
            search={search}
            environment={environment}
            onOutcome={onOutcome}
          />
        </>
      );
  }
}
