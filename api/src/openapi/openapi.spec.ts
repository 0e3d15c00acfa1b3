/**
 * The OpenAPI document, built as `npm run openapi:write` builds it: the app in Nest's preview mode, which reads the
 * controllers and DTOs without connecting to anything or listening, so this is a unit test (no HTTP, no database).
 */
import { NestFactory } from '@nestjs/core';
import { readFileSync } from 'node:fs';
import { AppModule } from '../app.module.js';
import { JsonLogger } from '../logging/json-logger.js';
import { buildOpenApiDocument, OPENAPI_FILE, servedAt } from './openapi.js';

type Schema = { description?: string; properties?: Record<string, Schema>; items?: Schema; $ref?: string; allOf?: Schema[] };

let document: ReturnType<typeof buildOpenApiDocument>;

beforeAll(async () => {
  // Preview mode reads controllers and DTOs without connecting to anything, as npm run openapi:write does.
  const app = await NestFactory.create(await AppModule.forRoot(new JsonLogger('error')), { preview: true, logger: false });
  document = buildOpenApiDocument(app);
  await app.close();
});

describe('the OpenAPI document', () => {
  it('matches the committed api/openapi.json (run npm run openapi:write after changing the API)', () => {
    const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    expect(document).toEqual(committed);
  });

  it('describes every field of every DTO', () => {
    const undescribed: string[] = [];
    for (const [schemaName, schema] of Object.entries(document.components?.schemas ?? {}) as [string, Schema][]) {
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        if (!property.description?.trim()) undescribed.push(`${schemaName}.${field}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('gives every operation a summary and documents its error answers with the error shape', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(
        operations as Record<string, { summary?: string; responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>,
      )) {
        expect(`${method.toUpperCase()} ${path}: ${operation.summary ?? ''}`).toMatch(/: \S/);
        const errorAnswers = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
        expect(errorAnswers.length).toBeGreaterThan(0);
        for (const [, answer] of errorAnswers) {
          expect(answer.content?.['application/json']?.schema.$ref).toBe('#/components/schemas/ErrorResponse');
        }
      }
    }
  });

  it('gives every operation its security: optional API key on /api/v1/, none for public routes, the account session elsewhere', () => {
    const security = (path: string, method: string) => (document.paths[path] as Record<string, { security?: unknown }>)[method]?.security;
    expect(document.components?.securitySchemes).toMatchObject({
      ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      AccountSession: { type: 'apiKey', in: 'cookie', name: 'account_session' },
      CsrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
    });
    expect(security('/api/v1/calculations', 'post')).toEqual([{ ApiKey: [] }, {}]);
    expect(security('/api/v1/calculations/batch', 'post')).toEqual([{ ApiKey: [] }, {}]);
    expect(security('/api/health', 'get')).toEqual([]);
    expect(security('/api/data/survey/{page}', 'get')).toEqual([]);
    expect(security('/api/account/clients', 'get')).toEqual([{ AccountSession: [] }]);
    expect(security('/api/account/clients', 'post')).toEqual([{ AccountSession: [], CsrfToken: [] }]);
    const unsaid: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, { security?: unknown }>)) {
        if (operation.security === undefined) unsaid.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(unsaid).toEqual([]);
    expect(document.servers?.[0]?.url).toBe('http://localhost:3000');
    // A running server's document names the address it answers at, and only that.
    expect(servedAt(document, 'https://calculator.example.org').servers?.map((server) => server.url)).toEqual([
      'https://calculator.example.org',
    ]);
  });

  it('gives an example of every request body and every answer, errors with the code their description names', () => {
    const missing: string[] = [];
    type Media = Record<string, { example?: unknown; examples?: unknown }>;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(
        operations as Record<string, { requestBody?: { content?: Media }; responses: Record<string, { content?: Media }> }>,
      )) {
        const media = [
          ...Object.entries(operation.requestBody?.content ?? {}).map(([type, body]) => [`request ${type}`, body] as const),
          ...Object.entries(operation.responses).flatMap(([status, answer]) =>
            Object.entries(answer.content ?? {}).map(([type, body]) => [`${status} ${type}`, body] as const),
          ),
        ];
        for (const [what, body] of media)
          if (body.example === undefined && body.examples === undefined) missing.push(`${method} ${path} ${what}`);
      }
    }
    expect(missing).toEqual([]);
    const calculation = document.paths['/api/v1/calculations']!.post!;
    const request = calculation.requestBody as {
      content: Record<string, { examples: Record<string, { value: { household: { adults: unknown[] } } }> }>;
    };
    expect(request.content['application/json']!.examples['loneParentInLondon']!.value.household.adults).toHaveLength(1);
    expect(
      (calculation.responses['422'] as { content: Record<string, { example: unknown }> }).content['application/json']!.example,
    ).toMatchObject({
      statusCode: 422,
      code: 'DATE_OUT_OF_RANGE',
    });
  });
});
