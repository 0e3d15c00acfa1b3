import type { ResultMessage } from '../../../common/result/model';
import { usePageTitle } from '../shared/page-title';
import { surveyPath } from '../survey/survey-api';

export const OUT_OF_DATE_TITLE = 'Calculation out of date';
export const UNANSWERED_TITLE = 'Unanswered Questions';

const SCREENS = {
  outOfDate: {
    title: OUT_OF_DATE_TITLE,
    intro: 'The calculator has changed since these answers were given, so some of them need checking before we can show your results.',
    link: 'Change Answer',
  },
  unanswered: {
    title: UNANSWERED_TITLE,
    intro: 'Some questions have not been answered yet. Please answer them so that we can show your results.',
    link: 'Add Answer',
  },
} as const;

/**
 * Shown instead of the results when answers need changing (out of date) or adding (unanswered):
 * each message links to the survey page that asks its question.
 */
export function ResultMessages({
  kind,
  messages,
  session,
  search,
}: {
  kind: keyof typeof SCREENS;
  messages: ResultMessage[];
  session: string;
  search: string;
}) {
  const screen = SCREENS[kind];
  usePageTitle(screen.title);
  return (
    <div className="message-page result-messages">
      <h1>{screen.title}</h1>
      <p>{screen.intro}</p>
      <ul className="result-messages__list">
        {messages.map((message) => (
          <li key={`${message.questionName}-${message.message}`} className="result-messages__item">
            <p>{message.message}</p>
            <a href={surveyPath(message.pageNumber, session, search)}>
              {screen.link}
              <span className="visually-hidden">: {message.message}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
