import type { INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../common/accounts/model.js';
import { ACCESS_RULE, type AccessRule } from '../access/access.js';
import { SESSION_COOKIE } from '../accounts/account-cookies.js';

/**
 * What Nest's generator leaves out of the document and a third party needs to use the API unaided, added here
 * for every route at once (not route by route) so routes added later are complete too: the servers, the security
 * schemes and each operation's security read from its access rule, path parameters that match the path, a type
 * beside every `nullable`, an example for every request and answer, and request fields that generated clients make
 * optional when the documentation says they are.
 */

/** The server a local `npm start` listens on; a running server's /api/docs-json names its own PUBLIC_URL instead. */
export const DEFAULT_SERVER_URL = 'http://localhost:3000';

/** The header an API key is sent in, on the versioned public API (/api/v1/). */
export const API_KEY_HEADER = 'X-Api-Key';

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: Json; description?: string }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  security?: Record<string, string[]>[];
  description?: string;
};
type MediaType = { schema?: Json; example?: unknown; examples?: Record<string, unknown> };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const SAFE_METHODS = new Set(['get', 'head', 'options']);

export const SECURITY_SCHEMES = {
  ApiKey: {
    type: 'apiKey',
    in: 'header',
    name: API_KEY_HEADER,
    description:
      'An API key made by an organisation admin in the account area (shown once). Optional on /api/v1/: without one, calls share a low anonymous limit per address; with one, they count against the key’s daily quota and rate limit.',
  },
  AccountSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `The account session of the adviser area: an http-only cookie set by POST /api/account/sign-in (8 hours at most) and cleared by POST /api/account/sign-out. Sign-in also sets the readable \`${CSRF_COOKIE}\` cookie, whose value goes in the ${CSRF_HEADER} header of every change.`,
  },
  CsrfToken: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: `Double-submit protection: every POST, PUT or DELETE sent with the account session cookie must carry the value of the \`${CSRF_COOKIE}\` cookie in this header, or it is refused with 403 CSRF_FAILED.`,
  },
} as const;

/** Each operation's access rule, by its operationId (Nest names operations `Controller_method`). */
export function accessRulesByOperation(app: INestApplication): Map<string, AccessRule | undefined> {
  const rules = new Map<string, AccessRule | undefined>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller?.prototype) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined || Reflect.getMetadata(METHOD_METADATA, handler) === undefined)
          continue;
        rules.set(
          `${controller.name}_${name}`,
          (Reflect.getMetadata(ACCESS_RULE, handler) ?? Reflect.getMetadata(ACCESS_RULE, controller)) as AccessRule | undefined,
        );
      }
    }
  }
  return rules;
}

/** Who may call it, as OpenAPI security: `[]` for anyone; the account session (and the CSRF header on changes) for the account area. */
export function securityFor(rule: AccessRule | undefined, path: string, method: string): Record<string, string[]>[] | undefined {
  if (rule === undefined) return undefined;
  if (rule === 'public' || rule === 'session-holder') {
    // The versioned public API takes a key but stays free to try without one.
    return path.startsWith('/api/v1/') ? [{ ApiKey: [] }, {}] : [];
  }
  return [SAFE_METHODS.has(method) ? { AccountSession: [] } : { AccountSession: [], CsrfToken: [] }];
}

export function completeDocument(document: OpenAPIObject, rules: Map<string, AccessRule | undefined>): OpenAPIObject {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {}) as Record<string, Json>;
  components.securitySchemes = {
    ...(components.securitySchemes ?? {}),
    ...structuredClone(SECURITY_SCHEMES),
  } as typeof components.securitySchemes;
  document.servers = [
    {
      url: DEFAULT_SERVER_URL,
      description:
        'The server `npm start` runs locally. A deployed server’s own document (/api/docs-json) names its address, the PUBLIC_URL setting.',
    },
  ];
  for (const schema of Object.values(schemas)) fillNullableTypes(schema, schemas);
  defaultsInWords(requestOnlySchemas(document, schemas).map((name) => schemas[name]!));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      matchPathParameters(path, operation);
      for (const parameter of operation.parameters ?? []) if (parameter.schema) fillNullableTypes(parameter.schema, schemas);
      // A route with several paths is one handler: Nest numbers its operations `Controller_method[0]`, `[1]`...
      const security = securityFor(rules.get((operation.operationId ?? '').replace(/\[\d+\]$/, '')), path, method);
      if (security) operation.security = security;
      for (const media of Object.values(operation.requestBody?.content ?? {})) completeMedia(media, schemas);
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const media of Object.values(response.content ?? {})) {
          if (Number(status) >= 400 && isErrorResponse(media.schema)) {
            media.example ??= errorExample(Number(status), response.description ?? '', firstFieldOf(operation, schemas));
          }
          completeMedia(media, schemas);
        }
      }
    }
  }
  return document;
}

