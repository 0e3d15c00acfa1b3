import { useEffect, useState } from 'react';
import type { AdviserCalculation } from '../../../common/adviser/model';
import { navigateByPageLoad, type Navigate } from '../landing/navigation';
import { ukDateTime } from './AdviserCalculationScreen';
import { loadAdviserCalculation } from './adviser-api';
import { CalculationActions } from './CalculationActions';
import { CaseDetailsForm } from './CaseDetailsForm';
import { currentPage } from './NoAccessPage';
import { adviserHomePath } from './paths';

export const ADVISER_SECTION_TITLE = 'Adviser Section';
export const ADVISER_SECTION_FAILED = 'The adviser details of this calculation could not be loaded. Please reload the page.';
export const SIGNED_OUT_TEXT = 'You are no longer signed in to the adviser area.';

/**
 * The Adviser Section under a survey page or the results of a client's calculation: whose calculation it is, its
 * dates, the case label and notes form, the
 * Start new / Duplicate / Delete actions and the way back to the Adviser Area. Shown only to the client's advisers:
 * the server says so (isIntermediary, client) and answers the calls only for them.
 */
export function AdviserSection({ session, navigate = navigateByPageLoad }: { session: string; navigate?: Navigate }) {
  const [calculation, setCalculation] = useState<AdviserCalculation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    loadAdviserCalculation(session).then(
      (response) => (response.calculation ? setCalculation(response.calculation) : setProblem(ADVISER_SECTION_FAILED)),
      () => setProblem(ADVISER_SECTION_FAILED),
    );
  }, [session]);

  const signedOut = () => setProblem(SIGNED_OUT_TEXT);
  return (
    <section className="adviser-section" aria-labelledby="adviser-section-title">
      <h2 id="adviser-section-title">{ADVISER_SECTION_TITLE}</h2>
      {problem && (
        <p className="alert alert--danger" role="alert">
          {problem}
          {problem === SIGNED_OUT_TEXT && (
            <>
              {' '}
              <a href={`/account/?${new URLSearchParams({ returnUrl: currentPage() }).toString()}`}>Sign in again</a>
            </>
          )}
        </p>
      )}
      {calculation && (
        <>
          <dl className="adviser-details">
            <div>
              <dt>Client</dt>
              <dd>{calculation.displayName}</dd>
            </div>
            <div>
              <dt>Calculation reference</dt>
              <dd>{calculation.token}</dd>
            </div>
            <div>
              <dt>Date created</dt>
              <dd>{ukDateTime(calculation.createDate)}</dd>
            </div>
            <div>
              <dt>Date modified</dt>
              <dd>{ukDateTime(calculation.updateDate)}</dd>
            </div>
          </dl>
          <CaseDetailsForm
            session={calculation.session}
            caseLabel={calculation.caseReference}
            caseNotes={calculation.caseNotes}
            onNoAccess={signedOut}
          />
          <CalculationActions calculation={calculation} navigate={navigate} onFailed={() => setProblem(ADVISER_SECTION_FAILED)} />
        </>
      )}
      <p>
        <a href={adviserHomePath(calculation?.clientGuid)}>Adviser Area</a>
      </p>
    </section>
  );
}

export default AdviserSection;
