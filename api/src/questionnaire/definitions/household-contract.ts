import { HOUSEHOLD_QUESTIONS } from '../../../../engine/household-mapping/household-mapping.js';
import { CAPITAL_BAND_5001_TO_16000, QUESTION_NAMES, TENURES, type QuestionDefinition, type QuestionTypeName } from '../../../../common/survey/model.js';
import { list, type SurveyCheckState } from './check-state.js';
import { SURVEY_FILE } from './files.js';

/**
 * The household contract: the questions the code reads by name (the special names of common/survey/model.ts and
 * those the household mapping turns into the calculation's household) exist, have the right type, and offer the
 * option values the code expects.
 */

const CHILD_DOB_COUNT = 10;

function expectQuestion(state: SurveyCheckState, name: string, types: readonly QuestionTypeName[], why: string): QuestionDefinition | null {
  const placed = state.questions.get(name);
  if (!placed) {
    // Reported once, though both the special names and the household mapping may expect it.
    if (!state.missing.has(name)) state.problem(state.files.shown(SURVEY_FILE), `no question is named "${name}" (${why}).`);
    state.missing.add(name);
    return null;
  }
  if (!types.includes(placed.question.questionType)) {
    state.problem(placed.file, `${name}: questionType must be ${types.join(' or ')} (${why}).`);
    return null;
  }
  return placed.question;
}

export function checkSpecialQuestions(state: SurveyCheckState): void {
  const special = 'a special name in common/survey/model.ts';
  const postcode = expectQuestion(state, QUESTION_NAMES.clientPostcode, ['Postcode'], special);
  expectQuestion(state, QUESTION_NAMES.clientDob, ['Date'], special);
  expectQuestion(state, QUESTION_NAMES.partnerDob, ['Date'], special);
  for (let n = 1; n <= CHILD_DOB_COUNT; n += 1) expectQuestion(state, `${QUESTION_NAMES.childDobPrefix}${n}`, ['Date'], special);
  for (const [name, { file }] of state.questions) {
    const suffix = name.slice(QUESTION_NAMES.childDobPrefix.length);
    if (name.startsWith(QUESTION_NAMES.childDobPrefix) && !/^(?:[1-9]|10)$/.test(suffix)) {
      state.problem(file, `${name}: names starting ${QUESTION_NAMES.childDobPrefix} are the children's dates of birth, ${QUESTION_NAMES.childDobPrefix}1 to ${QUESTION_NAMES.childDobPrefix}${CHILD_DOB_COUNT}.`);
    }
  }
  const tenure = expectQuestion(state, QUESTION_NAMES.tenure, ['Radio', 'Select'], special);
  if (tenure) expectExactOptions(state, tenure, Object.values(TENURES), 'the TENURES of common/survey/model.ts');
  expectQuestion(state, QUESTION_NAMES.rent, ['Money'], special);
  const band = expectQuestion(state, QUESTION_NAMES.capitalBand, ['Radio', 'Select'], special);
  if (band && !(band.options ?? []).some((option) => option.value === CAPITAL_BAND_5001_TO_16000)) {
    state.problem(state.questions.get(band.name)!.file, `${band.name}: one option's value must be '${CAPITAL_BAND_5001_TO_16000}'.`);
  }
  const capital = expectQuestion(state, QUESTION_NAMES.capital, ['Money', 'Text'], special);
  if (capital?.questionType === 'Text' && capital.isNumeric !== true) {
    state.problem(state.questions.get(capital.name)!.file, `${capital.name}: a Text question for an amount must be isNumeric.`);
  }
  const council = expectQuestion(state, QUESTION_NAMES.councilTaxBand, ['Council'], special);
  if (council && postcode && council.postcodePage !== undefined) {
    const postcodePage = state.questions.get(postcode.name)!.pageIndex + 1;
    if (council.postcodePage !== postcodePage) {
      state.problem(state.questions.get(council.name)!.file, `${council.name}: postcodePage must be ${postcodePage}, the page that asks ${postcode.name}.`);
    }
  }
  // Any other Council question must point at the postcode page too.
  for (const [name, { question, file }] of state.questions) {
    if (name === QUESTION_NAMES.councilTaxBand || question.questionType !== 'Council' || !postcode) continue;
    const postcodePage = state.questions.get(postcode.name)!.pageIndex + 1;
    if (question.postcodePage !== undefined && question.postcodePage !== postcodePage) {
      state.problem(file, `${name}: postcodePage must be ${postcodePage}, the page that asks ${postcode.name}.`);
    }
  }
  // The bands offered are the nation's, and the look-up needs the postcode saved: a Council question comes later.
  const postcodeIndex = postcode ? state.questions.get(postcode.name)!.pageIndex : -1;
  for (const [name, { question, file, pageIndex }] of state.questions) {
    if (question.questionType === 'Council' && postcode && pageIndex <= postcodeIndex) {
      state.problem(file, `${name}: a Council question must be on a page after the one that asks ${postcode.name}, whose country decides the bands offered.`);
    }
  }
}

function expectExactOptions(state: SurveyCheckState, question: QuestionDefinition, expected: readonly string[], what: string): void {
  const values = (question.options ?? []).map((option) => option.value);
  const missing = expected.filter((value) => !values.includes(value));
  const extra = values.filter((value) => !expected.includes(value));
  if (missing.length || extra.length) {
    const file = state.questions.get(question.name)!.file;
    state.problem(file, `${question.name}: option values must be exactly ${list(expected)} (${what})${missing.length ? `; missing ${list(missing)}` : ''}${extra.length ? `; not known: ${list(extra)}` : ''}.`);
  }
}

export function checkHouseholdQuestions(state: SurveyCheckState): void {
  const why = 'the household mapping in engine/household-mapping/household-mapping.ts reads it';
  for (const [name, expected] of Object.entries(HOUSEHOLD_QUESTIONS)) {
    const question = expectQuestion(state, name, expected.types, why);
    if (!question) continue;
    const file = state.questions.get(name)!.file;
    if (expected.numeric && question.questionType === 'Text' && question.isNumeric !== true) {
      state.problem(file, `${name}: must be isNumeric (${why} as a number).`);
    }
    if (!expected.values) continue;
    if (expected.exactly) {
      expectExactOptions(state, question, expected.values, why);
      continue;
    }
    const values = (question.options ?? []).map((option) => option.value);
    const missing = expected.values.filter((value) => !values.includes(value));
    if (missing.length) state.problem(file, `${name}: options must include ${list(missing)} (${why}).`);
  }
}