/** The `$ref` names a value points at, directly or inside it. */
function referencedNames(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedNames(item, names);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') names.add(item.split('/').pop()!);
      else referencedNames(item, names);
    }
  }
  return names;
}

/** The named schemas reachable from `start`, themselves included. */
function reachable(start: Set<string>, schemas: Record<string, Json>): Set<string> {
  const seen = new Set<string>();
  const waiting = [...start];
  while (waiting.length > 0) {
    const name = waiting.pop()!;
    if (seen.has(name) || !schemas[name]) continue;
    seen.add(name);
    waiting.push(...referencedNames(schemas[name]));
  }
  return seen;
}

/** The schemas only requests use (bodies and parameters), never an answer. */
function requestOnlySchemas(document: OpenAPIObject, schemas: Record<string, Json>): string[] {
  const inRequests = new Set<string>();
  const inAnswers = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      referencedNames([operation.requestBody, operation.parameters], inRequests);
      referencedNames(operation.responses, inAnswers);
    }
  }
  const answers = reachable(inAnswers, schemas);
  return [...reachable(inRequests, schemas)].filter((name) => !answers.has(name));
}

/**
 * A request field with a `default` may be left out, but openapi-typescript's default options read `default` as
 * "always present" and make the field required in the client it generates (its defaultNonNullable), so a caller
 * would have to send every field docs/calculation-api.md calls optional. In the schemas only requests use, the
 * default is said in the field's description instead, where it is not said already.
 */
function defaultsInWords(schemas: readonly Json[]): void {
  const visit = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
    const node = schema as Json;
    if ('default' in node) {
      const description = typeof node.description === 'string' ? node.description : '';
      if (!/\bdefault/i.test(description))
        node.description = `${description}${description ? ' ' : ''}Default: ${JSON.stringify(node.default)}.`;
      delete node.default;
    }
    // Only where schemas sit: a property may itself be named `default`.
    for (const child of Object.values((node.properties as Json | undefined) ?? {})) visit(child);
    for (const key of ['items', 'additionalProperties', 'not']) visit(node[key]);
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(node[key])) (node[key] as unknown[]).forEach(visit);
  };
  schemas.forEach(visit);
}

/** Nest gives every path of a multi-path route all its parameters: keep those in the path, and declare any it missed. */
function matchPathParameters(path: string, operation: Operation): void {
  const named = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in !== 'path' || named.includes(parameter.name));
  for (const name of named) {
    if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
      parameters.push({ in: 'path', name, required: true, schema: { type: 'string' }, description: `The ${name}.` });
    }
  }
  operation.parameters = parameters;
}

const isErrorResponse = (schema: Json | undefined) => schema?.$ref === '#/components/schemas/ErrorResponse';

const ERROR_MESSAGES: Record<number, string> = {
  400: 'Some answers need correcting.',
  401: 'The key or password was not recognised.',
  403: 'You do not have access to this.',
  404: 'We could not find that.',
  409: 'That cannot be done in its current state.',
  413: 'The request is too large.',
  422: 'The request is valid but cannot be worked out.',
  423: 'The account is locked for a while after too many tries.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Something went wrong on our side.',
  503: 'The service is not available just now. Please try again shortly.',
};

const DEFAULT_CODES: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORISED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  423: 'LOCKED',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** An error answer as the API sends it, its code the first one the response's description names. */
export function errorExample(status: number, description: string, field = 'household.adults[0].age'): Json {
  const code =
    /^([A-Z][A-Z0-9_]+)\b/.exec(description.trim())?.[1] ??
    /\(([A-Z][A-Z0-9]*_[A-Z0-9_]+)\)/.exec(description)?.[1] ??
    DEFAULT_CODES[status] ??
    'ERROR';
  const fieldError = code === 'VALIDATION_FAILED';
  const message = fieldError ? `${field} is not valid.` : (ERROR_MESSAGES[status] ?? 'The request failed.');
  return { statusCode: status, code, message, errors: fieldError ? [{ path: field, message }] : [] };
}

