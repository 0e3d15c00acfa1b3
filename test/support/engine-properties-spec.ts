/**
 * The engine's property tests as a Jest suite over `households` seeded random households: the unit tier runs a few
 * hundred (`engine/core/properties.spec.ts`), the `properties` tier 10,000
 * (`test/properties/engine.properties.spec.ts`, in `npm test` and `npm run bench`). The households are worked out
 * in plain Node by test/support/engine-properties.ts (Jest's sandbox runs the rules engine several times slower);
 * a failure names the seed that makes the household again with `randomHousehold(seed)`.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { PropertyReport } from './engine-properties.js';

const ROOT = resolve(import.meta.dirname, '../..');

export function describeEngineProperties(households: number): void {
  describe(`properties of the engine over ${households.toLocaleString('en-GB')} random households`, () => {
    let report: PropertyReport;

    beforeAll(() => {
      const output = execFileSync(
        process.execPath,
        ['--import', './scripts/register-typescript.mjs', 'test/support/engine-properties.ts', String(households)],
        {
          cwd: ROOT,
          encoding: 'utf8',
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      report = JSON.parse(output) as PropertyReport;
    }, 900_000);

    it('never throws, and gives whole, non-negative, consistent figures with an explanation', () => {
      expect(report.households).toBe(households);
      expect(report.invariantProblems).toEqual([]);
    });

    it('more net earnings never raise Universal Credit (outside the benefit cap, which the law lifts for earners)', () => {
      expect(report.earningsProblems).toEqual([]);
      // Only claimants already in paid work are given more pay: about half the households, less the capped ones.
      expect(report.earningsCompared).toBeGreaterThan(households * 0.4);
    });

    it('more capital never raises any means-tested award (for Pension Credit, the guarantee credit: the savings credit rewards savings by law)', () => {
      expect(report.capitalProblems).toEqual([]);
      expect(report.capitalCompared).toBe(households);
    });

    it('covers every system, tenure and country', () => {
      expect(report.seen).toEqual(
        expect.arrayContaining([
          'UNIVERSAL_CREDIT',
          'PENSION_AGE',
          'PRIVATE_RENT',
          'SOCIAL_RENT',
          'TEMPORARY_ACCOMMODATION',
          'SUPPORTED_ACCOMMODATION',
          'OWNER_OCCUPIER',
          'ENGLAND',
          'SCOTLAND',
          'WALES',
          'NORTHERN_IRELAND',
        ]),
      );
    });
  });
}
