/**
 * A worker thread of `npm run calc -- --batch` and `npm run bench:batch` (run-batch.ts): it loads the rulesets
 * once, then answers chunks of households through answerBatchHouseholdSync, the API's own path, and gives back each
 * household's output line already written (JSONL or CSV) as UTF-8 bytes, moved to the main thread rather than
 * copied, so the main thread only puts the chunks in order: it shares the cores with the workers, and copying a
 * chunk's answers (about 5 MB for 100 households with their rules and parameters cited) was its largest cost.
 */
import { stringify } from 'csv-stringify/sync';
import { kTransferable, kValue, markMovable } from 'tinypool';
import { answerBatchHouseholdSync, invalidJsonAnswer, type BatchAnswer } from '../../api/src/calculation/batch-answer.js';
import { CalculationRequests } from '../../api/src/calculation/calculation-answer.js';
import { repositoryRulesVersions } from '../../engine/policy/repository.js';
import { AnswerLines, type Utf8Sink } from './answer-line.js';
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
  /** The output lines of the chunk's households, in input order, each ending in a line break, in UTF-8. */
  bytes: Uint8Array;
  refused: RefusedLine[];
  /** CPU time this thread spent on the chunk, in microseconds (for the bench: what the households cost, whatever else runs). */
  cpuMicroseconds: number;
}

const requests = new CalculationRequests(repositoryRulesVersions());

/** Amounts only: the batch's default, without the sentences and extra help a results page needs. */
const AMOUNTS_ONLY = { explanations: false, extraHelp: false };

function answerOf(item: BatchItem, today: string, explanations: boolean): BatchAnswer {
  if (item.refusal) return item.refusal;
  const options = explanations ? undefined : AMOUNTS_ONLY;
  if (item.text === undefined) return answerBatchHouseholdSync(requests, item.request, today, reportFault(item.line), options, true);
  let body: unknown;
  try {
    body = JSON.parse(item.text);
  } catch {
    return invalidJsonAnswer();
  }
  return answerBatchHouseholdSync(requests, body, today, reportFault(item.line), options, true);
}

/** A fault of the engine goes to stderr with its stack and line number, never with the household (personal data). */
const reportFault = (line: number) => (error: unknown) =>
  process.stderr.write(`Line ${line}: the calculator failed: ${(error as Error).stack ?? String(error)}\n`);

const utf8 = new TextEncoder();
/** JSONL lines, each cited parameter's JSON encoded once per worker (answer-line.ts). */
const jsonLines = new AnswerLines();

/**
 * A chunk's output in UTF-8, each line encoded (or copied, already encoded) straight into one buffer as it is written: no string of the whole
 * chunk (about 4 MB) to join and then encode, and a buffer of the chunk's own, moved to the main thread as it is.
 */
class Utf8Lines implements Utf8Sink {
  /** The last chunk's size, for the next one's first buffer (chunks of a file are much alike). */
  private static expected = 1 << 20;
  private buffer = new Uint8Array(Utf8Lines.expected + (Utf8Lines.expected >> 3));
  private length = 0;

  text(text: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    this.room(text.length * 3);
    this.length += utf8.encodeInto(text, this.buffer.subarray(this.length)).written;
  }

  bytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  private room(needed: number): void {
    if (this.buffer.length - this.length >= needed) return;
    const larger = new Uint8Array(Math.max(this.buffer.length * 2, this.length + needed));
    larger.set(this.buffer.subarray(0, this.length));
    this.buffer = larger;
  }

  /** The lines' bytes (a view of the buffer, which is moved whole, rather than a copy). */
  written(): Uint8Array {
    Utf8Lines.expected = this.length;
    return this.buffer.subarray(0, this.length);
  }
}

/** The chunk answered, without yielding (the pool queues a second chunk on each worker, which must not interleave). */
export function answerChunkSync({ today, explanations, output, items }: BatchChunk): AnsweredChunk {
  const cpuBefore = process.threadCpuUsage();
  const lines = new Utf8Lines();
  const refused: RefusedLine[] = [];
  for (const item of items) {
    const answer = answerOf(item, today, explanations);
    if (answer.statusCode !== 200) refused.push({ line: item.line, statusCode: answer.statusCode, code: answer.body.code });
    if (output === 'csv') lines.text(stringify([csvRowOfAnswer(item.line, answer)]));
    else jsonLines.write(item.line, answer, lines);
  }
  const bytes = lines.written();
  const cpu = process.threadCpuUsage(cpuBefore);
  return { bytes, refused, cpuMicroseconds: cpu.user + cpu.system };
}

/** tinypool's handler: the answered chunk, with its bytes' buffer in the message's transfer list. */
export default function answerChunk(chunk: BatchChunk) {
  const answered = answerChunkSync(chunk);
  const movable = { [kTransferable]: answered.bytes.buffer, [kValue]: answered };
  markMovable(movable);
  return movable;
}
