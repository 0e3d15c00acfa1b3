/**
 * The OpenAPI lint (npm run openapi:lint, in npm run lint): Redocly's recommended rules with redocly.yaml, run as
 * CI runs it. The committed document passes with no errors, and a copy broken in the ways the document once was
 * (no servers, an operation with no security, a path parameter not in its path, `nullable` with no type) fails.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OPENAPI_FILE } from './openapi.js';

const run = promisify(execFile);
const REDOCLY = join('node_modules', '.bin', 'redocly');

async function lint(file: string): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(REDOCLY, ['lint', file, '--config', 'redocly.yaml', '--format', 'stylish'], {
      maxBuffer: 1 << 24,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    return { failed: false, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  }
}

type Operation = { security?: unknown; parameters?: { in: string; name: string }[] };

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the OpenAPI lint', () => {
  it('passes the committed api/openapi.json with no errors', async () => {
    const { failed, output } = await lint(OPENAPI_FILE);
    expect(output).toContain('Your API description is valid');
    expect(failed).toBe(false);
  }, 60_000);

  it('fails a copy with no servers, an operation with no security, an undefined path parameter and a nullable with no type', async () => {
    const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    document.servers = [];
    const calculate = document.paths['/api/v1/calculations'].post as Operation;
    delete calculate.security;
    (document.paths['/api/data/survey'].get as Operation).parameters!.push({
      in: 'path',
      name: 'page',
      required: true,
      schema: { type: 'string' },
    } as never);
    document.components.schemas.ErrorResponse.properties.code = { nullable: true, description: 'A code.' };
    const broken = join(folder, 'broken-openapi.json');
    writeFileSync(broken, JSON.stringify(document));
    const { failed, output } = await lint(broken);
    expect(failed).toBe(true);
    for (const rule of ['no-empty-servers', 'security-defined', 'path-parameters-defined', 'nullable-type-sibling']) {
      expect(output).toMatch(new RegExp(`error\\s+${rule}`));
    }
  }, 60_000);
});
