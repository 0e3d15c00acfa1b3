import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../api/src/create-app.js';
import { JsonLogger } from '../../api/src/logging/json-logger.js';
import { ROUTE_LIMITS_OUT_OF_THE_WAY } from './route-limits.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  readonly app: NestExpressApplication;
  readonly database: TestDatabase;
  /** Every line the app logged, as written. */
  readonly logLines: string[];
  close(): Promise<void>;
}

/**
 * The whole API in this process, built by the same createApp as `npm start`, on a fresh database of its own
 * (migrated on start), with the per-address route limits out of the way unless `environment` sets them. The
 * environment is only changed while the app reads it.
 */
export async function startTestApp(environment: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const logLines: string[] = [];
  const saved = { ...process.env };
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'debug',
    ...ROUTE_LIMITS_OUT_OF_THE_WAY,
    ...environment,
  });
  let app: NestExpressApplication;
  try {
    app = await createApp(new JsonLogger('debug', { write: (line: string) => logLines.push(line) }));
  } catch (error) {
    await database.drop();
    throw error;
  } finally {
    process.env = saved;
  }
  return {
    app,
    database,
    logLines,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
