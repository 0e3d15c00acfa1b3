import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FieldError } from '../../common/errors.js';

/**
 * The contracts of `definitions/schemas/*.schema.json` (JSON Schema 2020-12), compiled once with ajv, and ajv's
 * errors turned into the project's `FieldError`s: one per field, with its JSON path (`household.adults[0].age`)
 * and a plain message, in the order of the schema's properties (unknown fields of an object first).
 *
 * The messages come from the schema itself, so that the contract and its words are written once:
 * - `x-errorMessage` on a schema: the message for any failure of that schema's own keywords (a string), or by
 *   keyword (`{ "type": "must be a number of pounds." }`); keywords not named get the plain default below.
 * - `x-whenMissing` on a property: what follows 'is required' when it is missing (`": a number of pounds"`);
 *   without it an enum says `: one of ...` and a boolean `: true or false`.
 * - `x-maxDecimalPlaces` (a keyword of ours): a number written with at most that many decimals (1.005 and 1e-7 are
 *   refused), checked on the number's shortest form, never by floating-point division.
 */

export const SCHEMA_DIR = resolve('definitions/schemas');

export type JsonSchema = Record<string, unknown>;

// ajv-formats is a CommonJS module whose default export is the function itself.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

/** The pattern of a number written with at most `places` decimals, made once per number of places (it is checked on every amount). */
const decimalsPatterns = new Map<number, RegExp>();
function decimalsPattern(places: number): RegExp {
  let pattern = decimalsPatterns.get(places);
  if (pattern === undefined) {
    pattern = new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`);
    decimalsPatterns.set(places, pattern);
  }
  return pattern;
}

function createAjv(): Ajv2020 {
  // allErrors: every problem at once; verbose: each error carries its schema, for the messages; ownProperties: an
  // inherited name (constructor) is never taken for a field given; strictRequired off for `if: { not: { required } }`.
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    ownProperties: true,
    strictNumbers: true,
    strict: true,
    strictRequired: false,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-errorMessage', schemaType: ['string', 'object'] });
  ajv.addKeyword({ keyword: 'x-whenMissing', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-ratesByType', schemaType: 'object' });
  ajv.addKeyword({
    keyword: 'x-maxDecimalPlaces',
    type: 'number',
    schemaType: 'number',
    errors: true,
    validate: function hasAtMostDecimals(places: number, value: number) {
      return decimalsPattern(places).test(String(value));
    },
  });
  return ajv;
}

const ajv = createAjv();

/** A schema of `definitions/schemas/`, read as JSON (for the OpenAPI document and the cross-reference checks). */
export function readSchema(name: string): JsonSchema {
  return JSON.parse(readFileSync(resolve(SCHEMA_DIR, name), 'utf8')) as JsonSchema;
}

/** What is said of a field an object's schema does not name: fixed words, or words made from the fields it takes. */
export type UnknownFieldMessage = string | ((allowed: readonly string[]) => string);

/** A contract: its schema, and a check that gives every problem of a value as FieldErrors. */
export class Contract {
  private readonly validate: ValidateFunction;

  /**
   * `unknownField`: what is said of a field the schema does not name (`is not a field this request accepts.`), or
   * a function of the fields the object does take (`is not a known field (allowed: title, url)`).
   */
  constructor(
    readonly schema: JsonSchema,
    private readonly unknownField: UnknownFieldMessage = 'is not a field this file takes.',
  ) {
    this.validate = ajv.compile(schema);
  }

  static named(name: string, unknownField?: UnknownFieldMessage): Contract {
    return new Contract(readSchema(name), unknownField);
  }

  /** Every problem with `value` (none when it is valid), one per field, in the order of the schema. */
  problems(value: unknown): FieldError[] {
    return this.problemsWith(value, []);
  }

  /**
   * The schema's problems and those found in code (cross-references, given by path segments), one per field: where
   * both name a field, the schema's is kept.
   */
  problemsWith(value: unknown, more: readonly { segments: readonly (string | number)[]; message: string }[]): FieldError[] {
    const found = this.validate(value) ? [] : schemaProblems(this.schema, value, this.validate.errors ?? [], this.unknownField);
    const extra = more.map(({ segments, message }) => ({ segments, path: pathOf(segments), message: withPath(pathOf(segments), message) }));
    return sortFieldErrors(this.schema, value, [...found, ...extra]);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// From ajv's errors to FieldErrors.

type Segment = string | number;

/** `/household/adults/0/age` as segments, an array index as a number (read from the value itself). */
function segmentsOf(pointer: string, value: unknown): Segment[] {
  if (pointer === '') return [];
  const segments: Segment[] = [];
  let at = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) {
      segments.push(Number(key));
      at = at[Number(key)];
    } else {
      segments.push(key);
      at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined;
    }
  }
  return segments;
}

/** `household.adults[0].age`; empty for the value as a whole. */
export function pathOf(segments: readonly Segment[]): string {
  return segments.reduce<string>(
    (path, segment) => (typeof segment === 'number' ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment),
    '',
  );
}

function resolveRef(root: JsonSchema, schema: JsonSchema): JsonSchema {
  let current = schema;
  while (typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    const target = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root) as JsonSchema;
    // The referring schema's own words (x-whenMissing, x-errorMessage) win over the target's.
    const { $ref: _ref, ...own } = current;
    current = { ...target, ...own };
  }
  return current;
}

/** The object schema (with `properties`) among a schema and its anyOf/oneOf branches, references followed. */
function objectSchema(root: JsonSchema, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const resolved = resolveRef(root, schema);
  if (resolved.properties || resolved.items) return resolved;
  for (const branch of [...((resolved.anyOf as JsonSchema[]) ?? []), ...((resolved.oneOf as JsonSchema[]) ?? [])]) {
    const found = objectSchema(root, branch);
    if (found) return found;
  }
  return undefined;
}

/** The schema of a property of an object schema, references followed; undefined for a field the schema does not name. */
function propertySchema(root: JsonSchema, parent: JsonSchema | undefined, key: Segment): JsonSchema | undefined {
  const object = objectSchema(root, parent);
  if (!object) return undefined;
  if (typeof key === 'number') return object.items as JsonSchema | undefined;
  const property = (object.properties as Record<string, JsonSchema> | undefined)?.[key];
  return property;
}

/**
 * Where a path comes in the order of the schema: at each depth the index of the property in `properties` (a field
 * the schema does not name comes first, in the order the value gives it) or of the item in its list.
 */
function orderKey(root: JsonSchema, value: unknown, segments: readonly Segment[]): number[] {
  const key: number[] = [];
  let schema: JsonSchema | undefined = root;
  let at = value;
  for (const segment of segments) {
    if (typeof segment === 'number') key.push(segment);
    else {
      const names = Object.keys((objectSchema(root, schema)?.properties as object | undefined) ?? {});
      const index = names.indexOf(segment);
      const given = typeof at === 'object' && at !== null ? Object.keys(at) : [];
      key.push(index >= 0 ? index : -1_000_000 + given.indexOf(segment));
    }
    schema = propertySchema(root, schema, segment);
    at = typeof at === 'object' && at !== null ? (at as Record<Segment, unknown>)[segment] : undefined;
  }
  return key;
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return a.length - b.length;
}

const listOf = (values: readonly unknown[]) => values.filter((item) => item !== null).join(', ');

/** What follows 'is required' for a property: its own x-whenMissing, or what an enum or a boolean takes. */
function whenMissing(root: JsonSchema, property: JsonSchema | undefined): string {
  if (!property) return '';
  if (typeof property['x-whenMissing'] === 'string') return property['x-whenMissing'];
  const resolved = resolveRef(root, property);
  if (Array.isArray(resolved.enum)) return `: one of ${listOf(resolved.enum)}`;
  if (resolved.type === 'boolean') return ': true or false';
  return '';
}

/** The plain message of a failed keyword, after the path; undefined for the errors that only wrap others. */
function defaultMessage(error: ErrorObject): string | undefined {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      if (params.type === 'null') return undefined; // the null branch of a nullable field: the other branch says what is wrong
      if (String(params.type).startsWith('object')) return 'must be an object.';
      if (String(params.type).startsWith('array')) return 'must be a list.';
      if (String(params.type).startsWith('boolean')) return 'must be true or false.';
      if (String(params.type).startsWith('integer')) return 'must be a whole number.';
      if (String(params.type).startsWith('number')) return 'must be a number.';
      return 'must be text.';
    case 'enum':
      return `must be one of ${listOf(params.allowedValues as unknown[])}.`;
    case 'const':
      return `must be ${String(params.allowedValue)}.`;
    case 'minimum':
      return `must be ${String(params.limit)} or more.`;
    case 'maximum':
      return `must be at most ${String(params.limit)}.`;
    case 'exclusiveMinimum':
      return `must be more than ${String(params.limit)}.`;
    case 'minItems':
      return `must list at least ${String(params.limit)}.`;
    case 'maxItems':
      return `may list at most ${String(params.limit)}.`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'must not be empty.' : `must be at least ${String(params.limit)} characters.`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters.`;
    case 'pattern':
      return `must match ${String(params.pattern)}.`;
    case 'format':
      return params.format === 'date' ? 'must be a real date written as yyyy-mm-dd.' : `must be a ${String(params.format)}.`;
    case 'uniqueItems':
      return `must not list the same item twice (items ${String(params.j)} and ${String(params.i)}).`;
    case 'x-maxDecimalPlaces':
      return `must have at most ${String(error.schema)} decimal places.`;
    case 'anyOf':
    case 'oneOf':
    case 'allOf':
    case 'if':
    case 'not':
    case 'propertyNames': // the refused key has its own error, at its path
      return undefined;
    default:
      return error.message ? `${error.message}.` : 'is not valid.';
  }
}

