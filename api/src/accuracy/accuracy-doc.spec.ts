import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadEntitlementEngine } from '../../../engine/load.js';
import { loadLocalAuthorities } from '../lookup/local-authorities.js';
import { documentedDate, readAccuracyInputs } from './accuracy-inputs.js';
import { accuracyMarkdown, accuracyReport } from './accuracy-report.js';

describe('docs/accuracy.md', () => {
  it('is the report the calculator gives for the last council tax year held (npm run docs:accuracy writes it)', async () => {
    const engine = loadEntitlementEngine();
    const authorities = (await loadLocalAuthorities(resolve('definitions'))).all;
    const written = readFileSync(resolve('docs/accuracy.md'), 'utf8');
    expect(written).toBe(accuracyMarkdown(accuracyReport(readAccuracyInputs(engine, documentedDate(engine), authorities))));
  });
});
