import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { JsonLogger } from './logging/json-logger.js';

/**
 * `npm run worker`: a process that only works background jobs (caseload runs), with no HTTP server. It opens the
 * same database as the API (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, attaching to a running one) and
 * shares the API's pg-boss queue, so any number of these can run beside API processes with JOB_WORKER=off.
 */
const SHUTDOWN_TIMEOUT_MS = 8000;
const logger = new JsonLogger(process.env.LOG_LEVEL);

// Whatever the environment says, this process exists to work jobs.
process.env.JOB_WORKER = 'on';

try {
  const worker = await NestFactory.createApplicationContext(await AppModule.forRoot(logger), {
    logger: logger.forNest(),
    abortOnError: false,
  });
  logger.event('info', 'worker running', { mode: process.env.NODE_ENV ?? 'development' });
  const stop = (signal: NodeJS.Signals) => {
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    worker
      .close()
      .then(() => process.kill(process.pid, signal))
      .catch(() => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  process.stderr.write(`The worker could not start.\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
