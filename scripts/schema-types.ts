import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { format, resolveConfig } from 'prettier';

/**
 * The TypeScript types of the calculation request, written from its JSON Schema
 * (`definitions/schemas/calculation-request.schema.json`), so that the schema is the one source of the contract:
 * `npm run schemas:types` writes them to `engine/schemas/calculation-request.types.ts`, and
 * `scripts/schema-types.spec.ts` fails when the checked-in file is not what the schema gives today.
 */

export const SCHEMA_FILE = 'definitions/schemas/calculation-request.schema.json';
export const TYPES_FILE = 'engine/schemas/calculation-request.types.ts';

const HEADER = `// Generated from ${SCHEMA_FILE} by \`npm run schemas:types\` (scripts/schema-types.ts): do not edit by hand.
// Change the schema and run \`npm run schemas:types\`; scripts/schema-types.spec.ts fails when this file is out of date.`;

type SchemaNode = { [key: string]: unknown };

const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The schema as json-schema-to-typescript should read it: each of `$defs` is titled with its own name (so it becomes
 * one named type: `Money`, `Country`), and a `$ref` beside other keywords keeps only its description, in an `allOf`,
 * so the type it names is used rather than copied as `Money1`, `Money2`... Validation is untouched: ajv reads the file.
 */
function namedDefinitions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(namedDefinitions);
  if (!isNode(node)) return node;
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] =
      key === '$defs' && isNode(value)
        ? Object.fromEntries(
            Object.entries(value).map(([name, definition]) => [name, { title: name, ...(namedDefinitions(definition) as SchemaNode) }]),
          )
        : namedDefinitions(value);
  }
  if (typeof copy.$ref !== 'string' || Object.keys(copy).length === 1) return copy;
  return typeof copy.description === 'string' ? { description: copy.description, allOf: [{ $ref: copy.$ref }] } : { $ref: copy.$ref };
}

/** The text of `engine/schemas/calculation-request.types.ts` as the schema gives it now, formatted by Prettier. */
export async function calculationRequestTypes(): Promise<string> {
  const schema = JSON.parse(readFileSync(resolve(SCHEMA_FILE), 'utf8')) as JSONSchema;
  const types = await compile(namedDefinitions(schema) as JSONSchema, 'CalculationRequest', {
    bannerComment: HEADER,
    // Arrays stay arrays (`Adult[]`, not `[Adult] | [Adult, Adult]`); the schema's limits are checked by ajv.
    ignoreMinAndMaxItems: true,
    additionalProperties: false,
    format: false,
    cwd: resolve('definitions/schemas'),
  });
  const prettierOptions = await resolveConfig(resolve(TYPES_FILE));
  return format(types, { ...prettierOptions, filepath: resolve(TYPES_FILE) });
}
