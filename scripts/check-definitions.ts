/**
 * `npm run definitions:check`: checks what policy staff edit, without a database or a build, printing each
 * problem (and exiting 1) or a one-line summary per part:
 * - the questionnaire in `definitions/survey/` (the server's own checks, api/src/questionnaire/survey-definitions.ts);
 * - the rulesets in `rulesets/`: every parameter has dated values with sources, every rule names only facts its
 *   benefit provides and parameters that exist, every explanation template compiles, Council Tax Reduction's Band D
 *   and council schemes and the Local Housing Allowance files match their JSON Schemas (the engine's own loader);
 * - the extra help in `definitions/extra-help/`: every scheme complete, every condition naming facts that exist;
 * - the local authorities of `definitions/lookup/local-authorities.json` and the nations of the postcode areas of
 *   `definitions/lookup/postcode-areas.json` (the lookup's own loaders, as at start);
 * - the results' benefit guide (`definitions/results/benefits.json`), the better-off questions
 *   (`definitions/better-off/better-off.json`) and the PDF's templates (`definitions/documents/`, compiled and used
 *   to draw a sample result, so a misspelt field fails here rather than in someone's download);
 * - the change sets scheduled in `rulesets/scheduled/` (written by `rules:export`): each laid over the files, with the
 *   questionnaire, as the server will from its date.
 */
import { checkSurveyDefinition, definitionFilesIn, definitionsCheckReport } from '../api/src/questionnaire/survey-definitions.js';
import { loadEntitlementEngine } from '../engine/load.js';
import { loadBetterOffPage } from '../api/src/results/better-off-questions.js';
import { loadBenefitGuide } from '../api/src/results/results.module.js';
import { loadDocumentTemplates } from '../api/src/documents/document-templates.js';
import { renderResultPdf } from '../api/src/documents/result-pdf.js';
import { loadSiteConfig } from '../api/src/site/site-definitions.js';
import { loadLocalAuthorities } from '../api/src/lookup/local-authorities.js';
import { loadPostcodeAreas } from '../api/src/lookup/postcode-areas.js';
import { RESULT_BOTH_SYSTEMS } from '../test/fixtures/result.js';
import { join, resolve } from 'node:path';
import { applyChangeSet } from '../engine/policy/edits.js';
import { readScheduledChanges } from '../engine/policy/export.js';
import { diskFiles } from '../engine/source-files.js';
import { surveyProblemsOf } from '../api/src/questionnaire/survey-definitions.js';

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
let scheduledOk = true;
try {
  const files = diskFiles();
  const scheduled = readScheduledChanges(files).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  // Each from its date, over the files and every change scheduled before it, as the rules versions lay them.
  for (const [index, change] of scheduled.entries()) {
    const { problems } = applyChangeSet(
      files,
      scheduled.slice(0, index + 1).flatMap((set) => set.edits),
      { moreChecks: surveyProblemsOf },
    );
    for (const problem of problems)
      console.error(`rulesets/scheduled change set ${change.id} (from ${change.effectiveFrom}): ${problem.message}`);
    scheduledOk &&= problems.length === 0;
  }
  if (scheduledOk) console.log(`${scheduled.length} scheduled change set(s) in rulesets/scheduled/: all good`);
} catch (error) {
  scheduledOk = false;
  console.error((error as Error).message);
}
let lookupOk = true;
try {
  const authorities = await loadLocalAuthorities(definitionsDir);
  const areas = await loadPostcodeAreas(definitionsDir);
  console.log(`${authorities.all.length} local authorities and ${areas.areasByNation.size} postcode areas each in one nation: all good`);
} catch (error) {
  lookupOk = false;
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
process.exitCode = survey.ok && rulesetsOk && scheduledOk && lookupOk && resultsOk ? 0 : 1;
