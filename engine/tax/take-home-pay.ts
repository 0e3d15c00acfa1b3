import type { CalculationInput } from '../core/benefit.js';
import type { ParameterReader } from '../core/parameters.js';
import type { AdultFacts, PeriodPence } from '../facts.js';
import { moneyIn, scalePence, type Pence } from '../../common/money.js';

/**
 * Income tax and employee/self-employed National Insurance, for the benefits that count income after tax (Universal
 * Credit, Pension Credit, Housing Benefit, Carer's Allowance's earnings limit). It is shared arithmetic, not a
 * benefit: it has no ruleset, and reads every rate through the calling benefit's `parameters`, so each rate used is
 * cited in that benefit's result.
 *
 * How it approximates PAYE and self-assessment (said in the benefits' READMEs where it matters):
 * - Earnings and profit are annualised (a week x 52, a month x 12) and taxed as a whole tax year's income with the
 *   bands of the tax year of the date asked (the parameters change on 6 April). Cumulative PAYE, tax codes, pension
 *   contributions, benefits in kind and the Class 1 weekly/monthly earnings periods are not modelled.
 * - Only earnings and self-employed profit count towards the personal allowance taper (adjusted net income);
 *   pensions and other taxable income are left out.
 * - With both earnings and profit, the earnings are taxed first (they get the personal allowance and the lowest
 *   bands) and the profit is taxed on top. Class 1 is worked out on the earnings and Class 4 on the profit, each
 *   on its own, as the law does (the annual maximum across classes is not applied).
 * - Scottish rates apply when the household lives in Scotland (a Scottish taxpayer lives there).
 *
 * Rounding: a year's tax is the sum of each band's slice (whole pence) times its rate (basis points), an exact
 * figure; the weekly and monthly figures are that exact figure / 52 or / 12, rounded once to the penny.
 */

export interface TakeHomePay {
  weekly: Pence;
  monthly: Pence;
  incomeTax: PeriodPence;
  nationalInsurance: PeriodPence;
  /** True when worked out from gross earnings; false when the earnings were given net (or there are none). */
  fromGross: boolean;
}

export interface SelfEmployedNetProfit {
  weekly: Pence;
  monthly: Pence;
  incomeTax: PeriodPence;
  nationalInsurance: PeriodPence;
}

/** What the arithmetic reads: the household's country and the rates on the date asked. */
export type TaxInput = Pick<CalculationInput, 'facts' | 'parameters'>;

const BASIS_POINTS_WHOLE = 10000;

/** One tax band: its rate, and the taxable income a year it runs up to (null: no upper limit). */
interface Band {
  rate: number;
  upTo: Pence | null;
}

const NO_TAX: PeriodPence = { weekly: 0, monthly: 0 };

function incomeTaxBands(parameters: ParameterReader, scottish: boolean): Band[] {
  if (scottish) {
    const band = (rate: string, limit: string | null): Band => ({
      rate: parameters.amount(rate),
      upTo: limit ? parameters.amount(limit) : null,
    });
    return [
      band('gov/hmrc/income_tax/rates/scotland/starter_rate', 'gov/hmrc/income_tax/rates/scotland/starter_rate_limit'),
      band('gov/hmrc/income_tax/rates/scotland/basic_rate', 'gov/hmrc/income_tax/rates/scotland/basic_rate_limit'),
      band('gov/hmrc/income_tax/rates/scotland/intermediate_rate', 'gov/hmrc/income_tax/rates/scotland/intermediate_rate_limit'),
      band('gov/hmrc/income_tax/rates/scotland/higher_rate', 'gov/hmrc/income_tax/rates/scotland/higher_rate_limit'),
      band('gov/hmrc/income_tax/rates/scotland/advanced_rate', 'gov/hmrc/income_tax/rates/scotland/advanced_rate_limit'),
      band('gov/hmrc/income_tax/rates/scotland/top_rate', null),
    ];
  }
  return [
    {
      rate: parameters.amount('gov/hmrc/income_tax/rates/uk/basic_rate'),
      upTo: parameters.amount('gov/hmrc/income_tax/rates/uk/basic_rate_limit'),
    },
    {
      rate: parameters.amount('gov/hmrc/income_tax/rates/uk/higher_rate'),
      upTo: parameters.amount('gov/hmrc/income_tax/rates/uk/higher_rate_limit'),
    },
    { rate: parameters.amount('gov/hmrc/income_tax/rates/uk/additional_rate'), upTo: null },
  ];
}

/** Pence x basis points over consecutive slices of `amount` (the first band starting at 0): exact, not yet rounded. */
function slicedCharge(amount: Pence, bands: readonly Band[]): number {
  let charge = 0;
  let from = 0;
  for (const { rate, upTo } of bands) {
    const top = upTo === null ? amount : Math.min(amount, upTo);
    if (top > from) charge += (top - from) * rate;
    if (upTo === null || amount <= upTo) break;
    from = upTo;
  }
  return charge;
}

/**
 * The personal allowance for a year's adjusted net income: reduced by half the income above the income limit
 * (ITA 2007 s35), to nil. The half of an odd penny is rounded half away from zero.
 */
function personalAllowance(parameters: ParameterReader, adjustedNetIncome: Pence): Pence {
  const allowance = parameters.amount('gov/hmrc/income_tax/allowances/personal_allowance/amount');
  const excess = adjustedNetIncome - parameters.amount('gov/hmrc/income_tax/allowances/personal_allowance/income_limit');
  if (excess <= 0) return allowance;
  const reduction = scalePence(
    excess,
    parameters.amount('gov/hmrc/income_tax/allowances/personal_allowance/reduction_rate'),
    BASIS_POINTS_WHOLE,
  );
  return Math.max(0, allowance - reduction);
}

