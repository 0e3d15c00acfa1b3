import type { Browser } from 'playwright-core';
import { startApiProcess, type ApiProcess } from './api-process.js';
import { launchChromium } from './chromium.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** What a browser suite runs against: the built product on its own database, and Chromium. */
export interface BrowserSuite {
  database: TestDatabase;
  server: ApiProcess;
  browser: Browser;
}

/** `nodeArguments` go to the server's Node before its script (`--import ./test/support/clock.mjs` to set its clock). */
export async function startBrowserSuite(environment: Record<string, string> = {}, nodeArguments: string[] = []): Promise<BrowserSuite> {
  const database = await createTestDatabase();
  const server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, ...environment }, nodeArguments);
  return { database, server, browser: await launchChromium() };
}

/** Stops what started, in reverse order; safe when the start failed part way. */
export async function stopBrowserSuite(suite: Partial<BrowserSuite>): Promise<void> {
  await suite.browser?.close();
  await suite.server?.stop();
  await suite.database?.drop();
}
