/**
 * `npm run definitions:check`: checks what policy staff edit, without a database or a build, printing each
 * problem (and exiting 1) or a one-line summary per part:
 * - the questionnaire in `definitions/survey/` (the server's own checks, api/src/survey/survey-definitions.ts);
 * - the rulesets in `rulesets/`: every parameter has dated values with sources, every rule names only facts its
 *   benefit provides and parameters that exist, every explanation template compiles (the engine's own loader);
 * - the extra help in `definitions/extra-help/`: every scheme complete, every condition naming facts that exist;
 * - the results' benefit guide (`definitions/results/benefits.json`), the better-off questions
 *   (`definitions/better-off/better-off.json`) and the PDF's templates (`definitions/documents/`, compiled and used
 *   to draw a sample result, so a misspelt field fails here rather than in someone's download).
 */
import { checkSurveyDefinition, definitionFilesIn, definitionsCheckReport } from '../api/src/survey/survey-definitions.js';
import { loadEntitlementEngine } from '../engine/load.js';
import { loadBetterOffPage } from '../api/src/results/better-off-questions.js';
import { loadBenefitGuide } from '../api/src/results/results.module.js';
import { loadDocumentTemplates } from '../api/src/documents/document-templates.js';
import { renderResultPdf } from '../api/src/documents/result-pdf.js';
import { loadSiteConfig } from '../api/src/site/site-definitions.js';
import { RESULT_BOTH_SYSTEMS } from '../test/fixtures/result.js';
import { join, resolve } from 'node:path';

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
  const templates = loadDocumentTemplates(join(definitionsDir, 'documents'));
  const site = await loadSiteConfig(definitionsDir, null);
  for (const period of ['weekly', 'monthly'] as const)
    await renderResultPdf(RESULT_BOTH_SYSTEMS, { period, site, generatedAt: new Date(), templates });
  console.log(
    `How to claim ${Object.keys(guide.benefits).length} benefits, ${betterOff.questions.length} better-off questions and the results PDF's templates: all good`,
  );
} catch (error) {
  resultsOk = false;
  console.error((error as Error).message);
}
process.exitCode = survey.ok && rulesetsOk && resultsOk ? 0 : 1;
