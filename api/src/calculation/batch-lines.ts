import { parseJsonSafely } from '../errors/json-body.js';
import { answerBatchHouseholdSync, householdTooLargeAnswer, invalidJsonAnswer, type BatchAnswer } from './batch-answer.js';
import type { CalculationRequests } from './calculation-answer.js';

/**
 * One household of a batch as the batch route has it once the body is read (household-list.ts): its JSON text, or,
 * for one larger than the single route takes, only its size (never parsed). `index` is its place in the list from 0.
 */
export type BatchItem = { index: number; text: string } | { index: number; tooLargeForKb: number };

/**
 * The household's NDJSON line, the same wherever it is worked out (the API's event loop, or a batch thread): the body
 * POST /api/v1/calculations would give it, or its error body with `index`. `onFault` hears of a fault of the engine on
 * this household alone, to log it without the household.
 */
export function batchLine(requests: CalculationRequests, item: BatchItem, today: string, onFault: (error: unknown) => void): string {
  let answer: BatchAnswer;
  if ('tooLargeForKb' in item) answer = householdTooLargeAnswer(item.tooLargeForKb);
  else {
    let body: unknown;
    try {
      // The body was proved to be JSON when it was read; a prototype key is dropped here, as every body's is.
      body = parseJsonSafely(item.text);
    } catch {
      body = undefined;
    }
    answer = body === undefined ? invalidJsonAnswer() : answerBatchHouseholdSync(requests, body, today, onFault, undefined, true);
  }
  return `${JSON.stringify(answer.statusCode === 200 ? answer.body : { index: item.index, ...answer.body })}\n`;
}
