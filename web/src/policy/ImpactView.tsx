import { lazy, Suspense } from 'react';
import { formatAmount } from '../../../common/money';
import { IMPACT_SMALL_COUNT, type ImpactPart, type ImpactReport } from '../../../common/policy/model';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { longDate } from './policy-text';

// ApexCharts is big: it loads only once an impact is on screen.
const ImpactChart = lazy(() => import('./ImpactChart'));

/** +£1.00, -£2.50 or £0.00: a change always shows its sign. */
export function signed(pence: number): string {
  return pence > 0 ? `+${formatAmount(pence)}` : formatAmount(pence);
}

const count = (value: number) => value.toLocaleString('en-GB');

/** The impact of a change set at a date: the reproducible sample, then the real calculations held (in aggregate). */
export default function ImpactView({ report }: { report: ImpactReport }) {
  return (
    <div className="policy-impact" data-testid="impact">
      <p>
        Worked out at {longDate(report.date)} (run {new Date(report.ranAt).toLocaleString('en-GB', { timeZone: 'Europe/London' })}).
      </p>
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
      <Part
        id="impact-stored"
        title={`Real calculations still held (${count(report.stored.households)})`}
        part={report.stored}
        note="In total only: no calculation is shown on its own."
      />
    </div>
  );
}

function Part({ id, title, part, note }: { id: string; title: string; part: ImpactPart; note: string }) {
  const chartTitle = `${title}: households by change in benefits a month`;
  return (
    <section aria-labelledby={`${id}-title`} className="policy-impact__part" data-testid={id}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p>{note}</p>
      {part.households === 0 ? (
        <p>No households to work out.</p>
      ) : part.suppressed ? (
        <p data-testid={`${id}-suppressed`}>
          Fewer than {IMPACT_SMALL_COUNT} of these calculations could be worked out, so no figures are shown: over so few, a total would be
          one person’s.
        </p>
      ) : (
        <>
          <p>
            {count(part.changed)} {part.changed === 1 ? 'household changes' : 'households change'}: {count(part.gainers)} gain and{' '}
            {count(part.losers)} lose. In total {signed(part.totalYearlyChangePence)} a year.
            {part.notWorkedOut > 0 && ` ${count(part.notWorkedOut)} could not be worked out at this date.`}
          </p>
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
                    <td>{count(benefit.householdsChanged)}</td>
                    <td>{signed(benefit.yearlyChangePence)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All benefits</th>
                  <td>{count(part.changed)}</td>
                  <td>{signed(part.totalYearlyChangePence)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <figure className="compare-chart">
            <Suspense fallback={<LoadingSpinner />}>
              <ImpactChart bands={part.distribution} title={chartTitle} />
            </Suspense>
            <figcaption className="visually-hidden">{chartTitle}; the table below gives the same figures.</figcaption>
          </figure>
          <div className="adviser-table__scroll">
            <table className="adviser-table policy-table">
              <caption>{chartTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">Change a month</th>
                  <th scope="col">Households</th>
                </tr>
              </thead>
              <tbody>
                {part.distribution.map((band) => (
                  <tr key={band.label}>
                    <th scope="row">{band.label}</th>
                    <td>{count(band.households)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
