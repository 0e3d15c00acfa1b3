import { describe, expect, it } from '@jest/globals';
import type { EntitlementEngine, Entitlements } from '../../../engine/core/entitlement-engine.js';
import { loadEntitlementEngine } from '../../../engine/load.js';
import { lastDateHeld, ratesRunway } from './rates-runway.js';

/** The files hold rates to 31 March 2027 (rulesets/parameters/rates-held.json). */
const engine = loadEntitlementEngine();

describe('how long the rates held last', () => {
  it('is simply held more than 60 days before the last date held', () => {
    expect(ratesRunway(engine, '2026-11-29')).toEqual({
      state: 'held',
      lastDateHeld: '2027-03-31',
      daysLeft: 122,
      message: 'The benefit rates held run to 31 March 2027.',
    });
  });

  it('runs out from 60 days before, with the date in words and what to do', () => {
    expect(ratesRunway(engine, '2027-01-29').state).toBe('held');
    expect(ratesRunway(engine, '2027-01-30')).toEqual({
      state: 'running-out',
      lastDateHeld: '2027-03-31',
      daysLeft: 60,
      message:
        "The benefit rates held run out on 31 March 2027, in 60 days. Publish next year's rates before then; after it, results use the last rates held and say so.",
    });
    expect(ratesRunway(engine, '2027-03-30').message).toContain('31 March 2027, tomorrow.');
    expect(ratesRunway(engine, '2027-03-31').message).toContain('31 March 2027, today.');
  });

  it('uses the last rates held for a year after the last date, then has run out', () => {
    expect(ratesRunway(engine, '2027-04-01')).toMatchObject({ state: 'last-rates-held', daysLeft: -1 });
    expect(ratesRunway(engine, '2028-03-31').state).toBe('last-rates-held');
    expect(ratesRunway(engine, '2028-04-01')).toMatchObject({ state: 'ran-out', daysLeft: -367 });
  });

  it('counts a published change set that adds next year: the last date held is that of the version after the files’', () => {
    // Rules versions where the change set in force from 1 April 2027 holds rates to 31 March 2028.
    const versionOn = (date: string) => ({ parameters: { ratesHeldUntil: date >= '2027-04-01' ? '2028-03-31' : '2027-03-31' } });
    const versions = {
      parameters: { ratesHeldUntil: '2027-03-31' },
      engineOn: (date: string) => versionOn(date) as unknown as EntitlementEngine,
    } as unknown as Entitlements;
    expect(lastDateHeld(versions)).toBe('2028-03-31');
    expect(ratesRunway(versions, '2027-03-01')).toMatchObject({ state: 'held', lastDateHeld: '2028-03-31' });
  });

  it('counts next year published from a later date than the day after the last held (Monday 12 April 2027)', () => {
    const versionOn = (date: string) => ({ parameters: { ratesHeldUntil: date >= '2027-04-12' ? '2028-03-31' : '2027-03-31' } });
    const versions = {
      parameters: { ratesHeldUntil: '2027-03-31' },
      engineOn: (date: string) => versionOn(date) as unknown as EntitlementEngine,
      publishedSets: [{ effectiveFrom: '2026-10-01' }, { effectiveFrom: '2027-04-12' }],
    } as unknown as Entitlements;
    expect(lastDateHeld(versions)).toBe('2028-03-31');
    // Without the change set's date to ask, the day after the last held finds nothing further.
    expect(lastDateHeld({ ...versions, publishedSets: [] } as unknown as Entitlements)).toBe('2027-03-31');
  });
});
