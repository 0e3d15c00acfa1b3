import DOMPurify from 'dompurify';
import { LastRatesHeldNote } from '../result/LastRatesHeldNote';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { ADVISER_LIMITS, type ComparisonColumn, type ComparisonData, type CompareResponse } from '../../../common/adviser/model';
import { formatAmount, penceFromPounds } from '../../../common/money';
import type { Period } from '../result/money';
import { PeriodChoice } from '../result/BenefitBlocks';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { usePageTitle } from '../shared/page-title';
import { adviserPdfUrl, loadComparison } from './adviser-api';
import { failureViewFor } from './adviser-errors';
import { Breadcrumb } from './Breadcrumb';
import { adviserHomePath } from './paths';
import { NotShownScreen, type ScreenView } from './ScreenState';
import { TotalRows, type TotalName } from './TotalRows';
import { PDF_DOWNLOADED_TEXT, PDF_DOWNLOADING_TEXT, useCompareDownload } from './use-adviser-pdf';

// ApexCharts is big: it loads only here, after the comparison, and never with the public pages.
const CompareChart = lazy(() => import('./CompareChart'));

export const COMPARE_TITLE = 'Compare Calculations';
export const COMPARE_INTRO = 'This page allows you to compare benefit income and total income for different cases.';
export const COMPARE_SECTION_TITLES = { lb: 'Legacy Benefits and Pension age benefits', uc: 'Universal Credit System' } as const;
export const NOT_ELIGIBLE = '-';

type View = ScreenView<{ comparison: CompareResponse }>;

/** The sessions compared: the repeated `session` query parameters, else the comma-separated path segment. */
export function comparedSessions(pathSessions: string, search: string): string[] {
  const fromQuery = new URLSearchParams(search).getAll('session').filter(Boolean);
  const sessions = fromQuery.length > 0 ? fromQuery : pathSessions.split(',').filter(Boolean);
  return [...new Set(sessions)];
}

/** The server's message, with anything that could run script removed before it becomes part of the page. */
export function sanitisedHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

function money(pounds: number): string {
  return formatAmount(penceFromPounds(Number(pounds.toFixed(2))));
}

function cell(column: ComparisonColumn, amount: number): string {
  return column.isEligible ? money(amount) : NOT_ELIGIBLE;
}

/** A section shows when its flag is set and it has weekly data. */
export function isSectionShown(data: ComparisonData): boolean {
  return data.show && data.weeklyData.length > 0;
}

const COLUMN_TOTALS: Record<TotalName, (column: ComparisonColumn) => number> = {
  benefit: (column) => column.benefitTotal,
  other: (column) => column.otherTotal,
  total: (column) => column.total,
  afterHousingCosts: (column) => column.afterHousingCosts,
};

