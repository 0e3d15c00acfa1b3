import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CircumstanceChange } from '../../../engine/better-off.js';
import type { Earnings, Money } from '../../../engine/household.js';
import { parseRule, referencedQuestions } from '../../../common/rules/index.js';
import { QUESTION_TYPES, type Answers, type MoneyAnswer, type PageDefinition } from '../../../common/survey/model.js';
import { chosenFigurePence, MONEY_PERIOD_OF_ANSWER } from '../../../common/survey/money-answer.js';
import { compileSurvey, type CompiledPage } from '../questionnaire/survey-flow.js';

/**
 * The better-off questions (`definitions/better-off/better-off.json`, sent with survey action 5): asked on the results
 * page, in the questionnaire's own question format, so the same form, rules and checks serve them. Their answers
 * are stored beside the questionnaire's, under names starting 'BetterOff'.
 */
export const BETTER_OFF_FILE = 'better-off/better-off.json';
export const BETTER_OFF_PREFIX = 'BetterOff';

export class BetterOffDefinitionError extends Error {
  override name = 'BetterOffDefinitionError';
}

/** Every problem with the better-off page: its shape, names, question types and rules. */
export function checkBetterOffPage(json: unknown, file = BETTER_OFF_FILE): string[] {
  const page = json as Partial<PageDefinition> | null;
  if (typeof page?.title !== 'string' || !Array.isArray(page.fields)) return [`${file}: must be a page with a title and fields.`];
  const problems: string[] = [];
  const questions = page.fields.flatMap((group) => (Array.isArray(group?.questions) ? group.questions : []));
  const names = new Set<string>();
  for (const question of questions) {
    if (typeof question?.name !== 'string' || !question.name.startsWith(BETTER_OFF_PREFIX))
      problems.push(`${file}: every question name must start with '${BETTER_OFF_PREFIX}'.`);
    else if (names.has(question.name)) problems.push(`${file}: ${question.name} is used twice.`);
    else names.add(question.name);
    if (!(question?.questionType in QUESTION_TYPES))
      problems.push(`${file}: ${question?.name} has the unknown questionType '${String(question?.questionType)}'.`);
  }
  for (const question of questions) {
    if (!question?.showHide?.trim()) continue;
    try {
      for (const name of referencedQuestions(parseRule(question.showHide))) {
        if (!names.has(name)) problems.push(`${file}: ${question.name}'s rule names ${name}, which is not a better-off question.`);
      }
    } catch (error) {
      problems.push(`${file}: ${question.name}'s rule does not parse: ${(error as Error).message}`);
    }
  }
  for (const name of ['BetterOffWho', 'BetterOffHours', 'BetterOffPay', 'BetterOffRentChanges', 'BetterOffRent']) {
    if (!names.has(name)) problems.push(`${file}: the question ${name} is needed to work out the change.`);
  }
  return problems;
}

/** The better-off page, checked and compiled; throws BetterOffDefinitionError naming every problem. */
export function loadBetterOffPage(definitionsDir: string): CompiledPage {
  const path = join(definitionsDir, BETTER_OFF_FILE);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new BetterOffDefinitionError(`${BETTER_OFF_FILE}: ${(error as Error).message}`);
  }
  const problems = checkBetterOffPage(json);
  if (problems.length > 0) throw new BetterOffDefinitionError(problems.join('\n'));
  return compileSurvey({ pages: [json as PageDefinition] }).pages[0];
}

function money(answer: MoneyAnswer): Money | null {
  const pence = chosenFigurePence(answer);
  return pence === null || answer.period === '' ? null : { amount: pence / 100, period: MONEY_PERIOD_OF_ANSWER[answer.period] };
}

/** The changes the better-off answers describe: new work (hours and pay before tax) and a new rent. */
export function changesFrom(answers: Answers): CircumstanceChange[] {
  const changes: CircumstanceChange[] = [];
  const who = answers.BetterOffWho;
  if (who === 'Client' || who === 'Partner') {
    const pay = answers.BetterOffPay ? money(answers.BetterOffPay as MoneyAnswer) : null;
    const hours = Number(answers.BetterOffHours);
    const earnings: Earnings | undefined = pay ? { ...pay, basis: 'GROSS' } : undefined;
    if (earnings && Number.isFinite(hours)) changes.push({ adult: who === 'Partner' ? 1 : 0, earnings, hoursPerWeek: hours });
  }
  if (answers.BetterOffRentChanges === 'Yes' && answers.BetterOffRent) {
    const rent = money(answers.BetterOffRent as MoneyAnswer);
    if (rent) changes.push({ rent });
  }
  return changes;
}

/** The stored better-off answers of a calculation. */
export function betterOffAnswersOf(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([name]) => name.startsWith(BETTER_OFF_PREFIX)));
}
