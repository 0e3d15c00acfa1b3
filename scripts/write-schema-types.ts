// npm run schemas:types: writes engine/schemas/calculation-request.types.ts from the calculation request's JSON Schema.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { calculationRequestTypes, TYPES_FILE } from './schema-types.js';

const file = resolve(TYPES_FILE);
writeFileSync(file, await calculationRequestTypes());
console.log(`Wrote ${file}.`);
