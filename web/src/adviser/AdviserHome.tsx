import { useCallback, useEffect, useState } from 'react';
import type { Client, ClientCalculationRow } from '../../../common/adviser/model';
import { navigateByPageLoad, publicLandingPath, type Navigate } from '../landing/navigation';
import { usePageTitle } from '../shared/page-title';
import { checkAdviserAccess, loadClient, startCalculation } from './adviser-api';
import { failureViewFor } from './adviser-errors';
import { Breadcrumb } from './Breadcrumb';
import { CalculationsTable } from './CalculationsTable';
import { caseloadPath } from './caseload-api';
import { CaseLabelDialog } from './CaseLabelDialog';
import { ClientSearch } from './ClientSearch';
import { ADD_CLIENT_PATH, adviserHomePath, editClientPath, surveyStartPath } from './paths';
import { NotShownScreen, type ScreenView } from './ScreenState';

export const ADVISER_HOME_TITLE = 'Adviser Area';
export const START_NEW_TEXT = 'Start new calculation for this client';

type View = ScreenView;
type Selected = { client: Client; calculations: ClientCalculationRow[] } | null;

interface Props {
  search: string;
  navigate?: Navigate;
}

/**
 * The adviser home, /adviser/: find a client, see their calculations, start, compare. The access
 * check runs first; `?clientId=` opens that client straight away, and choosing a client puts it in the address so a
 * refresh or the Back button from a calculation comes back to them.
 */
export default function AdviserHome({ search, navigate = navigateByPageLoad }: Props) {
  usePageTitle(ADVISER_HOME_TITLE);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [selected, setSelected] = useState<Selected>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const [isStarting, setIsStarting] = useState(false);

  const fail = useCallback((error: unknown) => setView({ kind: failureViewFor(error) }), []);

  const openClient = useCallback(
    (clientGuid: string) =>
      loadClient(clientGuid).then((response) => {
        if (!response.isIntermediary) return setView({ kind: 'noAccess' });
        setSelected({ client: response.client, calculations: response.calculations });
        setTicked([]);
        setView({ kind: 'shown' });
      }),
    [],
  );

  useEffect(() => {
    const clientId = new URLSearchParams(search).get('clientId');
    checkAdviserAccess()
      .then((access) => {
        if (!access.isIntermediary) return setView({ kind: 'noAccess' });
        if (clientId) return openClient(clientId);
        setView({ kind: 'shown' });
      })
      .catch(fail);
  }, [search, openClient, fail]);

  const showInAddress = (clientGuid: string | null) => window.history.replaceState(null, '', adviserHomePath(clientGuid));

  if (view.kind !== 'shown') return <NotShownScreen view={view} />;

  return (
    <div className="adviser adviser-home">
      <Breadcrumb links={[]} current="Adviser Home" />
      <h1>{ADVISER_HOME_TITLE}</h1>
      <p>
        <a className="button button--start" href="/survey">
          Quick Start Calculation
        </a>
      </p>
      <p>
        Work out what your clients could get. Find a client to see, compare and add to their calculations, or start a calculation straight
        away with Quick Start. If your client is not on the list yet, <a href={ADD_CLIENT_PATH}>Add New Client</a> on the adviser site
        first.
      </p>
      <p>
        <a href={caseloadPath()}>Caseload at a date</a>: see who gains and who loses across all your organisation’s clients when the rates
        change.
      </p>
      <p>
        <a href={publicLandingPath('')}>The calculator’s public home page</a>, as your clients see it.
      </p>

      <ClientSearch
        onSelect={(client) => {
          showInAddress(client.clientGuid);
          openClient(client.clientGuid).catch(fail);
        }}
        onFailure={fail}
      />

      {selected && (
        <>
          <section className="result-card client-details" aria-labelledby="client-details-title">
            <h2 id="client-details-title" className="result-card__title">
              Client Details
            </h2>
            <dl className="adviser-details">
              <div>
                <dt>Display name</dt>
                <dd>{selected.client.displayName}</dd>
              </div>
              <div>
                <dt>First name</dt>
                <dd>{selected.client.firstName}</dd>
              </div>
              <div>
                <dt>Last name</dt>
                <dd>{selected.client.lastName}</dd>
              </div>
              <div>
                <dt>Date of birth</dt>
                <dd>{selected.client.dateOfBirth}</dd>
              </div>
              <div>
                <dt>Client number</dt>
                <dd>{selected.client.clientNumber}</dd>
              </div>
            </dl>
            <div className="button-row">
              <a className="button button--secondary" href={editClientPath(selected.client.clientGuid)}>
                Edit Client
              </a>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setSelected(null);
                  setTicked([]);
                  showInAddress(null);
                }}
              >
                Clear Client Selection
              </button>
            </div>
          </section>

          <section className="client-calculations" aria-labelledby="client-calculations-title">
            <h2 id="client-calculations-title">Calculations</h2>
            <p>
              <button type="button" className="button" onClick={() => setIsStarting(true)}>
                {START_NEW_TEXT}
              </button>
            </p>
            <CalculationsTable
              clientGuid={selected.client.clientGuid}
              calculations={selected.calculations}
              ticked={ticked}
              onTickedChange={setTicked}
            />
          </section>

          {isStarting && (
            <CaseLabelDialog
              title={START_NEW_TEXT}
              intro={`Give the new calculation for ${selected.client.displayName} a case label.`}
              submitText="Start calculation"
              onClose={() => setIsStarting(false)}
              onSubmit={(caseLabel) =>
                startCalculation(selected.client.clientGuid, caseLabel).then(
                  (response) => {
                    if (!response.isValid || !response.session) return false;
                    navigate(surveyStartPath(response.session));
                    return true;
                  },
                  (error: unknown) => {
                    fail(error);
                    return true;
                  },
                )
              }
            />
          )}
        </>
      )}
    </div>
  );
}
