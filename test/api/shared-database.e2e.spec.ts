import { Logger } from '@nestjs/common';
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../api/src/database/embedded-postgres.js';
import { findFreePort } from '../../api/src/database/free-port.js';
import { exited, REPO_ROOT, startApiProcess, type ApiProcess } from '../support/api-process.js';
import { MANCHESTER } from '../support/households.js';

// A documented command never takes the server's database away. `npm start` runs on the
// embedded PostgreSQL under DATA_DIR (here a folder of its own); the scripts beside it use that same database
// and never stop it; the server finds its database again after any restart, starts it again itself when it stops
// on its own (only one of the processes using it does), and a stop signal ends it within 10 s whatever the
// database is doing.

const STOP_WITHIN_MS = 10_000;
const HEALTHY_WITHIN_MS = 10_000;
/** From the postmaster killed to /api/health answering 200 on the one started again (docs/configuration.md). */
const HEALED_WITHIN_MS = 20_000;
const RESTARTED_BY_ME = 'started the embedded PostgreSQL again';
const RESTARTED_BY_ANOTHER = 'was started again by another process';

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
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (code) => resolveRun({ code, stdout, stderr }));
  });
}

/** The postmaster running on the cluster now, from its postmaster.pid, or null. */
async function postmaster(dataDir: string): Promise<{ pid: number; port: number } | null> {
  const lines = (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  if (!lines[0]) return null;
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** Whether the process runs: one that has ended but is not yet reaped (a zombie, as a postmaster whose starter exited first may be) has not. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // Gone just now, or a system without /proc.
    return !existsSync('/proc/self/stat');
  }
  return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]);
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
/** Rows of a query on the running embedded database. */
async function embeddedRows<Row>(dataDir: string, sql: string): Promise<Row[]> {
  const running = await postmaster(dataDir);
  const { password } = JSON.parse(await readFile(join(dataDir, 'embedded-postgres.json'), 'utf8'));
  const client = new pg.Client({ host: '127.0.0.1', port: running!.port, user: 'postgres', password, database: 'benefits' });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Row[];
  } finally {
    await client.end();
  }
}

async function accountEmails(dataDir: string): Promise<string[]> {
  return (await embeddedRows<{ email: string }>(dataDir, 'SELECT email FROM users ORDER BY email')).map((row) => row.email);
}

/** What the adviser screens show of a calculation, for the demo's first adviser signed in over HTTP. */
async function demoAdviserSees(on: ApiProcess, session: string): Promise<{ isComplete: boolean; ucWeeklyTotal: number }> {
  const signIn = await fetch(`${on.url}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'adviser.one@demo-advice.example', password: 'demo-adviser-2026' }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const response = await fetch(`${on.url}/api/intermediary/calculation/?session=${session}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { calculation: { isComplete: boolean; ucWeeklyTotal: number } }).calculation;
}

const startOnEmbedded = (dataDir: string) => startApiProcess({ NODE_ENV: 'production', DATA_DIR: dataDir });

