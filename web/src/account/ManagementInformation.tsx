import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  monthsOfYear,
  yearBefore,
  type ManagementInformationResponse,
  type ManagementInformationScope,
  type PeriodFigures,
} from '../../../common/accounts/management-information';
import { figureText, type Figure } from '../../../common/disclosure-control';
import { answerOf, api, apiPath } from '../api/client';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { problemsOf } from './account-api';

// ApexCharts is big: it is loaded with this screen only.
const ManagementInformationChart = lazy(() => import('./ManagementInformationChart'));

const FIELDS = { year: 'mi-year' };
/** How many years are offered: this one and the two before (calculations are kept for 6 months). */
const YEARS_OFFERED = 3;

export const managementInformation = (year: string, scope: ManagementInformationScope = 'organisation') =>
  answerOf<ManagementInformationResponse>(
    api.GET('/api/account/management-information', {
      params: { query: { ...(year ? { year } : {}), ...(scope === 'partner' ? { scope } : {}) } },
    }),
  );
export const managementInformationCsvUrl = (year: string, scope: ManagementInformationScope = 'organisation') =>
  `${apiPath('/api/account/management-information/csv')}?year=${encodeURIComponent(year)}${scope === 'partner' ? '&scope=partner' : ''}`;

const poundsText = (pence: number) => `£${Math.round(pence / 100).toLocaleString('en-GB')}`;
const countText = (figure: Figure) => figureText(figure, (value) => value.toLocaleString('en-GB'));
const chartValue = (figure: Figure) => figure.value;
/** '2026-11' as 'November 2026'. */
export function monthName(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
/** '2026-27' as 'April 2026 to March 2027'. */
export function yearName(year: string): string {
  const months = monthsOfYear(year);
  return `${monthName(months[0]!)} to ${monthName(months[11]!)}`;
}

/**
 * Management information for an organisation admin (issue 20): the organisation's calculations by month over a year
 * (April to March), the share that found something to claim, the yearly entitlement found per benefit and its API
 * keys' calls, each as a chart and a table of the same figures, and the CSV. Aggregate figures only, under the
 * disclosure control (common/disclosure-control.ts), which the page explains in plain words.
 */
export function ManagementInformation() {
  const [year, setYear] = useState('');
  const [thisYear, setThisYear] = useState('');
  const [scope, setScope] = useState<ManagementInformationScope>('organisation');
  const [figures, setFigures] = useState<ManagementInformationResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const loaded = useRef(false);

  async function load(asked: string, whose: ManagementInformationScope = scope) {
    try {
      const answer = await managementInformation(asked, whose);
      setFigures(answer);
      setYear(answer.year);
      if (!asked) setThisYear(answer.year);
      setProblems([]);
    } catch (error) {
      const found = problemsOf(error, FIELDS, FIELDS.year);
      if (!figures && found.every((problem) => problem.message.startsWith('Sorry'))) setFailed(true);
      setProblems(found);
      setAttempt((count) => count + 1);
    }
  }

  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    void load('');
    // The first load only: later ones come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void load(year);
  }

  if (failed) return <p role="alert">The figures could not be loaded. Please reload the page or try again later.</p>;
  if (!figures) return <LoadingSpinner />;
  const errorOf = (fieldId: string) => problems.find((problem) => problem.targetId === fieldId)?.message;
  const years = [thisYear || figures.year];
  while (years.length < YEARS_OFFERED) years.push(yearBefore(years[years.length - 1]!));
  const yearError = errorOf(FIELDS.year);

  return (
    <div className="management-information">
      <p>
        What the calculator did for your organisation’s clients, and how your API keys were used, month by month over a year from April to
        March.
      </p>
      <p>All figures about calculations are totals for a month or a year, never about one person. To keep it that way:</p>
      <ul>
        <li>a count of 1 to 9 is shown as ‘fewer than 10’, and 0 means none</li>
        <li>
          other counts are rounded to a multiple of 5, and amounts of money to a multiple of £10,000, up or down: close, but not exact
        </li>
        <li>an amount worked out from fewer than 10 calculations is shown as ‘withheld: too few’</li>
        <li>a figure that would let someone work out a withheld one is shown as ‘withheld: would reveal another figure’</li>
      </ul>
      <p>Looking again gives the same figures, unless calculations have been made since. The API usage figures are exact.</p>
      <form className="survey-card account-form" onSubmit={submit} noValidate aria-label="Year and whose calculations">
        <ErrorSummary errors={problems} focusKey={problems.length > 0 ? attempt : 0} />
        <div className={`question${yearError ? ' question--error' : ''}`}>
          <label className="question__label" htmlFor={FIELDS.year}>
            Year
          </label>
          {yearError && (
            <p id={`${FIELDS.year}-error`} className="question__error">
              <span className="visually-hidden">Error: </span>
              {yearError}
            </p>
          )}
          <select
            id={FIELDS.year}
            className="select"
            value={year}
            aria-invalid={yearError ? true : undefined}
            aria-describedby={yearError ? `${FIELDS.year}-error` : undefined}
            onChange={(event) => setYear(event.target.value)}
          >
            {years.map((option) => (
              <option key={option} value={option}>
                {yearName(option)}
              </option>
            ))}
          </select>
        </div>
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
        <a className="button button--secondary" href={managementInformationCsvUrl(figures.year, figures.scope)} download>
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
  const row = (label: string, period: PeriodFigures) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      <td>{countText(period.started)}</td>
      <td>{countText(period.finished)}</td>
      <td>{countText(period.foundSomething)}</td>
      <td>{period.foundSomethingPercent ? figureText(period.foundSomethingPercent, (value) => `${value}%`) : 'none finished'}</td>
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
          <caption>
            Calculations of your organisation’s clients, by the month they were started and finished, {yearName(figures.year)}
          </caption>
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
            {row('Whole year', figures.totals)}
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
      {figures.benefits.every((benefit) => benefit.calculations.value === 0) ? (
        <p>No finished calculation in this year found a benefit to claim.</p>
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
              <caption>Estimated yearly entitlement found, by benefit, {yearName(figures.year)}</caption>
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
                    <td>{countText(benefit.calculations)}</td>
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
          <ChartFigure caption="Calls per API key over the year; the table below gives each key’s calls by day.">
            <ManagementInformationChart
              title="Calls per API key over the year"
              categories={figures.apiKeys.map(({ name }) => name)}
              series={[
                { name: 'Calls', data: figures.apiKeys.map(({ totalCalls }) => totalCalls) },
                { name: 'Refused', data: figures.apiKeys.map(({ totalRefused }) => totalRefused) },
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
                        <td>{day.calls.toLocaleString('en-GB')}</td>
                        <td>{day.refused.toLocaleString('en-GB')}</td>
                      </tr>
                    )),
                    <tr key={`${key.prefix}-total`}>
                      <th scope="row">{label}</th>
                      <td>Whole year</td>
                      <td>{key.totalCalls.toLocaleString('en-GB')}</td>
                      <td>{key.totalRefused.toLocaleString('en-GB')}</td>
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
