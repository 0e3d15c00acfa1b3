/**
 * `npm run definitions:check`: checks the questionnaire definitions in `definitions/survey/` without a database
 * or a build, printing each problem (and exiting 1) or a one-line summary. The checks themselves are the
 * server's own (api/src/survey/survey-definitions.ts), which the unit tests also run on the real definitions.
 */
import { resolve } from 'node:path';
import { checkSurveyDefinition, definitionFilesIn, definitionsCheckReport } from '../api/src/survey/survey-definitions.js';

const definitionsDir = resolve(process.argv[2] ?? 'definitions');
const { ok, lines } = definitionsCheckReport(checkSurveyDefinition(definitionFilesIn(definitionsDir)));
for (const line of lines) (ok ? console.log : console.error)(line);
process.exitCode = ok ? 0 : 1;
