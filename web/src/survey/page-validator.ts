import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';

/**
 * rjsf's validator for the questionnaire's page schemas (page-schema.ts), in place of @rjsf/validator-ajv8, so
 * the survey page does not ship ajv's schema compiler (about 45 KB gzipped of its first-load JavaScript).
 *
 * The forms run with `noValidate`: the answers are checked by common/survey/validation, here and on the server.
 * rjsf asks its validator only to resolve conditional schemas (if/then, dependencies, oneOf, anyOf), which a page
 * schema never has. So this checks exactly the keywords page-schema.ts writes and refuses any other keyword with
 * a clear error, so that a page schema that grew a condition fails loudly in the tests rather than being resolved
 * wrongly.
 */

const SUPPORTED_KEYWORDS = new Set(['type', 'title', 'enum', 'pattern', 'properties', 'required', 'items', 'uniqueItems']);

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** Deep equality of JSON values, for `enum` and `uniqueItems`. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

const patterns = new Map<string, RegExp>();
function regExpOf(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    // JSON Schema patterns are ECMA-262 regular expressions, matched anywhere unless anchored; `u` as ajv does.
    compiled = new RegExp(pattern, 'u');
    patterns.set(pattern, compiled);
  }
  return compiled;
}

/** Every error of `value` against `schema`, each with its property path ('.ClientRent.period') and keyword. */
export function pageSchemaErrors(schema: RJSFSchema, value: unknown, path = ''): RJSFValidationError[] {
  const unsupported = Object.keys(schema).filter((keyword) => !SUPPORTED_KEYWORDS.has(keyword));
  if (unsupported.length > 0)
    throw new Error(
      `The questionnaire's page validator does not support the schema keyword${unsupported.length > 1 ? 's' : ''} ` +
        `${unsupported.map((keyword) => `'${keyword}'`).join(', ')} (at '${path || '.'}'): page schemas hold only ` +
        `${[...SUPPORTED_KEYWORDS].join(', ')}; see web/src/survey/page-validator.ts.`,
    );
  const error = (name: string, message: string, params: Record<string, unknown> = {}): RJSFValidationError => ({
    name,
    message,
    params,
    property: path,
    stack: `${path || '.'} ${message}`,
    schemaPath: `#/${name}`,
  });
  if (value === undefined) return [];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => matchesType(value, type))) return [error('type', `must be ${types.join(',')}`, { type: schema.type })];
  }
  const errors: RJSFValidationError[] = [];
  if (schema.enum && !schema.enum.some((allowed) => sameJson(allowed, value)))
    errors.push(error('enum', 'must be equal to one of the allowed values', { allowedValues: schema.enum }));
  if (typeof value === 'string' && schema.pattern !== undefined && !regExpOf(schema.pattern).test(value))
    errors.push(error('pattern', `must match pattern "${schema.pattern}"`, { pattern: schema.pattern }));
  if (Array.isArray(value)) {
    if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
      const items = schema.items as RJSFSchema;
      value.forEach((item, index) => errors.push(...pageSchemaErrors(items, item, `${path}.${index}`)));
    }
    if (schema.uniqueItems && value.some((item, index) => value.findIndex((other) => sameJson(other, item)) !== index))
      errors.push(error('uniqueItems', 'must NOT have duplicate items'));
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? [])
      if (object[name] === undefined)
        errors.push({
          ...error('required', `must have required property '${name}'`, { missingProperty: name }),
          property: `${path}.${name}`,
        });
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      if (typeof property === 'object') errors.push(...pageSchemaErrors(property, object[name], `${path}.${name}`));
  }
  return errors;
}

function errorSchemaOf(errors: RJSFValidationError[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const error of errors) {
    let node = root;
    for (const part of (error.property ?? '').split('.').filter(Boolean)) node = (node[part] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(error.message ?? '');
  }
  return root as ErrorSchema;
}

export const pageValidator: ValidatorType = {
  validateFormData(formData, schema, customValidate, transformErrors, uiSchema): ValidationData<unknown> {
    let errors = pageSchemaErrors(schema, formData);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    // The forms pass no customValidate; refusing it keeps this small rather than half-supporting it.
    if (customValidate) throw new Error('The questionnaire page validator does not run customValidate.');
    return { errors, errorSchema: errorSchemaOf(errors) };
  },
  isValid(schema, formData) {
    return pageSchemaErrors(schema, formData).length === 0;
  },
  rawValidation(schema, formData) {
    try {
      return { errors: pageSchemaErrors(schema, formData) as never[] };
    } catch (validationError) {
      return { validationError: validationError as Error };
    }
  },
};
