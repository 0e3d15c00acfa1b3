import type { MouseEvent, Ref } from 'react';

export interface FieldProblem {
  /** The id of the input the problem is about. */
  fieldId: string;
  message: string;
}

/** Spec 001 §5's heading for a list of problems on a form. */
export const ERROR_SUMMARY_TITLE = 'Please correct the following problem(s)';

/**
 * The problems with a form, each a link to its field. The form focuses it after a failed submit, so screen
 * readers read it at once; a link moves focus into the field (an in-page link alone would only scroll).
 */
export function ErrorSummary({ problems, ref }: { problems: FieldProblem[]; ref?: Ref<HTMLDivElement> }) {
  function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus();
    field.scrollIntoView?.({ block: 'center' });
  }
  return (
    <div ref={ref} className="landing-error-summary" tabIndex={-1}>
      <h3 className="landing-error-summary__title">
        {ERROR_SUMMARY_TITLE}
      </h3>
      <ul className="landing-error-summary__list">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a href={`#${problem.fieldId}`} onClick={(event) => focusField(event, problem.fieldId)}>
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
