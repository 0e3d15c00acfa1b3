import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { dateInWords } from '../../../common/dates/calendar';
import { rulesVersionInWords } from '../../../common/rules-version';
import {
  CASELOAD_PROBLEM_TEXT,
  changeOf,
  type CaseloadClientRow,
  type CaseloadRunResponse,
  type CaseloadRunsResponse,
  type CaseloadRunSummary,
} from '../../../common/adviser/caseload';
import { isErrorResponse } from '../../../common/errors';
import { formatAmount } from '../../../common/money';
import { ApiRequestError } from '../api/client';
import { PeriodChoice } from '../result/BenefitBlocks';
import type { Period } from '../result/money';
import { ErrorSummary } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { usePageTitle } from '../shared/page-title';
import { DateField } from '../shared/DateField';
import { dateProblemOf, isoDateOf } from '../shared/date-field-text';
import { failureViewFor } from './adviser-errors';
import { Breadcrumb } from './Breadcrumb';
import { caseloadCsvUrl, caseloadPath, loadCaseloadRun, loadCaseloadRuns, startCaseloadRun } from './caseload-api';
import {
  bandCounts,
  columnChange,
  DEFAULT_ORDER,
  gainersAndLosers,
  isSameColumn,
  nextOrder,
  sortedRows,
  type SortColumn,
  type SortOrder,
} from './caseload-table';
import { adviserHomePath } from './paths';
import { NotShownScreen, type ScreenView } from './ScreenState';

// ApexCharts is big: it loads only once a run's figures are on screen, as on the compare page.
const CaseloadChart = lazy(() => import('./CaseloadChart'));

export const CASELOAD_TITLE = 'Caseload at a date';
/** How often the screen asks how far a run has gone. */
export const POLL_MS = 1000;
/** Rows drawn at first, and added by 'Show more clients': a caseload can be 10,000 clients. */
export const ROWS_SHOWN = 200;
const DATE_FIELD = 'caseload-date';
const RULES_FIELD = 'caseload-rules';

/** The published rules, or a change set approved but not yet published (its number). */
type RulesChoice = 'published' | number;

/** What the screen says of provisional figures: rates announced ahead, or a change not yet published. */
export function provisionalText(provisional: NonNullable<CaseloadRunSummary['provisional']>): string {
  const ahead = provisional.inForceFrom
    ? `They use rates announced to take effect on ${dateInWords(provisional.inForceFrom)}, which are not yet in force and may still change before then.`
    : '';
  const approved = provisional.approvedNotPublished
    ? `They use “${provisional.approvedNotPublished.title}”, a change the policy team has approved but not yet published: it may still change, or be withdrawn, before it is.`
    : '';
  return [approved, ahead].filter(Boolean).join(' ');
}

type View = ScreenView<{ runs: CaseloadRunsResponse }>;

/** +£1.00, -£2.50 or £0.00: a change always shows its sign. */
export function changeText(pence: number): string {
  return pence > 0 ? `+${formatAmount(pence)}` : formatAmount(pence);
}

/** Why the date filled in is the one it is: the next rates' first day, or the last day of the rates held. */
export function dateHint(runs: Pick<CaseloadRunsResponse, 'defaultDate' | 'ratesHeldUntil'>): string {
  return runs.defaultDate === runs.ratesHeldUntil
    ? `We have filled in ${dateInWords(runs.defaultDate)}, the last day of the rates we hold: next April’s rates are not added yet.`
    : `We have filled in ${dateInWords(runs.defaultDate)}, the first day of the next rates.`;
}

function statusText(run: CaseloadRunSummary): string {
  switch (run.status) {
    case 'queued':
      return 'Waiting to start';
    case 'running':
      return run.total > 0
        ? `Recalculated ${run.done.toLocaleString('en-GB')} of ${run.total.toLocaleString('en-GB')} clients`
        : 'Starting';
    case 'done':
      return 'Finished';
    case 'failed':
      return 'Stopped: something went wrong. Please start the run again.';
  }
}

function messageOf(error: unknown): { field: string | null; message: string } | null {
  if (!(error instanceof ApiRequestError) || !isErrorResponse(error.errorBody)) return null;
  const body = error.errorBody;
  if (error.status === 400) return { field: DATE_FIELD, message: body.errors?.[0]?.message ?? body.message };
  if (error.status === 409 || error.status === 429 || error.status === 503) return { field: null, message: body.message };
  return null;
}

interface Props {
  search: string;
}

