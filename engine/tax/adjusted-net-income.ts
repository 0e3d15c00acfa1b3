import type { OtherIncomeType } from '../household.js';
import type { AdultFacts } from '../facts.js';
import { moneyIn, scalePence, type Pence } from '../../common/money.js';
import { takeHomePay, type TaxInput } from './take-home-pay.js';

/** Income HMRC taxes (maintenance, child maintenance and student income are not taxable): pensions and taxable benefits. */
export const TAXABLE_OTHER_INCOME: readonly OtherIncomeType[] = [
  'STATE_PENSION',
  'PRIVATE_PENSION',
  'NEW_STYLE_JSA',
  'NEW_STYLE_ESA',
  'CARERS_ALLOWANCE',
  'OTHER_UNEARNED',
];

const BASIS_POINTS_WHOLE = 10000;

/**
 * Yearly gross earnings that leave `netYearly` after income tax and Class 1 National Insurance at the rates on the
 * date, found by halving the interval (take-home pay rises with gross pay): for earnings given after tax, whose gross
 * HMRC's adjusted net income needs. An estimate: PAYE codes, benefits in kind and pension deductions are not known.
 */
export function grossFromNet(adult: AdultFacts, netYearly: Pence, input: TaxInput): Pence {
  const takeHome = (gross: Pence) =>
    takeHomePay(
      {
        ...adult,
        earnings: { weekly: Math.round(gross / 52), monthly: Math.round(gross / 12), basis: 'GROSS' },
        adult: { ...adult.adult, earnings: { amount: gross / 100, period: 'YEAR', basis: 'GROSS' } },
      },
      input,
    ).monthly * 12;
  let low = netYearly;
  let high = netYearly * 3;
  while (high - low > 100) {
    const middle = Math.floor((low + high) / 2);
    if (takeHome(middle) < netYearly) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * An adult's adjusted net income for the tax year (ITA 2007 s58): gross earnings, self-employed profit and taxable
 * other income, less personal pension contributions paid under relief at source and Gift Aid donations, each grossed
 * up at the basic rate (ITA 2007 ss24, 192, 414). Yearly, in pence, never below 0. Earnings given after tax are grossed
 * up (`grossFromNet`) only when they could reach `atLeast`: below it the gross cannot matter to the caller.
 */
export function adjustedNetIncome(adult: AdultFacts, input: TaxInput, atLeast: Pence): Pence {
  const earnings = adult.adult.earnings;
  const earningsYearly = moneyIn(earnings, 'YEAR');
  // Take-home pay is always more than 60% of gross pay at the incomes the charge reaches, so a lower net cannot get there.
  const grossEarnings =
    earnings?.basis === 'NET' && earningsYearly >= scalePence(atLeast, 6, 10) ? grossFromNet(adult, earningsYearly, input) : earningsYearly;
  const profit = Math.max(0, moneyIn(adult.adult.selfEmployment?.profit, 'YEAR'));
  const other = adult.adult.otherIncome
    .filter((income) => TAXABLE_OTHER_INCOME.includes(income.type))
    .reduce((sum, income) => sum + moneyIn(income, 'YEAR'), 0);
  const paid = moneyIn(adult.adult.pensionContributions, 'YEAR') + moneyIn(adult.adult.giftAid, 'YEAR');
  // Grossed up at the basic rate, read (and so cited) only when there is something to gross up.
  const reliefs =
    paid === 0
      ? 0
      : scalePence(paid, BASIS_POINTS_WHOLE, BASIS_POINTS_WHOLE - input.parameters.amount('gov/hmrc/income_tax/rates/uk/basic_rate'));
  return Math.max(0, grossEarnings + profit + other - reliefs);
}
