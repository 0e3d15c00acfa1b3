/**
 * `npm run rules:test`: runs every hand-worked case in `rulesets/<benefit>/cases/` against the engine as the API
 * loads it, and prints, for each failure, what differs and the rules and parameters behind the figure, so policy
 * staff can see which rule or rate to look at. `npm run rules:test -- universal-credit` runs one folder's cases.
 * `npm run rules:test -- --coverage` also prints, for each parameter, the cases that read it, and fails naming
 * every parameter no case reads.
 * Exits 1 when any case fails (or a ruleset does not load).
 */
import { parameterCoverage, readCaseFiles, runCases } from '../engine/core/cases.js';
import { RULESETS_DIR } from '../engine/load.js';
import { repositoryRulesVersions } from '../engine/policy/repository.js';

const coverage = process.argv.includes('--coverage');
const folders = process.argv.slice(2).filter((argument) => argument !== '--coverage');
const engine = repositoryRulesVersions();
const files = readCaseFiles(RULESETS_DIR, folders.length > 0 ? folders : undefined);
const { total, failures, reads } = await runCases(engine, files);

for (const failure of failures) {
  console.error(`\nFAIL ${failure.file}: ${failure.name}`);
  for (const problem of failure.problems) console.error(`  - ${problem}`);
  for (const line of failure.trail) console.error(`    ${line}`);
}
const perFile = files.map(({ file, cases }) => `${file}: ${cases.length}`).join('\n  ');
console.log(`\nCases by file:\n  ${perFile}`);
let unread: string[] = [];
if (coverage) {
  const found = parameterCoverage([...engine.parameters.names, ...engine.parameters.scaleNames], reads);
  unread = found.unread;
  console.log('\nParameters and the cases that read them:');
  for (const [name, cases] of found.byParameter)
    console.log(`  ${name}: ${cases.length} case(s)${cases.length > 0 ? `\n    ${cases.join('\n    ')}` : ''}`);
  if (unread.length > 0) console.error(`\nrules:test --coverage: ${unread.length} parameter(s) read by no case:\n  ${unread.join('\n  ')}`);
}
console.log(`\nrules:test: ${total - failures.length} passed, ${failures.length} failed`);
process.exitCode = failures.length > 0 || unread.length > 0 ? 1 : 0;
