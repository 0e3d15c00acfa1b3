import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

/** One CSV record: its fields, and the line of the file it starts on (for messages). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvFormatError extends Error {
  constructor(line: number, problem: string) {
    super(`line ${line}: ${problem}`);
    this.name = 'CsvFormatError';
  }
}

/** What csv-parse's errors mean, said so that whoever keeps the file can put it right. */
const PROBLEMS: Partial<Record<CsvError['code'], string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is not closed.',
  CSV_INVALID_CLOSING_QUOTE: 'text follows a closing quote; a quote inside a quoted field must be written "".',
  INVALID_OPENING_QUOTE:
    'a field has a quote inside it but does not start with one; put the field in double quotes and write the quote inside it as "".',
};

const NOT_UTF8 = 'the file is not UTF-8 text; save it as CSV UTF-8 and try again.';

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/**
 * The chunks as UTF-8 text, refusing bytes that are not UTF-8 with the line they are on (the parser alone would
 * load them as replacement characters). A UTF-8 byte-order mark is dropped, and so is a carriage return that ends
 * the file, as one before a line feed is.
 */
async function* utf8Text(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let heldReturn = '';
  const decode = (chunk?: Uint8Array): string => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      // The line of the first byte that is not UTF-8 (bytes that end a character begun in the last chunk skipped).
      let start = 0;
      while (chunk && start < 3 && (chunk[start] & 0xc0) === 0x80) start += 1;
      const text = chunk ? new TextDecoder('utf-8').decode(chunk.subarray(start)) : '';
      const bad = text.indexOf('\uFFFD');
      throw new CsvFormatError(line + countNewlines(bad === -1 ? '' : text.slice(0, bad)), NOT_UTF8);
    }
  };
  for await (const chunk of chunks) {
    let text = heldReturn + (typeof chunk === 'string' ? chunk : decode(chunk));
    heldReturn = text.endsWith('\r') ? '\r' : '';
    if (heldReturn) text = text.slice(0, -1);
    line += countNewlines(text);
    if (text) yield text;
  }
  // A character cut off by the end of the file is not UTF-8 either.
  decode();
}

/**
 * Reads CSV (RFC 4180: comma-separated, fields optionally in double quotes, "" for a quote inside them, CRLF or
 * LF line ends, a UTF-8 byte-order mark ignored) with csv-parse, record by record as the chunks arrive, so a file
 * of millions of lines is never held in memory whole. Blank lines are skipped; rows may have any number of fields.
 * A malformed file stops with a CsvFormatError naming the line the faulty record starts on.
 */
export async function* readCsvRecords(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<CsvRecord> {
  // Where the record being read starts, and where each record queued for the loop below started: csv-parse calls
  // on_record in file order, as it finishes each record and before it queues it.
  let line = 1;
  const starts: number[] = [];
  const parser = parse({
    bom: true,
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    on_record: (fields) => {
      const start = line;
      line += 1 + fields.reduce((count, field) => count + countNewlines(field), 0);
      if (fields.length === 1 && fields[0] === '') return null;
      starts.push(start);
      return fields;
    },
  });
  // Errors reach the loop, which reads the parser.
  const records = pipeline(Readable.from(utf8Text(chunks)), parser, () => {});
  try {
    for await (const fields of records) yield { line: starts.shift()!, fields: fields as string[] };
  } catch (error) {
    if (error instanceof CsvError)
      throw new CsvFormatError(line, PROBLEMS[error.code] ?? `the file is not well-formed CSV (${error.message}).`);
    throw error;
  }
}
