/**
 * `npm run rules:test`: runs every hand-worked case in `rulesets/<benefit>/cases/` against the engine as the API
 * loads it, and prints, for each failure, what differs and the rules and parameters behind the figure, so policy
 * staff can see which rule or rate to look at. `npm run rules:test -- universal-credit` runs one folder's cases.
 * Exits 1 when any case fails (or a ruleset does not load).
 */
import { readCaseFiles, runCases } from '../engine/core/cases.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../engine/load.js';

const folders = process.argv.slice(2);
const engine = loadEntitlementEngine();
const files = readCaseFiles(RULESETS_DIR, folders.length > 0 ? folders : undefined);
const { total, failures } = await runCases(engine, files);

for (const failure of failures) {
  console.error(`\nFAIL ${failure.file}: ${failure.name}`);
  for (const problem of failure.problems) console.error(`  - ${problem}`);
  for (const line of failure.trail) console.error(`    ${line}`);
}
const perFile = files.map(({ file, cases }) => `${file}: ${cases.length}`).join('\n  ');
console.log(`\nCases by file:\n  ${perFile}`);
console.log(`\nrules:test: ${total - failures.length} passed, ${failures.length} failed`);
process.exitCode = failures.length > 0 ? 1 : 0;
