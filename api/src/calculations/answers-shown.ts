import { penceToText } from '../../../common/money.js';
import { chosenFigurePence } from '../../../common/survey/money-answer.js';
import { ageOn, parseDayMonthYear } from '../../../common/survey/dates.js';
import type { AnswerValue, MoneyAnswer, PostcodeAnswer, QuestionDefinition } from '../../../common/survey/model.js';
import type { AnswerShown } from '../../../common/result/model.js';

/**
 * An answer as 'See what you told us', the PDF and the adviser area show it: option text rather
 * than option values, money with its period, and, unless masking is off (test mode), the local authority instead
 * of the postcode and an age instead of a date of birth.
 */

const PERIOD_WORDS: Record<MoneyAnswer['period'] & string, string> = {
  Weekly: 'per week',
  Monthly: 'per month',
  Yearly: 'per year',
  '': '',
};

const COUNTRY_NAMES: Record<string, string> = {
  England: 'England',
  Wales: 'Wales',
  Scotland: 'Scotland',
  'Northern Ireland': 'Northern Ireland',
};

export interface ShowOptions {
  /** Hide the postcode and dates of birth (every view except test mode). */
  mask: boolean;
  /** The UK date (yyyy-mm-dd) an age is worked out on. */
  today: string;
}

/** A date-of-birth question: the client's, the partner's, a child's or another adult's. */
export function isDateOfBirthQuestion(question: QuestionDefinition): boolean {
  return question.questionType === 'Date' && /Dob\d*$/.test(question.name);
}

function optionText(question: QuestionDefinition, value: string): string {
  return question.options?.find((option) => option.value === value)?.text ?? value;
}

function postcodeText(answer: PostcodeAnswer, mask: boolean): string {
  if (answer.option) return `Sleeping rough in ${COUNTRY_NAMES[answer.country] ?? answer.country}`;
  if (!mask) return answer.authority ? `${answer.postcode} (${answer.authority})` : answer.postcode;
  return answer.authority || 'Postcode given (hidden)';
}

function moneyText(answer: MoneyAnswer): string {
  const pence = chosenFigurePence(answer);
  if (pence === null) return '';
  const [whole, decimals] = penceToText(pence).split('.');
  return `£${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${decimals} ${PERIOD_WORDS[answer.period]}`.trim();
}

function dateText(question: QuestionDefinition, value: string, options: ShowOptions): string {
  if (!options.mask || !isDateOfBirthQuestion(question)) return value;
  const iso = parseDayMonthYear(value);
  return iso ? `Age ${ageOn(iso, options.today)}` : 'Date of birth given (hidden)';
}

/** The answers to show for one question: none when it has no answer, one per ticked box for a Check question. */
export function answersShown(question: QuestionDefinition, value: AnswerValue | undefined, options: ShowOptions): AnswerShown[] {
  if (value === undefined || value === null) return [];
  const prefix = question.prefix ?? '';
  const shown = (text: string): AnswerShown[] => (text.trim() === '' ? [] : [{ prefix, value: text }]);
  switch (question.questionType) {
    case 'Label':
      return [];
    case 'Check':
      return (Array.isArray(value) ? value : []).flatMap((chosen) => shown(optionText(question, chosen)));
    case 'Radio':
    case 'Select':
    case 'Council':
      // A band reads as itself ('Band C'); 'NotKnown' as its option text, 'I don't know my band'.
      return shown(optionText(question, String(value)));
    case 'Postcode':
      return shown(postcodeText(value as PostcodeAnswer, options.mask));
    case 'Money':
      return shown(moneyText(value as MoneyAnswer));
    case 'Date':
      return shown(dateText(question, String(value), options));
    default:
      return shown(String(value));
  }
}