function CompareTable({ data, columns, title }: { data: ComparisonData; columns: ComparisonColumn[]; title: string }) {
  // 'Total Income' is the last row of every table, worked out from the totals, so a category of that name is not repeated.
  const categoryRows = data.categories.map((name, index) => ({ name, index })).filter((row) => row.name !== 'Total Income');
  return (
    <div className="adviser-table__scroll">
      <table className="adviser-table compare-table">
        <caption className="visually-hidden">{title}: amounts for each calculation. A dash means the calculation is not eligible.</caption>
        <thead>
          <tr>
            <td />
            {columns.map((column, index) => (
              <th key={index} scope="col" className="compare-table__name">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categoryRows.map((row) => (
            <tr key={row.index}>
              <th scope="row">{row.name}</th>
              {columns.map((column, index) => (
                <td key={index}>{cell(column, column.data[row.index] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <TotalRows
          rows={['benefit', 'other', 'total', 'afterHousingCosts']}
          cells={(total) => columns.map((column) => cell(column, COLUMN_TOTALS[total](column)))}
        />
      </table>
    </div>
  );
}

function CompareSection({ id, title, data, period }: { id: string; title: string; data: ComparisonData; period: Period }) {
  const columns = period === 'weekly' ? data.weeklyData : data.monthlyData;
  return (
    <details className="adviser-section-panel" open id={id}>
      <summary className="adviser-section-panel__summary">
        <h2 className="adviser-section-panel__title">{title}</h2>
      </summary>
      <figure className="compare-chart">
        <Suspense fallback={<LoadingSpinner />}>
          <CompareChart columns={columns} period={period} />
        </Suspense>
        <figcaption className="visually-hidden">Household income for each calculation; the table below gives the same figures.</figcaption>
      </figure>
      <CompareTable data={data} columns={columns} title={title} />
    </details>
  );
}

interface Props {
  sessions: string;
  search: string;
}

/**
 * Compare calculations, /adviser/compare/{sessions}?clientId=..&session=..: the
 * two systems side by side for up to 6 of a client's complete calculations, as a chart and a table.
 */
export default function CompareScreen({ sessions: pathSessions, search }: Props) {
  usePageTitle(COMPARE_TITLE);
  const clientId = new URLSearchParams(search).get('clientId');
  const sessions = useMemo(() => comparedSessions(pathSessions, search), [pathSessions, search]);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [period, setPeriod] = useState<Period>('weekly');
  const download = useCompareDownload();

  const fail = useCallback((error: unknown) => setView({ kind: failureViewFor(error) }), []);

  useEffect(() => {
    // An address the adviser home cannot make (no client, fewer than 2 or more than 6 calculations) is not a page.
    if (!clientId || sessions.length < ADVISER_LIMITS.compareMin || sessions.length > ADVISER_LIMITS.compareMax) {
      setView({ kind: 'notFound' });
      return;
    }
    loadComparison(clientId, sessions).then(
      (comparison) => setView(comparison.isIntermediary ? { kind: 'shown', comparison } : { kind: 'noAccess' }),
      fail,
    );
  }, [clientId, sessions, fail]);

  if (view.kind !== 'shown') return <NotShownScreen view={view} />;
  const { uc, lb } = view.comparison;
  const home = adviserHomePath(clientId);
  const messages = [lb.messageHtml, uc.messageHtml].map(sanitisedHtml).filter((html) => html.trim());

  return (
    <div className="adviser adviser-compare">
      <Breadcrumb links={[{ text: 'Adviser Home', href: home }]} current={COMPARE_TITLE} />
      <h1>{COMPARE_TITLE}</h1>
      <p>{COMPARE_INTRO}</p>
      {view.comparison.lastRatesHeld && <LastRatesHeldNote lastRatesHeld={view.comparison.lastRatesHeld} />}
      {messages.map((html, index) => (
        // Sanitised just above: the server's message may carry formatting, never script.
        <div key={index} className="compare-message" dangerouslySetInnerHTML={{ __html: html }} />
      ))}
      <PeriodChoice period={period} onChange={setPeriod} />
      {isSectionShown(lb) && <CompareSection id="compare-legacy" title={COMPARE_SECTION_TITLES.lb} data={lb} period={period} />}
      {isSectionShown(uc) && <CompareSection id="compare-universal-credit" title={COMPARE_SECTION_TITLES.uc} data={uc} period={period} />}
      <div className="button-row">
        {clientId && (
          <a className="button button--secondary" href={home}>
            Back to adviser home
          </a>
        )}
        <a
          className="button"
          href={adviserPdfUrl(clientId ?? '', sessions, period)}
          aria-disabled={download.state !== 'idle' || undefined}
          onClick={(event) => {
            if (!download.begin()) event.preventDefault();
          }}
        >
          Download PDF
        </a>
      </div>
      <p className="adviser-pdf__status" role="status">
        {download.state === 'downloading' ? PDF_DOWNLOADING_TEXT : download.state === 'downloaded' ? PDF_DOWNLOADED_TEXT : ''}
      </p>
    </div>
  );
}
