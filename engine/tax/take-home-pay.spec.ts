import { join } from 'node:path';
import { loadParameterSet } from '../parameters/parameter-set.js';
import { normaliseHousehold, type AdultInput } from '../core/normalise.js';
import { ParameterReader } from '../core/parameters.js';
import { deriveFacts } from '../facts.js';
import type { Country } from '../household.js';
import { RULESETS_DIR, readFilesUnder } from '../load.js';
import { selfEmployedNetProfit, takeHomePay } from './take-home-pay.js';

const parameterSet = loadParameterSet(readFilesUnder(join(RULESETS_DIR, 'parameters')));

function claimantOf(adult: AdultInput, { country = 'ENGLAND', date = '2026-11-21' }: { country?: Country; date?: string } = {}) {
  const facts = deriveFacts(normaliseHousehold({ country, adults: [{ age: 40, ...adult }], housing: { tenure: 'PRIVATE_RENT' } }), date);
  return { adult: facts.claimant, input: { facts, parameters: new ParameterReader(parameterSet, date) } };
}

describe('takeHomePay', () => {
  it('£2,000 a month gross in England, 2026/27: basic rate tax and 8% National Insurance above £12,570', () => {
    const { adult, input } = claimantOf({ earnings: { amount: 2000, period: 'MONTH', basis: 'GROSS' }, hoursPerWeek: 37 });
    // 24,000 - 12,570 = 11,430 taxable: tax 2,286.00 a year = 190.50 a month, 2,286 / 52 = 43.96 a week;
    // NI 11,430 x 8% = 914.40 a year = 76.20 a month, 914.40 / 52 = 17.58 a week.
    // Gross 461.54 a week (2,000 x 12 / 52); take-home 2,000 - 190.50 - 76.20 = 1,733.30; 461.54 - 43.96 - 17.58 = 400.00.
    expect(takeHomePay(adult, input)).toEqual({
      monthly: 173330,
      weekly: 40000,
      incomeTax: { monthly: 19050, weekly: 4396 },
      nationalInsurance: { monthly: 7620, weekly: 1758 },
      fromGross: true,
    });
  });

  it('cites every rate it used through the benefit’s parameters', () => {
    const { adult, input } = claimantOf({ earnings: { amount: 2000, period: 'MONTH', basis: 'GROSS' } });
    takeHomePay(adult, input);
    const names = input.parameters.used.map((parameter) => parameter.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'gov/hmrc/income_tax/allowances/personal_allowance/amount',
        'gov/hmrc/income_tax/rates/uk/basic_rate',
        'gov/hmrc/national_insurance/class_1/thresholds/primary_threshold',
        'gov/hmrc/national_insurance/class_1/rates/employee/main',
      ]),
    );
  });

  it('a week’s earnings are annualised x 52 and each period rounded once: £300 a week', () => {
    const { adult, input } = claimantOf({ earnings: { amount: 300, period: 'WEEK', basis: 'GROSS' } });
    // 15,600 a year: tax (15,600 - 12,570) x 20% = 606.00 = 11.6538 -> 11.65 a week, 50.50 a month;
    // NI 3,030 x 8% = 242.40 = 4.6615 -> 4.66 a week, 20.20 a month. Take-home 300 - 11.65 - 4.66 = 283.69 a week.
    const pay = takeHomePay(adult, input);
    expect(pay.incomeTax).toEqual({ weekly: 1165, monthly: 5050 });
    expect(pay.nationalInsurance).toEqual({ weekly: 466, monthly: 2020 });
    expect(pay.weekly).toBe(28369);
  });

  it('earnings under the personal allowance and primary threshold pay nothing', () => {
    const { adult, input } = claimantOf({ earnings: { amount: 1000, period: 'MONTH', basis: 'GROSS' } });
    expect(takeHomePay(adult, input)).toMatchObject({ monthly: 100000, incomeTax: { monthly: 0 }, nationalInsurance: { monthly: 0 } });
  });

  it('net earnings are taken as given', () => {
    const { adult, input } = claimantOf({ earnings: { amount: 1500, period: 'MONTH', basis: 'NET' } });
    expect(takeHomePay(adult, input)).toEqual({
      monthly: 150000,
      weekly: 34615,
      incomeTax: { weekly: 0, monthly: 0 },
      nationalInsurance: { weekly: 0, monthly: 0 },
      fromGross: false,
    });
  });

  it('no earnings: nil', () => {
    const { adult, input } = claimantOf({});
    expect(takeHomePay(adult, input)).toMatchObject({ weekly: 0, monthly: 0, fromGross: false });
  });

  it('£110,000 a year: the personal allowance tapered by £1 for every £2 above £100,000, and 2% NI above £50,270', () => {
    const { adult, input } = claimantOf({ earnings: { amount: 110000, period: 'YEAR', basis: 'GROSS' } });
    // Allowance 12,570 - 10,000 / 2 = 7,570; taxable 102,430: 37,700 x 20% = 7,540 + 64,730 x 40% = 25,892
    // = 33,432 a year = 2,786.00 a month. NI 37,700 x 8% = 3,016 + 59,730 x 2% = 1,194.60 = 4,210.60 = 350.88 a month.
    const pay = takeHomePay(adult, input);
    expect(pay.incomeTax.monthly).toBe(278600);
    expect(pay.nationalInsurance.monthly).toBe(35088);
  });

  it('£150,000 a year: no allowance left and 45% above £125,140', () => {
    const { adult, input } = claimantOf({ earnings: { amount: 150000, period: 'YEAR', basis: 'GROSS' } });
    // 37,700 x 20% = 7,540 + 87,440 x 40% = 34,976 + 24,860 x 45% = 11,187 = 53,703 a year = 4,475.25 a month.
    expect(takeHomePay(adult, input).incomeTax.monthly).toBe(447525);
  });

  it('Scotland 2026/27, £30,000 a year: starter, basic and intermediate rates', () => {
    const { adult, input } = claimantOf({ earnings: { amount: 30000, period: 'YEAR', basis: 'GROSS' } }, { country: 'SCOTLAND' });
    // Taxable 17,430: 3,967 x 19% = 753.73 + 12,989 x 20% = 2,597.80 + 474 x 21% = 99.54 = 3,451.07 a year
    // = 287.589 -> 287.59 a month. NI 17,430 x 8% = 1,394.40 = 116.20. Take-home 2,500 - 287.59 - 116.20 = 2,096.21.
    const pay = takeHomePay(adult, input);
    expect(pay.incomeTax.monthly).toBe(28759);
    expect(pay.nationalInsurance.monthly).toBe(11620);
    expect(pay.monthly).toBe(209621);
  });

  it('Scotland 2025/26, £30,000 a year: that year’s bands, and a half penny rounded up', () => {
    const { adult, input } = claimantOf(
      { earnings: { amount: 30000, period: 'YEAR', basis: 'GROSS' } },
      { country: 'SCOTLAND', date: '2025-11-21' },
    );
    // 2,827 x 19% = 537.13 + 12,094 x 20% = 2,418.80 + 2,509 x 21% = 526.89 = 3,482.82 a year = 290.235 -> 290.24.
    expect(takeHomePay(adult, input).incomeTax.monthly).toBe(29024);
  });

  it('Scotland, £80,000 a year: higher (42%) and advanced (45%) rates', () => {
    const { adult, input } = claimantOf({ earnings: { amount: 80000, period: 'YEAR', basis: 'GROSS' } }, { country: 'SCOTLAND' });
    // Taxable 67,430: 753.73 + 2,597.80 + (31,092 - 16,956) 14,136 x 21% = 2,968.56 + (62,430 - 31,092) 31,338 x 42%
    // = 13,161.96 + (67,430 - 62,430) 5,000 x 45% = 2,250 = 21,732.05 a year = 1,811.004 -> 1,811.00 a month.
    expect(takeHomePay(adult, input).incomeTax.monthly).toBe(181100);
  });

  it('a 2026/27 tax year starts on 6 April: 5 April 2026 still uses the 2025/26 Scottish bands', () => {
    const earnings = { amount: 30000, period: 'YEAR', basis: 'GROSS' } as const;
    const before = claimantOf({ earnings }, { country: 'SCOTLAND', date: '2026-04-05' });
    const after = claimantOf({ earnings }, { country: 'SCOTLAND', date: '2026-04-06' });
    expect(takeHomePay(before.adult, before.input).incomeTax.monthly).toBe(29024);
    expect(takeHomePay(after.adult, after.input).incomeTax.monthly).toBe(28759);
  });
});

