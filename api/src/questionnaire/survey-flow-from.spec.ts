import { describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import type { Answers } from '../../../common/survey/model.js';
import { MANCHESTER, money, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../../../test/support/households.js';
import { loadSurveyDefinition } from './survey-definitions.js';
import { compileSurvey, surveyState, surveyStateFrom } from './survey-flow.js';

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

  it('refuses a state that stops short of the page before', () => {
    const before = surveyState(survey, household, environment, 2);
    expect(() => surveyStateFrom(survey, before, 5, household, environment)).toThrow('stops before page 4');
  });
});
