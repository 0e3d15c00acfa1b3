/**
 * The OpenAPI document, built as `npm run openapi:write` builds it: the app in Nest's preview mode, which reads the
 * controllers and DTOs without connecting to anything or listening, so this is a unit test (no HTTP, no database).
 */
import { NestFactory } from '@nestjs/core';
import { readFileSync } from 'node:fs';
import { AppModule } from '../app.module.js';
import { JsonLogger } from '../logging/json-logger.js';
import { buildOpenApiDocument, OPENAPI_FILE } from './openapi.js';

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
});
