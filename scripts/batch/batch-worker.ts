/**
 * A worker thread of `npm run calc -- --batch` and `npm run bench:batch` (run-batch.ts): it loads the rulesets
 * once, then answers chunks of households through answerBatchHousehold, the API's own path, and gives back each
 * household's output line already written (JSONL or CSV), so the main thread only puts the chunks in order.
 */
import { stringify } from 'csv-stringify/sync';
import { answerBatchHousehold, invalidJsonAnswer, type BatchAnswer } from '../../api/src/calculation/batch-answer.js';
import { CalculationRequests } from '../../api/src/calculation/calculation-answer.js';
import { loadEntitlementEngine } from '../../engine/load.js';
import { csvRowOfAnswer } from './csv-layout.js';

/** One household: a JSONL line's text (parsed here, in parallel) or a request already built from a CSV row. */
export interface BatchItem {
  /** Its line in the input file, from 1 (a CSV file's header is line 1). */
  line: number;
  text?: string;
  request?: unknown;
  /** Refused before the API saw it (a CSV row with the wrong number of cells). */
  refusal?: BatchAnswer;
}

export type BatchOutputFormat = 'jsonl' | 'csv';

export interface BatchChunk {
  /** The UK date, for requests without one. */
  today: string;
  /** Each benefit's sentences and the extra help too (the single API's whole body); otherwise amounts only. */
  explanations: boolean;
  output: BatchOutputFormat;
  items: BatchItem[];
}

export interface RefusedLine {
  line: number;
  statusCode: number;
  code: string;
}

export interface AnsweredChunk {
  /** The output lines of the chunk's households, in input order, each ending in a line break. */
  text: string;
  refused: RefusedLine[];
  /** CPU time this thread spent on the chunk, in microseconds (for the bench: what the households cost, whatever else runs). */
  cpuMicroseconds: number;
}

const requests = new CalculationRequests(loadEntitlementEngine());

/** Amounts only: the batch's default, without the sentences and extra help a results page needs. */
const AMOUNTS_ONLY = { explanations: false, extraHelp: false };

function answerOf(item: BatchItem, today: string, explanations: boolean): Promise<BatchAnswer> | BatchAnswer {
  if (item.refusal) return item.refusal;
  const options = explanations ? undefined : AMOUNTS_ONLY;
  if (item.text === undefined) return answerBatchHousehold(requests, item.request, today, reportFault(item.line), options);
  let body: unknown;
  try {
    body = JSON.parse(item.text);
  } catch {
    return invalidJsonAnswer();
  }
  return answerBatchHousehold(requests, body, today, reportFault(item.line), options);
}

/** A fault of the engine goes to stderr with its stack and line number, never with the household (personal data). */
const reportFault = (line: number) => (error: unknown) =>
  process.stderr.write(`Line ${line}: the calculator failed: ${(error as Error).stack ?? String(error)}\n`);

export default async function answerChunk({ today, explanations, output, items }: BatchChunk): Promise<AnsweredChunk> {
  const cpuBefore = process.threadCpuUsage();
  const lines: string[] = [];
  const refused: RefusedLine[] = [];
  for (const item of items) {
    const answer = await answerOf(item, today, explanations);
    if (answer.statusCode !== 200) refused.push({ line: item.line, statusCode: answer.statusCode, code: answer.body.code });
    lines.push(
      output === 'csv'
        ? stringify([csvRowOfAnswer(item.line, answer)])
        : `${JSON.stringify({ line: item.line, statusCode: answer.statusCode, body: answer.body })}\n`,
    );
  }
  const cpu = process.threadCpuUsage(cpuBefore);
  return { text: lines.join(''), refused, cpuMicroseconds: cpu.user + cpu.system };
}
