import { describe, expect, it } from '@jest/globals';
import { loadEntitlementEngine } from '../load.js';
import { CalculationOutOfRangeError } from './entitlement-engine.js';
import { normaliseHousehold } from './normalise.js';

/**
 * After the last date the rates held cover (31 March 2027 in the files), results must not stop while next year's
 * rates are still to be added (issue 30): a caller who asks for the last rates held gets the figures with the rates,
 * rent tables and council schemes of that last date, ages on the date asked, and a mark that says so.
 */

const engine = loadEntitlementEngine();
const LAST_HELD = engine.parameters.ratesHeldUntil;
const LAST_RATES = { afterRatesHeld: 'last-rates-held' } as const;

/** A private renter in Manchester with a child: Universal Credit with its Local Housing Allowance, Child Benefit, council tax. */
const RENTER = normaliseHousehold({
  country: 'ENGLAND',
  localAuthority: 'E08000003',
  adults: [{ dateOfBirth: '1990-04-10', earnings: { amount: 900, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 16 }],
  children: [{ dateOfBirth: '2019-06-01', sex: 'FEMALE', disability: 'NONE' }],
  housing: { tenure: 'PRIVATE_RENT', rent: { amount: 850, period: 'MONTH' }, councilTax: { band: 'B', annualCharge: null, liable: true } },
});

describe('a date after the rates held, with the last rates held', () => {
  it('the files hold rates to 31 March 2027 (the dates below are chosen round it)', () => {
    expect(LAST_HELD).toBe('2027-03-31');
  });

  it('is refused unless the caller asks for the last rates held', () => {
    expect(() => engine.calculateSync(RENTER, '2027-04-12')).toThrow(CalculationOutOfRangeError);
    expect(() => engine.calculateSync(RENTER, '2027-04-12', { afterRatesHeld: 'refuse' })).toThrow(/run to 2027-03-31/);
  });

  it('gives the last date held’s figures, marked, with the tax year of the rates used', () => {
    const onLastDate = engine.calculateSync(RENTER, LAST_HELD);
    const after = engine.calculateSync(RENTER, '2027-04-12', LAST_RATES);
    expect(onLastDate.lastRatesHeld).toBeNull();
    expect(after.lastRatesHeld).toEqual({ ratesDate: LAST_HELD });
    expect(after.date).toBe('2027-04-12');
    expect(after.rulesVersion).toBe('2026-27');
    expect(after.totals).toEqual(onLastDate.totals);
    expect(after.benefits.map(({ code, eligible, weeklyPence, monthlyPence }) => ({ code, eligible, weeklyPence, monthlyPence }))).toEqual(
      onLastDate.benefits.map(({ code, eligible, weeklyPence, monthlyPence }) => ({ code, eligible, weeklyPence, monthlyPence })),
    );
    // The rent table and the council's Band D of the last year held were read, not refused for 2027/28.
    expect(after.localHousingAllowance).toEqual(onLastDate.localHousingAllowance);
    expect(after.benefits.find((benefit) => benefit.code === 'UNIVERSAL_CREDIT')?.eligible).toBe(true);
    // Every rate cited is one in force on the last date held.
    for (const benefit of after.benefits) for (const parameter of benefit.parameters) expect(parameter.from <= LAST_HELD).toBe(true);
    expect(after.extraHelp).toEqual(onLastDate.extraHelp);
  });

  it('takes ages on the date asked, not on the last date held', () => {
    // Born on 10 April 1990: 36 on 31 March 2027, 37 on 12 April 2027.
    expect(engine.calculateSync(RENTER, LAST_HELD).facts.adults[0]!.age).toBe(36);
    expect(engine.calculateSync(RENTER, '2027-04-12', LAST_RATES).facts.adults[0]!.age).toBe(37);
  });

  it('leaves a date the rates held cover as it was', () => {
    const plain = engine.calculateSync(RENTER, '2026-11-29');
    expect(engine.calculateSync(RENTER, '2026-11-29', LAST_RATES)).toEqual(plain);
    expect(plain.lastRatesHeld).toBeNull();
  });

  it('covers a year after the last date held, and no more', () => {
    expect(engine.calculateSync(RENTER, '2028-03-31', LAST_RATES).lastRatesHeld).toEqual({ ratesDate: LAST_HELD });
    expect(() => engine.calculateSync(RENTER, '2028-04-01', LAST_RATES)).toThrow(/at most a year after \(to 2028-03-31\)/);
  });

  it('still refuses a date before the rates held start', () => {
    expect(() => engine.calculateSync(RENTER, '2001-04-06', LAST_RATES)).toThrow(/start on/);
  });
});
