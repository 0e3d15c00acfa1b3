import { lazy, Suspense } from 'react';
import { figureText, type Figure } from '../../../common/disclosure-control';
import { formatAmount } from '../../../common/money';
import type { ImpactBand, ImpactPart, ImpactReport, StoredImpactPart } from './policy-api';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { longDate, longDateTime } from './policy-text';

// ApexCharts is big: it loads only once an impact is on screen.
const ImpactChart = lazy(() => import('./ImpactChart'));

/** +£1.00, -£2.50 or £0.00: a change always shows its sign. */
export function signed(pence: number): string {
  return pence > 0 ? `+${formatAmount(pence)}` : formatAmount(pence);
}

const count = (value: number) => value.toLocaleString('en-GB');
const countFigure = (figure: Figure) => figureText(figure, count);
/** Money rounded to £10,000 a year: in whole pounds, with its sign (a minus sign, which stays with the amount). */
const moneyFigure = (figure: Figure) =>
  figureText(
    figure,
    (pence) => `${pence > 0 ? '+' : pence < 0 ? '\u2212' : ''}£${Math.abs(Math.round(pence / 100)).toLocaleString('en-GB')}`,
  );

/** The impact of a change set at a date: the reproducible sample, then the real calculations held (in aggregate). */
export default function ImpactView({ report }: { report: ImpactReport }) {
  return (
    <div className="policy-impact" data-testid="impact">
      <p>
        Worked out at {longDate(report.date)} (run {longDateTime(report.ranAt)}).
      </p>
      {/* A report kept from before the notes were added has none. */}
      {(report.dateNotes ?? []).length > 0 && (
        <ul className="policy-plain-list" data-testid="impact-date-notes">
          {(report.dateNotes ?? []).map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <Part
        id="impact-sample"
        title={`A sample of ${count(report.sample.households)} households (seed ${report.sample.seed})`}
        part={report.sample}
        note={`The same seed gives the same households again. Took ${(report.sampleMs / 1000).toFixed(1)} seconds.`}
      />
      {report.sample.examples.length > 0 && (
        <>
          <h4>Examples from the sample</h4>
          <ul className="policy-plain-list policy-examples">
            {report.sample.examples.map((example) => (
              <li key={example.seed}>
                <strong>{example.description}</strong> (seed {example.seed}): {signed(example.monthlyChangePence)} a month.{' '}
                {example.benefits
                  .map(
                    (benefit) =>
                      `${benefit.name} ${formatAmount(benefit.beforeMonthlyPence)} to ${formatAmount(benefit.afterMonthlyPence)}`,
                  )
                  .join('; ')}
              </li>
            ))}
          </ul>
        </>
      )}
      <StoredPart part={report.stored} />
    </div>
  );
}

/** A share of the households worked out, as a percentage a policy officer can quote: 64.4%, 0.3%, under 0.1%. */
export function share(households: number, of: number): string {
  if (of <= 0 || households <= 0) return '0%';
  const percent = (households / of) * 100;
  if (percent < 0.1) return 'under 0.1%';
  return `${percent.toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
}

/**
 * The sample's change in a sentence of shares and typical changes (the sample's households are no one's, and its
 * sum over them is not a national figure, so it is left to the API).
 */
export function sampleSummary(part: ImpactPart): string {
  const workedOut = part.households - part.notWorkedOut;
  const sides = [
    part.gainers > 0 &&
      `${count(part.gainers)} gain (${share(part.gainers, workedOut)}), typically ${signed(part.typicalGainMonthlyPence!)} a month`,
    part.losers > 0 &&
      `${count(part.losers)} lose (${share(part.losers, workedOut)}), typically ${signed(part.typicalLossMonthlyPence!)} a month`,
  ].filter(Boolean);
  const change =
    part.changed === 0
      ? `None of the ${count(workedOut)} households worked out changes by a penny.`
      : `${count(part.changed)} of the ${count(workedOut)} households worked out change (${share(part.changed, workedOut)}): ${sides.join(', and ')}.`;
  return part.notWorkedOut > 0 ? `${change} ${count(part.notWorkedOut)} could not be worked out at this date.` : change;
}

function Part({ id, title, part, note }: { id: string; title: string; part: ImpactPart; note: string }) {
  const chartTitle = `${title}: households by change in benefits a month`;
  return (
    <section aria-labelledby={`${id}-title`} className="policy-impact__part" data-testid={id}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p>{note}</p>
      {part.households === 0 ? (
        <p>No households to work out.</p>
      ) : (
        <>
          <p data-testid={`${id}-summary`}>{sampleSummary(part)}</p>
          {part.amountsNotKnown.length > 0 && (
            <div className="policy-impact__not-worked-out" data-testid={`${id}-not-known`}>
              <p>Some amounts are not known on one side, so the changes above leave them out:</p>
              <ul>
                {part.amountsNotKnown.map((why) => (
                  <li key={why.reason}>
                    {count(why.households)} {why.households === 1 ? 'household' : 'households'}: {why.reason} {why.nextStep}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {part.notWorkedOutReasons.length > 0 && (
            <div className="policy-impact__not-worked-out" data-testid={`${id}-not-worked-out`}>
              <p>Why some could not be worked out, and what to do:</p>
              <ul>
                {part.notWorkedOutReasons.map((why) => (
                  <li key={why.reason}>
                    {count(why.households)} {why.households === 1 ? 'household' : 'households'}: {why.reason} {why.nextStep}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="adviser-table__scroll">
            <table className="adviser-table policy-table">
              <caption>{title}: change by benefit</caption>
              <thead>
                <tr>
                  <th scope="col">Benefit</th>
                  <th scope="col">Households whose amount changes</th>
                  <th scope="col">Typical change a month</th>
                </tr>
              </thead>
              <tbody>
                {part.benefits.map((benefit) => (
                  <tr key={benefit.code}>
                    <th scope="row">{benefit.name}</th>
                    <td>
                      {count(benefit.householdsChanged)} ({share(benefit.householdsChanged, part.households - part.notWorkedOut)})
                    </td>
                    <td>{signed(benefit.typicalMonthlyChangePence)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Distribution title={chartTitle} bands={part.distribution.map((band) => ({ ...band, text: count(band.households) }))} />
        </>
      )}
    </section>
  );
}

/**
 * The impact over the real calculations held, as the API gives it under the disclosure control: every figure rounded
 * or withheld, with the reason in words. Plain words say how, so that a rounded figure is not read as exact.
 */
function StoredPart({ part }: { part: StoredImpactPart }) {
  const id = 'impact-stored';
  const title = `Real calculations still held (${part.households.withheld === null ? `about ${count(part.households.value)}` : countFigure(part.households)})`;
  const chartTitle = `${title}: households by change in benefits a month`;
  const nothingToShow = part.changed.withheld !== null;
  return (
    <section aria-labelledby={`${id}-title`} className="policy-impact__part" data-testid={id}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p>
        In total only, to protect the people who made them: counts are rounded to a multiple of 5 and amounts to a multiple of £10,000 a
        year, up or down (an amount is first moved by up to the largest single household’s change); a figure from fewer than 10 households
        is withheld, none included, and so is one that would let a withheld figure be worked out. The same households always give the same
        figures. The sample above gives exact figures.
      </p>
      {part.households.withheld === null && part.households.value === 0 ? (
        <p>No households to work out.</p>
      ) : nothingToShow ? (
        <p data-testid={`${id}-suppressed`}>
          The draft changes fewer than 10 of these households, or none, or that number is withheld, so no figure of the change is shown:
          over so few, a total could be one person’s.
        </p>
      ) : (
        <>
          <ul className="policy-plain-list" data-testid={`${id}-summary`}>
            <li>Households whose benefits change: {countFigure(part.changed)}</li>
            <li>Households that gain: {countFigure(part.gainers)}</li>
            <li>Households that lose: {countFigure(part.losers)}</li>
            <li>Total change: {moneyFigure(part.totalYearlyChangePence)} a year</li>
            <li>Could not be worked out at this date: {countFigure(part.notWorkedOut)}</li>
          </ul>
          <div className="adviser-table__scroll">
            <table className="adviser-table policy-table">
              <caption>{title}: change by benefit</caption>
              <thead>
                <tr>
                  <th scope="col">Benefit</th>
                  <th scope="col">Households changed</th>
                  <th scope="col">Total change a year</th>
                </tr>
              </thead>
              <tbody>
                {part.benefits.map((benefit) => (
                  <tr key={benefit.code}>
                    <th scope="row">{benefit.name}</th>
                    <td>{countFigure(benefit.householdsChanged)}</td>
                    <td>{moneyFigure(benefit.yearlyChangePence)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Every other benefit</th>
                  <td colSpan={2}>withheld: changed for fewer than 10 households each, or none</td>
                </tr>
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All benefits</th>
                  <td>{countFigure(part.changed)}</td>
                  <td>{moneyFigure(part.totalYearlyChangePence)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <Distribution
            title={chartTitle}
            captionMore=", and why any is withheld"
            bands={part.distribution.map((band) => ({ ...band, households: band.households.value, text: countFigure(band.households) }))}
          />
        </>
      )}
    </section>
  );
}

/**
 * Households by change a month, as a chart and as a table of the same figures (the table is what a screen reader
 * reads; a withheld figure is charted as nothing and the table says why).
 */
function Distribution({
  title,
  bands,
  captionMore = '',
}: {
  title: string;
  bands: (Omit<ImpactBand, 'households'> & { households: number | null; text: string })[];
  captionMore?: string;
}) {
  return (
    <>
      <figure className="compare-chart">
        <Suspense fallback={<LoadingSpinner />}>
          <ImpactChart bands={bands} title={title} />
        </Suspense>
        <figcaption className="visually-hidden">
          {title}; the table below gives the same figures{captionMore}.
        </figcaption>
      </figure>
      <div className="adviser-table__scroll">
        <table className="adviser-table policy-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Change a month</th>
              <th scope="col">Households</th>
            </tr>
          </thead>
          <tbody>
            {bands.map((band) => (
              <tr key={band.label}>
                <th scope="row">{band.label}</th>
                <td>{band.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
