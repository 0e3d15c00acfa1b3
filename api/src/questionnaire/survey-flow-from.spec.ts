import { describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import type { Answers } from '../../../common/survey/model.js';
import { MANCHESTER, money, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../../../test/support/households.js';
import { loadSurveyDefinition } from './survey-definitions.js';
import { evaluateRule } from '../../../common/rules/index.js';
import {
  answersOf,
  compileSurvey,
  shownQuestions,
  surveyState,
  surveyStateFrom,
  type CompiledSurvey,
  type SurveyState,
} from './survey-flow.js';

// The survey POST works out the questionnaire after a page from the state before it (surveyStateFrom), instead of
// walking every page again: on the real questionnaire that must give exactly what the whole walk gives, whatever
// the page changes for the pages after it.

const survey = compileSurvey(loadSurveyDefinition(resolve('definitions')));
const environment = { today: '2026-11-22', nationalLivingWageHourlyPence: 1271 };
const household: Answers = Object.assign({}, ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([, answers]) => answers)) as Answers;

/** Changes to one page's answers that change which later pages and questions apply. */
const CHANGES: Answers[] = [
  {},
  { ClientHasPartner: 'Yes' },
  { ChildCount: '2', NonDependantCount: '1' },
  { ClientWork: ['None of the above'] },
  { ClientTenure: 'Owner' },
  { ClientDob: '14/03/1950' },
  { ClientImmigrationStatus: 'NoPublicFunds' },
  { ClientStudent: 'Yes' },
  { ClientCapitalBand: 'Over16000' },
  { ClientEarnings: money('3000', 'Monthly'), ClientWorkHours: '40' },
  { ClientPostcode: { ...MANCHESTER, country: 'Scotland' } },
];

describe('surveyStateFrom', () => {
  it('gives what surveyState gives, after any page, whatever the page changed', () => {
    let compared = 0;
    for (const change of CHANGES) {
      for (const page of survey.pages) {
        const own = Object.fromEntries(Object.entries(change).filter(([name]) => survey.questionPage.get(name) === page));
        const before = surveyState(survey, household, environment, page.number);
        const answers = { ...household, ...own };
        expect({ page: page.number, change, state: surveyStateFrom(survey, before, page.number, answers, environment) }).toEqual({
          page: page.number,
          change,
          state: surveyState(survey, answers, environment),
        });
        compared += 1;
      }
    }
    expect(compared).toBe(CHANGES.length * survey.pages.length);
  });

  it('shows on a page without answers the questions the page-by-page walk shows, read before or after the state moves on', () => {
    // The walk leaves the shown questions of pages without answers to be worked out when read: checked against a
    // walk that works out every page as it goes, for every questionnaire answered up to each page.
    let compared = 0;
    for (const change of CHANGES) {
      const answers = { ...household, ...change };
      const upTo = (last: number) =>
        Object.fromEntries(Object.entries(answers).filter(([name]) => survey.questionPage.get(name)!.number <= last));
      const expectAsEager = (state: SurveyState, given: Answers, page: number) => {
        const eager = eagerWalk(survey, given);
        expect({ change, page, shown: state.pages.map(({ shown }) => [...shown]) }).toEqual({ change, page, shown: eager.shown });
        expect(state.applicable.map(({ number }) => number)).toEqual(eager.applicable);
        expect(state.effectiveAnswers).toEqual(eager.effectiveAnswers);
        compared += state.pages.filter(({ applies, answered }) => applies && !answered).length;
      };
      for (const page of survey.pages.slice(0, -1)) {
        // Nothing read from `state` until the next page's state, which takes its earlier pages over, has been read.
        const state = surveyState(survey, upTo(page.number), environment);
        const next = surveyStateFrom(survey, state, page.number + 1, upTo(page.number + 1), environment);
        expectAsEager(next, upTo(page.number + 1), page.number + 1);
        expectAsEager(state, upTo(page.number), page.number);
      }
    }
    // Most of what was compared was worked out when read.
    expect(compared).toBeGreaterThan(CHANGES.length * survey.pages.length);
  });

  it('refuses a state that stops short of the page before', () => {
    const before = surveyState(survey, household, environment, 2);
    expect(() => surveyStateFrom(survey, before, 5, household, environment)).toThrow('stops before page 4');
  });
});

/** Every page worked out in order, its shown questions at once, as the walk did before it left some to be read. */
function eagerWalk(compiled: CompiledSurvey, answers: Answers) {
  const effectiveAnswers: Answers = {};
  const shown: string[][] = [];
  const applicable: number[] = [];
  let exited = false;
  for (const page of compiled.pages) {
    const rule = page.rule ? evaluateRule(page.rule, { ...environment, answers: effectiveAnswers }) : null;
    if (exited || (rule?.ok && !rule.value)) {
      shown.push([]);
      continue;
    }
    const own = answersOf(page, answers);
    const names = shownQuestions(page, effectiveAnswers, own, environment);
    for (const name of names) if (name in own) effectiveAnswers[name] = own[name];
    shown.push([...names]);
    applicable.push(page.number);
    exited = page.definition.isExitPage === true;
  }
  return { shown, applicable, effectiveAnswers };
}
