import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { SiteConfig } from '../../common/site.js';
import { AppModule } from './app.module.js';
import type { Environment } from './config/environment.js';
import { AllExceptionsFilter } from './errors/all-exceptions.filter.js';
import { BATCH_PATH } from './calculation/batch-calculation.service.js';
import { jsonBody, refuseCompressedBodies, routeReadsItsOwnBody } from './errors/json-body.js';
import { RequestValidationPipe } from './errors/request-validation.pipe.js';
import { cacheValidationMetadata } from './requests/validation-metadata-cache.js';
import type { JsonLogger } from './logging/json-logger.js';
import { requestLogging } from './logging/request-logging.js';
import { buildOpenApiDocument, serveOpenApi } from './openapi/openapi.js';
import { trustProxySetting } from './rate-limit/source-address.js';
import { securityHeaders } from './security/security-headers.js';
import { PortalPasses } from './site/portal-pass.js';
import { SITE_CONFIG } from './site/site.module.js';
import { serveWebApp } from './web-app/web-app.js';

/**
 * Builds the whole app, ready to listen: the same for `npm start` and for the tests. Configuration comes from
 * the environment (and .env outside tests); migrations have run by the time this returns.
 */
/**
 * The API's answers hold a person's answers, figures and account: no browser or proxy keeps them, so that nobody
 * after them on a shared computer finds them in its cache. A route that may be kept says so itself (@Header).
 */
function notStored(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'no-store');
  next();
}

export async function createApp(logger: JsonLogger): Promise<NestExpressApplication> {
  // Routing is case-sensitive everywhere: /api/v1/calculations/BATCH is no route at all, not the batch under another
  // spelling. Set before the router exists, which takes the setting when it is made (one trailing slash stays allowed:
  // the specification's routes are written with it).
  const server = express();
  server.set('case sensitive routing', true);
  // No ETags made by hashing each answer: the API's answers are never cached (below), the pages are rendered per
  // request, and the built files carry serve-static's own.
  server.set('etag', false);
  const app = await NestFactory.create<NestExpressApplication>(await AppModule.forRoot(logger), new ExpressAdapter(server), {
    logger: logger.forNest(),
    bodyParser: false,
    abortOnError: false,
  });
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  app.disable('x-powered-by');
  // Whom request.ip names, and so whom the per-address rate limits count: unset, the connection's peer, and
  // X-Forwarded-For is ignored; with TRUST_PROXY, the client the proxies named there report.
  app.set('trust proxy', trustProxySetting(config.get('TRUST_PROXY', { infer: true })));
  // Before everything else, so that every answer (pages, API, errors, 404s) carries the security headers.
  app.use(securityHeaders({ site: app.get<SiteConfig>(SITE_CONFIG), mode: config.get('NODE_ENV', { infer: true }) }));
  app.use(requestLogging(logger));
  app.use('/api', notStored);
  app.use(refuseCompressedBodies);
  // The batch route reads its own body of up to 16 MB, after its limits (BatchCalculationService); every other body
  // is read here, up to BODY_LIMIT_KB.
  app.use(routeReadsItsOwnBody('post', BATCH_PATH));
  app.use(...jsonBody(config.get('BODY_LIMIT_KB', { infer: true })));
  app.useGlobalFilters(new AllExceptionsFilter(logger));
  cacheValidationMetadata();
  app.useGlobalPipes(new RequestValidationPipe());
  serveOpenApi(app, buildOpenApiDocument(app), config.get('PUBLIC_URL', { infer: true }));
  const mode = config.get('NODE_ENV', { infer: true });
  if (mode !== 'test') await serveWebApp(app, mode, app.get<SiteConfig>(SITE_CONFIG), app.get(PortalPasses));
  await app.init();
  return app;
}
