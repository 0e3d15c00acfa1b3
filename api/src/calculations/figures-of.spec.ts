import { describe, expect, it } from '@jest/globals';
import { normaliseHousehold } from '../../../engine/core/normalise.js';
import { loadEntitlementEngine } from '../../../engine/load.js';
import { figuresOf } from './household-of.js';

const engine = loadEntitlementEngine();
const LONE_PARENT = normaliseHousehold({
  country: 'ENGLAND',
  localAuthority: 'E08000003',
  adults: [{ dateOfBirth: '1990-06-01', earnings: { amount: 700, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 16 }],
  children: [{ dateOfBirth: '2019-06-01', sex: 'FEMALE', disability: 'NONE' }],
  housing: { tenure: 'SOCIAL_RENT', rent: { amount: 500, period: 'MONTH' } },
});

describe('the figures of a kept calculation on the day it was saved', () => {
  it('are, after the last date the rates held cover, the ones its results showed: the last rates held', () => {
    // Saved on 12 April 2027, when the results page used the last rates held (31 March 2027's).
    expect(figuresOf(engine, LONE_PARENT, '2027-04-12')).toBe('rates-not-held');
    const shown = figuresOf(engine, LONE_PARENT, '2027-04-12', { asShown: true });
    const lastDate = figuresOf(engine, LONE_PARENT, '2027-03-31');
    expect(shown).not.toBe('rates-not-held');
    expect(shown).toEqual(lastDate);
  });

  it('are the same either way while the rates held cover the date', () => {
    expect(figuresOf(engine, LONE_PARENT, '2026-11-29', { asShown: true })).toEqual(figuresOf(engine, LONE_PARENT, '2026-11-29'));
  });
});
