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

/**
 * Swagger UI passing WCAG 2.2 AA (axe, test/browser/csp.browser.spec.ts): its light method badges, links and version
 * stamps darkened to 4.5:1 against their text, the copy button 24px square, and the server choice hidden, the
 * document naming one server only.
 */
const DOCS_CSS = `
.swagger-ui .servers-title, .swagger-ui .servers { display: none; }
.swagger-ui .info .title small.version-stamp { background-color: #3d6b00; }
.swagger-ui .info .title small { background-color: #4a4f57; }
.swagger-ui .info .url, .swagger-ui .info a, .swagger-ui a.nostyle:focus { color: #1d5fa8; }
.swagger-ui .btn.authorize { color: #1f6b45; border-color: #1f6b45; }
.swagger-ui .btn.authorize svg { fill: #1f6b45; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1f6b45; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f6e5c; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6a0dad; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #0d5aa7; }
.swagger-ui .opblock-summary .view-line-link.copy-to-clipboard { width: 28px; margin: 0 4px; }
.swagger-ui .opblock-summary .view-line-link.copy-to-clipboard button { width: 24px; height: 24px; min-width: 24px; }
`;

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
    swaggerUi.setup(undefined, {
      customSiteTitle: 'Benefits calculator API',
      customCss: DOCS_CSS,
      // No deep-link anchor inside each operation's expand button: a link in a button is a control in a control.
      // Examples as plain text: the highlighter's colours on its dark ground fall short of 4.5:1.
      swaggerOptions: { url: '/api/docs-json', deepLinking: false, syntaxHighlight: { activated: false } },
    }),
  );
}
