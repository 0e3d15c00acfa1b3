import type { BatchAnswer } from '../../api/src/calculation/batch-answer.js';

/**
 * A JSONL line of a batch, `{"line":…,"statusCode":…,"body":…}`, in UTF-8, byte for byte what JSON.stringify and
 * a UTF-8 encoder give, but with each cited parameter's JSON encoded once per worker: the parameters a benefit cites
 * with their sources are about four fifths of an amounts-only answer's 40 KB, and every household on a date cites
 * the same ones. The rest of the answer is written by JSON.stringify itself.
 */

/** Where the line goes: text to encode, or bytes already encoded. */
export interface Utf8Sink {
  text(text: string): void;
  bytes(bytes: Uint8Array): void;
}

interface CitedParameter {
  name: string;
  label: string;
  value: unknown;
  unit: string;
  from: string;
  source: unknown;
  legislation: unknown;
}

const PARAMETER_KEYS = ['name', 'label', 'value', 'unit', 'from', 'source', 'legislation'] as const;
const utf8 = new TextEncoder();
const COMMA = utf8.encode(',');
/** The values kept for a parameter: more periods than a batch is likely to span. */
const MOST_PERIODS = 16;
const BENEFITS_MARK = ',"benefits":[]';

export class AnswerLines {
  /** Each parameter's JSON, with the fields it was written from: a parameter's sources are loaded once and never changed. */
  private readonly parameters = new Map<string, { cited: CitedParameter; bytes: Uint8Array }[]>();

  write(line: number, answer: BatchAnswer, sink: Utf8Sink): void {
    const body = answer.body as unknown as Record<string, unknown>;
    const benefits = answer.statusCode === 200 ? body.benefits : undefined;
    const whole = { line, statusCode: answer.statusCode, body: answer.body };
    if (!Array.isArray(benefits) || benefits.length === 0) return sink.text(`${JSON.stringify(whole)}\n`);
    // The answer with no benefits, split where they go: a `,"benefits":[]` outside a string can only be the key itself.
    const frame = JSON.stringify({ ...whole, body: { ...body, benefits: [] } });
    const at = frame.indexOf(BENEFITS_MARK) + BENEFITS_MARK.length - 1;
    sink.text(frame.slice(0, at));
    benefits.forEach((benefit: Record<string, unknown>, index) => {
      if (index > 0) sink.bytes(COMMA);
      this.writeBenefit(benefit, sink);
    });
    sink.text(`${frame.slice(at)}\n`);
  }

  private writeBenefit(benefit: Record<string, unknown>, sink: Utf8Sink): void {
    const { parameters, ...rest } = benefit;
    const keys = Object.keys(benefit);
    // Only where the contract puts them, last; anything else is written whole by JSON.stringify.
    if (!Array.isArray(parameters) || keys[keys.length - 1] !== 'parameters' || keys.length < 2) return sink.text(JSON.stringify(benefit));
    const head = JSON.stringify(rest);
    sink.text(`${head.slice(0, -1)},"parameters":[`);
    parameters.forEach((parameter: CitedParameter, index) => {
      if (index > 0) sink.bytes(COMMA);
      sink.bytes(this.parameterBytes(parameter));
    });
    sink.text(']}');
  }

  private parameterBytes(parameter: CitedParameter): Uint8Array {
    // A parameter has a value for each period its rates run (a batch spans dates), so each name keeps a few.
    let known = this.parameters.get(parameter.name);
    if (known === undefined) {
      known = [];
      this.parameters.set(parameter.name, known);
    }
    // The contract makes every entry with these fields in this order (toContractResponse), so equal fields, the
    // citations being the same objects, write the same JSON.
    for (const { cited, bytes } of known) if (PARAMETER_KEYS.every((key) => cited[key] === parameter[key])) return bytes;
    const bytes = utf8.encode(JSON.stringify(parameter));
    if (known.length >= MOST_PERIODS) known.shift();
    known.push({ cited: { ...parameter }, bytes });
    return bytes;
  }
}
