import type { ResultOneOffPayment } from '../../../common/result/model';
import { formatAmount } from '../../../common/money';
import { DEPENDS_ON_RIGHT_TO_RESIDE } from './RightToResideNote';
import { BenefitDetails } from './BenefitBlocks';

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
            <BenefitDetails
              name={payment.benefitName}
              messages={payment.messages}
              howToClaim={payment.howToClaim.message}
              link={payment.link}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
