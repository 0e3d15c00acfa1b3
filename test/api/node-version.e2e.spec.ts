import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/api-process.js';

// On a Node.js older than package.json's engines.node, `npm start` and `npm test` stop at
// once with a message saying what to install, before building anything. A Node.js of a given version is played
// by preloading a file that sets process.version, in every node process npm starts (NODE_OPTIONS).

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'node-version-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function asNode(version: string): string {
  const file = join(folder, `node-${version}.cjs`);
  writeFileSync(file, `Object.defineProperty(process, 'version', { value: ${JSON.stringify(version)} });\n`);
  return file;
}

function run(command: string, args: string[], version: string) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_OPTIONS: `--require ${asNode(version)}` },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, took: Date.now() - started };
}

const MESSAGE =
  'This project needs Node.js 24.15.0 or later (Node.js 24, the current long-term support release), but this is Node.js 20.20.2.';

describe('a Node.js older than the engines floor', () => {
  it.each(['start', 'test'])('npm %s stops at once, before building, saying to install Node.js 24 LTS', (script) => {
    const { status, stdout, stderr, took } = run('npm', [script], 'v20.20.2');
    expect(status).toBe(1);
    expect(stderr).toContain(MESSAGE);
    expect(stderr).toContain('Install Node.js 24 LTS from https://nodejs.org/en/download');
    expect(stdout).not.toContain('nest build');
    expect(took).toBeLessThan(30_000);
  });

  // This machine's own Node.js, when it is older than the floor (Debian's, say), is refused for real.
  const machineNode = '/usr/bin/node';
  const machineVersion = existsSync(machineNode) ? spawnSync(machineNode, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  (machineVersion && Number(machineVersion.slice(1).split('.')[0]) < 24 ? it : it.skip)(
    `the machine's ${machineVersion || 'node'} is refused by the check`,
    () => {
      const result = spawnSync(machineNode, ['scripts/check-node.cjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`but this is Node.js ${machineVersion.slice(1)}.`);
    },
  );
});

describe('Node.js 24 LTS', () => {
  it('passes the check', () => {
    const { status, stderr } = run(process.execPath, ['scripts/check-node.cjs'], 'v24.15.0');
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
  });
});
