import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { applyChanges, betterOff, CircumstanceChangeError } from './better-off.js';
import { childBenefit } from './benefits/child-benefit.js';
import { Explanations } from './core/explanations.js';
import { normaliseHousehold } from './core/normalise.js';
import { loadEntitlementEngine, RULESETS_DIR } from './load.js';

// Child Benefit alone, so the figures here do not move as other benefits are added: the comparison is what is tested.
const engine = loadEntitlementEngine(RULESETS_DIR, [childBenefit]);
const sentences = Explanations.fromJson(
  'rulesets/better-off/explanations.json',
  readFileSync(`${RULESETS_DIR}/better-off/explanations.json`, 'utf8'),
);
const loneParent = normaliseHousehold({
  country: 'ENGLAND',
  adults: [{ dateOfBirth: '1992-03-01', otherIncome: [{ type: 'CHILD_MAINTENANCE', amount: 20, period: 'WEEK' }] }],
  children: [{ dateOfBirth: '2019-03-02' }],
  housing: { tenure: 'SOCIAL_RENT', rent: { amount: 110, period: 'WEEK' } },
});

describe('the better-off calculation', () => {
  it('starting work: take-home pay after income tax and National Insurance, with benefits, as it is and as it would be', async () => {
    const comparison = await betterOff(
      engine,
      sentences,
      loneParent,
      [{ startWork: { hoursPerWeek: 20, hourlyPay: 12.71 } }],
      '2026-11-21',
    );
    // 20 x 12.71 = 254.20 a week gross = 13,218.40 a year. Tax: 20% of 648.40 above the 12,570 allowance = 129.68
    // a year = 2.49 a week. Class 1 NI: 8% of 648.40 = 51.872 a year = 1.00 a week. Take-home: 250.71 a week.
    expect(comparison.income.differencePence.weekly).toBe(25071);
    expect(comparison.income.currentPence.weekly).toBe(2000 + 2705);
    expect(comparison.message.weekly).toBe('You would be £250.71 a week better off.');
    expect(comparison.benefits.UNIVERSAL_CREDIT.differencePence.weekly).toBe(0);
  });

  it('says worse off and no difference plainly', async () => {
    const working = applyChanges(loneParent, [{ earnings: { amount: 1000, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 25 }]);
    const fewerHours = await betterOff(
      engine,
      sentences,
      working,
      [{ earnings: { amount: 800, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 20 }],
      '2026-11-21',
    );
    expect(fewerHours.message.monthly).toBe('You would be £200.00 a month worse off.');
    const newRent = await betterOff(engine, sentences, loneParent, [{ rent: { amount: 120, period: 'WEEK' } }], '2026-11-21');
    expect(newRent.message.weekly).toBe('You would be no better or worse off each week.');
  });

  it('changes a copy, and refuses a change for a partner who is not there', () => {
    const changed = applyChanges(loneParent, [{ startWork: { hoursPerWeek: 16, hourlyPay: 12.21 } }]);
    expect(changed.adults[0]!.earnings).toEqual({ amount: 195.36, period: 'WEEK', basis: 'GROSS' });
    expect(loneParent.adults[0]!.earnings).toBeNull();
    expect(() => applyChanges(loneParent, [{ adult: 1, hoursPerWeek: 10 }])).toThrow(CircumstanceChangeError);
  });
});
