import {
  CalculationOutOfRangeError,
  toContractResponse,
  type CalculateOptions,
  type ContractResponse,
  type Entitlements,
} from '../../../engine/core/entitlement-engine.js';
import { validateCalculationRequest } from '../../../engine/validate-request.js';
import type { ErrorResponse } from '../../../common/errors.js';

/**
 * The stateless calculation (`docs/calculation-api.md`) from a parsed JSON body to the answer,
 * framework-free so that POST /api/v1/calculations and `npm run calc` answer alike: 200 with the contract's
 * response, 400 with every problem of the request, or 422 when the household is valid but its date is outside
 * the rates held. A date up to a year after the last the rates held cover is worked out with the last rates held,
 * and the answer's `lastRatesHeld` says so (the rates do not stop answering on 1 April while next year's are added).
 */
export type CalculationAnswer = { statusCode: 200; body: ContractResponse } | { statusCode: 400 | 422; body: ErrorResponse };

const outOfRange = (message: string): CalculationAnswer => ({
  statusCode: 422,
  body: { statusCode: 422, code: 'DATE_OUT_OF_RANGE', message, errors: [{ path: 'date', message }] },
});

export class CalculationRequests {
  constructor(private readonly engine: Entitlements) {}

  /**
   * `today` is the UK date, used when the request gives none. Errors other than bad input or an out-of-range date are
   * thrown. `options` are the engine's (a batch of amounts asks for no sentences and no extra help).
   */
  async answer(body: unknown, today: string, options?: CalculateOptions): Promise<CalculationAnswer> {
    return this.answerSync(body, today, options);
  }

  /**
   * The same as `answer`, synchronously (for batch workers: nothing in a calculation waits on I/O). `bodyIsOwned`: the
   * caller parsed the body for this answer alone and keeps nothing of it, so it is not copied (validate-request.ts).
   */
  answerSync(body: unknown, today: string, options?: CalculateOptions, bodyIsOwned = false): CalculationAnswer {
    const check = validateCalculationRequest(body, today, (name) => this.engine.lha.areaNamed(name), { bodyIsOwned });
    if (!check.valid) {
      const { errors } = check;
      const message = errors.length === 1 ? errors[0]!.message : `There are ${errors.length} problems with the request.`;
      return { statusCode: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message, errors } };
    }
    const { date, household } = check.request;
    try {
      return {
        statusCode: 200,
        body: toContractResponse(this.engine.calculateSync(household, date, { ...options, afterRatesHeld: 'last-rates-held' })),
      };
    } catch (error) {
      if (error instanceof CalculationOutOfRangeError) return outOfRange(error.message);
      throw error;
    }
  }
}
