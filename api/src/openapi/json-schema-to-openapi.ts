import type { JsonSchema } from '../../../engine/schemas/json-schema.js';

/**
 * A contract of `definitions/schemas/` (JSON Schema 2020-12) as OpenAPI 3.0 components, so the document shows the
 * schema the API validates with rather than a second description of it. Each entry of `$defs` becomes a component
 * of the same name and the schema itself one named `name`. What OpenAPI 3.0 cannot say is rewritten (a nullable type,
 * `examples`, a `$ref` with words beside it) or left out (`if`/`then`, whose rule the description states, and the
 * schema's error messages); `x-maxDecimalPlaces` and `x-ratesByType` stay, as OpenAPI extensions.
 */
export function openApiComponents(name: string, schema: JsonSchema): Record<string, JsonSchema> {
  const { $defs = {}, ...root } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const defs = $defs as Record<string, JsonSchema>;
  const convert = (node: JsonSchema) => toOpenApi30(node, defs);
  return { ...Object.fromEntries(Object.entries(defs).map(([key, def]) => [key, convert(def)])), [name]: convert(root) };
}

const LEFT_OUT = new Set(['$schema', '$id', 'title', 'if', 'then', 'else', 'x-errorMessage', 'x-whenMissing']);
const refName = (ref: string) => ref.replace('#/$defs/', '');

function toOpenApi30(node: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (LEFT_OUT.has(key)) continue;
    if (key === 'examples') out.example = (value as unknown[])[0];
    else if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([field, property]) => [field, toOpenApi30(property, defs)]),
      );
    } else if (key === 'items') out.items = toOpenApi30(value as JsonSchema, defs);
    else if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((type) => type !== 'null');
      out.type = types.length === 1 ? types[0] : types;
      if (value.includes('null')) out.nullable = true;
    } else if (key === 'anyOf') {
      const branches = value as JsonSchema[];
      const others = branches.filter((branch) => branch.type !== 'null');
      if (others.length < branches.length) out.nullable = true;
      if (others.length === 1) Object.assign(out, wrapRef(toOpenApi30(others[0]!, defs), defs));
      else out.anyOf = others.map((branch) => toOpenApi30(branch, defs));
    } else if (key === '$ref') out.$ref = `#/components/schemas/${refName(value as string)}`;
    else out[key] = value;
  }
  return wrapRef(out, defs);
}

/** OpenAPI 3.0 ignores what stands beside a `$ref`, so a reference with its own words is written `allOf: [$ref]`. */
function wrapRef(node: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  if (typeof node.$ref !== 'string' || Object.keys(node).length === 1) return node;
  const { $ref, ...own } = node;
  const target = defs[$ref.replace('#/components/schemas/', '')];
  return {
    ...own,
    allOf: [{ $ref }],
    ...(own.description === undefined && target?.description !== undefined ? { description: target.description } : {}),
  };
}
