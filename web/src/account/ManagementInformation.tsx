import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  figureText,
  SUPPRESSED_TEXT,
  type Figure,
  type ManagementInformationResponse,
  type ManagementInformationScope,
  type MonthFigures,
} from '../../../common/accounts/management-information';
import { answerOf, api, apiPath } from '../api/client';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { TextField } from '../shared/TextField';
import { problemsOf } from './account-api';

// ApexCharts is big: it is loaded with this screen only.
const ManagementInformationChart = lazy(() => import('./ManagementInformationChart'));

const FIELDS = { from: 'mi-from', to: 'mi-to' };

const periodQuery = (from: string, to: string) => {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const text = query.toString();
  return text ? `?${text}` : '';
};

export const managementInformation = (from: string, to: string, scope: ManagementInformationScope = 'organisation') =>
  answerOf<ManagementInformationResponse>(
    api.GET('/api/account/management-information', {
      params: { query: { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(scope === 'partner' ? { scope } : {}) } },
    }),
  );
export const managementInformationCsvUrl = (from: string, to: string, scope: ManagementInformationScope = 'organisation') =>
  `${apiPath('/api/account/management-information/csv')}${periodQuery(from, to)}${scope === 'partner' ? '&scope=partner' : ''}`;

const poundsText = (pence: number) => `£${Math.round(pence / 100).toLocaleString('en-GB')}`;
const chartValue = (figure: Figure) => figure.value;
/** '2026-11' as 'November 2026'. */
export function monthName(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Management information for an organisation admin (issue 20): the organisation's calculations by month, the share
 * that found something to claim, the yearly entitlement found per benefit and its API keys' calls, each as a chart and
 * a table of the same figures, and the CSV. Aggregate figures only; a count under 10 reads '<10'.
 */
export function ManagementInformation() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [scope, setScope] = useState<ManagementInformationScope>('organisation');
  const [figures, setFigures] = useState<ManagementInformationResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const loaded = useRef(false);

  async function load(fromMonth: string, toMonth: string, whose: ManagementInformationScope = scope) {
    try {
      const answer = await managementInformation(fromMonth.trim(), toMonth.trim(), whose);
      setFigures(answer);
      setFrom(answer.from);
      setTo(answer.to);
      setProblems([]);
    } catch (error) {
      const found = problemsOf(error, FIELDS, FIELDS.from);
      if (!figures && found.every((problem) => problem.message.startsWith('Sorry'))) setFailed(true);
      setProblems(found);
      setAttempt((count) => count + 1);
    }
  }

  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    void load('', '');
    // The first load only: later ones come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void load(from, to);
  }

  if (failed) return <p role="alert">The figures could not be loaded. Please reload the page or try again later.</p>;
  if (!figures) return <LoadingSpinner />;
  const errorOf = (fieldId: string) => problems.find((problem) => problem.targetId === fieldId)?.message;

  return (
    <div className="management-information">
      <p>
        What the calculator did for your organisation’s clients, and how your API keys were used. All figures are totals: none is about one
        person. A figure under 10, or worked out from fewer than 10 calculations, is shown as {SUPPRESSED_TEXT}.
      </p>
      <form className="survey-card account-form" onSubmit={submit} noValidate aria-label="Period">
        <ErrorSummary errors={problems} focusKey={problems.length > 0 ? attempt : 0} />
        <TextField
          id={FIELDS.from}
          label="From month"
          hint="Written year-month, for example 2026-01."
          error={errorOf(FIELDS.from)}
          value={from}
          onChange={setFrom}
        />
        <TextField
          id={FIELDS.to}
          label="To month"
          hint="At most 24 months after the first."
          error={errorOf(FIELDS.to)}
          value={to}
          onChange={setTo}
        />
        {figures.partner && (
          <fieldset className="question">
            <legend className="question__label">Whose calculations</legend>
            <div className="radios">
              {(['organisation', 'partner'] as const).map((value) => (
                <div className="radios__item" key={value}>
                  <input
                    className="radios__input"
                    type="radio"
                    id={`mi-scope-${value}`}
                    name="mi-scope"
                    checked={scope === value}
                    onChange={() => setScope(value)}
                  />
                  <label className="radios__label" htmlFor={`mi-scope-${value}`}>
                    {value === 'organisation' ? 'Your organisation’s clients' : `Visitors to your ${figures.partner!.name} portal`}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
        )}
        <div className="button-row">
          <button type="submit" className="button">
            Show figures
          </button>
        </div>
      </form>
      <p>
        <a className="button button--secondary" href={managementInformationCsvUrl(figures.from, figures.to, figures.scope)} download>
          Download these figures (CSV)
        </a>
      </p>
      <Calculations figures={figures} />
      <Benefits figures={figures} />
      <ApiUsage figures={figures} />
    </div>
  );
}

/** A wide table scrolls sideways on a narrow screen: the keyboard reaches its region to scroll it too (WCAG 2.1.1). */
function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // tabIndex: a scrollable region must take the focus to be scrolled by keyboard.
    <div className="adviser-table__scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function ChartFigure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure className="compare-chart">
      <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>
      <figcaption className="visually-hidden">{caption}</figcaption>
    </figure>
  );
}

