import { ADVISER_LIMITS, type ClientCalculationRow } from '../../../common/adviser/model';
import { adviserCalculationPath, adviserComparePath } from './paths';

export const NO_CALCULATIONS = 'No Calculations found';

/** For comparing: only complete calculations can be ticked, at most 6. */
export function canTick(row: ClientCalculationRow, ticked: readonly string[]): boolean {
  if (!row.isComplete) return false;
  return ticked.includes(row.sessionId) || ticked.length < ADVISER_LIMITS.compareMax;
}

interface Props {
  clientGuid: string;
  calculations: ClientCalculationRow[];
  ticked: string[];
  onTickedChange(ticked: string[]): void;
}

/** The client's calculations, with the Compare ticks and link. */
export function CalculationsTable({ clientGuid, calculations, ticked, onTickedChange }: Props) {
  if (calculations.length === 0) return <p className="adviser-home__none">{NO_CALCULATIONS}</p>;
  const isFull = ticked.length >= ADVISER_LIMITS.compareMax;
  return (
    <>
      <p id="compare-hint" className="question__hint">
        Tick between {ADVISER_LIMITS.compareMin} and {ADVISER_LIMITS.compareMax} complete calculations to compare them.
        {isFull && ` You have ticked ${ADVISER_LIMITS.compareMax}, the most that can be compared.`}
      </p>
      <div className="adviser-table__scroll">
        <table className="adviser-table">
          <caption className="visually-hidden">The client's calculations</caption>
          <thead>
            <tr>
              <th scope="col">Compare</th>
              <th scope="col">Calculation Reference</th>
              <th scope="col">Create Date</th>
              <th scope="col">Case Label</th>
              <th scope="col">Complete</th>
              <th scope="col">Edit</th>
              <th scope="col">View</th>
            </tr>
          </thead>
          <tbody>
            {calculations.map((row) => {
              const isTicked = ticked.includes(row.sessionId);
              return (
                <tr key={row.sessionId}>
                  <td>
                    {row.isComplete && (
                      <input
                        type="checkbox"
                        className="adviser-table__tick"
                        aria-label={`Compare calculation ${row.token}`}
                        aria-describedby="compare-hint"
                        checked={isTicked}
                        disabled={!canTick(row, ticked)}
                        onChange={() =>
                          onTickedChange(isTicked ? ticked.filter((session) => session !== row.sessionId) : [...ticked, row.sessionId])
                        }
                      />
                    )}
                  </td>
                  <th scope="row">{row.token}</th>
                  <td>{row.createdDate}</td>
                  <td>{row.caseReference}</td>
                  <td>{row.isComplete ? 'Yes' : 'No'}</td>
                  <td>
                    <a href={row.link}>
                      Edit<span className="visually-hidden"> calculation {row.token}</span>
                    </a>
                  </td>
                  <td>
                    <a href={adviserCalculationPath(row.sessionId)}>
                      View<span className="visually-hidden"> calculation {row.token}</span>
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {ticked.length >= ADVISER_LIMITS.compareMin && (
        <p>
          <a className="button" href={adviserComparePath(clientGuid, ticked)}>
            Compare<span className="visually-hidden"> the {ticked.length} ticked calculations</span>
          </a>
        </p>
      )}
    </>
  );
}