describe('selfEmployedNetProfit', () => {
  it('£20,000 a year profit alone: income tax and 6% Class 4', () => {
    const { adult, input } = claimantOf({ selfEmployment: { profit: { amount: 20000, period: 'YEAR' }, startUpPeriod: false } });
    // 7,430 above 12,570: tax 1,486 a year = 123.83 a month; Class 4 7,430 x 6% = 445.80 = 37.15 a month.
    // Profit 1,666.67 a month - 123.83 - 37.15 = 1,505.69; 384.62 a week - 28.58 (1,486 / 52) - 8.57 (445.80 / 52) = 347.47.
    expect(selfEmployedNetProfit(adult, input)).toEqual({
      monthly: 150569,
      weekly: 34747,
      incomeTax: { monthly: 12383, weekly: 2858 },
      nationalInsurance: { monthly: 3715, weekly: 857 },
    });
  });

  it('£60,000 a year profit: Class 4 at 2% above the upper profits limit', () => {
    const { adult, input } = claimantOf({ selfEmployment: { profit: { amount: 60000, period: 'YEAR' }, startUpPeriod: false } });
    // 37,700 x 6% = 2,262 + 9,730 x 2% = 194.60 = 2,456.60 a year = 204.7166 -> 204.72 a month.
    expect(selfEmployedNetProfit(adult, input).nationalInsurance.monthly).toBe(20472);
  });

  it('earnings and profit: the personal allowance goes to the earnings first, the profit is taxed on top', () => {
    const { adult, input } = claimantOf({
      earnings: { amount: 10000, period: 'YEAR', basis: 'GROSS' },
      selfEmployment: { profit: { amount: 10000, period: 'YEAR' }, startUpPeriod: false },
    });
    // Earnings 10,000 use 10,000 of the 12,570 allowance: no tax, no Class 1. Profit 10,000 on top: 2,570 untaxed,
    // 7,430 x 20% = 1,486 a year = 123.83 a month; Class 4 nil (profit under 12,570).
    expect(takeHomePay(adult, input).incomeTax.monthly).toBe(0);
    const profit = selfEmployedNetProfit(adult, input);
    expect(profit.incomeTax.monthly).toBe(12383);
    expect(profit.nationalInsurance.monthly).toBe(0);
  });

  it('not self-employed: nil', () => {
    const { adult, input } = claimantOf({});
    expect(selfEmployedNetProfit(adult, input)).toMatchObject({ weekly: 0, monthly: 0 });
  });
});
