import { councilOptionsOf } from '../../../common/survey/council-tax-band.js';
import {
  QUESTION_NAMES,
  type Answers,
  type PostcodeAnswer,
  type QuestionDefinition,
  type UkCountry,
} from '../../../common/survey/model.js';
import { questionFor } from './lha-area-choice.js';
import type { RuleEnvironment } from './survey-flow.js';

/** A question as one calculation asks it; a Council question also carries the country of the postcode answer. */
export type AskedQuestion = QuestionDefinition & { country?: UkCountry | '' };

/** The country of the calculation's postcode answer ('' when not known yet). */
export function countryOf(answers: Answers): UkCountry | '' {
  return (answers[QUESTION_NAMES.clientPostcode] as PostcodeAnswer | undefined)?.country ?? '';
}

/**
 * A question as this calculation asks it: an `optionsFrom` question gets the Local Housing Allowance areas of the
 * home (`questionFor`), and a Council question offers, and takes, only the bands of the postcode's nation (England
 * and Scotland A to H, Wales A to I; all of them while the nation is not known).
 */
export function askedQuestion(definition: QuestionDefinition, environment: RuleEnvironment, country: UkCountry | ''): AskedQuestion {
  const asked = questionFor(definition, environment.lhaAreaChoice);
  if (asked.questionType !== 'Council') return asked;
  return { ...asked, options: councilOptionsOf(asked.options, country), country };
}
