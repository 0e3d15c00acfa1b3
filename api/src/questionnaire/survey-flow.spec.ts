import { describe, expect, it } from '@jest/globals';
import type { PageDefinition, SurveyDefinition } from '../../../common/survey/model.js';
import {
  answersBefore,
  compileSurvey,
  isOpen,
  nextApplicablePage,
  previousApplicablePage,
  progressOf,
  resumePage,
  shownQuestions,
  surveyState,
} from './survey-flow.js';

const environment = { today: '2026-11-22', nationalLivingWageHourlyPence: 1271 };

function page(
  name: string,
  extra: Partial<PageDefinition> = {},
  questions: PageDefinition['fields'][number]['questions'] = [],
): PageDefinition {
  return { name, title: name, headerType: 'Normal', fields: [{ questions }], ...extra };
}

/** A small survey shaped like the real one: a partner page only for couples, an exit page, and a last page. */
const survey: SurveyDefinition = {
  pages: [
    page('about-you', {}, [
      {
        name: 'HasPartner',
        questionType: 'Radio',
        text: 'Do you have a partner?',
        options: [
          { value: 'Yes', text: 'Yes' },
          { value: 'No', text: 'No' },
        ],
      },
      { name: 'ClientDob', questionType: 'Date', text: 'Your date of birth' },
      {
        name: 'ClientStudent',
        questionType: 'Radio',
        text: 'Are you a student?',
        showHide: 'age(ClientDob) < 25',
        options: [{ value: 'Yes', text: 'Yes' }],
      },
    ]),
    page('partner', { showHide: "HasPartner == 'Yes'" }, [{ name: 'PartnerDob', questionType: 'Date', text: 'Partner date of birth' }]),
    page('immigration', {}, [
      { name: 'PublicFunds', questionType: 'Radio', text: 'Can you claim public funds?', options: [{ value: 'No', text: 'No' }] },
    ]),
    page('no-public-funds', { showHide: "PublicFunds == 'No'", isExitPage: true }),
    page('finish'),
  ],
};
const compiled = compileSurvey(survey);

describe('which pages apply', () => {
  it('skips a page whose rule is false and numbers pages by their place in the survey', () => {
    const state = surveyState(compiled, { HasPartner: 'No' }, environment);
    expect(state.applicable.map((applicable) => applicable.number)).toEqual([1, 3, 5]);
    expect(nextApplicablePage(state, 1)?.definition.name).toBe('immigration');
    expect(previousApplicablePage(state, 3)?.definition.name).toBe('about-you');
    expect(previousApplicablePage(state, 1)).toBeNull();
  });

  it('stops at an exit page that applies: nothing after it can be reached', () => {
    const state = surveyState(compiled, { HasPartner: 'Yes', PublicFunds: 'No' }, environment);
    expect(state.applicable.map((applicable) => applicable.definition.name)).toEqual([
      'about-you',
      'partner',
      'immigration',
      'no-public-funds',
    ]);
    expect(nextApplicablePage(state, 4)).toBeNull();
  });

  it('leaves the answers of hidden questions and skipped pages out of what the calculation uses', () => {
    const answers = { HasPartner: 'No', PartnerDob: '01/01/1990', ClientDob: '01/01/1960', ClientStudent: 'Yes' };
    const state = surveyState(compiled, answers, environment);
    expect(state.effectiveAnswers).toEqual({ HasPartner: 'No', ClientDob: '01/01/1960' });
  });

  it('counts progress over the pages that apply, 0 on the first and 100 on the last', () => {
    const single = surveyState(compiled, { HasPartner: 'No' }, environment);
    expect([1, 3, 5].map((number) => progressOf(single, number))).toEqual([0, 50, 100]);
    const couple = surveyState(compiled, { HasPartner: 'Yes' }, environment);
    expect([1, 2, 3, 5].map((number) => progressOf(couple, number))).toEqual([0, 33, 67, 100]);
  });
});

describe('which pages are open', () => {
  it('opens pages up to the first applicable page not yet passed', () => {
    const state = surveyState(compiled, { HasPartner: 'No' }, environment);
    expect(resumePage(state, ['about-you']).definition.name).toBe('immigration');
    expect(isOpen(state, ['about-you'], 1)).toBe(true);
    expect(isOpen(state, ['about-you'], 3)).toBe(true);
    expect(isOpen(state, ['about-you'], 5)).toBe(false);
    expect(isOpen(state, ['about-you'], 2)).toBe(false);
  });

  it('decides whether a page is open from the pages up to it alone', () => {
    const throughImmigration = surveyState(compiled, { HasPartner: 'No' }, environment, 3);
    expect(throughImmigration.pages.map((state) => state.page.definition.name)).toEqual(['about-you', 'partner', 'immigration']);
    expect(isOpen(throughImmigration, ['about-you'], 3)).toBe(true);
    expect(isOpen(throughImmigration, [], 3)).toBe(false);
    expect(resumePage(throughImmigration, []).definition.name).toBe('about-you');
  });

  it('carries on from the last page when every page has been passed', () => {
    const state = surveyState(compiled, { HasPartner: 'No' }, environment);
    expect(resumePage(state, ['about-you', 'immigration', 'finish']).definition.name).toBe('finish');
  });
});

describe('which questions of a page are shown', () => {
  it('evaluates rules on the answers of the same page and of earlier pages', () => {
    const [aboutYou] = compiled.pages;
    expect(shownQuestions(aboutYou, {}, { ClientDob: '01/01/2005' }, environment)).toEqual(
      new Set(['HasPartner', 'ClientDob', 'ClientStudent']),
    );
    expect(shownQuestions(aboutYou, {}, { ClientDob: '01/01/1960' }, environment)).toEqual(new Set(['HasPartner', 'ClientDob']));
  });

  it('gives earlier pages’ shown answers to later rules', () => {
    const state = surveyState(compiled, { HasPartner: 'Yes', ClientDob: '01/01/1980' }, environment);
    expect(answersBefore(state, 3)).toEqual({ HasPartner: 'Yes', ClientDob: '01/01/1980' });
    expect(answersBefore(state, 1)).toEqual({});
  });
});
