/**
 * rules:test inside `npm test`, and the only place `npm test` runs the hand-worked cases: every case in
 * rulesets/<benefit>/cases/, once, against the whole engine as the API loads it. `npm run rules:test` runs the same
 * cases on its own with a report for policy staff (the rules that held and every rate used); the benefits' own specs
 * test what the cases cannot reach.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { parameterCoverage, readCaseFiles, runCases } from './cases.js';

const files = readCaseFiles(RULESETS_DIR);
const engine = loadEntitlementEngine();
/**
 * Every case run once, before any test reads it: each case's test then looks at its own run, and the coverage check
 * at the parameters all of them read, whatever order the tests run in.
 */
let run: Awaited<ReturnType<typeof runCases>>;

/** The fewest hand-worked cases each benefit's folder may hold, so that a case file lost or emptied fails. */
const FEWEST_CASES: Record<string, number> = {
  'attendance-allowance': 3,
  'carers-allowance': 3,
  'council-tax-reduction': 12,
  dla: 3,
  'housing-benefit': 12,
  'new-style-esa': 3,
  'new-style-jsa': 3,
  'pension-credit': 14,
  pip: 3,
  'scottish-child-payment': 2,
  'universal-credit': 60,
  'winter-fuel-payment': 6,
};

describe('rules:test: the hand-worked cases beside each ruleset', () => {
  beforeAll(async () => {
    run = await runCases(engine, files);
  });

  it('keeps each benefit’s hand-worked cases', () => {
    const counted = new Map<string, number>();
    for (const { file, cases } of files) counted.set(file.split('/')[0]!, (counted.get(file.split('/')[0]!) ?? 0) + cases.length);
    const tooFew = Object.entries(FEWEST_CASES)
      .filter(([folder, fewest]) => (counted.get(folder) ?? 0) < fewest)
      .map(([folder, fewest]) => `${folder}: ${counted.get(folder) ?? 0} cases, fewer than ${fewest}`);
    expect(tooFew).toEqual([]);
  });

  for (const { file, cases } of files) {
    describe(file, () => {
      for (const item of cases) {
        it(item.name, () => {
          const failures = run.failures.filter((failure) => failure.file === file && failure.name === item.name);
          expect(failures.flatMap((failure) => [...failure.problems, ...failure.trail])).toEqual([]);
        });
      }
    });
  }

  // `npm run rules:test -- --coverage` in `npm test`: a rate no hand-worked case reads is a rate nothing checks.
  it('reads every parameter in at least one case', () => {
    expect(parameterCoverage(engine.parameters.names, run.reads).unread).toEqual([]);
  });
});