function ownMessage(error: ErrorObject): string | undefined {
  const custom = (error.parentSchema as JsonSchema | undefined)?.['x-errorMessage'];
  // A keyword that only wraps others (not, anyOf) says something only when the schema gives it words.
  if (typeof custom === 'object' && custom !== null && typeof (custom as Record<string, unknown>)[error.keyword] === 'string') {
    return (custom as Record<string, string>)[error.keyword];
  }
  const fallback = defaultMessage(error);
  if (fallback === undefined) return undefined;
  if (typeof custom === 'string') return custom;
  if (typeof custom === 'object' && custom !== null && typeof (custom as Record<string, unknown>)[error.keyword] === 'string') {
    return (custom as Record<string, string>)[error.keyword];
  }
  return fallback;
}

const withPath = (path: string, message: string) => (path ? `${path} ${message}` : message);

/** ajv's errors as FieldErrors with their path segments, before sorting. */
function schemaProblems(
  root: JsonSchema,
  value: unknown,
  errors: readonly ErrorObject[],
  unknownField: UnknownFieldMessage,
): (FieldError & { segments: Segment[] })[] {
  const found: { segments: Segment[]; message: string }[] = [];
  for (const error of errors) {
    // A key refused by propertyNames is named by its own path, so that each bad key is reported, not only the first.
    const segments = [...segmentsOf(error.instancePath, value), ...(error.propertyName === undefined ? [] : [error.propertyName])];
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') {
      const name = String(params.missingProperty);
      const property =
        propertySchema(root, error.parentSchema as JsonSchema, name) ?? propertySchema(root, objectSchemaAt(root, segments), name);
      found.push({ segments: [...segments, name], message: `is required${whenMissing(root, property)}.` });
    } else if (error.keyword === 'additionalProperties') {
      const allowed = Object.keys((objectSchema(root, error.parentSchema as JsonSchema)?.properties as object | undefined) ?? {});
      const message = typeof unknownField === 'string' ? unknownField : unknownField(allowed);
      found.push({ segments: [...segments, String(params.additionalProperty)], message });
    } else {
      const message = ownMessage(error);
      if (message !== undefined) found.push({ segments, message });
    }
  }
  return found.map(({ segments, message }) => ({ path: pathOf(segments), message: withPath(pathOf(segments), message), segments }));
}

/** The object schema that describes the value at `segments` (for a `required` inside if/then, which names no properties). */
function objectSchemaAt(root: JsonSchema, segments: readonly Segment[]): JsonSchema | undefined {
  let schema: JsonSchema | undefined = root;
  for (const segment of segments) schema = propertySchema(root, schema, segment);
  return schema;
}

/** Problems found in code (cross-references) merged with the schema's: one per path, the first kept, in schema order. */
function sortFieldErrors(
  root: JsonSchema,
  value: unknown,
  errors: readonly (FieldError & { segments: readonly Segment[] })[],
): FieldError[] {
  const seen = new Set<string>();
  return errors
    .map((error, index) => ({ error, index, key: orderKey(root, value, error.segments) }))
    .sort((a, b) => compareKeys(a.key, b.key) || a.index - b.index)
    .filter(({ error }) => (seen.has(error.path) ? false : (seen.add(error.path), true)))
    .map(({ error }) => ({ path: error.path, message: error.message }));
}
