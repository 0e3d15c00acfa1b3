import { useCallback, useEffect, useState } from 'react';
import type { AdviserAnswerCategory, AdviserBenefitLine, AdviserCalculation } from '../../../common/adviser/model';
import type { SiteConfig } from '../../../common/site';
import { navigateByPageLoad, type Navigate } from '../landing/navigation';
import { formatMoney, inPeriod, type Period } from '../result/money';
import { formatAmount } from '../../../common/money';
import { CLAIM_STATUS, PeriodChoice } from '../result/BenefitBlocks';
import { usePageTitle } from '../shared/page-title';
import { adviserPdfUrl, loadAdviserCalculation } from './adviser-api';
import { failureViewFor } from './adviser-errors';
import { Breadcrumb } from './Breadcrumb';
import { CaseDetailsForm } from './CaseDetailsForm';
import { BUTTONS, CalculationActions } from './CalculationActions';
import { adviserHomePath } from './paths';
import { NotShownScreen, type ScreenView } from './ScreenState';
import { TotalRows, type TotalName } from './TotalRows';
import { HousingAllowanceNote } from '../result/HousingAllowanceNote';
import { adviserPdfFileName, PDF_DOWNLOADED_TEXT, PDF_DOWNLOADING_TEXT, useAdviserPdf } from './use-adviser-pdf';

export const CALCULATION_TITLE = 'Client calculation';
export const SECTION_TITLES = {
  lb: 'Legacy benefit and pension age benefits',
  uc: 'Universal Credit system benefits',
  answers: 'Calculation Answers',
} as const;
export { BUTTONS } from './CalculationActions';

type View = ScreenView<{ calculation: AdviserCalculation }>;

