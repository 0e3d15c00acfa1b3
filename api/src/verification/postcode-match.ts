import { normalisePostcode } from '../../../common/survey/postcode.js';
import type { AnswerValue, PostcodeAnswer } from '../../../common/survey/model.js';

/** Whether a typed postcode is the one stored in a calculation, however it was spaced or cased. */
export function isCalculationPostcode(stored: AnswerValue | undefined, typed: string): boolean {
  const postcode = (stored as PostcodeAnswer | null | undefined)?.postcode;
  const given = normalisePostcode(typed);
  return Boolean(postcode && given && normalisePostcode(postcode) === given);
}