/**
 * Caseload at a date, /adviser/caseload (issue 18): an adviser or admin picks a date and starts a run; the server
 * recalculates the latest calculation of each of the organisation's clients in the background, and the screen
 * shows its progress, then who gains and who loses, in a chart and a sortable table, with a CSV download.
 * `?run=` shows that run, so a refresh keeps it.
 */
export default function CaseloadScreen({ search }: Props) {
  usePageTitle(CASELOAD_TITLE);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [date, setDate] = useState('');
  const [rules, setRules] = useState<RulesChoice>('published');
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  const [problemKey, setProblemKey] = useState(0);
  const [isStarting, setIsStarting] = useState(false);
  const [runId, setRunId] = useState<string | null>(() => new URLSearchParams(search).get('run'));
  const [shown, setShown] = useState<CaseloadRunResponse | null>(null);

  const fail = useCallback((error: unknown) => setView({ kind: failureViewFor(error) }), []);

  useEffect(() => {
    loadCaseloadRuns().then((runs) => {
      setDate(runs.defaultDate);
      setView({ kind: 'shown', runs });
    }, fail);
  }, [fail]);

  // While a run is queued or running, ask how far it has gone every second; stop once it is done or failed.
  useEffect(() => {
    if (!runId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () =>
      loadCaseloadRun(runId).then(
        (response) => {
          if (stopped) return;
          setShown(response);
          if (response.run.status === 'queued' || response.run.status === 'running') timer = setTimeout(poll, POLL_MS);
        },
        (error: unknown) => (error instanceof ApiRequestError && error.status === 404 ? setView({ kind: 'notFound' }) : fail(error)),
      );
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [runId, fail]);

  if (view.kind !== 'shown') return <NotShownScreen view={view} />;
  const { runs } = view;
  const chosenSet = rules === 'published' ? undefined : runs.changeSets.find((set) => set.id === rules);
  const held = chosenSet ?? runs;
  const chooseRules = (choice: RulesChoice) => {
    setRules(choice);
    // The date offered first follows the rules chosen, unless the adviser has typed another.
    const from = choice === 'published' ? runs : runs.changeSets.find((set) => set.id === choice);
    const was = rules === 'published' ? runs : runs.changeSets.find((set) => set.id === rules);
    if (from && (date === was?.defaultDate || date === '')) setDate(from.defaultDate);
  };

  const start = async () => {
    const atDate = isoDateOf(date);
    if (!atDate) {
      setProblem({ field: DATE_FIELD, message: dateProblemOf(date, 'the date to work out the calculations at') ?? '' });
      setProblemKey((key) => key + 1);
      return;
    }
    setIsStarting(true);
    setProblem(null);
    try {
      const { run } = await startCaseloadRun(atDate, rules === 'published' ? undefined : rules);
      setShown(null);
      setRunId(run.id);
      window.history.replaceState(null, '', caseloadPath(run.id));
    } catch (error) {
      const message = messageOf(error);
      if (!message) return fail(error);
      setProblem(message);
      setProblemKey((key) => key + 1);
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <div className="adviser adviser-caseload">
      <Breadcrumb links={[{ text: 'Adviser Home', href: adviserHomePath() }]} current={CASELOAD_TITLE} />
      <h1>{CASELOAD_TITLE}</h1>
      <p>
        See what each of your organisation’s clients would get on another date, such as when the new rates start. We work out the latest
        calculation of every client again at that date and set it beside what the same calculation gave on the day it was last saved.
      </p>

      <ErrorSummary errors={problem?.field ? [{ targetId: problem.field, message: problem.message }] : []} focusKey={problemKey} />
      {problem && !problem.field && (
        <p className="caseload__message" role="alert">
          {problem.message}
        </p>
      )}
      <form
        className="caseload-start"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        {runs.changeSets.length > 0 && (
          <fieldset className="question__fieldset caseload-start__rules" id={RULES_FIELD}>
            <legend className="question__label">Rules and rates to use</legend>
            <p className="question__hint">
              The policy team has approved changes that are not yet published. Figures worked out with one are provisional: it may still
              change, or be withdrawn, before it is published.
            </p>
            <div className="radios__item">
              <input
                type="radio"
                className="radios__input"
                id={`${RULES_FIELD}-published`}
                name={RULES_FIELD}
                checked={rules === 'published'}
                onChange={() => chooseRules('published')}
              />
              <label className="radios__label" htmlFor={`${RULES_FIELD}-published`}>
                The published rules and rates
              </label>
            </div>
            {runs.changeSets.map((set) => (
              <div className="radios__item" key={set.id}>
                <input
                  type="radio"
                  className="radios__input"
                  id={`${RULES_FIELD}-${set.id}`}
                  name={RULES_FIELD}
                  checked={rules === set.id}
                  onChange={() => chooseRules(set.id)}
                />
                <label className="radios__label" htmlFor={`${RULES_FIELD}-${set.id}`}>
                  With “{set.title}” (approved, not yet published)
                </label>
              </div>
            ))}
          </fieldset>
        )}
        <DateField
          id={DATE_FIELD}
          label="Date to work out the calculations at"
          hint={`${dateHint(held)} You can choose any date from ${dateInWords(runs.ratesHeldFrom)} to ${dateInWords(held.ratesHeldUntil)}.`}
          error={problem?.field ? problem.message : undefined}
          value={date}
          onChange={setDate}
        />
        <button type="submit" className="button" disabled={isStarting}>
          Start caseload run
        </button>
      </form>

      {shown && <RunView response={shown} />}
      {!shown && runId && <LoadingSpinner />}

      {runs.runs.length > 0 && (
        <section aria-labelledby="caseload-earlier-title">
          <h2 id="caseload-earlier-title">Earlier runs</h2>
          <ul className="caseload-runs">
            {runs.runs.map((run) => (
              <li key={run.id}>
                <a href={caseloadPath(run.id)}>
                  Run at {dateInWords(run.atDate)}, started{' '}
                  {new Date(run.createdAt).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' })}
                </a>{' '}
                ({statusText(run).toLowerCase()})
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function RunView({ response }: { response: CaseloadRunResponse }) {
  const { run } = response;
  const [period, setPeriod] = useState<Period>('weekly');
  const isWorking = run.status === 'queued' || run.status === 'running';
  return (
    <section className="caseload-run" aria-labelledby="caseload-run-title">
      <h2 id="caseload-run-title">Caseload at {dateInWords(run.atDate)}</h2>
      {run.rulesVersion && (
        <p className="caseload-run__rules">
          Worked out with {rulesVersionInWords(run.rulesVersion, run.provisional?.approvedNotPublished?.changeSet)}.
        </p>
      )}
      {run.provisional && (
        <section
          className="result-card result-card--highlight"
          aria-labelledby="caseload-provisional-heading"
          data-testid="caseload-provisional"
        >
          <h3 id="caseload-provisional-heading" className="result-card__title">
            Provisional figures
          </h3>
          <p>{provisionalText(run.provisional)}</p>
        </section>
      )}
      <p role="status" className="caseload-run__status">
        {statusText(run)}
        {run.status === 'done' &&
          `: ${run.total.toLocaleString('en-GB')} ${run.total === 1 ? 'client' : 'clients'} recalculated${run.failed > 0 ? `, ${run.failed.toLocaleString('en-GB')} of them could not be` : ''}.`}
      </p>
      {isWorking && run.total > 0 && (
        <progress className="caseload-run__progress" value={run.done} max={run.total} aria-label="Clients recalculated so far" />
      )}
      {run.status === 'done' && (
        <>
          <PeriodChoice period={period} onChange={setPeriod} />
          <Figures response={response} period={period} />
        </>
      )}
    </section>
  );
}

function Figures({ response, period }: { response: CaseloadRunResponse; period: Period }) {
  const { run, benefits, clients } = response;
  const [order, setOrder] = useState<SortOrder>(DEFAULT_ORDER);
  const [limit, setLimit] = useState(ROWS_SHOWN);
  const rows = useMemo(() => sortedRows(clients, order, period), [clients, order, period]);
  const counts = gainersAndLosers(clients, period);
  const per = period === 'weekly' ? 'a week' : 'a month';
  if (clients.length === 0) return <p>None of your organisation’s clients has a calculation to work out again.</p>;

  const heading = (column: SortColumn, label: string) => {
    const isSorted = isSameColumn(order.column, column);
    return (
      <th scope="col" aria-sort={isSorted ? order.direction : 'none'} key={typeof column === 'string' ? column : column.benefit}>
        <button type="button" className="caseload-table__sort" onClick={() => setOrder(nextOrder(order, column))}>
          {label}
          <span aria-hidden="true" className="caseload-table__arrow">
            {isSorted ? (order.direction === 'ascending' ? ' ▲' : ' ▼') : ' ◆'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <>
      <p>
        {counts.gain.toLocaleString('en-GB')} {counts.gain === 1 ? 'client gains' : 'clients gain'}, {counts.lose.toLocaleString('en-GB')}{' '}
        {counts.lose === 1 ? 'client loses' : 'clients lose'} and {counts.same.toLocaleString('en-GB')} {counts.same === 1 ? 'has' : 'have'}{' '}
        no change in their total benefits {per}.
        {counts.none > 0 && ` ${counts.none.toLocaleString('en-GB')} could not be worked out again: the table says why.`}
      </p>
      <NotKnownNotes clients={clients} benefits={benefits} />
      <figure className="compare-chart">
        <Suspense fallback={<LoadingSpinner />}>
          <CaseloadChart bands={bandCounts(clients, period)} period={period} />
        </Suspense>
        <figcaption className="visually-hidden">
          How many clients gain or lose, and by how much; the table below gives each client.
        </figcaption>
      </figure>
      <p>
        <a className="button button--secondary" href={caseloadCsvUrl(run.id, period)} download>
          Download the table (CSV, amounts {per})
        </a>
      </p>
      <div className="adviser-table__scroll">
        <table className="adviser-table caseload-table">
          <caption>
            Change in each benefit {per} from the day each calculation was saved to {dateInWords(run.atDate)}. Choose a column heading to
            sort by it.
          </caption>
          <thead>
            <tr>
              {heading('client', 'Client')}
              {benefits.map((benefit) => heading({ benefit: benefit.code }, benefit.name))}
              <th scope="col">Total before</th>
              <th scope="col">Total after</th>
              {heading('total', 'Total change')}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, limit).map((row) => (
              <ClientRow key={row.clientGuid} row={row} benefits={benefits} period={period} />
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > limit && (
        <p>
          Showing {limit.toLocaleString('en-GB')} of {rows.length.toLocaleString('en-GB')} clients.{' '}
          <button type="button" className="button button--secondary" onClick={() => setLimit(limit + ROWS_SHOWN)}>
            Show more clients
          </button>
        </p>
      )}
    </>
  );
}

/**
 * The benefits whose change is not known for some clients (worked out at one date only), each in a sentence: the table
 * shows 'Not known' and the totals leave them out, so no one reads a lost benefit where an amount is only unknown.
 */
function NotKnownNotes({
  clients,
  benefits,
}: {
  clients: readonly CaseloadClientRow[];
  benefits: readonly { code: string; name: string }[];
}) {
  const notes = benefits.flatMap((benefit) => {
    const count = clients.filter((client) => client.benefits[benefit.code]?.notKnown).length;
    if (count === 0) return [];
    return [
      `${benefit.name} cannot be worked out at one of the dates for ${count.toLocaleString('en-GB')} ${count === 1 ? 'client' : 'clients'}${
        benefit.code === 'COUNCIL_TAX_REDUCTION' ? ' (usually because the council has not set its Band D for the year yet)' : ''
      }: the table says ‘Not known’ and the totals leave it out.`,
    ];
  });
  if (notes.length === 0) return null;
  return (
    <div className="caseload-run__not-known" data-testid="caseload-not-known">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}

function ClientRow({ row, benefits, period }: { row: CaseloadClientRow; benefits: { code: string }[]; period: Period }) {
  const amount = (before: boolean) =>
    row.total
      ? formatAmount(
          before
            ? period === 'weekly'
              ? row.total.beforeWeeklyPence
              : row.total.beforeMonthlyPence
            : period === 'weekly'
              ? row.total.afterWeeklyPence
              : row.total.afterMonthlyPence,
        )
      : '';
  return (
    <tr>
      <th scope="row">
        <a href={adviserHomePath(row.clientGuid)}>{row.displayName}</a>
        <span className="caseload-table__saved">Saved {dateInWords(row.savedOn)}</span>
      </th>
      {row.problem ? (
        <td colSpan={benefits.length + 3} className="caseload-table__problem">
          {CASELOAD_PROBLEM_TEXT[row.problem]}
        </td>
      ) : (
        <>
          {benefits.map(({ code }) => (
            <td key={code}>{row.benefits[code]?.notKnown ? 'Not known' : changeText(columnChange(row, { benefit: code }, period) ?? 0)}</td>
          ))}
          <td>{amount(true)}</td>
          <td>{amount(false)}</td>
          <td className="caseload-table__total">{changeText(changeOf(row.total!, period))}</td>
        </>
      )}
    </tr>
  );
}
