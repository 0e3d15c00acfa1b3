import { useMemo, useRef, useState } from 'react';
import type { IChangeEvent } from '@rjsf/core';
import type { ResultModel } from '../../../common/result/model';
import type { AnswerValue } from '../../../common/survey/model';
import { validatePage } from '../../../common/survey/validation';
import type { Visit } from '../../../common/visit';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { inputId, type SurveyFormContext } from '../survey/form-context';
import { buildPageSchema } from '../survey/page-schema';
import {
  answerQuestion,
  answersToSend,
  changePrivateAnswer,
  errorList,
  questionsWithShow,
  withErrors,
  type SurveyPageState,
} from '../survey/page-state';
import { PopUpDialog } from '../survey/PopUpDialog';
import { questionErrors, QuestionsForm } from '../survey/QuestionsForm';
import { browserRuleEnvironment, type RuleEnvironment } from '../survey/rule-environment';
import { initialBetterOffState } from './better-off-page';
import { recalculateResult } from './result-api';

export const WORK_OUT_BUTTON = 'Work out the difference';

interface Props {
  session: string;
  visit: Visit;
  search: string;
  /** The household has a partner: only then is the partner's work offered. */
  hasPartner: boolean;
  /** Today and the National Living Wage, for the show/hide rules and checks; the browser's own by default. */
  environment?: RuleEnvironment;
  onResult(result: ResultModel): void;
  onFailed(error: unknown): void;
}

/**
 * The better-off questions, drawn by the survey's own form (rjsf with the question fields, show/hide rules and
 * checks as the questionnaire), and sent with action 5. The server checks them again; its per-question
 * errors show beside the questions, as on a survey page.
 */
export default function BetterOffForm({ session, visit, search, hasPartner, environment: given, onResult, onFailed }: Props) {
  const environment = useMemo(() => given ?? browserRuleEnvironment(), [given]);
  const [state, setState] = useState<SurveyPageState>(() => initialBetterOffState(environment, { hasPartner }));
  const [summaryFocus, setSummaryFocus] = useState(0);
  const [busy, setBusy] = useState(false);
  const [popUp, setPopUp] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const shownKey = JSON.stringify(state.shown);
  const { schema, uiSchema } = useMemo(() => {
    const fields = state.groups.map((names) => ({
      show: true,
      questions: state.questions.filter((question) => names.includes(question.name)),
    }));
    return buildPageSchema(fields, JSON.parse(shownKey) as Record<string, boolean>);
  }, [state.groups, state.questions, shownKey]);

  const formContext: SurveyFormContext = {
    state,
    session,
    search,
    isTest: false,
    environment,
    changePrivateAnswer(name) {
      setState((current) => changePrivateAnswer(current, name, environment));
    },
    showPopUp: setPopUp,
    councilJustAsked: null,
  };

  function showErrors(errors: Record<string, string>) {
    setState((current) => withErrors(current, errors));
    setSummaryFocus((count) => count + 1);
  }

  function onChange(event: IChangeEvent, id?: string) {
    if (!id || !(id in stateRef.current.answers)) return;
    const value = (event.formData as Record<string, AnswerValue>)[id] ?? null;
    setState((current) => answerQuestion(current, id, value, environment));
  }

  async function submit() {
    if (busy) return;
    const current = stateRef.current;
    const errors = validatePage(questionsWithShow(current), current.answers, { today: environment.today });
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      return;
    }
    setBusy(true);
    try {
      onResult(await recalculateResult(session, answersToSend(current), visit, true));
    } catch (error) {
      const fieldErrors = questionErrors(
        error,
        current.questions.map((question) => question.name),
      );
      if (fieldErrors) showErrors(fieldErrors);
      else onFailed(error);
    } finally {
      setBusy(false);
    }
  }

  const summary: SummaryError[] = errorList(state).map(({ name, message }) => ({ targetId: inputId(name), message }));

  return (
    <div className="better-off-form">
      <ErrorSummary errors={summary} focusKey={summaryFocus} headingLevel={3} />
      <QuestionsForm
        schema={schema}
        uiSchema={uiSchema}
        answers={state.answers}
        formContext={formContext}
        inCard={false}
        onChange={onChange}
        onSubmit={() => void submit()}
      >
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            {WORK_OUT_BUTTON}
          </button>
        </div>
      </QuestionsForm>
      {popUp !== null && <PopUpDialog message={popUp} onClose={() => setPopUp(null)} />}
    </div>
  );
}
