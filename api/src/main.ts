import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import type { Environment } from './config/environment.js';
import { createApp } from './create-app.js';
import { JsonLogger } from './logging/json-logger.js';

const logger = new JsonLogger(process.env.LOG_LEVEL);

try {
  const app = await createApp(logger);
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
  process.exit(1);
}
