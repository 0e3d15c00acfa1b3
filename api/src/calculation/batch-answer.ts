import { bodyTooLarge, type ErrorResponse } from '../../../common/errors.js';
import type { CalculateOptions } from '../../../engine/core/entitlement-engine.js';
import type { CalculationAnswer, CalculationRequests } from './calculation-answer.js';

/**
 * Batches of the stateless calculation (`docs/calculation-api.md`): POST /api/v1/calculations/batch, `npm run calc --
 * --batch` and `npm run bench:batch` all answer each household through `answerBatchHouseholdSync`, the one place a
 * batch reaches the engine, so each household gets exactly what POST /api/v1/calculations would give it.
 */

/** The most households one POST /api/v1/calculations/batch may carry; larger caseloads are sent in several. */
export const MAX_BATCH_HOUSEHOLDS = 10_000;

/**
 * A batch answer: the single API's answer, 413 for a household larger than the single API takes, or 500 when the
 * engine failed on this household alone.
 */
export type BatchAnswer = CalculationAnswer | { statusCode: 413 | 500; body: ErrorResponse };

const CALCULATION_FAILED = 'This household could not be worked out because of a fault in the calculator; the others are not affected.';

/**
 * One household of a batch, answered as POST /api/v1/calculations answers it: 200 with the response, 400 with every
 * problem of the request, 422 for a date outside the rates held. A fault of the engine on one household (the single
 * API's 500) is answered as that household's own 500 so that the rest of the batch still runs; `onFault` hears of the
 * error (to log it without the household, which is personal data). `options` are the engine's: the API's batch route
 * asks for everything, as the single route gives; `npm run calc -- --batch` for amounts only unless `--explanations`.
 * Synchronous: nothing in a calculation waits on I/O, and a batch thread answers a whole chunk without yielding.
 * `bodyIsOwned`: the caller parsed the body for this household alone, so it is not copied before the engine has it.
 */
export function answerBatchHouseholdSync(
  requests: CalculationRequests,
  body: unknown,
  today: string,
  onFault: (error: unknown) => void = () => {},
  options?: CalculateOptions,
  bodyIsOwned = false,
): BatchAnswer {
  try {
    return requests.answerSync(body, today, options, bodyIsOwned);
  } catch (error) {
    onFault(error);
    return {
      statusCode: 500,
      body: {
        statusCode: 500,
        code: 'CALCULATION_FAILED',
        message: CALCULATION_FAILED,
        errors: [{ path: '', message: CALCULATION_FAILED }],
      },
    };
  }
}

/** The error body of a line that is not JSON, as the single API words its own (INVALID_JSON). */
export function invalidJsonAnswer(): BatchAnswer {
  const message = 'The line is not valid JSON.';
  return { statusCode: 400, body: { statusCode: 400, code: 'INVALID_JSON', message, errors: [{ path: '', message }] } };
}

/** The line of a household larger than POST /api/v1/calculations takes (BODY_LIMIT_KB): its 413, as that route words it. */
export function householdTooLargeAnswer(limitKb: number): BatchAnswer {
  return { statusCode: 413, body: bodyTooLarge(limitKb) };
}
