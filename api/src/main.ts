import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Environment } from './config/environment.js';
import { createApp } from './create-app.js';
import { JsonLogger } from './logging/json-logger.js';

/** However the database behaves (stopped, paused, restarting), a stop signal ends the process within this. */
const SHUTDOWN_TIMEOUT_MS = 8000;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

const logger = new JsonLogger(process.env.LOG_LEVEL);
let app: NestExpressApplication | undefined;

/**
 * SIGINT or SIGTERM: stop taking requests, close the pool, let go of the embedded database (stopping it if no
 * other process uses it), then end with the signal. If that takes too long, or a second signal comes, end at once.
 */
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  for (const stopSignal of STOP_SIGNALS) {
    process.removeListener(stopSignal, shutDown);
    process.once(stopSignal, () => process.exit(1));
  }
  const watchdog = setTimeout(() => {
    logger.event('error', 'shutdown took too long; exiting without waiting further', { signal, timeoutMs: SHUTDOWN_TIMEOUT_MS });
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  try {
    await app?.close();
  } catch (error) {
    logger.event('error', 'shutdown failed', { signal, errorName: error instanceof Error ? error.name : typeof error });
    process.exit(1);
  }
  clearTimeout(watchdog);
  for (const stopSignal of STOP_SIGNALS) process.removeAllListeners(stopSignal);
  process.kill(process.pid, signal);
}

try {
  app = await createApp(logger);
  for (const signal of STOP_SIGNALS) process.on(signal, shutDown);
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
