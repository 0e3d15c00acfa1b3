// `npm run bench:fuzz`: the full endpoint fuzz (docs/security.md) against the built server, as `npm start` runs
// it: 20,000 hostile requests (FUZZ_COUNT) spread over every route of its OpenAPI document, signed out, as a public
// browser and signed in, 8 at a time (FUZZ_CONCURRENCY), from the seed FUZZ_SEED (FUZZ_ONLY replays one request,
// FUZZ_ROUTE sends only one route's share).
// It prints the counts by status and by route, writes bench/results/fuzz.json, and exits 1 on any 5xx, dropped
// connection or refusal not in the error shape. The shorter run in `npm test` is test/api/endpoint-fuzz.e2e.spec.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withAccounts } from '../scripts/accounts-context.js';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../test/support/api-process.js';
import { prepareFuzzContext, routesFromServer, entriesOutOfStep, runFuzz, summarise } from '../test/support/endpoint-fuzz.js';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database.js';
import { describeMachine } from './machine.js';
import { BENCH_ROUTE_LIMITS, ensureBuilt, positiveNumberFromEnvironment, stopApi } from './server.js';

const COUNT = positiveNumberFromEnvironment('FUZZ_COUNT', 20_000);
const CONCURRENCY = positiveNumberFromEnvironment('FUZZ_CONCURRENCY', 8);
const SEED = positiveNumberFromEnvironment('FUZZ_SEED', 20261123);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);

async function main(): Promise<number> {
  ensureBuilt();
  let database: TestDatabase | undefined;
  let api: ApiProcess | undefined;
  try {
    database = await createTestDatabase();
    api = await startApiProcess({ ...BENCH_ROUTE_LIMITS, NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    const [{ server_version: postgresVersion }] = await database.query<{ server_version: string }>('SHOW server_version');
    const routes = await routesFromServer(api.url);
    const outOfStep = entriesOutOfStep(routes);
    if (outOfStep.missing.length > 0 || outOfStep.stale.length > 0) {
      console.error(
        `bench:fuzz: test/support/endpoint-fuzz.ts ROUTE_ENTRIES is out of step with the OpenAPI document: ${JSON.stringify(outOfStep)}`,
      );
      return 1;
    }
    // The accounts are made on the server's database as `npm run accounts:create-admin` makes them.
    const databaseUrl = database.url;
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = databaseUrl;
    const context = await withAccounts((accounts) => prepareFuzzContext(api!.url, accounts)).finally(() => {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    });

    console.log(
      `bench:fuzz: ${ONLY === undefined ? COUNT : 1} hostile requests over ${routes.length} routes, ${CONCURRENCY} at a time, seed ${SEED}`,
    );
    const run = await runFuzz({
      baseUrl: api.url,
      routes,
      context,
      seed: SEED,
      count: COUNT,
      concurrency: CONCURRENCY,
      only: ONLY,
      route: process.env.FUZZ_ROUTE,
      maxFailures: Number.POSITIVE_INFINITY,
    });
    console.log(summarise(run));
    const byRoute = Object.fromEntries(
      [...run.byRoute]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([route, statuses]) => [route, Object.fromEntries([...statuses].sort(([a], [b]) => a - b))]),
    );
    for (const [route, statuses] of Object.entries(byRoute))
      console.log(
        `  ${route.padEnd(45)} ${Object.entries(statuses)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', ')}`,
      );
    for (const failure of run.failures.slice(0, 20)) console.error(`\n${failure}`);
    if (run.failures.length > 20) console.error(`\n... and ${run.failures.length - 20} more failures.`);

    const resultsFolder = resolve(REPO_ROOT, 'bench/results');
    mkdirSync(resultsFolder, { recursive: true });
    writeFileSync(
      resolve(resultsFolder, 'fuzz.json'),
      `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: describeMachine(postgresVersion), seed: SEED, sent: run.sent, seconds: run.milliseconds / 1000, byStatus: Object.fromEntries(run.byStatus), byRoute, failureCount: run.failures.length, firstFailures: run.failures.slice(0, 50) }, null, 2)}\n`,
    );
    const serverErrors = [...run.byStatus]
      .filter(([status]) => status >= 500 || status === 0)
      .reduce((total, [, count]) => total + count, 0);
    console.log(
      `bench:fuzz: ${serverErrors} server errors or dropped connections, ${run.failures.length} failures in all; written to bench/results/fuzz.json`,
    );
    return run.failures.length === 0 && (ONLY !== undefined || process.env.FUZZ_ROUTE !== undefined || run.sent === COUNT) ? 0 : 1;
  } finally {
    if (api) await stopApi(api).catch((error) => console.error('bench:fuzz: could not stop the API process:', error));
    if (database) await database.drop().catch((error) => console.error('bench:fuzz: could not drop the bench database:', error));
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error('bench:fuzz failed:', error);
  return 1;
});
