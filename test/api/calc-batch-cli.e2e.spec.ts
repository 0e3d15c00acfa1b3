import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { CalculationRequests } from '../../api/src/calculation/calculation-answer.js';
import { loadEntitlementEngine } from '../../engine/load.js';
import { ukToday } from '../../common/dates/uk-today.js';
import { REPO_ROOT } from '../support/api-process.js';
import { LONE_PARENT_PRIVATE_RENTER } from '../support/households.js';
import { randomHouseholds } from '../support/random-households.js';

/** `npm run calc -- --batch ...` as the package.json script runs it, from the project folder. */
function calc(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', './scripts/register-typescript.mjs', 'scripts/calc.ts', ...args], {
      cwd: REPO_ROOT,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** The single API's own answer (api/src/calculation), to compare each line with. */
const requests = new CalculationRequests(loadEntitlementEngine());
/** The batch's default: the single API's answer without the sentences and the extra help. */
const AMOUNTS_ONLY = { explanations: false, extraHelp: false };

const LONE_PARENT = { date: '2026-11-21', household: LONE_PARENT_PRIVATE_RENTER };
/** 40 random households, and in the middle of them three bad lines: not JSON, a mistake, a date before the rates. */
const HOUSEHOLDS: unknown[] = randomHouseholds(40, 9000).map(({ date, household }) => ({ date, household }));
const BAD_LINES = new Map<number, string>([
  [11, '{"date": "2026-11-21", "household": '],
  [22, JSON.stringify({ ...LONE_PARENT, household: { ...LONE_PARENT.household, capital: -1 } })],
  [33, JSON.stringify({ ...LONE_PARENT, date: '2024-01-01' })],
]);

let folder: string;
const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'calc-batch-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The JSONL input: a household a line, the bad lines at their numbers, and a blank line (skipped, but counted). */
function jsonlInput(): { text: string; lines: { line: number; text: string }[] } {
  const lines: { line: number; text: string }[] = [];
  const texts: string[] = [];
  let household = 0;
  for (let line = 1; household < HOUSEHOLDS.length; line += 1) {
    if (line === 5) {
      texts.push('');
      continue;
    }
    const text = BAD_LINES.get(line) ?? JSON.stringify(HOUSEHOLDS[household++]);
    texts.push(text);
    lines.push({ line, text });
  }
  return { text: `${texts.join('\n')}\n`, lines };
}

describe('npm run calc -- --batch', () => {
  it("answers a JSONL file in input order, each line tagged with its line number and equal to the single API's amounts-only answer; bad lines get their own error and the exit code is 2", async () => {
    const input = jsonlInput();
    const { status, stdout, stderr } = await calc(['--batch', file('households.jsonl', input.text), '--workers', '2']);
    expect(status).toBe(2);
    const output = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { line: number; statusCode: number; body: Record<string, unknown> });
    expect(output.map((answer) => answer.line)).toEqual(input.lines.map(({ line }) => line));
    for (const [index, { line, text }] of input.lines.entries()) {
      if (line === 11) {
        expect(output[index]).toEqual({
          line: 11,
          statusCode: 400,
          body: {
            statusCode: 400,
            code: 'INVALID_JSON',
            message: 'The line is not valid JSON.',
            errors: [{ path: '', message: 'The line is not valid JSON.' }],
          },
        });
        continue;
      }
      const alone = await requests.answer(JSON.parse(text), ukToday(), AMOUNTS_ONLY);
      expect(output[index]).toEqual({ line, statusCode: alone.statusCode, body: alone.body });
      if (alone.statusCode === 200) expect(alone.body.benefits.every((benefit) => benefit.explanation.length === 0)).toBe(true);
    }
    expect(output.filter((answer) => answer.statusCode !== 200).map((answer) => [answer.line, answer.body.code])).toEqual(
      expect.arrayContaining([
        [11, 'INVALID_JSON'],
        [22, 'VALIDATION_FAILED'],
        [33, 'DATE_OUT_OF_RANGE'],
      ]),
    );
    // 43 households are not worth loading the rulesets in a second thread: one worker takes them.
    expect(stderr).toMatch(
      /^Answered 43 households in [\d.]+ s \([\d,]+ a second\) on 1 worker: \d+ worked out, \d+ not: lines 11 \(INVALID_JSON\), .*22 \(VALIDATION_FAILED\), (?:\d+ \(VALIDATION_FAILED\), )*33 \(DATE_OUT_OF_RANGE\)/m,
    );
    // No progress bar when stderr is not a terminal.
    expect(stderr).not.toContain('Households');
  }, 120_000);

  it('exits 0 when every household is worked out, and writes the same answers from one worker as from two', async () => {
    const good = HOUSEHOLDS.filter((_, index) => index < 8)
      .concat(Array.from({ length: 200 }, () => LONE_PARENT))
      .map((household) => JSON.stringify(household))
      .join('\n');
    const path = file('good.jsonl', good);
    const one = await calc(['--batch', path, '--workers', '1']);
    const two = await calc(['--batch', path, '--workers', '2']);
    const refused = one.stdout.split('\n').filter((line) => line.includes('"statusCode":4'));
    expect({ status: two.status, refused: refused.length }).toEqual({ status: refused.length > 0 ? 2 : 0, refused: refused.length });
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toMatch(/on 2 workers/);
    expect(two.stdout.trim().split('\n')).toHaveLength(208);
  }, 120_000);

  it('reads the documented CSV layout and writes amounts per benefit as CSV columns; a bad row gets its error row and the rest go on', async () => {
    const csv = [
      'date,household.country,household.adults[0].age,household.adults[0].earnings.amount,household.adults[0].earnings.period,household.adults[0].earnings.basis,household.children[0].dateOfBirth,household.housing.tenure,household.housing.rent.amount,household.housing.rent.period,household.capital',
      '2026-11-21,ENGLAND,30,,,,2019-03-02,SOCIAL_RENT,500,MONTH,',
      '2026-11-21,ENGLAND,40,1200,MONTH,NET,,OWNER_OCCUPIER,,,-5',
      '2026-11-21,ENGLAND,40',
      '2026-11-21,WALES,70,,,,,OWNER_OCCUPIER,,,2500.50',
    ].join('\n');
    const out = join(folder, 'answers.csv');
    const { status, stdout, stderr } = await calc(['--batch', file('households.csv', csv), '--out', out]);
    expect(stdout).toBe('');
    expect(status).toBe(2);
    expect(stderr).toContain('lines 3 (VALIDATION_FAILED), 4 (WRONG_CELL_COUNT)');
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.line, row.statusCode, row.errorCode])).toEqual([
      ['2', '200', ''],
      ['3', '400', 'VALIDATION_FAILED'],
      ['4', '400', 'WRONG_CELL_COUNT'],
      ['5', '200', ''],
    ]);
    expect(rows[1]!.errors).toBe('household.capital must be 0 or more.');

    // Each row's amounts are the single API's for the same request, built by hand here.
    const first = await requests.answer(
      {
        date: '2026-11-21',
        household: {
          country: 'ENGLAND',
          adults: [{ age: 30 }],
          children: [{ dateOfBirth: '2019-03-02' }],
          housing: { tenure: 'SOCIAL_RENT', rent: { amount: 500, period: 'MONTH' } },
        },
      },
      ukToday(),
    );
    if (first.statusCode !== 200) throw new Error('The first household should be worked out.');
    for (const benefit of first.body.benefits) {
      // A payment made once has its lump sum, and no weekly column.
      const amountColumn = benefit.lumpSum === undefined ? 'weekly' : 'lumpSum';
      expect([benefit.code, rows[0]![`${benefit.code}.eligible`], rows[0]![`${benefit.code}.${amountColumn}`]]).toEqual([
        benefit.code,
        String(benefit.eligible),
        !benefit.eligible || benefit.amountShown ? (benefit.lumpSum ?? benefit.weekly).toFixed(2) : '',
      ]);
      if (benefit.lumpSum !== undefined) expect(rows[0]![`${benefit.code}.weekly`]).toBeUndefined();
    }
    expect(rows[0]!['CHILD_BENEFIT.weekly']).toBe('27.05');
    expect(rows[0]!['totals.UNIVERSAL_CREDIT.monthly']).toBe(first.body.totals.UNIVERSAL_CREDIT.monthly.toFixed(2));
    expect(rows[3]!.system).toBe('PENSION_AGE');
  }, 120_000);

  it("writes JSONL from CSV and CSV from JSONL when asked, and with --explanations the single API's whole answer", async () => {
    const csv = 'household.country,household.adults[0].age,household.housing.tenure\nSCOTLAND,35,OWNER_OCCUPIER\n';
    const fromCsv = await calc(['--batch', file('one.csv', csv), '--output-format', 'jsonl', '--explanations']);
    expect(fromCsv.status).toBe(0);
    const answer = JSON.parse(fromCsv.stdout);
    expect(answer).toEqual({
      line: 2,
      statusCode: 200,
      body: (
        await requests.answer(
          { household: { country: 'SCOTLAND', adults: [{ age: 35 }], housing: { tenure: 'OWNER_OCCUPIER' } } },
          ukToday(),
        )
      ).body,
    });
    expect((answer.body as { benefits: { explanation: string[] }[] }).benefits.some((benefit) => benefit.explanation.length > 0)).toBe(
      true,
    );
    const toCsv = await calc(['--batch', file('one.jsonl', JSON.stringify(LONE_PARENT)), '--output-format', 'csv']);
    expect(toCsv.status).toBe(0);
    const [row] = parse(toCsv.stdout, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ line: '1', statusCode: '200', date: '2026-11-21', 'CHILD_BENEFIT.eligible': 'true' });
  }, 60_000);

  it('shows a progress bar on stderr when it is a terminal', async () => {
    // util-linux's script(1) gives the command a terminal; the answers go to a file, so only stderr is on it.
    const out = join(folder, 'progress.jsonl');
    const input = file('progress.jsonl', Array.from({ length: 150 }, () => JSON.stringify(LONE_PARENT)).join('\n'));
    const command = [process.execPath, '--import', './scripts/register-typescript.mjs', 'scripts/calc.ts', '--batch', input, '--out', out]
      .map((part) => `'${part}'`)
      .join(' ');
    const terminal = await new Promise<{ status: number | null; screen: string }>((resolve, reject) => {
      const child = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], { cwd: REPO_ROOT });
      let screen = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (screen += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, screen }));
    });
    expect(terminal.status).toBe(0);
    expect(terminal.screen).toMatch(/Households .* 100% \| 150\/150/);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(150);
  }, 60_000);

  it('refuses a CSV header that names no field of the request, and bad options, with exit 2 before any work', async () => {
    const badHeader = await calc(['--batch', file('bad.csv', 'household.country,household.adults[0].agee,Postcode\nENGLAND,3,M1\n')]);
    expect(badHeader.status).toBe(2);
    expect(badHeader.stdout).toBe('');
    expect(badHeader.stderr).toContain('Column 2 ("household.adults[0].agee") is not a field of the calculation request');
    expect(badHeader.stderr).toContain('Column 3 ("Postcode")');
    const badWorkers = await calc(['--batch', file('x.jsonl', '{}'), '--workers', '0']);
    expect(badWorkers.status).toBe(2);
    expect(badWorkers.stderr).toContain('--workers must be a whole number from 1 to 64.');
    const missing = await calc(['--batch', join(folder, 'missing.jsonl')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Cannot read');
  }, 60_000);
});
