import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/api-process.js';

/** `npm run calc -- <file.json|->` as the package.json script runs it, from the project folder. */
function calc(argument: string | undefined, stdin?: string) {
  const result = spawnSync(
    process.execPath,
    ['--import', './scripts/register-typescript.mjs', 'scripts/calc.ts', ...(argument === undefined ? [] : [argument])],
    {
      cwd: REPO_ROOT,
      input: stdin ?? '',
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A couple who own their home, with two children aged 9 and 4. */
const COUPLE_WITH_TWO_CHILDREN = {
  date: '2026-11-21',
  household: {
    country: 'WALES',
    adults: [{ dateOfBirth: '1988-02-14' }, { age: 37 }],
    children: [{ dateOfBirth: '2017-06-30' }, { dateOfBirth: '2022-01-15' }],
    housing: { tenure: 'OWNER_OCCUPIER' },
  },
};

describe('npm run calc', () => {
  let folder: string;
  const file = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'calc-cli-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('prints the response for a request in a file and exits 0', () => {
    const { status, stdout } = calc(file('couple.json', JSON.stringify(COUPLE_WITH_TWO_CHILDREN)));
    expect(status).toBe(0);
    const response = JSON.parse(stdout);
    expect(response).toMatchObject({ date: '2026-11-21', rulesVersion: '2026-27', system: 'UNIVERSAL_CREDIT' });
    // Eldest £27.05 + one other child £17.90 = £44.95 a week; monthly = 44.95 x 52 / 12 = 194.7833... = £194.78.
    expect(response.benefits.find((benefit: { code: string }) => benefit.code === 'CHILD_BENEFIT')).toMatchObject({
      eligible: true,
      weekly: 44.95,
      monthly: 194.78,
    });
  });

  it('reads the request from stdin for -, and answers the same', () => {
    const fromStdin = calc('-', JSON.stringify(COUPLE_WITH_TWO_CHILDREN));
    const fromFile = calc(file('couple-again.json', JSON.stringify(COUPLE_WITH_TWO_CHILDREN)));
    expect(fromStdin.status).toBe(0);
    expect(JSON.parse(fromStdin.stdout)).toEqual(JSON.parse(fromFile.stdout));
  });

  it('prints the error the API gives for bad input, and exits 2', () => {
    const bad = {
      ...COUPLE_WITH_TWO_CHILDREN,
      household: { ...COUPLE_WITH_TWO_CHILDREN.household, adults: [{ age: 40, foo: 1 }], capital: 10.001 },
    };
    const { status, stdout } = calc('-', JSON.stringify(bad));
    expect(status).toBe(2);
    expect(JSON.parse(stdout)).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'There are 2 problems with the request.',
      errors: [
        { path: 'household.adults[0].foo', message: 'household.adults[0].foo is not a field this request accepts.' },
        { path: 'household.capital', message: 'household.capital must have at most 2 decimal places (pounds and pence).' },
      ],
    });
  });

  it('prints the 422 error for a date outside the rates held, and exits 2', () => {
    const { status, stdout } = calc('-', JSON.stringify({ ...COUPLE_WITH_TWO_CHILDREN, date: '2024-01-01' }));
    expect(status).toBe(2);
    expect(JSON.parse(stdout)).toMatchObject({ statusCode: 422, code: 'DATE_OUT_OF_RANGE', errors: [{ path: 'date' }] });
  });

  it('prints an error for input that is not JSON, and exits 2', () => {
    const { status, stdout } = calc(file('broken.json', '{"household": '));
    expect(status).toBe(2);
    expect(JSON.parse(stdout)).toEqual({
      statusCode: 400,
      code: 'INVALID_JSON',
      message: 'The input is not valid JSON.',
      errors: [{ path: '', message: 'The input is not valid JSON.' }],
    });
  });

  it('shows how to use it, and exits 2, without a file or with one it cannot read', () => {
    const none = calc(undefined);
    expect(none.status).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('Usage: npm run calc -- <request.json | ->');
    const missing = calc(join(folder, 'missing.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Cannot read');
  });
});