/** A visitor's first page, as the questionnaire's first POST saves it; the calculation's id. */
async function startCalculation(on: ApiProcess, browserId: string): Promise<string> {
  const response = await fetch(`${on.url}/api/data/survey/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ browserId, session: null, page: 1, action: 2, ClientPostcode: MANCHESTER }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { session: string }).session;
}

let dataDir: string;
let server: ApiProcess | undefined;
/** A second server on the same DATA_DIR, when a test starts one. */
let beside: ApiProcess | undefined;
/**
 * A DATA_DIR with its cluster made once (initdb, about 2 s here) and stopped: each test starts on a copy of it, as a
 * second `npm start` does, instead of making its own.
 */
let template: string;

beforeAll(async () => {
  template = await mkdtemp(join(tmpdir(), 'benefits-shared-db-template-'));
  const made = await startEmbeddedPostgres(template, new Logger('EmbeddedPostgres'));
  await made.stop();
}, 60_000);
afterAll(async () => {
  await rm(template, { recursive: true, force: true });
});

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'benefits-shared-db-'));
  // -a keeps the cluster's owner (the postgres user, when the tests run as root) and its modes.
  await promisify(execFile)('cp', ['-a', `${template}/.`, dataDir]);
});
afterEach(async () => {
  for (const running of [server, beside]) {
    if (running && running.child.exitCode === null && running.child.signalCode === null) await running.stop('SIGKILL');
  }
  server = undefined;
  beside = undefined;
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
      'service.one@demo-advice.example',
      'service.two@demo-advice.example',
    ]);
    // The four clients of working age each have a finished calculation, which the adviser screens work out.
    expect(seeded.stdout).toContain('Added a finished calculation for 4 demo clients.');
    const calculations = await embeddedRows<{ id: string; first_name: string }>(
      dataDir,
      `SELECT s.id, c.first_name FROM calculation_sessions s JOIN clients c ON c.id = s.client_id WHERE s.finished_at IS NOT NULL ORDER BY c.first_name`,
    );
    expect(calculations.map((row) => row.first_name)).toEqual(['Amara', 'Carys', 'Dev', 'Femi']);
    const amara = await demoAdviserSees(server, calculations[0].id);
    expect(amara.isComplete).toBe(true);
    expect(amara.ucWeeklyTotal).toBeGreaterThan(0);
    const again = await runScript('scripts/seed-demo.ts', dataDir);
    expect({ code: again.code, stdout: again.stdout }).toEqual({ code: 0, stdout: expect.stringContaining('is already there') });
    expect(again.stdout).not.toContain('Added a finished calculation');
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
  it('health is 200 again within 10 s of a fast shutdown, whether the server or a script beside it starts it again', async () => {
    server = await startOnEmbedded(dataDir);
    const { port } = (await postmaster(dataDir))!;
    await stopPostgresUnderTheServer(dataDir);

    // A script run now finds the database stopped, or already started again by the server: either way exactly one of
    // them starts it, where it was, and the script leaves it running for the server when it is done.
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

describe('the embedded PostgreSQL killed under a running server (kill -9)', () => {
  it(`is started again by the server: health is 200 within ${HEALED_WITHIN_MS / 1000} s, on the same port, with the saved answers`, async () => {
    server = await startOnEmbedded(dataDir);
    const browserId = 'browser_1795262400000_healing01';
    const session = await startCalculation(server, browserId);
    const killed = (await postmaster(dataDir))!;
    process.kill(killed.pid, 'SIGKILL');
    const started = Date.now();

    const healed = async () => (await postmaster(dataDir))?.pid !== killed.pid && (await healthStatus(server!)) === 200;
    expect(await waitUntil(healed, HEALED_WITHIN_MS)).toBe(true);
    const took = Date.now() - started;
    const after = (await postmaster(dataDir))!;
    expect(isRunning(after.pid)).toBe(true);
    expect(after.port).toBe(killed.port);
    expect(took).toBeLessThan(HEALED_WITHIN_MS);
    expect(server.child.exitCode).toBeNull();
    // What the visitor saved before the kill is still there, through the server.
    const page = await fetch(`${server.url}/api/data/survey/1/${session}`, { headers: { 'X-Browser-Id': browserId } });
    expect(page.status).toBe(200);
    expect(JSON.stringify(await page.json())).toContain(MANCHESTER.postcode);
    // The log says what happened, and names no one.
    expect(server.output()).toContain(`the embedded PostgreSQL (pid ${killed.pid}) stopped unexpectedly`);
    expect(await waitUntil(() => server!.output().includes(RESTARTED_BY_ME), 2000)).toBe(true);
    expect(server.output()).not.toContain(MANCHESTER.postcode);

    // The server still lets go of it as before: stopped with the server, the last process using it.
    expect(await timeToStop(server, 'SIGTERM')).toBeLessThan(STOP_WITHIN_MS);
    expect(isRunning(after.pid)).toBe(false);
  }, 120_000);

  it('with two servers sharing it, exactly one starts it again, and both answer', async () => {
    server = await startOnEmbedded(dataDir);
    beside = await startOnEmbedded(dataDir);
    const killed = (await postmaster(dataDir))!;
    process.kill(killed.pid, 'SIGKILL');

    const bothHealed = async () =>
      (await postmaster(dataDir))?.pid !== killed.pid && (await healthStatus(server!)) === 200 && (await healthStatus(beside!)) === 200;
    expect(await waitUntil(bothHealed, HEALED_WITHIN_MS)).toBe(true);
    // Each server has noticed by now (they look every second); give the slower one a moment to say what it found.
    await waitUntil(() => [server!, beside!].every((one) => /started (the embedded PostgreSQL )?again/.test(one.output())), 5000);
    const outputs = [server.output(), beside.output()];
    expect(outputs.filter((output) => output.includes(RESTARTED_BY_ME))).toHaveLength(1);
    expect(outputs.filter((output) => output.includes(RESTARTED_BY_ANOTHER))).toHaveLength(1);
    const after = (await postmaster(dataDir))!;
    expect(after.port).toBe(killed.port);

    // The first to stop leaves it running for the other; the last stops it.
    expect(await timeToStop(beside, 'SIGTERM')).toBeLessThan(STOP_WITHIN_MS);
    expect(isRunning(after.pid)).toBe(true);
    expect(await healthStatus(server)).toBe(200);
    expect(await timeToStop(server, 'SIGTERM')).toBeLessThan(STOP_WITHIN_MS);
    expect(isRunning(after.pid)).toBe(false);
  }, 120_000);
});

describe('the embedded PostgreSQL that cannot be started again', () => {
  it('makes the server exit with code 1 and say why, so that a supervisor starts it afresh', async () => {
    server = await startOnEmbedded(dataDir);
    const killed = (await postmaster(dataDir))!;
    // Something else takes its port the moment it is killed, so every try at starting it there fails.
    process.kill(killed.pid, 'SIGKILL');
    let squatter: Server | undefined;
    const takePort = () =>
      new Promise<boolean>((taken) => {
        const candidate = createServer((socket) => socket.destroy());
        candidate.once('error', () => taken(false));
        candidate.listen(killed.port, '127.0.0.1', () => {
          squatter = candidate;
          taken(true);
        });
      });
    expect(await waitUntil(takePort, 5000)).toBe(true);
    try {
      const ended = await Promise.race([exited(server.child), new Promise<null>((wake) => setTimeout(() => wake(null), 60_000))]);
      expect({ ended, output: server.output().slice(-3000) }).toEqual({ ended: { code: 1, signal: null }, output: expect.any(String) });
      expect(server.output()).toContain('could not start the embedded PostgreSQL again (try 5 of 5)');
      expect(server.output()).toContain('exiting so that a supervisor restarts the server');
    } finally {
      await new Promise((closed) => squatter!.close(closed));
    }
  }, 120_000);
});

describe('a stop signal whatever the database is doing', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s just after the embedded PostgreSQL stopped (while the server may be starting it again) ends the server within 10 s, leaving none running',
    async (signal) => {
      server = await startOnEmbedded(dataDir);
      await stopPostgresUnderTheServer(dataDir);
      expect(await timeToStop(server, signal)).toBeLessThan(STOP_WITHIN_MS);
      const left = await postmaster(dataDir);
      expect(left === null || !isRunning(left.pid)).toBe(true);
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
