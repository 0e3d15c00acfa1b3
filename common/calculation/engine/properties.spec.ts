/**
 * Properties over 10,000 random valid households (seeded: a failure names the seed that makes the household again
 * with `randomHousehold(seed)`): the engine never throws, never gives NaN, fractional pence or a negative award,
 * keeps weekly and monthly figures consistent and explains every figure; more net earnings never raise Universal
 * Credit; more capital never raises any means-tested award (Pension Credit's savings credit, which the law designed
 * to reward savings, aside). The households are worked out in plain Node by
 * test/support/engine-properties.ts (Jest's sandbox runs the rules engine several times slower).
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { PropertyReport } from '../../../test/support/engine-properties.js';

const HOUSEHOLDS = 10_000;
const ROOT = resolve(import.meta.dirname, '../../..');

describe(`properties of the engine over ${HOUSEHOLDS.toLocaleString('en-GB')} random households`, () => {
  let report: PropertyReport;

  beforeAll(() => {
    const output = execFileSync(process.execPath, ['--import', './scripts/register-typescript.mjs', 'test/support/engine-properties.ts', String(HOUSEHOLDS)], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    report = JSON.parse(output) as PropertyReport;
  }, 900_000);

  it('never throws, and gives whole, non-negative, consistent figures with an explanation', () => {
    expect(report.households).toBe(HOUSEHOLDS);
    expect(report.invariantProblems).toEqual([]);
  });

  it('more net earnings never raise Universal Credit (outside the benefit cap, which the law lifts for earners)', () => {
    expect(report.earningsProblems).toEqual([]);
    // Only claimants already in paid work are given more pay: about half the households, less the capped ones.
    expect(report.earningsCompared).toBeGreaterThan(4000);
  });

  it('more capital never raises any means-tested award (for Pension Credit, the guarantee credit: the savings credit rewards savings by law)', () => {
    expect(report.capitalProblems).toEqual([]);
    expect(report.capitalCompared).toBe(HOUSEHOLDS);
  });

  it('covers every system, tenure and country', () => {
    expect(report.seen).toEqual(
      expect.arrayContaining(['UNIVERSAL_CREDIT', 'PENSION_AGE', 'PRIVATE_RENT', 'SOCIAL_RENT', 'TEMPORARY_ACCOMMODATION', 'SUPPORTED_ACCOMMODATION', 'OWNER_OCCUPIER', 'ENGLAND', 'SCOTLAND', 'WALES', 'NORTHERN_IRELAND']),
    );
  });
});
