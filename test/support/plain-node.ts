import { fork } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './api-process.js';

/**
 * Runs an exported function of one of the project's TypeScript modules in a child process of plain Node, and gives
 * back what it returns. Jest runs a test in a vm context, where every read of a global (Math, Array, Object...) is a
 * few hundred times slower than in plain Node (nodejs/node#31658; Jest cannot hand ES modules their globals): the
 * properties tier's long runs of the engine over thousands of households take minutes there, and a fraction of that
 * here. The test keeps its assertions; only the work moves.
 */
export function runInPlainNode<T>(modulePath: string, exportName: string, ...args: unknown[]): Promise<T> {
  const child = fork(join(REPO_ROOT, 'test/support/plain-node-child.ts'), [], {
    execArgv: ['--import', join(REPO_ROOT, 'scripts/register-typescript.mjs')],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    child.once('message', (message: { value?: T; error?: string }) => {
      settled = true;
      if (message.error !== undefined) reject(new Error(`${exportName} in ${modulePath}: ${message.error}`));
      else resolve(message.value as T);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`${exportName} in ${modulePath} ended (exit code ${code}) without an answer`));
    });
    child.send({ module: join(REPO_ROOT, modulePath), exportName, args });
  });
}
