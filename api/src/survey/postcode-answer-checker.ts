import { Injectable } from '@nestjs/common';
import type { PostcodeAnswer, QuestionDefinition } from '../../../common/survey/model.js';
import { normalisePostcode } from '../../../common/survey/postcode.js';
import { CHOOSE_COUNCIL_MESSAGE, postcodeInvalidMessage } from '../../../common/survey/validation.js';
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
    const reason = this.lookup.problemWith(normalisePostcode(answer.postcode));
    if (reason) return postcodeInvalidMessage(question, reason);
    if (!answer.authorityCode) return CHOOSE_COUNCIL_MESSAGE;
    const authority = this.lookup.findLocalAuthority(answer.authorityCode);
    return authority && authority.country === answer.country ? '' : postcodeInvalidMessage(question);
  }
}
