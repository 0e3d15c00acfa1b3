import { createRequire } from 'node:module';
import manifest from '../package.json' with { type: 'json' };

const { nodeVersionProblem } = createRequire(import.meta.url)('./check-node.cjs') as {
  nodeVersionProblem: (version: string, range: string) => string | null;
};

describe('the Node.js version check that npm start, npm test and npm run dev run first', () => {
  it('package.json asks for Node.js 24 LTS, from the first 24.x every dependency accepts', () => {
    expect(manifest.engines.node).toBe('>=24.15.0');
  });

  it('refuses Node.js 20 (end of life since April 2026) and 22, saying what to install and what to do next', () => {
    for (const old of ['v20.20.2', 'v22.22.0', 'v24.14.1']) {
      const problem = nodeVersionProblem(old, manifest.engines.node);
      expect(problem).toContain(
        `This project needs Node.js 24.15.0 or later (Node.js 24, the current long-term support release), but this is Node.js ${old.slice(1)}.`,
      );
      expect(problem).toContain('Install Node.js 24 LTS from https://nodejs.org/en/download');
      expect(problem).toContain('run `npm ci` again');
    }
  });

  it('accepts Node.js 24 from 24.15.0, and later releases', () => {
    for (const supported of ['v24.15.0', 'v24.21.0', 'v26.1.0']) expect(nodeVersionProblem(supported, manifest.engines.node)).toBeNull();
  });

  it('refuses an engines range it cannot read rather than letting any Node.js through', () => {
    expect(() => nodeVersionProblem('v24.21.0', '^24')).toThrow('engines.node in package.json must read ">=X.Y.Z"');
  });
});
