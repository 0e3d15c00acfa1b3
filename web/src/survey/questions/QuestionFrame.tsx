import { type ReactNode } from 'react';
import { questionTypeName } from '../../../../common/survey/answers';
import type { QuestionView } from '../../../../common/survey/model';
import { TextBlock } from '../TextBlock';
import { errorId } from '../form-context';
import { HelpText } from './HelpText';

export type FrameLayout = 'fieldset' | 'label' | 'text';

/** The ids of the texts that describe a question's control: subtext, note, and its error when it has one. */
export function describedByIds(question: QuestionView, error: string): string | undefined {
  const ids = [
    question.subtext ? `q-${question.name}-subtext` : null,
    question.noteText ? `q-${question.name}-note` : null,
    error ? errorId(question.name) : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function QuestionText({ question }: { question: QuestionView }) {
  return (
    <>
      {question.text}
      {question.required && (
        <>
          <span className="question__required" aria-hidden="true">
            {' *'}
          </span>
          <span className="visually-hidden"> (required)</span>
        </>
      )}
    </>
  );
}

interface Props {
  question: QuestionView;
  layout: FrameLayout;
  /** The id of the control a `label` layout points at; none while the privacy notice stands in for the control. */
  controlId: string | undefined;
  error: string;
  /** The control shows the error itself, beside the part it is about (the council box of a Postcode question). */
  errorShownInControl?: boolean;
  children: ReactNode;
  /** Shown under the control: the testing panel in test mode. */
  after?: ReactNode;
}

/**
 * Everything around a question's control: its text as a label or legend, with an asterisk when it
 * is required; subtext; note; help text behind the toolTip link; and the error message, linked to the control by
 * aria-describedby. A group of controls (radios, checkboxes, amount with period) is a fieldset with a legend.
 */
export function QuestionFrame({ question, layout, controlId, error, errorShownInControl = false, children, after }: Props) {
  const describedBy = describedByIds(question, errorShownInControl ? '' : error);
  const hints = (
    <>
      {question.subtext && (
        <div id={`q-${question.name}-subtext`} className="question__subtext">
          <TextBlock text={question.subtext} />
        </div>
      )}
      {question.noteText && (
        <div id={`q-${question.name}-note`} className="question__note">
          <TextBlock text={question.noteText} />
        </div>
      )}
      {question.helpText && (
        <HelpText
          id={`q-${question.name}-help`}
          linkText={question.toolTip || 'Help with this question'}
          text={question.helpText}
          autoOpen={question.autoOpenHelpText === true}
        />
      )}
      {error && !errorShownInControl && (
        <p id={errorId(question.name)} className="question__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
    </>
  );
  const type = questionTypeName(question.questionType);
  const className = `question question--${layout}${error ? ' question--invalid' : ''}`;
  if (layout === 'text') {
    return (
      <div className={className} data-question={question.name} data-question-type={type}>
        <div className="question__label-text">
          <TextBlock text={question.text} />
        </div>
        {hints}
        {children}
        {after}
      </div>
    );
  }
  if (layout === 'fieldset') {
    return (
      <div className={className} data-question={question.name} data-question-type={type}>
        <fieldset className="question__fieldset" aria-describedby={describedBy}>
          <legend className="question__label" id={`q-${question.name}-label`}>
            <QuestionText question={question} />
          </legend>
          {hints}
          {children}
        </fieldset>
        {after}
      </div>
    );
  }
  return (
    <div className={className} data-question={question.name} data-question-type={type}>
      <label className="question__label" id={`q-${question.name}-label`} htmlFor={controlId}>
        <QuestionText question={question} />
      </label>
      {hints}
      {children}
      {after}
    </div>
  );
}
