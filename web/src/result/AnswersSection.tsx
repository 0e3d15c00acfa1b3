import type { AnswerCategory, AnswerShown } from '../../../common/result/model';
import { surveyPath } from '../survey/survey-api';
import { ANSWERS_LIST_ANCHOR } from './sections';

/** An answer as 'prefix - value', or the value alone when it has no prefix. */
export function answerText(answer: AnswerShown): string {
  return answer.prefix ? `${answer.prefix} - ${answer.value}` : answer.value;
}

/**
 * 'See what you told us': each survey page's answers under its own heading, all closed to begin
 * with; the better-off answers are highlighted. The server has already hidden the postcode and dates of birth.
 */
export function AnswersSection({ categories, session, search }: { categories: AnswerCategory[]; session: string; search: string }) {
  return (
    <>
      <p id={ANSWERS_LIST_ANCHOR}>
        These are the answers you gave. Open a heading to check them. If something is wrong, change it and we will work out your results
        again.
      </p>
      {categories.map((category) => (
        <details
          key={category.name}
          className={`answers${category.isBetterOff ? ' answers--better-off' : ''}`}
          id={`answers-${category.name}`}
        >
          <summary className="answers__summary">
            {category.text}
            {category.isBetterOff && <span className="answers__flag"> (the change you asked about)</span>}
          </summary>
          <dl className="answers__list">
            {category.questions.map((question) => (
              <div key={question.name} className="answers__row">
                <dt className="answers__question">{question.text}</dt>
                <dd className="answers__answer">
                  {question.answers.length === 0 ? (
                    <span className="answers__none">Not answered</span>
                  ) : (
                    <ul className="answers__values">
                      {question.answers.map((answer, index) => (
                        <li key={index}>{answerText(answer)}</li>
                      ))}
                    </ul>
                  )}
                  {question.showEdit && (
                    // Named whole, so every screen reader says "Edit answer: <the question>" with no stray pause.
                    <a
                      className="answers__edit"
                      href={surveyPath(question.pageNumber, session, search)}
                      aria-label={`Edit answer: ${question.text}`}
                    >
                      Edit answer
                    </a>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
    </>
  );
}
