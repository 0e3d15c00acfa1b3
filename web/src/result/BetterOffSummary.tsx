import type { ResultBenefits } from '../../../common/result/model';
import { formatMoney, inPeriod, type Period } from './money';

export const BETTER_OFF_SUMMARY_TITLE = 'If your circumstances changed';

type System = 'lb' | 'uc';

const SYSTEM_NAMES: Record<System, string> = {
  lb: 'Under legacy benefits and pension age benefits',
  uc: 'Under Universal Credit',
};

/** One figure of a system, now and after the change, in the period shown. */
function figure(benefits: ResultBenefits, system: System, part: '' | 'Income' | 'OtherIncome', isAfter: boolean, period: Period): number {
  const name = (suffix: 'Weekly' | 'Monthly') => `${system}${isAfter ? 'BetterOff' : ''}${part}${suffix}` as keyof ResultBenefits;
  return inPeriod(benefits[name('Weekly')] as number, benefits[name('Monthly')] as number, period);
}

function SystemTable({ benefits, system, period }: { benefits: ResultBenefits; system: System; period: Period }) {
  const rows: { label: string; part: '' | 'Income' | 'OtherIncome' }[] = [
    { label: 'Benefits', part: '' },
    { label: 'Take-home pay', part: 'Income' },
    { label: 'Other income', part: 'OtherIncome' },
  ];
  const total = (isAfter: boolean) => rows.reduce((sum, row) => sum + figure(benefits, system, row.part, isAfter, period), 0);
  return (
    <table className="better-off-table">
      <caption>{SYSTEM_NAMES[system]}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">Now</th>
          <th scope="col">After the change</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{formatMoney(figure(benefits, system, row.part, false, period), period)}</td>
            <td>{formatMoney(figure(benefits, system, row.part, true, period), period)}</td>
          </tr>
        ))}
        <tr className="better-off-table__total">
          <th scope="row">Total income</th>
          <td>{formatMoney(total(false), period)}</td>
          <td>{formatMoney(total(true), period)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * Better-off mode: how much better or worse off the household would be, in the
 * server's words, and its income now against after the change for each system on screen.
 */
export function BetterOffSummary({ benefits, period, systems }: { benefits: ResultBenefits; period: Period; systems: System[] }) {
  const message = inPeriod(benefits.betterOffMessageWeekly, benefits.betterOffMessageMonthly, period);
  return (
    <section id="better-off-summary" className="result-card result-card--highlight" aria-labelledby="better-off-summary-title">
      <h2 id="better-off-summary-title" className="result-card__title">
        {BETTER_OFF_SUMMARY_TITLE}
      </h2>
      {message && <p className="better-off-summary__message">{message}</p>}
      {systems.map((system) => (
        <SystemTable key={system} benefits={benefits} system={system} period={period} />
      ))}
    </section>
  );
}
