import { Logger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../api/src/database/embedded-postgres.js';
import { findFreePort } from '../../api/src/database/free-port.js';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../support/api-process.js';

// A documented command never takes the server's database away. `npm start` runs on the
// embedded PostgreSQL under DATA_DIR (here a folder of its own); the scripts beside it use that same database
// and never stop it; the server finds its database again after any restart, and a stop signal ends it within
// 10 s whatever the database is doing.

const STOP_WITHIN_MS = 10_000;
const HEALTHY_WITHIN_MS = 10_000;

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A package.json script as npm runs it, from the project folder, on the embedded database under `dataDir`. */
function runScript(file: string, dataDir: string, args: string[] = []): Promise<ScriptRun> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', './scripts/register-typescript.mjs', file, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolveRun({ code, stdout, stderr }));
  });
}

/** The postmaster running on the cluster now, from its postmaster.pid, or null. */
async function postmaster(dataDir: string): Promise<{ pid: number; port: number } | null> {
  const lines = (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  if (!lines[0]) return null;
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

/** Stops the postgres under the server as `pg_ctl stop -m fast` would, and waits until it has gone. */
async function stopPostgresUnderTheServer(dataDir: string): Promise<void> {
  const running = await postmaster(dataDir);
  expect(running).not.toBeNull();
  process.kill(running!.pid, 'SIGINT');
  expect(await waitUntil(() => !isRunning(running!.pid), 15_000)).toBe(true);
}

const healthStatus = (server: ApiProcess) =>
  fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
    (response) => response.status,
    () => 0,
  );

/** Sends the signal and measures how long the process takes to end. */
async function timeToStop(server: ApiProcess, signal: NodeJS.Signals): Promise<number> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    server.stop(signal),
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), STOP_WITHIN_MS + 5000))),
  ]);
  clearTimeout(timer);
  const took = Date.now() - started;
  if (ended === null) server.child.kill('SIGKILL');
  return took;
}

/** The adviser accounts in the embedded database, read as its superuser. */
async function accountEmails(dataDir: string): Promise<string[]> {
  const running = await postmaster(dataDir);
  const { password } = JSON.parse(await readFile(join(dataDir, 'embedded-postgres.json'), 'utf8'));
  const client = new pg.Client({ host: '127.0.0.1', port: running!.port, user: 'postgres', password, database: 'benefits' });
  await client.connect();
  try {
    return (await client.query('SELECT email FROM users ORDER BY email')).rows.map((row) => row.email as string);
  } finally {
    await client.end();
  }
}

const startOnEmbedded = (dataDir: string) => startApiProcess({ NODE_ENV: 'production', DATA_DIR: dataDir });

let dataDir: string;
let server: ApiProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'benefits-shared-db-'));
});
afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) await server.stop('SIGKILL');
  server = undefined;
  // Whatever a failed test left running on the folder goes before the folder does.
  const running = await postmaster(dataDir);
  if (running && isRunning(running.pid)) {
    process.kill(running.pid, 'SIGCONT');
    process.kill(running.pid, 'SIGKILL');
  }
  await rm(dataDir, { recursive: true, force: true });
}, 30_000);

