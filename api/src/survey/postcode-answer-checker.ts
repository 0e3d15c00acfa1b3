import { Injectable } from '@nestjs/common';
import type { PostcodeAnswer, QuestionDefinition } from '../../../common/survey/model.js';
import { normalisePostcode } from '../../../common/survey/postcode.js';
import { postcodeInvalidMessage } from '../../../common/survey/validation.js';
import { LookupService } from '../lookup/lookup.service.js';

/**
 * The server's own check of a postcode answer, beyond the shared rules: the postcode is well formed and the local
 * authority (looked up, or picked from the list when no lookup knew the postcode) is a real one in the same
 * country. The browser cannot be trusted to have asked the lookup.
 */
@Injectable()
export class PostcodeAnswerChecker {
  constructor(private readonly lookup: LookupService) {}

  async problemWith(question: QuestionDefinition, answer: PostcodeAnswer): Promise<string> {
    if (answer.option) return '';
    const authority = this.lookup.findLocalAuthority(answer.authorityCode);
    const wellFormed = normalisePostcode(answer.postcode) !== null;
    return wellFormed && authority && authority.country === answer.country ? '' : postcodeInvalidMessage(question);
  }
}
