import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ResultModel } from '../../../common/result/model';
import type { SiteConfig } from '../../../common/site';
import { readVisit } from '../../../common/visit';
import { ApiRequestError } from '../api/client';
import { reportError } from '../api/error-reporting';
import { ErrorPage } from '../shared/ErrorPage';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { IdentityCheck } from '../survey/IdentityCheck';
import { isVerificationRequired } from '../survey/survey-api';
import { useTestMode } from '../test-mode';
import { CalculationNotFound } from './CalculationNotFound';
import { loadResult } from './result-api';
import { ResultMessages } from './ResultMessages';
import { ResultsPage } from './ResultsPage';

type View =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'notFound' }
  | { kind: 'verify' }
  | { kind: 'outOfDate'; result: ResultModel }
  | { kind: 'unanswered'; result: ResultModel }
  | { kind: 'results'; result: ResultModel };

interface Props {
  session: string;
  search: string;
  site: SiteConfig;
}

/** What a result model shows, after the loader and the error checks. */
export function viewOf(result: ResultModel): View {
  if (!result.isValid) return { kind: 'notFound' };
  if (result.isOutOfDate) return { kind: 'outOfDate', result };
  if (result.isUnanswered) return { kind: 'unanswered', result };
  return { kind: 'results', result };
}

/**
 * The results screen, /result/{session}: the loader, then the error view, then
 * Not Found when the calculation is not valid; out of date or unanswered screens alone when the answers need
 * work; the identity check when another browser owns the calculation; else the results.
 */
export default function ResultScreen({ session, search, site }: Props) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const visit = useMemo(() => readVisit(search), [search]);

  /** A failed call: the identity check, Not Found, or the error view (reported to the server as a Result error). */
  const fail = useCallback(
    (error: unknown) => {
      if (isVerificationRequired(error)) setView({ kind: 'verify' });
      else if (error instanceof ApiRequestError && error.status === 404) setView({ kind: 'notFound' });
      else {
        void reportError('Result', error, session);
        setView({ kind: 'error' });
      }
    },
    [session],
  );

  const load = useCallback(() => {
    setView({ kind: 'loading' });
    loadResult(session, visit).then((result) => setView(viewOf(result)), fail);
  }, [session, visit, fail]);

  useEffect(load, [load]);

  // A tester who gives the password on this page gets the testing data with a fresh load (the server sends it only then).
  const { isTestMode } = useTestMode(search, site.testMode);
  const wasTestMode = useRef(isTestMode);
  useEffect(() => {
    if (isTestMode && !wasTestMode.current) load();
    wasTestMode.current = isTestMode;
  }, [isTestMode, load]);

  switch (view.kind) {
    case 'loading':
      return <LoadingSpinner />;
    case 'error':
      return <ErrorPage />;
    case 'notFound':
      return <CalculationNotFound charity={site.charity} search={search} />;
    case 'verify':
      return <IdentityCheck session={session} onVerified={load} />;
    case 'outOfDate':
      return <ResultMessages kind="outOfDate" messages={view.result.messages} session={session} search={search} />;
    case 'unanswered':
      return <ResultMessages kind="unanswered" messages={view.result.messages} session={session} search={search} />;
    case 'results':
      return (
        <ResultsPage
          result={view.result}
          site={site}
          visit={visit}
          search={search}
          onRecalculated={(result) => setView(viewOf(result))}
          onFailed={fail}
        />
      );
  }
}
