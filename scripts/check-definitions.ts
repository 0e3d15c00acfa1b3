/**
 * `npm run definitions:check`: checks what policy staff edit, without a database or a build, printing each
 * problem (and exiting 1) or a one-line summary per part:
 * - the questionnaire in `definitions/survey/` (the server's own checks, api/src/survey/survey-definitions.ts);
 * - the rulesets in `rulesets/`: every parameter has dated values with sources, every rule names only facts its
 *   benefit provides and parameters that exist, every explanation template compiles (the engine's own loader);
 * - the extra help in `definitions/extra-help/`: every scheme complete, every condition naming facts that exist;
 * - the results' benefit guide (`definitions/results/benefits.json`) and the better-off questions
 *   (`definitions/better-off/better-off.json`): the loaders the API starts with.
 */
import { resolve } from 'node:path';
import { checkSurveyDefinition, definitionFilesIn, definitionsCheckReport } from '../api/src/survey/survey-definitions.js';
import { loadEntitlementEngine } from '../common/calculation/load.js';
import { loadBetterOffPage } from '../api/src/results/better-off-questions.js';
import { loadBenefitGuide } from '../api/src/results/results.module.js';

const definitionsDir = resolve(process.argv[2] ?? 'definitions');
const survey = definitionsCheckReport(checkSurveyDefinition(definitionFilesIn(definitionsDir)));
for (const line of survey.lines) (survey.ok ? console.log : console.error)(line);

let rulesetsOk = true;
try {
  const engine = loadEntitlementEngine();
  const rules = engine.calculators.length;
  console.log(`${engine.parameters.names.length} parameters, ${rules} rulesets and the extra help: all good`);
} catch (error) {
  rulesetsOk = false;
  console.error((error as Error).message);
}
let resultsOk = true;
try {
  const guide = loadBenefitGuide(definitionsDir);
  const betterOff = loadBetterOffPage(definitionsDir);
  console.log(`How to claim ${Object.keys(guide.benefits).length} benefits and ${betterOff.questions.length} better-off questions: all good`);
} catch (error) {
  resultsOk = false;
  console.error((error as Error).message);
}
process.exitCode = survey.ok && rulesetsOk && resultsOk ? 0 : 1;
