import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findFreePort } from '../../api/src/database/free-port.js';
import { exited, REPO_ROOT, startApiProcess, type ApiProcess } from '../support/api-process.js';

// What `npm start` runs after building: the built server in production mode, with no DATABASE_URL, so it
// starts the embedded PostgreSQL (here in a folder of its own rather than .data/).
let dataDir: string;
const clusterDir = () => join(dataDir, 'postgres');

function startLikeNpmStart(): Promise<ApiProcess> {
  return startApiProcess({ NODE_ENV: 'production', DATA_DIR: dataDir });
}

/** Reads the embedded server's rows directly, as its own superuser, while the app is running. */
async function storedReportSources(): Promise<string[]> {
  const port = Number((await readFile(join(clusterDir(), 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const { password } = JSON.parse(await readFile(join(dataDir, 'embedded-postgres.json'), 'utf8'));
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'benefits' });
  await client.connect();
  try {
    return (await client.query('SELECT source FROM client_error_reports ORDER BY created_at')).rows.map((row) => row.source);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'benefits-npm-start-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm start without DATABASE_URL', () => {
  it('serves the web app and /api/docs on one port from an embedded PostgreSQL, and stops it cleanly', async () => {
    const server = await startLikeNpmStart();
    try {
      const landing = await fetch(`${server.url}/`);
      expect(landing.status).toBe(200);
      const html = await landing.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script id="site-config" type="application/json">');
      // Client-side routes load the same page; the app picks the screen.
      expect((await fetch(`${server.url}/survey/2/0b7c3a4e`)).headers.get('content-type')).toMatch(/^text\/html/);
      expect((await fetch(`${server.url}/static/no-such-file.js`)).status).toBe(404);
      expect(await (await fetch(`${server.url}/api/docs/`)).text()).toContain('swagger-ui');
      const report = await fetch(`${server.url}/api/data/error/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ source: 'First run', error: 'kept across a restart' }),
      });
      expect(report.status).toBe(204);
    } finally {
      const ended = await server.stop('SIGTERM');
      expect(ended.signal ?? ended.code).toBeTruthy();
    }
    expect(server.output()).toContain('embedded PostgreSQL stopped');
    expect(existsSync(join(clusterDir(), 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('keeps the data when started again', async () => {
    const server = await startLikeNpmStart();
    try {
      expect(await storedReportSources()).toEqual(['First run']);
      expect(server.output()).not.toContain('creating the embedded PostgreSQL cluster');
    } finally {
      await server.stop('SIGINT');
    }
    expect(existsSync(join(clusterDir(), 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('recovers when the previous process was killed outright and left its database running', async () => {
    const killed = await startLikeNpmStart();
    await killed.stop('SIGKILL');
    expect(existsSync(join(clusterDir(), 'postmaster.pid'))).toBe(true);
    const server = await startLikeNpmStart();
    try {
      expect(server.output()).toContain('left running by an earlier process');
      expect(await storedReportSources()).toEqual(['First run']);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('a port that is already taken', () => {
  it('stops the server with the reason, and stops the embedded PostgreSQL it had started', async () => {
    const port = await findFreePort();
    const squatter = createServer();
    await new Promise<void>((listening) => squatter.listen(port, listening));
    try {
      const child = spawn(process.execPath, ['dist/server/api/src/main.js'], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir },
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      expect((await exited(child)).code).toBe(1);
      expect(output).toContain('The server could not start.');
      expect(output).toContain('EADDRINUSE');
      expect(output).toContain('embedded PostgreSQL stopped');
      expect(existsSync(join(clusterDir(), 'postmaster.pid'))).toBe(false);
    } finally {
      squatter.close();
    }
  }, 120_000);
});

describe('a bad configuration', () => {
  it('stops the server at start with a clear message for each bad variable', async () => {
    const child = spawn(process.execPath, ['dist/server/api/src/main.js'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://root:hunter2@db/app',
      },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const { code } = await exited(child);
    expect(code).toBe(1);
    expect(stderr).toContain('The server could not start.');
    expect(stderr).toContain('PORT must be a whole number from 1 to 65535.');
    expect(stderr).toContain('LOG_LEVEL must be one of error, warn, info or debug.');
    expect(stderr).toContain('DATABASE_URL must be a PostgreSQL connection URL');
    expect(stderr).not.toContain('hunter2');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});
