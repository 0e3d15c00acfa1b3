import { act, render } from '@testing-library/react';
import { readVisit } from '../../../common/visit';
import type { SurveyPageResponse } from '../../../common/survey/model';
import { SurveyPage, type SurveyOutcome } from './SurveyPage';

/** For the jsdom tests: one survey page, rendered as the survey screen renders it, with what it reports. */
export const TEST_ENVIRONMENT = { today: '2026-11-22', nationalLivingWageHourlyPence: 1271 };

export function renderPage(response: SurveyPageResponse, search = '') {
  const outcomes: SurveyOutcome[] = [];
  const view = render(
    <SurveyPage
      response={response as Parameters<typeof SurveyPage>[0]['response']}
      visit={readVisit(search)}
      isTestMode={readVisit(search).isTest}
      search={search}
      environment={TEST_ENVIRONMENT}
      onOutcome={(outcome) => outcomes.push(outcome)}
    />,
  );
  return { ...view, outcomes };
}

/** Lets rjsf report a change and the page apply it (both happen after the event, in React's commit). */
export function settle(): Promise<void> {
  return act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
