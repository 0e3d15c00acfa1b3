import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { calculationRequestTypes, SCHEMA_FILE, TYPES_FILE } from './schema-types.js';

describe('the calculation request types', () => {
  it(`are what ${SCHEMA_FILE} gives now`, async () => {
    const isUpToDate = readFileSync(resolve(TYPES_FILE), 'utf8') === (await calculationRequestTypes());
    expect(isUpToDate ? 'up to date' : `${TYPES_FILE} is out of date: run \`npm run schemas:types\` and commit the file.`).toBe(
      'up to date',
    );
  });
});