/** Dates from the server as the UK writes them; one already in DD/MM/YYYY is shown as it is. */
export function ukDateTime(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const hasTime = value.length > 10;
  return date.toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(hasTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
}

type Totals = Record<Exclude<TotalName, 'afterHousingCosts'>, number>;

/** One system's benefits and totals: each benefit, then Benefit Total, Other Income and Total Income. */
function SystemSection({
  id,
  title,
  session,
  lines,
  totals,
  period,
}: {
  id: string;
  title: string;
  session: string;
  lines: AdviserBenefitLine[];
  totals: Totals;
  period: Period;
}) {
  return (
    <details className="adviser-section-panel" open id={id}>
      <summary className="adviser-section-panel__summary">
        <h2 className="adviser-section-panel__title">{title}</h2>
      </summary>
      <p>
        <a href={`/result/${encodeURIComponent(session)}`}>
          Go to results screen<span className="visually-hidden"> for {title}</span>
        </a>
      </p>
      <table className="adviser-table adviser-table--amounts">
        <caption className="visually-hidden">
          {title}, amounts {period === 'weekly' ? 'per week' : 'per month'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Benefit</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.benefitName}>
              <th scope="row">
                {line.benefitName}
                {line.claimStatus && <span className="adviser-table__note"> ({CLAIM_STATUS[line.claimStatus].toLowerCase()})</span>}
              </th>
              <td>
                {formatMoney(inPeriod(line.weeklyPayment, line.monthlyPayment, period), period)}
                {line.paidAfterDeductions && (
                  <span className="adviser-table__note">
                    {' '}
                    (paid after debts:{' '}
                    {formatMoney(inPeriod(line.paidAfterDeductions.weeklyPayment, line.paidAfterDeductions.monthlyPayment, period), period)}
                    )
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <TotalRows cells={(total) => [formatMoney(totals[total as keyof Totals], period)]} />
      </table>
    </details>
  );
}

function answerText(answer: { prefix?: string; value: string }): string {
  return answer.prefix ? `${answer.prefix} - ${answer.value}` : answer.value;
}

function CalculationAnswers({ categories }: { categories: AdviserAnswerCategory[] }) {
  return (
    <details className="adviser-section-panel" open>
      <summary className="adviser-section-panel__summary">
        <h2 className="adviser-section-panel__title">{SECTION_TITLES.answers}</h2>
      </summary>
      <p>
        These are the answers put into this calculation. To compare scenarios, use Duplicate calculation to make a copy, change the answers
        in the copy, then compare the two from the Adviser Home.
      </p>
      {categories.map((category) => (
        <details key={category.name} className={`answers${category.isBetterOff ? ' answers--better-off' : ''}`}>
          <summary className="answers__summary">{category.text}</summary>
          <dl className="answers__list">
            {category.questions.map((question, index) => (
              <div key={index} className="answers__row">
                <dt className="answers__question">{question.text}</dt>
                <dd className="answers__answer">
                  {question.answers.length === 0 ? (
                    <span className="answers__none">Not answered</span>
                  ) : (
                    <ul className="answers__values">
                      {question.answers.map((answer, answerIndex) => (
                        <li key={answerIndex}>{answerText(answer)}</li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
    </details>
  );
}

interface Props {
  session: string;
  site: SiteConfig;
  navigate?: Navigate;
}

/**
 * One client calculation, /adviser/calculation/{session}: the details and the case label and notes, the amounts and
 * answers once it is complete, and
 * the adviser's actions.
 */
export default function AdviserCalculationScreen({ session, site, navigate = navigateByPageLoad }: Props) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [period, setPeriod] = useState<Period>('weekly');
  const calculation = view.kind === 'shown' ? view.calculation : null;
  usePageTitle(calculation ? `${CALCULATION_TITLE} ${calculation.token}` : CALCULATION_TITLE);

  const fail = useCallback((error: unknown) => setView({ kind: failureViewFor(error, session) }), [session]);

  useEffect(() => {
    loadAdviserCalculation(session).then((response) => {
      if (!response.isIntermediary) setView({ kind: 'noAccess' });
      else if (!response.isValid || !response.calculation) setView({ kind: 'notFound' });
      else setView({ kind: 'shown', calculation: response.calculation });
    }, fail);
  }, [session, fail]);

  // The PDF is always the weekly version, whichever period is on screen.
  const pdf = useAdviserPdf(
    calculation ? adviserPdfUrl(calculation.clientGuid, [calculation.session], 'weekly') : '',
    adviserPdfFileName(site.charity.name),
  );

  if (view.kind !== 'shown') return <NotShownScreen view={view} />;
  const shown = view.calculation;
  const home = adviserHomePath(shown.clientGuid);

  return (
    <div className="adviser adviser-calculation" id="adviserCalculation">
      <Breadcrumb links={[{ text: 'Adviser Home', href: home }]} current={shown.token} />
      <h1>
        {CALCULATION_TITLE} {shown.token}
      </h1>

      <details className="adviser-section-panel" open>
        <summary className="adviser-section-panel__summary">
          <h2 className="adviser-section-panel__title">Calculation details</h2>
        </summary>
        <dl className="adviser-details">
          <div>
            <dt>Date created</dt>
            <dd>{ukDateTime(shown.createDate)}</dd>
          </div>
          <div>
            <dt>Date modified</dt>
            <dd>{ukDateTime(shown.updateDate)}</dd>
          </div>
          <div>
            <dt>Client</dt>
            <dd>{shown.displayName}</dd>
          </div>
          <div>
            <dt>Complete</dt>
            <dd>{shown.isComplete ? 'Yes' : 'No'}</dd>
          </div>
        </dl>
        <CaseDetailsForm
          session={shown.session}
          caseLabel={shown.caseReference}
          caseNotes={shown.caseNotes}
          onNoAccess={() => setView({ kind: 'noAccess' })}
        />
      </details>

      {shown.isComplete && (
        <>
          <PeriodChoice period={period} onChange={setPeriod} />
          {shown.isEligibleForLb && (
            <SystemSection
              id="legacy-benefits"
              title={SECTION_TITLES.lb}
              session={shown.session}
              lines={[...shown.meansTested, ...shown.nonMeansTested]}
              totals={{
                benefit: inPeriod(shown.lbBenefitWeeklyTotal, shown.lbBenefitMonthlyTotal, period),
                other: inPeriod(shown.lbOtherWeeklyTotal, shown.lbOtherMonthlyTotal, period),
                total: inPeriod(shown.lbWeeklyTotal, shown.lbMonthlyTotal, period),
              }}
              period={period}
            />
          )}
          {shown.isEligibleForUc && (
            <SystemSection
              id="universal-credit"
              title={SECTION_TITLES.uc}
              session={shown.session}
              lines={[...shown.universalCredit, ...shown.nonMeansTested]}
              totals={{
                benefit: inPeriod(shown.ucBenefitWeeklyTotal, shown.ucBenefitMonthlyTotal, period),
                other: inPeriod(shown.ucOtherWeeklyTotal, shown.ucOtherMonthlyTotal, period),
                total: inPeriod(shown.ucWeeklyTotal, shown.ucMonthlyTotal, period),
              }}
              period={period}
            />
          )}
          {shown.oneOff.length > 0 && (
            <details className="adviser-section-panel" open id="one-off-payments">
              <summary className="adviser-section-panel__summary">
                <h2 className="adviser-section-panel__title">One-off payments</h2>
              </summary>
              <table className="adviser-table adviser-table--amounts">
                <caption className="visually-hidden">One-off payments, each paid once and in no total</caption>
                <thead>
                  <tr>
                    <th scope="col">Payment</th>
                    <th scope="col">Paid once</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.oneOff.map((payment) => (
                    <tr key={payment.benefitName}>
                      <th scope="row">{payment.benefitName}</th>
                      <td>{payment.amountShown ? formatAmount(Math.round(payment.amount * 100)) : 'May be entitled: amount not known'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
          {shown.housingAllowance && <HousingAllowanceNote allowance={shown.housingAllowance} changeHref={null} />}
          <CalculationAnswers categories={shown.categories} />
        </>
      )}

      <CalculationActions
        calculation={shown}
        navigate={navigate}
        onFailed={fail}
        leading={
          <a className="button" href={shown.link}>
            {BUTTONS.edit}
          </a>
        }
      >
        {shown.isComplete && (
          <button type="button" className="button button--secondary" onClick={pdf.start} aria-disabled={pdf.state !== 'idle' || undefined}>
            {BUTTONS.download}
          </button>
        )}
        <a className="button button--secondary" href={home}>
          {BUTTONS.back}
        </a>
      </CalculationActions>
      {pdf.state === 'downloading' && (
        <div className="adviser-pdf__overlay" aria-hidden="true">
          <span className="loading-spinner__wheel" />
        </div>
      )}
      {/* While downloading, the status sits on the overlay, so the words and the spinner show together. */}
      <p className={`adviser-pdf__status${pdf.state === 'downloading' ? ' adviser-pdf__status--overlay' : ''}`} role="status">
        {pdf.state === 'downloading' ? PDF_DOWNLOADING_TEXT : pdf.state === 'downloaded' ? PDF_DOWNLOADED_TEXT : ''}
      </p>
      <p className="alert alert--danger" role="alert">
        {pdf.failure}
      </p>
    </div>
  );
}
