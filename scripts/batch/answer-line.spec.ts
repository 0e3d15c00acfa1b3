import { describe, expect, it } from '@jest/globals';
import { CalculationRequests } from '../../api/src/calculation/calculation-answer.js';
import type { BatchAnswer } from '../../api/src/calculation/batch-answer.js';
import { loadEntitlementEngine } from '../../engine/load.js';
import { randomHouseholds } from '../../test/support/random-households.js';
import { AnswerLines, type Utf8Sink } from './answer-line.js';

const requests = new CalculationRequests(loadEntitlementEngine());

/** The line as AnswerLines writes it, decoded, to compare with JSON.stringify's. */
function written(lines: AnswerLines, line: number, answer: BatchAnswer): string {
  const parts: Uint8Array[] = [];
  const utf8 = new TextEncoder();
  const sink: Utf8Sink = { text: (text) => parts.push(utf8.encode(text)), bytes: (bytes) => parts.push(bytes) };
  lines.write(line, answer, sink);
  return Buffer.concat(parts).toString('utf8');
}

const expected = (line: number, answer: BatchAnswer) => `${JSON.stringify({ line, statusCode: answer.statusCode, body: answer.body })}\n`;

describe('AnswerLines (a batch JSONL line with each cited parameter encoded once)', () => {
  // Random dates over several tax years, so that a parameter's value changes between households and the JSON kept
  // for one period must not be given for another.
  const households = randomHouseholds(400, 100_000).map(({ date, household }) => ({ date, household }));

  it.each([
    ['amounts only', { explanations: false, extraHelp: false }],
    ['with explanations and extra help', undefined],
  ])('writes exactly what JSON.stringify writes (%s), refusals included', (_name, options) => {
    const lines = new AnswerLines();
    let answered = 0;
    households.forEach((body, index) => {
      const answer = requests.answerSync(body, '2026-11-21', options);
      if (answer.statusCode === 200) answered += 1;
      expect(written(lines, index + 1, answer)).toBe(expected(index + 1, answer));
    });
    expect(answered).toBeGreaterThan(300);
  });

  it('writes an answer whose parameters are not where the contract puts them (last) with JSON.stringify alone', () => {
    const answer = requests.answerSync(households[0], '2026-11-21');
    expect(answer.statusCode).toBe(200);
    const body = answer.body as unknown as { benefits: Record<string, unknown>[] };
    const moved = {
      statusCode: 200,
      body: { ...body, benefits: body.benefits.map(({ parameters, ...rest }) => ({ parameters, ...rest, note: 'x' })) },
    } as unknown as BatchAnswer;
    expect(written(new AnswerLines(), 7, moved)).toBe(expected(7, moved));
  });
});
