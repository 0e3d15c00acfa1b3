import { useEffect, useRef, type ComponentType } from 'react';
import type { FieldProps, RegistryFieldsType } from '@rjsf/utils';
import type { AnswerValue, QuestionTypeName } from '../../../../common/survey/model';
import { findQuestion, inputId, type SurveyFormContext } from '../form-context';
import { TestingPanel } from '../TestingPanel';
import { CheckControl, RadioControl, SelectControl } from './ChoiceControls';
import type { ControlProps } from './control';
import { CouncilControl } from './CouncilControl';
import { MoneyControl } from './MoneyControl';
import { isAskingForCouncil, PostcodeControl } from './PostcodeControl';
import { describedByIds, QuestionFrame, type FrameLayout } from './QuestionFrame';
import { DateControl, TextControl } from './TextControls';

export const PRIVACY_NOTICE_TEXT = "You've already answered this question.";
export const CHANGE_ANSWER_TEXT = 'Change your answer';

function PrivacyNotice({ id, onChange }: { id: string; onChange(): void }) {
  return (
    <div className="privacy-notice">
      <p>{PRIVACY_NOTICE_TEXT}</p>
      <button type="button" id={id} className="button button--secondary" onClick={onChange}>
        {CHANGE_ANSWER_TEXT}
      </button>
    </div>
  );
}

function Nothing() {
  return null;
}

const CONTROLS: Record<QuestionTypeName, { Control: ComponentType<ControlProps<never>>; layout: FrameLayout }> = {
  Radio: { Control: RadioControl, layout: 'fieldset' },
  Select: { Control: SelectControl, layout: 'label' },
  Text: { Control: TextControl, layout: 'label' },
  Date: { Control: DateControl, layout: 'label' },
  Check: { Control: CheckControl, layout: 'fieldset' },
  Postcode: { Control: PostcodeControl, layout: 'label' },
  Money: { Control: MoneyControl, layout: 'fieldset' },
  Label: { Control: Nothing, layout: 'text' },
  Council: { Control: CouncilControl, layout: 'fieldset' },
};

/**
 * The rjsf field of one question type: the question's frame around its control. The answer travels through
 * rjsf's onChange with the question's name as the change id, and the page's reducer takes it from there.
 */
function questionField(type: QuestionTypeName): ComponentType<FieldProps> {
  const { Control, layout } = CONTROLS[type];
  function QuestionField(props: FieldProps) {
    const context = props.registry.formContext as SurveyFormContext;
    const question = findQuestion(context, props.name);
    const id = inputId(props.name);
    const hidden = context.state.privacyNotice[props.name] === true;
    const wasHidden = useRef(hidden);
    // 'Change your answer' swaps the notice for the control: focus follows, so keyboard users carry on there.
    useEffect(() => {
      if (wasHidden.current && !hidden) document.getElementById(id)?.focus();
      wasHidden.current = hidden;
    }, [hidden, id]);
    if (!question) return null;
    const error = context.state.errors[question.name] ?? '';
    const errorShownInControl = error !== '' && isAskingForCouncil(context.state, question.name);
    const AnyControl = Control as ComponentType<ControlProps>;
    return (
      <QuestionFrame
        question={question}
        layout={layout}
        controlId={hidden ? undefined : id}
        error={error}
        errorShownInControl={errorShownInControl}
        after={
          context.isTest && (
            <TestingPanel
              question={question}
              rule={context.state.rules[question.name]}
              answers={context.state.answers}
              environment={context.environment}
            />
          )
        }
      >
        {hidden ? (
          <PrivacyNotice id={id} onChange={() => context.changePrivateAnswer(question.name)} />
        ) : (
          <AnyControl
            question={question}
            value={(props.formData ?? context.state.answers[question.name] ?? null) as AnswerValue}
            onAnswer={(value) => props.onChange(value as never, props.fieldPathId.path, undefined, question.name)}
            id={id}
            describedBy={layout === 'fieldset' ? undefined : describedByIds(question, errorShownInControl ? '' : error)}
            invalid={error !== ''}
            context={context}
          />
        )}
      </QuestionFrame>
    );
  }
  QuestionField.displayName = `${type}Question`;
  return QuestionField;
}

/** One rjsf field per question type, registered under the type's name (`ui:field` in page-schema.ts). */
export const QUESTION_FIELDS: RegistryFieldsType = Object.fromEntries(
  (Object.keys(CONTROLS) as QuestionTypeName[]).map((type) => [type, questionField(type)]),
);
