import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Environment } from './config/environment.js';
import { createApp } from './create-app.js';
import { JsonLogger } from './logging/json-logger.js';

const logger = new JsonLogger(process.env.LOG_LEVEL);
let app: NestExpressApplication | undefined;

try {
  app = await createApp(logger);
  // SIGINT or SIGTERM: stop taking requests, close the pool, stop the embedded database, then exit.
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  const port = config.get('PORT', { infer: true });
  const host = config.get('HOST', { infer: true });
  await (host ? app.listen(port, host) : app.listen(port));
  logger.event('info', 'server listening', { url: `http://localhost:${port}`, mode: config.get('NODE_ENV', { infer: true }) });
} catch (error) {
  // Nothing has been asked of the server yet, so the reason can be shown whole: it names what to fix.
  process.stderr.write(`The server could not start.\n${error instanceof Error ? error.message : String(error)}\n`);
  // Stop what did start, such as the embedded database, rather than leave it running.
  await app?.close().catch(() => undefined);
  process.exit(1);
}
