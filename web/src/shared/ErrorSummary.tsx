import { useEffect, useRef } from 'react';

export const ERROR_SUMMARY_TITLE = 'Please correct the following problem(s)';

export interface SummaryError {
  /** The id of the control the message links to. */
  targetId: string;
  message: string;
}

/**
 * A form's problems listed above it under 'Please correct the following problem(s)', each a link to its field.
 * Focus moves to the
 * summary each time it appears (`focusKey` changes), so screen reader and keyboard users hear it at once.
 */
export function ErrorSummary({
  errors,
  focusKey,
  headingLevel = 2,
  titleId = 'error-summary-title',
}: {
  errors: SummaryError[];
  focusKey: number;
  headingLevel?: 2 | 3;
  /** Where a page has several forms, each summary's title needs an id of its own. */
  titleId?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1} ref={ref}>
      <Heading className="error-summary__title" id={titleId}>
        {ERROR_SUMMARY_TITLE}
      </Heading>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={`${error.targetId}-${error.message}`}>
            <a
              href={`#${error.targetId}`}
              onClick={(event) => {
                // Focus the field itself and bring its question into view, not just scroll to the input.
                const target = document.getElementById(error.targetId);
                if (!target) return;
                event.preventDefault();
                target.focus();
                (target.closest('.question') ?? target).scrollIntoView?.({ block: 'start' });
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
