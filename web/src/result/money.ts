import { formatAmount } from '../../../common/money';
import { BENEFIT_TYPES, type BenefitType } from '../../../common/result/model';

/** The period amounts are shown for; also the `period` of the PDF link. */
export type Period = 'weekly' | 'monthly';

const PERIOD_WORDS: Record<Period, string> = { weekly: 'per week', monthly: 'per month' };

/**
 * Words for a benefit with no amount to show (benefit types 4, 7 and 0), and for an award of nothing:
 * Carer's Allowance overlapping a State Pension that is as high (the 'underlying entitlement', whose reasons say
 * why it is still worth claiming).
 */
export const NO_AMOUNT_TEXT = {
  mayBeEntitled: 'You may be entitled',
  onlyAfterChange: 'Only after the change',
  none: 'Not entitled',
  notPaid: 'Not paid, but worth claiming',
} as const;

/**
 * Money as the results show it: a £ sign, 2 decimal places and the period, e.g. '£1,234.50 per week'.
 * The model's amounts are pounds worked out from whole pence, so rounding to the penny only undoes binary noise.
 */
export function formatMoney(pounds: number, period: Period): string {
  return `${formatAmount(Math.round(pounds * 100))} ${PERIOD_WORDS[period]}`;
}

/** The weekly or the monthly figure of a pair. */
export function inPeriod<T>(weekly: T, monthly: T, period: Period): T {
  return period === 'weekly' ? weekly : monthly;
}

/** What a benefit's amount reads: the money, or why there is none (type 7 never has one, type 4 not before the change). */
export function benefitAmountText(type: BenefitType, weekly: number, monthly: number, period: Period): string {
  switch (type) {
    case BENEFIT_TYPES.mayBeEntitled:
      return NO_AMOUNT_TEXT.mayBeEntitled;
    case BENEFIT_TYPES.onlyAfterChange:
      return NO_AMOUNT_TEXT.onlyAfterChange;
    case BENEFIT_TYPES.none:
      return NO_AMOUNT_TEXT.none;
    default: {
      const pounds = inPeriod(weekly, monthly, period);
      return pounds === 0 ? NO_AMOUNT_TEXT.notPaid : formatMoney(pounds, period);
    }
  }
}
