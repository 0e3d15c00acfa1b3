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

/** The document as a server at `url` serves it: that address is its one server, the one its calls go to. */
export function servedAt(document: OpenAPIObject, url: string): OpenAPIObject {
  return { ...document, servers: [{ url, description: 'This server: the address this document was served from.' }] };
}

/** A Host header that is a plain host name or address with an optional port: anything else is not repeated back. */
const PLAIN_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** Where this request reached the server: the host it asked for when plain, else localhost and the port it came in on. */
function addressOf(request: Request): string {
  const host = request.headers.host;
  return `${request.protocol}://${host && PLAIN_HOST.test(host) ? host : `localhost:${request.socket.localPort}`}`;
}

/**
 * The document as JSON at /api/docs-json and browsable in Swagger UI at /api/docs (which loads that JSON). It names
 * the address the server answers at: its PUBLIC_URL, or unset, the address the request reached it at.
 */
export function serveOpenApi(app: NestExpressApplication, document: OpenAPIObject, publicUrl: string | undefined): void {
  const configured = publicUrl ? servedAt(document, publicUrl) : null;
  (app.getHttpAdapter().getInstance() as Express).get('/api/docs-json', (request: Request, response: Response) => {
    response.json(configured ?? servedAt(document, addressOf(request)));
  });
  app.use(
    '/api/docs',
    swaggerUi.serve,
    swaggerUi.setup(undefined, { customSiteTitle: 'Benefits calculator API', swaggerOptions: { url: '/api/docs-json' } }),
  );
}
