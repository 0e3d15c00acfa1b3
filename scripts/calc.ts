/**
 * `npm run calc -- <file.json|->`: the stateless calculation API (`docs/calculation-api.md`) on
 * the command line, for policy staff and other tools. Reads the request JSON from the file (or from stdin for
 * `-`) and prints the answer JSON on stdout: the response, exit 0; or the error the API would give (400 bad
 * input, 422 a date outside the rates held), exit 2. The checks are the API's own (api/src/calculation).
 * With `--batch <file>`, many households at once, on every core (scripts/batch/calc-batch.ts).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CalculationRequests } from '../api/src/calculation/calculation-answer.js';
import { repositoryRulesVersions } from '../engine/policy/repository.js';
import { ukToday } from '../common/dates/uk-today.js';
import type { ErrorResponse } from '../common/errors.js';
import { BATCH_USAGE, runBatchCommand } from './batch/calc-batch.js';

const USAGE = `Usage: npm run calc -- <request.json | ->   (- reads the request from stdin)\n${BATCH_USAGE}`;
const BAD_INPUT = 2;

function readInput(argument: string): string {
  // File descriptor 0 is stdin. npm runs scripts from the project folder; INIT_CWD is where `npm run` was typed.
  return readFileSync(argument === '-' ? 0 : resolve(process.env.INIT_CWD ?? process.cwd(), argument), 'utf8');
}

function printError(body: ErrorResponse): void {
  console.log(JSON.stringify(body, null, 2));
  process.exitCode = BAD_INPUT;
}

const [argument, ...extra] = process.argv.slice(2);
if (process.argv.slice(2).some((option) => option === '--batch' || option.startsWith('--batch='))) {
  process.exitCode = await runBatchCommand(process.argv.slice(2));
} else if (argument === undefined || extra.length > 0) {
  console.error(USAGE);
  process.exitCode = BAD_INPUT;
} else {
  let text: string | undefined;
  try {
    text = readInput(argument);
  } catch (error) {
    console.error(`Cannot read ${argument}: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = BAD_INPUT;
  }
  if (text !== undefined) {
    let body: unknown;
    let parsed = true;
    try {
      body = JSON.parse(text);
    } catch {
      parsed = false;
      const message = 'The input is not valid JSON.';
      printError({ statusCode: 400, code: 'INVALID_JSON', message, errors: [{ path: '', message }] });
    }
    if (parsed) {
      const answer = await new CalculationRequests(repositoryRulesVersions()).answer(body, ukToday());
      if (answer.statusCode === 200) console.log(JSON.stringify(answer.body, null, 2));
      else printError(answer.body);
    }
  }
}