/** Income tax (exact pence x basis points) on the slice of a year's income from `below` to `below + slice`. */
function incomeTaxOnSlice(input: TaxInput, below: Pence, slice: Pence): number {
  if (slice <= 0) return 0;
  const allowance = personalAllowance(input.parameters, below + slice);
  const bands = incomeTaxBands(input.parameters, input.facts.country === 'SCOTLAND');
  const taxable = (income: Pence) => Math.max(0, income - allowance);
  return slicedCharge(taxable(below + slice), bands) - slicedCharge(taxable(below), bands);
}

function class1Charge(parameters: ParameterReader, yearlyEarnings: Pence): number {
  const primaryThreshold = parameters.amount('gov/hmrc/national_insurance/class_1/thresholds/primary_threshold');
  const upperEarningsLimit = parameters.amount('gov/hmrc/national_insurance/class_1/thresholds/upper_earnings_limit');
  return slicedCharge(Math.max(0, yearlyEarnings - primaryThreshold), [
    { rate: parameters.amount('gov/hmrc/national_insurance/class_1/rates/employee/main'), upTo: upperEarningsLimit - primaryThreshold },
    { rate: parameters.amount('gov/hmrc/national_insurance/class_1/rates/employee/additional'), upTo: null },
  ]);
}

function class4Charge(parameters: ParameterReader, yearlyProfit: Pence): number {
  const lowerProfitsLimit = parameters.amount('gov/hmrc/national_insurance/class_4/thresholds/lower_profits_limit');
  const upperProfitsLimit = parameters.amount('gov/hmrc/national_insurance/class_4/thresholds/upper_profits_limit');
  return slicedCharge(Math.max(0, yearlyProfit - lowerProfitsLimit), [
    { rate: parameters.amount('gov/hmrc/national_insurance/class_4/rates/main'), upTo: upperProfitsLimit - lowerProfitsLimit },
    { rate: parameters.amount('gov/hmrc/national_insurance/class_4/rates/additional'), upTo: null },
  ]);
}

/** A year's charge (pence x basis points) as a week's and a month's figure, each rounded once to the penny. */
function perPeriod(yearlyCharge: number): PeriodPence {
  return { weekly: scalePence(yearlyCharge, 1, BASIS_POINTS_WHOLE * 52), monthly: scalePence(yearlyCharge, 1, BASIS_POINTS_WHOLE * 12) };
}

const yearlyEarnings = (adult: AdultFacts): Pence => moneyIn(adult.adult.earnings, 'YEAR');
const yearlyProfit = (adult: AdultFacts): Pence => Math.max(0, moneyIn(adult.adult.selfEmployment?.profit, 'YEAR'));

/**
 * An adult's earnings after income tax and employee Class 1 National Insurance. Earnings given net are taken as
 * given; earnings given gross are taxed as a year's income (see above). No earnings: all nil.
 */
export function takeHomePay(adult: AdultFacts, input: TaxInput): TakeHomePay {
  if (!adult.earnings) return { weekly: 0, monthly: 0, incomeTax: NO_TAX, nationalInsurance: NO_TAX, fromGross: false };
  if (adult.earnings.basis === 'NET') {
    return {
      weekly: adult.earnings.weekly,
      monthly: adult.earnings.monthly,
      incomeTax: NO_TAX,
      nationalInsurance: NO_TAX,
      fromGross: false,
    };
  }
  const earnings = yearlyEarnings(adult);
  // The earnings come first, so the profit (taxed on top of them) only matters through the allowance's taper.
  const allowance = personalAllowance(input.parameters, earnings + yearlyProfit(adult));
  const bands = incomeTaxBands(input.parameters, input.facts.country === 'SCOTLAND');
  const incomeTax = perPeriod(slicedCharge(Math.max(0, earnings - allowance), bands));
  const nationalInsurance = perPeriod(class1Charge(input.parameters, earnings));
  return {
    weekly: adult.earnings.weekly - incomeTax.weekly - nationalInsurance.weekly,
    monthly: adult.earnings.monthly - incomeTax.monthly - nationalInsurance.monthly,
    incomeTax,
    nationalInsurance,
    fromGross: true,
  };
}

/**
 * An adult's self-employed profit after income tax and Class 4 National Insurance. The profit given is profit
 * before tax; it is taxed on top of any earnings (gross earnings as given; earnings given net stand in for their
 * gross, which is not known). No self-employment, or a loss: all nil.
 */
export function selfEmployedNetProfit(adult: AdultFacts, input: TaxInput): SelfEmployedNetProfit {
  if (!adult.selfEmployment) return { weekly: 0, monthly: 0, incomeTax: NO_TAX, nationalInsurance: NO_TAX };
  const profit = yearlyProfit(adult);
  const incomeTax = perPeriod(incomeTaxOnSlice(input, yearlyEarnings(adult), profit));
  const nationalInsurance = perPeriod(class4Charge(input.parameters, profit));
  return {
    weekly: adult.selfEmployment.weekly - incomeTax.weekly - nationalInsurance.weekly,
    monthly: adult.selfEmployment.monthly - incomeTax.monthly - nationalInsurance.monthly,
    incomeTax,
    nationalInsurance,
  };
}
