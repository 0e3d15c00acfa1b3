/**
 * rules:test inside `npm test`: every hand-worked case in rulesets/<benefit>/cases/ against the engine as the API
 * loads it. `npm run rules:test` runs the same cases with a report for policy staff.
 */
import { describe, expect, it } from '@jest/globals';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { readCaseFiles, runCases } from './cases.js';

const files = readCaseFiles(RULESETS_DIR);
const engine = loadEntitlementEngine();

describe('rules:test: the hand-worked cases beside each ruleset', () => {
  for (const { file, cases } of files) {
    describe(file, () => {
      for (const item of cases) {
        it(item.name, async () => {
          const { failures } = await runCases(engine, [{ file, cases: [item] }]);
          expect(failures.flatMap((failure) => [...failure.problems, ...failure.trail])).toEqual([]);
        });
      }
    });
  }
});
