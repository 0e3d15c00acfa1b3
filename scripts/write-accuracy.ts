// npm run docs:accuracy: writes docs/accuracy.md, the public accuracy page, from the calculator's own data.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadEntitlementEngine } from '../engine/load.js';
import { documentedDate, readAccuracyInputs } from '../api/src/accuracy/accuracy-inputs.js';
import { accuracyMarkdown, accuracyReport } from '../api/src/accuracy/accuracy-report.js';
import { loadLocalAuthorities } from '../api/src/lookup/local-authorities.js';

const engine = loadEntitlementEngine();
const authorities = await loadLocalAuthorities(resolve('definitions'));
const file = resolve('docs/accuracy.md');
writeFileSync(file, accuracyMarkdown(accuracyReport(readAccuracyInputs(engine, documentedDate(engine), authorities.all))));
console.log(`Wrote ${file}.`);
