import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { QUESTION_NAMES } from '../../../common/survey/model.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { AccessGrantsService, type GrantCookie } from '../verification/access-grants.service.js';
import type { Caller } from '../verification/caller.js';
import { isCalculationPostcode } from '../verification/postcode-match.js';
import { countWrongPostcode, refuseWhenLocked } from '../verification/verification.service.js';
import { CalculationSession } from './calculation-session.entity.js';
import { normaliseCalculationReference } from './calculation-reference.js';
import { resumePage, surveyState } from './survey-flow.js';
import { SurveyService } from './survey.service.js';

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
    @InjectRepository(CalculationSession) private readonly sessions: Repository<CalculationSession>,
    private readonly survey: SurveyService,
    private readonly grants: AccessGrantsService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async findCalculation(token: string, postcode: string, caller: Caller) {
    await this.rateLimiter.hit(LOOKUP_RATE_LIMIT, caller.address);
    const notFound = { result: { valid: false, isComplete: false, pageNumber: 0, session: null }, grant: null as GrantCookie | null };
    const reference = normaliseCalculationReference(token);
    if (!reference) return notFound;
    const session = await this.sessions.findOneBy({ reference });
    const lockKey = session?.id ?? `reference:${reference}`;
    await refuseWhenLocked(this.rateLimiter, lockKey);
    const calculation = session ? await this.survey.findCalculation(session.id) : null;
    // An adviser's calculation for a client opens only through the adviser area, so it is never found here.
    if (
      !calculation ||
      calculation.session.clientId !== null ||
      !isCalculationPostcode(calculation.answers[QUESTION_NAMES.clientPostcode], postcode)
    ) {
      await countWrongPostcode(this.rateLimiter, lockKey);
      return notFound;
    }
    const state = surveyState(this.survey.compiled, calculation.answers, this.survey.ruleEnvironment());
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