/** The field a validation error of the operation is most likely about: the household, else its first required field or parameter. */
function firstFieldOf(operation: Operation, schemas: Record<string, Json>): string | undefined {
  const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  const resolved = typeof body?.$ref === 'string' ? schemas[body.$ref.replace('#/components/schemas/', '')] : body;
  const required = (resolved?.required as string[] | undefined)?.find((name) => name !== 'browserId');
  if (required === 'household') return 'household.adults[0].age';
  return required ?? operation.parameters?.find((parameter) => parameter.required)?.name;
}

function completeMedia(media: MediaType, schemas: Record<string, Json>): void {
  if (media.schema) fillNullableTypes(media.schema, schemas);
  if (media.example !== undefined || media.examples !== undefined || !media.schema) return;
  const example = exampleOf(media.schema, schemas, new Set());
  if (example !== undefined) media.example = example;
}

/** OpenAPI 3.0 wants a `type` beside `nullable`: take it from the referenced schema, or `object` when anything goes. */
function fillNullableTypes(node: unknown, schemas: Record<string, Json>): void {
  if (Array.isArray(node)) return node.forEach((child) => fillNullableTypes(child, schemas));
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Json;
  const branches = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (schema.nullable === true && schema.type === undefined && branches) {
    // `nullable` beside a choice of types: each typed branch takes null instead (anyOf, as null now matches several).
    delete schema.nullable;
    delete schema.oneOf;
    schema.anyOf = branches.map((branch) => (branch.type === undefined ? branch : { ...branch, nullable: true }));
  } else if (schema.nullable === true && schema.type === undefined) {
    const referenced = [schema.$ref, ...((schema.allOf as Json[] | undefined) ?? []).map((part) => part.$ref)].find(
      (ref) => typeof ref === 'string',
    );
    const target = typeof referenced === 'string' ? schemas[referenced.replace('#/components/schemas/', '')] : undefined;
    schema.type = target?.type ?? (target?.enum ? typeof (target.enum as unknown[])[0] : 'object');
  }
  // Path and query values are text: an example such as 1 for a string parameter is written '1'. A nullable one's
  // example may be null.
  if (
    schema.type === 'string' &&
    schema.example !== undefined &&
    typeof schema.example !== 'string' &&
    !(schema.example === null && schema.nullable === true)
  )
    schema.example = String(schema.example);
  for (const value of Object.values(schema)) fillNullableTypes(value, schemas);
}

const FORMAT_EXAMPLES: Record<string, unknown> = {
  date: '2026-11-21',
  'date-time': '2026-11-21T10:30:00.000Z',
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  email: 'adviser@example.org',
  uri: 'https://calculator.example.org/',
};

/** An example built from the schema: its own `example`, else the first of its enum, else one made from its type. */
export function exampleOf(schema: Json, schemas: Record<string, Json>, seen: Set<string>): unknown {
  if (schema.example !== undefined) return schema.example;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name) || !schemas[name]) return undefined;
    return exampleOf(schemas[name]!, schemas, new Set([...seen, name]));
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const parts = schema[key] as Json[] | undefined;
    if (!parts?.length) continue;
    if (key !== 'allOf') return exampleOf(parts[0]!, schemas, seen);
    const merged = parts.map((part) => exampleOf(part, schemas, seen));
    if (merged.every((part) => typeof part === 'object' && part !== null && !Array.isArray(part)) && schema.properties === undefined) {
      return Object.assign({}, ...merged);
    }
    if (schema.properties === undefined) return merged[0];
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const out: Json = {};
    for (const [field, property] of Object.entries(properties)) {
      const value = exampleOf(property, schemas, seen);
      if (value !== undefined) out[field] = value;
    }
    return out;
  }
  if (type === 'array') {
    const item = schema.items ? exampleOf(schema.items as Json, schemas, seen) : undefined;
    return item === undefined ? [] : Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => item);
  }
  if (type === 'string') {
    if (typeof schema.format === 'string' && FORMAT_EXAMPLES[schema.format] !== undefined) return FORMAT_EXAMPLES[schema.format];
    return 'text'.padEnd(Number(schema.minLength ?? 0), 'x');
  }
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (type === 'boolean') return true;
  return undefined;
}
