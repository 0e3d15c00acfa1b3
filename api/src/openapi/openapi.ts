import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';
import swaggerUi from 'swagger-ui-express';
import { CALCULATION_REQUEST } from '../../../engine/validate-request.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { accessRulesByOperation, completeDocument } from './complete-document.js';
import { openApiComponents } from './json-schema-to-openapi.js';

export const OPENAPI_FILE = 'api/openapi.json';

/** Object keys in alphabetical order at every depth, so the committed document only changes when the API does. */
export function sortKeysDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeysDeep) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeysDeep((value as Record<string, unknown>)[key])]),
  ) as T;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Benefits calculator API')
    .setDescription(
      'The API behind the free, confidential benefits calculator. Every error answer has the same shape ' +
        '(ErrorResponse): statusCode, code, a plain-English message, and errors, each with the JSON path of a field and what is wrong with it.',
    )
    .setVersion('1')
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorResponseDto] });
  // The calculation request is shown as the JSON Schema it is validated with (definitions/schemas/).
  const schemas = (document.components ??= {}).schemas ?? {};
  document.components.schemas = { ...schemas, ...(openApiComponents('CalculationRequest', CALCULATION_REQUEST.schema) as typeof schemas) };
  return sortKeysDeep(completeDocument(document, accessRulesByOperation(app)));
}

/** The document a running server serves names the server itself (PUBLIC_URL) first, then the local default. */
export function withPublicUrl(document: OpenAPIObject, publicUrl: string | undefined): OpenAPIObject {
  if (!publicUrl) return document;
  return { ...document, servers: [{ url: publicUrl, description: 'This server (its PUBLIC_URL setting).' }, ...(document.servers ?? [])] };
}

/** The document as JSON at /api/docs-json and browsable in Swagger UI at /api/docs. */
export function serveOpenApi(app: NestExpressApplication, document: OpenAPIObject): void {
  (app.getHttpAdapter().getInstance() as Express).get('/api/docs-json', (_request: Request, response: Response) => {
    response.json(document);
  });
  app.use('/api/docs', swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: 'Benefits calculator API' }));
}
