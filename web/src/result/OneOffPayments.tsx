import type { ResultOneOffPayment } from '../../../common/result/model';
import { formatAmount } from '../../../common/money';
import { ExternalLink } from '../shared/ExternalLink';
import { ACCURACY_PATH } from '../accuracy/accuracy-path';
import { DEPENDS_ON_RIGHT_TO_RESIDE } from './RightToResideNote';

export const ONE_OFF_TITLE = 'One-off payments you could get';
export const ONE_OFF_INTRO = 'These are paid once, as a lump sum. They are not part of the totals above.';

const lumpSum = (pounds: number) => `${formatAmount(Math.round(pounds * 100))} once`;
/** Its amount as the list shows it: the lump sum, or why there is none yet (a funeral's costs not known). */
const amountText = (payment: ResultOneOffPayment, pounds: number) =>
  !payment.amountShown ? 'You may be entitled' : pounds > 0 ? lumpSum(pounds) : 'Not paid';

/**
 * Lump sums (a maternity grant, the Best Start Grant): each paid once, so shown apart from the weekly or monthly
 * benefits and never in their totals. In better-off mode, the amount after the change beside the amount now.
 */
export function OneOffPayments({ payments, isBetterOff }: { payments: ResultOneOffPayment[]; isBetterOff: boolean }) {
  if (payments.length === 0) return null;
  return (
    <section className="result-block" aria-labelledby="one-off-payments-title">
      <h2 id="one-off-payments-title" className="result-block__title">
        {ONE_OFF_TITLE}
      </h2>
      <p>{ONE_OFF_INTRO}</p>
      <ul className="benefit-list">
        {payments.map((payment) => (
          <li key={payment.benefitCode} className="benefit" data-benefit-code={payment.benefitCode}>
            <div className="benefit__summary">
              <h3 className="benefit__name">{payment.benefitName}</h3>
              {isBetterOff ? (
                <dl className="benefit__amounts">
                  <div>
                    <dt>Now</dt>
                    <dd>{amountText(payment, payment.amount)}</dd>
                  </div>
                  <div>
                    <dt>After the change</dt>
                    <dd>{amountText(payment, payment.betterOffAmount)}</dd>
                  </div>
                </dl>
              ) : (
                <p className="benefit__amount">{amountText(payment, payment.amount)}</p>
              )}
            </div>
            {payment.dependsOnRightToReside && <p className="benefit__condition">{DEPENDS_ON_RIGHT_TO_RESIDE}</p>}
            {payment.parts.length > 1 && (
              <ul className="benefit__parts">
                {payment.parts.map((part) => (
                  <li key={part.name}>
                    {part.name}: {formatAmount(Math.round(Math.abs(part.amount) * 100))}
                  </li>
                ))}
              </ul>
            )}
            <details className="benefit__details">
              <summary>
                How we worked this out<span className="visually-hidden">: {payment.benefitName}</span>
              </summary>
              <ul>
                {payment.messages.map((message) => (
                  <li key={message.name}>{message.message}</li>
                ))}
              </ul>
              <p className="benefit__accuracy">
                <ExternalLink href={ACCURACY_PATH}>How accurate is the calculator?</ExternalLink>
              </p>
            </details>
            <details className="benefit__details">
              <summary>
                How to claim<span className="visually-hidden">: {payment.benefitName}</span>
              </summary>
              <p>{payment.howToClaim.message}</p>
              <p>
                <ExternalLink href={payment.link}>Find out more about {payment.benefitName}</ExternalLink>
              </p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
