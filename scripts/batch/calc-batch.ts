/**
 * `npm run calc -- --batch <households.jsonl | households.csv | ->`: many households through the stateless
 * calculation API's own checks and engine, spread over worker threads (docs/scripts.md, 'Batch calculations').
 *
 * Output: one line (JSONL) or row (CSV) per household, in input order, each tagged with its input line number; a
 * household the API would refuse gets its own line with the API's error body, and the rest still run. Exit 0 when
 * every household was worked out, 2 for bad input (a usage error, an unreadable file or header, or any household
 * refused with 400 or 422), 1 when the calculator failed on a household (500).
 */
import cliProgress from 'cli-progress';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ukToday } from '../../common/dates/uk-today.js';
import type { BatchAnswer } from '../../api/src/calculation/batch-answer.js';
import type { BatchItem, BatchOutputFormat } from './batch-worker.js';
import { CSV_OUTPUT_COLUMNS, csvColumns, requestOfCsvRow } from './csv-layout.js';
import { BatchPool, defaultWorkers, runBatch } from './run-batch.js';

export const BATCH_USAGE = [
  'Usage: npm run calc -- --batch <households.jsonl | households.csv | -> [options]',
  '  --format jsonl|csv          the input (default: csv for a .csv file, otherwise jsonl)',
  '  --out <file>                write the answers there (default: stdout)',
  '  --output-format jsonl|csv   the output (default: csv for an --out file ending .csv, otherwise jsonl)',
  `  --workers <n>               worker threads (default: the machine's cores, ${defaultWorkers()} here)`,
  "  --explanations              each benefit's sentences and the extra help too, as POST /api/v1/calculations gives them",
  '                              (default: amounts only, several times faster)',
].join('\n');

const BAD_INPUT = 2;
const FAULT = 1;
const MAX_WORKERS = 64;

class UsageError extends Error {}

interface BatchCommand {
  input: string;
  inputFormat: BatchOutputFormat;
  out: string | undefined;
  outputFormat: BatchOutputFormat;
  workers: number;
  explanations: boolean;
}

function formatOption(value: string | undefined, name: string, fallback: BatchOutputFormat): BatchOutputFormat {
  if (value === undefined) return fallback;
  if (value === 'jsonl' || value === 'csv') return value;
  throw new UsageError(`${name} must be jsonl or csv, not ${JSON.stringify(value)}.`);
}

function commandOf(args: string[]): BatchCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        batch: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        'output-format': { type: 'string' },
        workers: { type: 'string' },
        explanations: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const input = values.batch!;
  const workers = values.workers === undefined ? defaultWorkers() : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS)
    throw new UsageError(`--workers must be a whole number from 1 to ${MAX_WORKERS}.`);
  const byExtension = (path: string | undefined): BatchOutputFormat =>
    path !== undefined && extname(path).toLowerCase() === '.csv' ? 'csv' : 'jsonl';
  return {
    input,
    inputFormat: formatOption(values.format, '--format', byExtension(input)),
    out: values.out,
    outputFormat: formatOption(values['output-format'], '--output-format', byExtension(values.out)),
    workers,
    explanations: values.explanations === true,
  };
}

/** npm runs scripts from the project folder; INIT_CWD is where `npm run` was typed. */
const fromWhereTyped = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** The households of a JSONL file: every line that is not blank, with its line number. */
function jsonlItems(text: string): BatchItem[] {
  const items: BatchItem[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() !== '') items.push({ line: index + 1, text: line });
  });
  return items;
}

/**
 * The households of a CSV file (csv-layout.ts). A row whose number of cells differs from the header's is sent as
 * its own error line (WRONG_CELL_COUNT), so that it is reported in its place and never shifts a value into the
 * wrong column.
 */
function csvItems(text: string): BatchItem[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof rows;
  } catch (error) {
    throw new UsageError(`The CSV cannot be read: ${(error as Error).message}`);
  }
  const [header, ...records] = rows;
  if (!header) throw new UsageError('The CSV is empty: its first row must name the columns.');
  const layout = csvColumns(header.record);
  if ('problems' in layout) throw new UsageError(`The CSV header is not in the batch layout:\n  ${layout.problems.join('\n  ')}`);
  return records.map(({ record, info }) =>
    record.length === header.record.length
      ? { line: info.lines, request: requestOfCsvRow(layout.columns, record) }
      : { line: info.lines, refusal: wrongCellCount(record.length, header.record.length) },
  );
}

function wrongCellCount(cells: number, columns: number): BatchAnswer {
  const message = `The row has ${cells} cells where the header has ${columns} columns, so its values cannot be matched to fields.`;
  return { statusCode: 400, body: { statusCode: 400, code: 'WRONG_CELL_COUNT', message, errors: [{ path: '', message }] } };
}

function readText(input: string): string {
  try {
    // File descriptor 0 is stdin.
    return readFileSync(input === '-' ? 0 : fromWhereTyped(input), 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${input}: ${(error as Error).message}`);
  }
}

/** Writes to a stream, waiting when its reader is behind rather than holding the whole output in memory. */
function writerTo(stream: NodeJS.WritableStream) {
  return async (output: string | Uint8Array) => {
    if (!stream.write(output)) await once(stream, 'drain');
  };
}

export async function runBatchCommand(args: string[]): Promise<number> {
  let command: BatchCommand;
  let items: BatchItem[];
  try {
    command = commandOf(args);
    const text = readText(command.input);
    items = command.inputFormat === 'csv' ? csvItems(text) : jsonlItems(text);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${BATCH_USAGE}`);
    return BAD_INPUT;
  }

  const out = command.out === undefined ? process.stdout : createWriteStream(fromWhereTyped(command.out));
  const write = writerTo(out);
  if (command.outputFormat === 'csv') await write(stringify([CSV_OUTPUT_COLUMNS as string[]]));

  // Only on a terminal: a progress bar in a log file or a pipe is noise.
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar(
        { stream: process.stderr, format: 'Households {bar} {percentage}% | {value}/{total} | {eta_formatted} left', etaBuffer: 50 },
        cliProgress.Presets.shades_classic,
      )
    : null;
  const pool = await BatchPool.start(Math.min(command.workers, Math.max(1, Math.ceil(items.length / 100))));
  bar?.start(items.length, 0);
  let result;
  try {
    result = await runBatch(pool, {
      items,
      output: command.outputFormat,
      today: ukToday(),
      explanations: command.explanations,
      write,
      onProgress: (done) => bar?.update(done),
    });
  } finally {
    bar?.stop();
    await pool.destroy();
  }
  if (out !== process.stdout) {
    out.end();
    await once(out, 'finish');
  }

  const { households, refused, seconds } = result;
  const faults = refused.filter((line) => line.statusCode >= 500);
  const perSecond = seconds > 0 ? Math.round(households / seconds) : households;
  const lines = refused.slice(0, 20).map((line) => `${line.line} (${line.code})`);
  console.error(
    `Answered ${households.toLocaleString('en-GB')} households in ${seconds.toFixed(1)} s (${perSecond.toLocaleString('en-GB')} a second) on ${pool.workers} worker${pool.workers === 1 ? '' : 's'}: ` +
      (refused.length === 0
        ? 'every one worked out.'
        : `${(households - refused.length).toLocaleString('en-GB')} worked out, ${refused.length.toLocaleString('en-GB')} not: line${refused.length === 1 ? '' : 's'} ${lines.join(', ')}${refused.length > 20 ? ', ...' : ''}; each has its error in the output.`),
  );
  if (faults.length > 0) return FAULT;
  return refused.length > 0 ? BAD_INPUT : 0;
}
