import { lazy, Suspense, useState } from 'react';
import type { ResultModel } from '../../../common/result/model';
import type { PageDefinition } from '../../../common/survey/model';
import type { Visit } from '../../../common/visit';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { TextBlock } from '../survey/TextBlock';
import betterOffDefinition from '../../../definitions/better-off/better-off.json' with { type: 'json' };
import { recalculateResult } from './result-api';

// The form (rjsf and the question fields) loads only when someone opens it.
const BetterOffForm = lazy(() => import('./BetterOffForm'));

const page = betterOffDefinition as PageDefinition;
export const BETTER_OFF_TITLE = page.title;
export const BETTER_OFF_BUTTONS = {
  open: 'Try a change',
  openAgain: 'Try a different change',
  close: 'Close the questions',
  back: 'Back to your results without the change',
} as const;

interface Props {
  result: ResultModel;
  visit: Visit;
  search: string;
  onRecalculated(result: ResultModel): void;
  onFailed(error: unknown): void;
}

/**
 * 'What if things changed?' on the results page: the better-off questions behind a button. In
 * better-off mode the card offers the way back to the results as they are, which clears the change on the server.
 */
export function BetterOffCard({ result, visit, search, onRecalculated, onFailed }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function backToNormal() {
    if (busy) return;
    setBusy(true);
    try {
      onRecalculated(await recalculateResult(result.session, {}, visit, false));
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="better-off" className="result-card" aria-labelledby="better-off-title">
      <h2 id="better-off-title" className="result-card__title">
        {BETTER_OFF_TITLE}
      </h2>
      {result.isBetterOff ? (
        <p>These results show the change you told us about, next to your results as they are now.</p>
      ) : (
        <TextBlock text={page.text ?? ''} />
      )}
      <div className="button-row">
        {result.isBetterOff && (
          <button type="button" className="button" onClick={() => void backToNormal()} disabled={busy}>
            {BETTER_OFF_BUTTONS.back}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={isOpen}
          aria-controls="better-off-questions"
          onClick={() => setIsOpen(!isOpen)}
        >
          {isOpen ? BETTER_OFF_BUTTONS.close : result.isBetterOff ? BETTER_OFF_BUTTONS.openAgain : BETTER_OFF_BUTTONS.open}
        </button>
      </div>
      <div id="better-off-questions" hidden={!isOpen}>
        {isOpen && (
          <Suspense fallback={<LoadingSpinner />}>
            <BetterOffForm
              session={result.session}
              hasPartner={result.hasPartner}
              visit={visit}
              search={search}
              onResult={(changed) => {
                setIsOpen(false);
                onRecalculated(changed);
              }}
              onFailed={onFailed}
            />
          </Suspense>
        )}
      </div>
    </section>
  );
}