describe('a script beside a server running on the embedded PostgreSQL', () => {
  it('accounts:seed-demo uses the server’s database and leaves it running; the server stays healthy', async () => {
    server = await startOnEmbedded(dataDir);
    const before = await postmaster(dataDir);

    const seeded = await runScript('scripts/seed-demo.ts', dataDir);
    expect({ code: seeded.code, stdout: seeded.stdout }).toEqual({
      code: 0,
      stdout: expect.stringContaining('Made the demo organisation "Demo Advice Centre".'),
    });
    // The same postgres, on the same port, still running: the script neither stopped nor replaced it.
    expect(await postmaster(dataDir)).toEqual(before);
    expect(isRunning(before!.pid)).toBe(true);
    for (let check = 0; check < 5; check += 1) {
      expect(await healthStatus(server)).toBe(200);
      await new Promise((wake) => setTimeout(wake, 200));
    }
    // What it made is in the database the server uses.
    expect(await accountEmails(dataDir)).toEqual([
      'admin@demo-advice.example',
      'adviser.one@demo-advice.example',
      'adviser.two@demo-advice.example',
      'policy.one@demo-advice.example',
      'policy.two@demo-advice.example',
    ]);
    const again = await runScript('scripts/seed-demo.ts', dataDir);
    expect({ code: again.code, stdout: again.stdout }).toEqual({ code: 0, stdout: expect.stringContaining('is already there') });
    expect(await healthStatus(server)).toBe(200);

    // The server started the postgres, so the server stops it.
    expect(await timeToStop(server, 'SIGTERM')).toBeLessThan(STOP_WITHIN_MS);
    expect(server.output()).toContain('embedded PostgreSQL stopped');
    expect(isRunning(before!.pid)).toBe(false);
  }, 120_000);

  it('a data loader uses the running server’s database, and without one says to start the server', async () => {
    const refused = await runScript('dist/server/api/src/lookup/load-bands.js', dataDir, ['definitions/local-authorities.json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('no server is running on the embedded database');
    expect(refused.stderr).toContain('Start the server (npm start)');
    expect(await postmaster(dataDir)).toBeNull();

    server = await startOnEmbedded(dataDir);
    const before = await postmaster(dataDir);
    // A file that is not a bands CSV: the loader reaches the server's database, finds its table, and says what is wrong with the file.
    const loaded = await runScript('dist/server/api/src/lookup/load-bands.js', dataDir, ['package.json']);
    expect(loaded.stderr).not.toContain('no server is running');
    expect(loaded.stderr).not.toContain('did not answer');
    expect(loaded.stderr).not.toContain('has no council_tax_addresses table');
    expect(await postmaster(dataDir)).toEqual(before);
    expect(await healthStatus(server)).toBe(200);
  }, 120_000);

  it('a script run with no server starts the embedded PostgreSQL itself and stops it when it is done', async () => {
    const seeded = await runScript('scripts/seed-demo.ts', dataDir);
    expect({ code: seeded.code, stdout: seeded.stdout }).toEqual({
      code: 0,
      stdout: expect.stringContaining('Made the demo organisation'),
    });
    const left = await postmaster(dataDir);
    expect(left === null || !isRunning(left.pid)).toBe(true);
  }, 120_000);
});

describe('the database restarted under a running server', () => {
  it('health is 200 again within 10 s of PostgreSQL coming back, brought back by a script', async () => {
    server = await startOnEmbedded(dataDir);
    const { port } = (await postmaster(dataDir))!;
    await stopPostgresUnderTheServer(dataDir);
    expect(await healthStatus(server)).toBe(503);

    // A script run now finds the database stopped and starts it, where it was, for itself; since the server uses
    // it too, it leaves it running when it is done.
    const seeded = await runScript('scripts/seed-demo.ts', dataDir);
    expect(seeded.code).toBe(0);
    expect((await postmaster(dataDir))?.port).toBe(port);
    expect(await waitUntil(async () => (await healthStatus(server!)) === 200, HEALTHY_WITHIN_MS)).toBe(true);
    expect(server.child.exitCode).toBeNull();

    expect(await timeToStop(server, 'SIGINT')).toBeLessThan(STOP_WITHIN_MS);
    expect(await postmaster(dataDir)).toBeNull();
  }, 120_000);

  it('health is 200 again within 10 s when the embedded PostgreSQL is stopped and started again', async () => {
    const logger = new Logger('EmbeddedPostgres');
    Logger.overrideLogger(false);
    server = await startOnEmbedded(dataDir);
    await stopPostgresUnderTheServer(dataDir);
    const restarted = await startEmbeddedPostgres(dataDir, logger);
    try {
      expect(await waitUntil(async () => (await healthStatus(server!)) === 200, HEALTHY_WITHIN_MS)).toBe(true);
    } finally {
      await restarted.stop();
    }
    // Let go of here, but the server still uses it.
    expect(await healthStatus(server)).toBe(200);
  }, 120_000);
});

describe('a stop signal whatever the database is doing', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s with the embedded PostgreSQL stopped ends the server within 10 s',
    async (signal) => {
      server = await startOnEmbedded(dataDir);
      await stopPostgresUnderTheServer(dataDir);
      expect(await healthStatus(server)).toBe(503);
      expect(await timeToStop(server, signal)).toBeLessThan(STOP_WITHIN_MS);
    },
    120_000,
  );

  it('SIGTERM with the embedded PostgreSQL hanging (paused) ends the server within 10 s, and stops the postgres', async () => {
    server = await startOnEmbedded(dataDir);
    const running = (await postmaster(dataDir))!;
    process.kill(running.pid, 'SIGSTOP');
    // A request waiting on the database when the signal comes.
    const waiting = fetch(`${server.url}/api/health`).catch(() => undefined);
    await new Promise((wake) => setTimeout(wake, 300));
    expect(await timeToStop(server, 'SIGTERM')).toBeLessThan(STOP_WITHIN_MS);
    await waiting;
    expect(await waitUntil(() => !isRunning(running.pid), 5000)).toBe(true);
  }, 120_000);

  it('SIGTERM with the database behind DATABASE_URL hanging (paused) ends the server within 10 s', async () => {
    // A PostgreSQL of the test's own, so pausing it touches no one else's.
    const logger = new Logger('EmbeddedPostgres');
    Logger.overrideLogger(false);
    const postgres = await startEmbeddedPostgres(dataDir, logger, { port: await findFreePort() });
    const running = (await postmaster(dataDir))!;
    try {
      server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: postgres.url, DATA_DIR: join(dataDir, 'server') });
      process.kill(running.pid, 'SIGSTOP');
      const waiting = fetch(`${server.url}/api/health`).catch(() => undefined);
      await new Promise((wake) => setTimeout(wake, 300));
      expect(await timeToStop(server, 'SIGTERM')).toBeLessThan(STOP_WITHIN_MS);
      await waiting;
    } finally {
      process.kill(running.pid, 'SIGCONT');
      await postgres.stop();
    }
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
