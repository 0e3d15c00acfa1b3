import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { ContractResponse, Entitlements } from '../../../engine/core/entitlement-engine.js';
import { ukToday } from '../../../common/dates/uk-today.js';
import { signedInUserOrNull } from '../access/signed-in-user.js';
import { admittedKeyOf } from '../api-keys/api-keys.service.js';
import { ApiError } from '../errors/api-error.js';
import { ApprovedRules } from '../rules-in-force/approved-rules.js';
import { ENTITLEMENT_ENGINE } from '../rules-in-force/tokens.js';
import { CalculationRequests } from './calculation-answer.js';

@Injectable()
export class CalculationService {
  private readonly requests: CalculationRequests;

  constructor(
    @Inject(ENTITLEMENT_ENGINE) engine: Entitlements,
    private readonly approved: ApprovedRules,
  ) {
    this.requests = new CalculationRequests(engine);
  }

  /**
   * Works out a household sent to the API; bad input is a 400 and a date outside the rates held a 422, both in the one
   * error shape. `changeSet`: the number of a change set approved but not yet published to work it out with, which
   * only a call with an API key or by policy staff signed in may ask for (403 CHANGE_SET_NOT_ALLOWED otherwise).
   */
  async calculate(body: unknown, request: Request, changeSet?: number): Promise<ContractResponse> {
    let requests = this.requests;
    if (changeSet !== undefined) {
      if (!admittedKeyOf(request) && signedInUserOrNull(request)?.role !== 'policy-staff') {
        throw new ApiError(
          403,
          'CHANGE_SET_NOT_ALLOWED',
          'Only a call with an API key, or policy staff signed in, may ask for a change set that is not yet published. Send X-Api-Key, or leave changeSet out.',
          [{ path: 'changeSet', message: 'Send X-Api-Key to ask for a change set, or leave changeSet out.' }],
        );
      }
      requests = new CalculationRequests((await this.approved.rulesWith(changeSet)).versions);
    }
    const answer = await requests.answer(body, ukToday());
    if (answer.statusCode !== 200) {
      const { statusCode, code, message, errors } = answer.body;
      throw new ApiError(statusCode, code, message, errors);
    }
    return answer.body;
  }
}
