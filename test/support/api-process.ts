import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { findFreePort } from '../../api/src/database/free-port.js';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
const MAIN = 'dist/server/api/src/main.js';
/** Where the started servers keep their compiled code (Node's module compile cache), ignored by git with node_modules. */
const COMPILE_CACHE_DIR = resolve(REPO_ROOT, 'node_modules/.cache/node-compile-cache');
const START_TIMEOUT_MS = 90_000;

export interface ApiProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** All the process has written so far, standard output and error together. */
  output(): string;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
}

/**
 * Starts the built server (`npm run build` first; `npm test` does) as `npm start` would, and waits until it answers.
 * `nodeArguments` go to Node before the script (a bench's `--inspect=...`, to profile the server).
 */
export async function startApiProcess(environment: Record<string, string>, nodeArguments: string[] = [], attempt = 1): Promise<ApiProcess> {
  if (!existsSync(resolve(REPO_ROOT, MAIN))) throw new Error(`${MAIN} is missing: run npm run build first (npm test does).`);
  const port = await findFreePort();
  let output = '';
  const child = spawn(process.execPath, [...nodeArguments, MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'info',
      // The suites start the server some hundred times: Node keeps the compiled code of its modules between starts
      // (about 0.6 s of a start's 4.5 s of CPU on CI's machine).
      NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
      ...environment,
      PORT: String(port),
    },
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      // The free port was taken between finding it and listening (tests run side by side): start again on another.
      if (output.includes('EADDRINUSE') && attempt < 3) return startApiProcess(environment, nodeArguments, attempt + 1);
      throw new Error(`The server exited with code ${child.exitCode} while starting:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    url,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      const done = exited(child);
      child.kill(signal);
      return done;
    },
  };
}
