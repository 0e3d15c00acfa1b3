// What the benches that drive the built server share: a build of the current code, the PostgreSQL backends to
// measure, stopping the API process, and settings read from the environment.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { exited, REPO_ROOT, type ApiProcess } from '../test/support/api-process.js';
import { ROUTE_LIMITS_OUT_OF_THE_WAY } from '../test/support/route-limits.js';
import type { TestDatabase } from '../test/support/test-database.js';

export function positiveNumberFromEnvironment(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not '${text}'.`);
  return value;
}

/**
 * The per-address route limits raised out of the way: a bench sends thousands of requests a minute from this one
 * machine's address, which the defaults rightly refuse. Every request is still counted in PostgreSQL, so the bench
 * measures what counting costs.
 */
export const BENCH_ROUTE_LIMITS = ROUTE_LIMITS_OUT_OF_THE_WAY;

// ---------------------------------------------------------------------------------------------------------------
// Build: the bench measures the built server, so rebuild it when a source is newer than the build. BENCH_BUILD=never
// uses dist/ as it is (for instance while someone else's half-finished change does not compile); always rebuilds.

const BUILT_SERVER = resolve(REPO_ROOT, 'dist/server/api/src/main.js');
const BUILT_WEB_PAGE = resolve(REPO_ROOT, 'dist/web/index.html');
// The server reads it to name each screen's chunks as preloads; a build from before it was written has none.
const BUILT_WEB_MANIFEST = resolve(REPO_ROOT, 'dist/web/.vite/manifest.json');
const SERVER_SOURCES = ['api/src', 'common', 'migrations'];

function newestSourceTime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(path));
    else if (/\.ts$/.test(entry.name) && !/\.(spec|test)\.ts$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function npmRun(script: string): void {
  console.log(`bench: npm run ${script}`);
  const result = spawnSync('npm', ['run', script], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run ${script} failed; the bench needs a build of the current code (or BENCH_BUILD=never).`);
}

export function ensureBuilt(): void {
  const mode = process.env.BENCH_BUILD ?? 'auto';
  if (!['auto', 'always', 'never'].includes(mode)) throw new Error(`BENCH_BUILD must be auto, always or never, not '${mode}'.`);
  if (mode === 'always') return npmRun('build');
  const serverBuiltAt = existsSync(BUILT_SERVER) ? statSync(BUILT_SERVER).mtimeMs : 0;
  if (mode === 'never') {
    if (!serverBuiltAt || !existsSync(BUILT_WEB_PAGE) || !existsSync(BUILT_WEB_MANIFEST))
      throw new Error('BENCH_BUILD=never, but dist/ has no build: run npm run build.');
    return;
  }
  const sourcesChangedAt = Math.max(...SERVER_SOURCES.map((folder) => newestSourceTime(resolve(REPO_ROOT, folder))));
  if (sourcesChangedAt > serverBuiltAt) npmRun('build:api');
  // The bench posts to the API only, but production mode refuses to start without the built web app.
  if (!existsSync(BUILT_WEB_PAGE) || !existsSync(BUILT_WEB_MANIFEST)) npmRun('build:web');
}

const LOCAL_HOSTS = new Set(['', 'localhost', '127.0.0.1', '[::1]']);

/**
 * The PostgreSQL server processes of the API's connections (or of another app's, by its application_name); none when
 * PostgreSQL runs on another machine.
 */
export async function postgresBackends(database: TestDatabase, applicationName = 'benefits-calculator'): Promise<number[]> {
  if (!LOCAL_HOSTS.has(new URL(database.url).hostname)) return [];
  const rows = await database.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
    [applicationName],
  );
  return rows.map((row) => row.pid);
}

export async function stopApi(api: ApiProcess): Promise<void> {
  const stopped = api.stop('SIGTERM');
  const patience = new AbortController();
  const gaveUp = await Promise.race([stopped.then(() => false), wait(15_000, true, { signal: patience.signal })]);
  patience.abort();
  if (gaveUp) {
    api.child.kill('SIGKILL');
    await exited(api.child);
  }
}
