import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_COMMENT_MAX_LENGTH, FEEDBACK_TYPES } from '../../../common/result/model';
import { sendFeedback } from './result-api';

export const FEEDBACK_TITLE = 'Was this page helpful?';
export const FEEDBACK_THANKS = 'Thank you for your feedback.';

type Choice = typeof FEEDBACK_TYPES.up | typeof FEEDBACK_TYPES.down;

function Thumb({ down }: { down?: boolean }) {
  return (
    <svg
      className="feedback__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      style={down ? { transform: 'rotate(180deg)' } : undefined}
    >
      <path
        fill="currentColor"
        d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3a1.5 1.5 0 0 0-.5-1L13.1 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
      />
    </svg>
  );
}

/**
 * 'Was this page helpful?': the first thumb pressed is sent at once, so a vote counts
 * even without a comment; pressing the other thumb afterwards only changes which is highlighted. The comment box
 * then opens; Submit sends the thumb and the comment (at most 250 characters) and thanks the person.
 */
export function FeedbackCard({ session }: { session: string }) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [comment, setComment] = useState('');
  const [isSent, setIsSent] = useState(false);
  const hasSentChoice = useRef(false);
  const thanks = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (isSent) thanks.current?.focus();
  }, [isSent]);

  function choose(value: Choice) {
    setChoice(value);
    if (hasSentChoice.current) return;
    hasSentChoice.current = true;
    sendFeedback(session, value, '');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice === null) return;
    sendFeedback(session, choice, comment);
    setIsSent(true);
  }

  return (
    <section id="feedback" className="result-card feedback" aria-labelledby="feedback-title">
      <h2 id="feedback-title" className="result-card__title">
        {FEEDBACK_TITLE}
      </h2>
      {isSent ? (
        <p className="feedback__thanks" role="status" tabIndex={-1} ref={thanks}>
          {FEEDBACK_THANKS}
        </p>
      ) : (
        <>
          <div className="feedback__choices" role="group" aria-labelledby="feedback-title">
            <button
              type="button"
              className="feedback__choice"
              aria-pressed={choice === FEEDBACK_TYPES.up}
              onClick={() => choose(FEEDBACK_TYPES.up)}
            >
              <Thumb />
              Yes
            </button>
            <button
              type="button"
              className="feedback__choice"
              aria-pressed={choice === FEEDBACK_TYPES.down}
              onClick={() => choose(FEEDBACK_TYPES.down)}
            >
              <Thumb down />
              No
            </button>
          </div>
          {choice !== null && (
            <form className="feedback__form" onSubmit={submit}>
              <label className="feedback__label" htmlFor="feedback-comment">
                Tell us more (optional)
              </label>
              <p className="feedback__hint" id="feedback-comment-hint">
                Please do not include personal details such as your name, address or phone number. You can write up to{' '}
                {FEEDBACK_COMMENT_MAX_LENGTH} characters.
              </p>
              <textarea
                id="feedback-comment"
                className="feedback__comment"
                rows={4}
                maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
                aria-describedby="feedback-comment-hint feedback-comment-count"
                value={comment}
                onChange={(event) => setComment(event.target.value.slice(0, FEEDBACK_COMMENT_MAX_LENGTH))}
              />
              <p className="feedback__count" id="feedback-comment-count">
                {FEEDBACK_COMMENT_MAX_LENGTH - comment.length} characters left
              </p>
              <button type="submit" className="button">
                Submit
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
