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

const NEEDS_MORE = Symbol('needs more input');
const FIELD_END = /[,\n]/g;

/**
 * Reads CSV (RFC 4180: comma-separated, fields optionally in double quotes, "" for a quote inside them, CRLF or
 * LF line ends, a UTF-8 byte-order mark ignored) record by record as the chunks arrive, so a file of millions of
 * lines is never held in memory whole. Blank lines are skipped.
 */
export async function* readCsvRecords(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let buffer = '';
  let line = 1;
  let first = true;

  /** The record starting at `start`, or NEEDS_MORE when it runs past the end of what has arrived. */
  const parseRecord = (start: number, final: boolean): { fields: string[]; end: number; lines: number } | typeof NEEDS_MORE => {
    const fields: string[] = [];
    let position = start;
    let lines = 1;
    for (;;) {
      let value: string;
      if (buffer[position] === '"') {
        value = '';
        let from = position + 1;
        for (;;) {
          const quote = buffer.indexOf('"', from);
          if (quote === -1) {
            if (final) throw new CsvFormatError(line, 'a quoted field is not closed.');
            return NEEDS_MORE;
          }
          // A quote at the very end may be the first half of "" in the next chunk.
          if (quote === buffer.length - 1 && !final) return NEEDS_MORE;
          value += buffer.slice(from, quote);
          if (buffer[quote + 1] === '"') {
            value += '"';
            from = quote + 2;
            continue;
          }
          position = quote + 1;
          break;
        }
        for (let newline = value.indexOf('\n'); newline !== -1; newline = value.indexOf('\n', newline + 1)) lines += 1;
        if (buffer[position] === '\r') position += 1;
        if (position < buffer.length && buffer[position] !== ',' && buffer[position] !== '\n') {
          throw new CsvFormatError(line, 'text follows a closing quote; a quote inside a quoted field must be written "".');
        }
        if (position >= buffer.length && !final) return NEEDS_MORE;
      } else {
        FIELD_END.lastIndex = position;
        const match = FIELD_END.exec(buffer);
        if (!match) {
          if (!final) return NEEDS_MORE;
          value = buffer.slice(position);
          position = buffer.length;
        } else {
          value = buffer.slice(position, match.index);
          position = match.index;
        }
        if (value.endsWith('\r') && buffer[position] !== ',') value = value.slice(0, -1);
      }
      fields.push(value);
      if (buffer[position] === ',') {
        position += 1;
        continue;
      }
      // A newline, or the end of the last record of the file.
      return { fields, end: position + 1, lines };
    }
  };

  const drain = function* (final: boolean): Generator<CsvRecord> {
    let start = 0;
    while (start < buffer.length) {
      const record = parseRecord(start, final);
      if (record === NEEDS_MORE) break;
      const blank = record.fields.length === 1 && record.fields[0] === '';
      if (!blank) yield { line, fields: record.fields };
      line += record.lines;
      start = record.end;
    }
    buffer = buffer.slice(start);
  };

  const decode = (chunk?: Uint8Array): string => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new CsvFormatError(line, 'the file is not UTF-8 text; save it as CSV UTF-8 and try again.');
    }
  };

  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : decode(chunk);
    if (first && text.length > 0) {
      if (text.startsWith('\uFEFF')) text = text.slice(1);
      first = false;
    }
    buffer += text;
    yield* drain(false);
  }
  buffer += decode();
  yield* drain(true);
}
