import { useEffect, useRef } from 'react';
import type { ResultBenefit, ResultElement } from '../../../common/result/model';
import { formatMoney, inPeriod, type Period } from './money';

export const BREAKDOWN_TITLE = 'How your Universal Credit is worked out';
export const NO_BREAKDOWN = 'No universal credit breakdown found for this calculation';
export const BACK_TO_RESULT = 'Back to your result';

interface Row {
  label: string;
  now: number;
  after: number;
  kind: 'total' | 'item';
}

function money(weekly: number, monthly: number, period: Period): number {
  return inPeriod(weekly, monthly, period);
}

function itemRows(items: ResultElement[], period: Period): Row[] {
  return items.map((item) => ({
    label: item.name,
    now: money(item.weeklyPayment, item.monthlyPayment, period),
    after: money(item.betterOffWeeklyPayment, item.betterOffMonthlyPayment, period),
    kind: 'item',
  }));
}

/** The rows of the Universal Credit breakdown, in order: the maximum and its elements, the deductions, then the total. */
export function breakdownRows(benefit: ResultBenefit, period: Period): Row[] {
  return [
    {
      label: 'Maximum Universal Credit before deductions',
      now: money(benefit.elementsWeeklyTotal, benefit.elementsMonthlyTotal, period),
      after: money(benefit.betterOffElementsWeeklyTotal, benefit.betterOffElementsMonthlyTotal, period),
      kind: 'total',
    },
    ...itemRows(benefit.elements, period),
    {
      label: 'Total deductions',
      now: money(benefit.deductionsWeeklyTotal, benefit.deductionsMonthlyTotal, period),
      after: money(benefit.betterOffDeductionsWeeklyTotal, benefit.betterOffDeductionsMonthlyTotal, period),
      kind: 'total',
    },
    ...itemRows(benefit.deductions, period),
    {
      label: 'Total Universal Credit',
      now: money(benefit.paymentWeeklyTotal, benefit.paymentMonthlyTotal, period),
      after: money(benefit.betterOffPaymentWeeklyTotal, benefit.betterOffPaymentMonthlyTotal, period),
      kind: 'total',
    },
  ];
}

/**
 * The Universal Credit breakdown: the elements that make up the most it could be, what is taken off,
 * and what is left. Monthly, as Universal Credit is. Focus moves to its heading on opening.
 */
export function UniversalCreditBreakdown({
  benefit,
  period,
  isBetterOff,
  onBack,
}: {
  benefit: ResultBenefit | undefined;
  period: Period;
  isBetterOff: boolean;
  onBack(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section id="universal-credit-breakdown" className="result-block" aria-labelledby="universal-credit-breakdown-title">
      <h2 id="universal-credit-breakdown-title" className="result-block__title" ref={heading} tabIndex={-1}>
        {BREAKDOWN_TITLE}
      </h2>
      {benefit ? (
        <table className="breakdown-table">
          <caption className="visually-hidden">Universal Credit {period === 'monthly' ? 'per month' : 'per week'}</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">{isBetterOff ? 'Now' : 'Amount'}</th>
              {isBetterOff && <th scope="col">After the change</th>}
            </tr>
          </thead>
          <tbody>
            {breakdownRows(benefit, period).map((row, index) => (
              <tr key={`${row.label}-${index}`} className={`breakdown-table__${row.kind}`}>
                <th scope="row">{row.label}</th>
                <td>{formatMoney(row.now, period)}</td>
                {isBetterOff && <td>{formatMoney(row.after, period)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{NO_BREAKDOWN}</p>
      )}
      <p>
        <button type="button" className="button button--secondary" onClick={onBack}>
          {BACK_TO_RESULT}
        </button>
      </p>
    </section>
  );
}
