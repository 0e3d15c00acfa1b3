import { Injectable } from '@nestjs/common';
import { QUESTION_NAMES } from '../../../common/survey/model.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { AccessGrantsService, type GrantCookie } from '../access/access-grants.service.js';
import type { Caller } from '../access/caller.js';
import { isCalculationPostcode } from '../verification/postcode-match.js';
import { countWrongPostcode, refuseWhenLocked } from '../verification/verification.service.js';
import { CalculationsRepository } from '../calculations/calculations.repository.js';
import { RulesInForce } from '../rules-in-force/rules-in-force.service.js';
import { normaliseCalculationReference } from '../calculations/calculation-reference.js';
import { resumePage, surveyState } from '../questionnaire/survey-flow.js';

/** Look-ups guess at two secrets together, so a handful a minute is plenty for a person and useless to a script. */
export const LOOKUP_RATE_LIMIT = { purpose: 'calculation-lookup', attempts: 10, windowSeconds: 60 };

/**
 * The landing page's 'Return to a saved calculation'. Wrong postcodes are counted
 * per reference, from whatever address, on the same daily lock as the identity check (20 a day): for a reference
 * that finds a calculation the count is the calculation's own, so the two ways in share one lock; for one that finds
 * nothing it is the reference's, so the lock says nothing about which references exist.
 */
@Injectable()
export class CalculationLookupService {
  constructor(
    private readonly calculations: CalculationsRepository,
    private readonly rules: RulesInForce,
    private readonly grants: AccessGrantsService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async findCalculation(token: string, postcode: string, caller: Caller) {
    await this.rateLimiter.hit(LOOKUP_RATE_LIMIT, caller.address);
    const notFound = { result: { valid: false, isComplete: false, pageNumber: 0, session: null }, grant: null as GrantCookie | null };
    const reference = normaliseCalculationReference(token);
    if (!reference) return notFound;
    const sessionId = await this.calculations.idOfReference(reference);
    const lockKey = sessionId ?? `reference:${reference}`;
    await refuseWhenLocked(this.rateLimiter, lockKey);
    const calculation = sessionId ? await this.calculations.find(sessionId) : null;
    // An adviser's calculation for a client opens only through the adviser area, so it is never found here.
    if (
      !calculation ||
      calculation.session.clientId !== null ||
      !isCalculationPostcode(calculation.answers[QUESTION_NAMES.clientPostcode], postcode)
    ) {
      await countWrongPostcode(this.rateLimiter, lockKey);
      return notFound;
    }
    const state = surveyState(this.rules.survey, calculation.answers, this.rules.ruleEnvironment());
    return {
      result: {
        valid: true,
        isComplete: calculation.session.finishedAt !== null,
        pageNumber: resumePage(state, calculation.session.completedPages).number,
        session: calculation.session.id,
      },
      grant: await this.grants.grant('session', calculation.session.id, calculation.session.isPortal),
    };
  }
}
