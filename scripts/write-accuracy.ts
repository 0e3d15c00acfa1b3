// npm run docs:accuracy: writes docs/accuracy.md, the public accuracy page, from the calculator's own data.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadEntitlementEngine } from '../engine/load.js';
import { documentedDate, readAccuracyInputs } from '../api/src/accuracy/accuracy-inputs.js';
import { accuracyMarkdown, accuracyReport } from '../api/src/accuracy/accuracy-report.js';

const engine = loadEntitlementEngine();
const file = resolve('docs/accuracy.md');
writeFileSync(file, accuracyMarkdown(accuracyReport(readAccuracyInputs(engine, documentedDate(engine)))));
console.log(`Wrote ${file}.`);
