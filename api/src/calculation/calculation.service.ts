import { Inject, Injectable } from '@nestjs/common';
import type { ContractResponse, Entitlements } from '../../../engine/core/entitlement-engine.js';
import { ukToday } from '../../../common/dates/uk-today.js';
import { ApiError } from '../errors/api-error.js';
import { ENTITLEMENT_ENGINE } from '../rules-in-force/tokens.js';
import { CalculationRequests } from './calculation-answer.js';

@Injectable()
export class CalculationService {
  private readonly requests: CalculationRequests;

  constructor(@Inject(ENTITLEMENT_ENGINE) engine: Entitlements) {
    this.requests = new CalculationRequests(engine);
  }

  /** Works out a household sent to the API; bad input is a 400 and a date outside the rates held a 422, both in the one error shape. */
  async calculate(body: unknown): Promise<ContractResponse> {
    const answer = await this.requests.answer(body, ukToday());
    if (answer.statusCode !== 200) {
      const { statusCode, code, message, errors } = answer.body;
      throw new ApiError(statusCode, code, message, errors);
    }
    return answer.body;
  }
}