function Calculations({ figures }: { figures: ManagementInformationResponse }) {
  const row = (label: string, month: Omit<MonthFigures, 'month'>) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      <td>{figureText(month.started)}</td>
      <td>{figureText(month.finished)}</td>
      <td>{figureText(month.foundSomething)}</td>
      <td>{figureText(month.foundSomethingPercent, (value) => `${value}%`)}</td>
    </tr>
  );
  return (
    <section aria-labelledby="mi-calculations">
      <h2 id="mi-calculations">Calculations by month</h2>
      <ChartFigure caption="Calculations started and finished each month; the table below gives the same figures.">
        <ManagementInformationChart
          title="Calculations started and finished each month"
          categories={figures.months.map(({ month }) => monthName(month))}
          series={[
            { name: 'Started', data: figures.months.map(({ started }) => chartValue(started)) },
            { name: 'Finished', data: figures.months.map(({ finished }) => chartValue(finished)) },
            { name: 'Found something to claim', data: figures.months.map(({ foundSomething }) => chartValue(foundSomething)) },
          ]}
          axisTitle="Calculations"
        />
      </ChartFigure>
      <TableScroll label="Calculations by month, table">
        <table className="adviser-table">
          <caption>Calculations of your organisation’s clients, by the month they were started and finished</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Started</th>
              <th scope="col">Finished</th>
              <th scope="col">Found something to claim</th>
              <th scope="col">Share that found something</th>
            </tr>
          </thead>
          <tbody>
            {figures.months.map((month) => row(monthName(month.month), month))}
            {row('Whole period', figures.totals)}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function Benefits({ figures }: { figures: ManagementInformationResponse }) {
  return (
    <section aria-labelledby="mi-benefits">
      <h2 id="mi-benefits">Estimated yearly entitlement found</h2>
      {figures.benefits.length === 0 ? (
        <p>No finished calculation in this period found a benefit to claim.</p>
      ) : (
        <>
          <p>Each finished calculation’s monthly amount times 12, at the rates of the day it was saved, added up per benefit.</p>
          <ChartFigure caption="Estimated yearly entitlement found per benefit; the table below gives the same figures.">
            <ManagementInformationChart
              title="Estimated yearly entitlement found per benefit"
              categories={figures.benefits.map(({ name }) => name)}
              series={[{ name: 'Estimated yearly entitlement', data: figures.benefits.map(({ yearlyPence }) => chartValue(yearlyPence)) }]}
              axisTitle="Pounds a year"
              format={poundsText}
            />
          </ChartFigure>
          <TableScroll label="Estimated yearly entitlement, table">
            <table className="adviser-table">
              <caption>Estimated yearly entitlement found, by benefit</caption>
              <thead>
                <tr>
                  <th scope="col">Benefit</th>
                  <th scope="col">Calculations that found it</th>
                  <th scope="col">Estimated yearly entitlement</th>
                </tr>
              </thead>
              <tbody>
                {figures.benefits.map((benefit) => (
                  <tr key={benefit.code}>
                    <th scope="row">{benefit.name}</th>
                    <td>{figureText(benefit.calculations)}</td>
                    <td>{figureText(benefit.yearlyPence, poundsText)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}

function ApiUsage({ figures }: { figures: ManagementInformationResponse }) {
  return (
    <section aria-labelledby="mi-api">
      <h2 id="mi-api">API usage</h2>
      {figures.apiKeys.length === 0 ? (
        <p>Your organisation has no API keys.</p>
      ) : (
        <>
          <ChartFigure caption="Calls per API key over the period; the table below gives each key’s calls by day.">
            <ManagementInformationChart
              title="Calls per API key over the period"
              categories={figures.apiKeys.map(({ name }) => name)}
              series={[
                { name: 'Calls', data: figures.apiKeys.map(({ totalCalls }) => chartValue(totalCalls)) },
                { name: 'Refused', data: figures.apiKeys.map(({ totalRefused }) => chartValue(totalRefused)) },
              ]}
              axisTitle="Calls"
            />
          </ChartFigure>
          <TableScroll label="API usage, table">
            <table className="adviser-table">
              <caption>Calls per API key and day</caption>
              <thead>
                <tr>
                  <th scope="col">API key</th>
                  <th scope="col">Day</th>
                  <th scope="col">Calls</th>
                  <th scope="col">Refused</th>
                </tr>
              </thead>
              <tbody>
                {figures.apiKeys.flatMap((key) => {
                  const label = `${key.name} (${key.prefix}…${key.revoked ? ', revoked' : ''})`;
                  return [
                    ...key.days.map((day) => (
                      <tr key={`${key.prefix}-${day.day}`}>
                        <th scope="row">{label}</th>
                        <td>{day.day}</td>
                        <td>{figureText(day.calls)}</td>
                        <td>{figureText(day.refused)}</td>
                      </tr>
                    )),
                    <tr key={`${key.prefix}-total`}>
                      <th scope="row">{label}</th>
                      <td>Whole period</td>
                      <td>{figureText(key.totalCalls)}</td>
                      <td>{figureText(key.totalRefused)}</td>
                    </tr>,
                  ];
                })}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
