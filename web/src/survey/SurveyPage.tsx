import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { IChangeEvent } from '@rjsf/core';
import { questionTypeName } from '../../../common/survey/answers';
import { normalisePostcode, POSTCODE_FORMAT_REASON } from '../../../common/survey/postcode';
import { CHOOSE_COUNCIL_MESSAGE, postcodeInvalidMessage, validatePage } from '../../../common/survey/validation';
import {
  SURVEY_ACTIONS,
  UK_COUNTRIES,
  type AnswerValue,
  type PostcodeAnswer,
  type SurveyAction,
  type SurveyPageResponse,
} from '../../../common/survey/model';
import type { Visit } from '../../../common/visit';
import { ApiRequestError } from '../api/client';
import { reportHeightToParent, requestParentScroll } from '../embed/parent-window';
import { usePageTitle } from '../shared/page-title';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { inputId, type SurveyFormContext } from './form-context';
import { HeaderIcon } from './HeaderIcon';
import { buildPageSchema } from './page-schema';
import { rememberAnsweredHere, wasAnsweredHere } from './answered-here';
import {
  answeredInTheOpen,
  answerQuestion,
  answersToSend,
  changePrivateAnswer,
  createPageState,
  errorList,
  questionsWithShow,
  setNeedsAuthority,
  withErrors,
  type SurveyPageState,
} from './page-state';
import { PopUpDialog } from './PopUpDialog';
import { questionErrors, QuestionsForm } from './QuestionsForm';
import { postcodeErrorTarget } from './questions/PostcodeControl';
import { ReferenceBox } from './ReferenceBox';
import type { RuleEnvironment } from './rule-environment';
import { checkPostcode, postSurveyPage } from './survey-api';
import { TextBlock } from './TextBlock';

// Only advisers see it, so it loads only for them.
const AdviserSection = lazy(() => import('../adviser/AdviserSection'));

/** After Next or Back both buttons rest for 3 seconds; so does the test-mode skip link. */
export const BUTTON_LOCK_MS = 3000;
export const REQUIRED_NOTE = 'Required questions are marked with an asterisk';
/** On a page of a finished calculation: save this page and go straight back to the results. */
export const SAVE_AND_SEE_RESULTS = 'Save and see results';

/** The server saved the page, but another page now applies and still needs answers (409 SURVEY_INCOMPLETE). */
function isSurveyIncomplete(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.errorBody as { code?: string } | null)?.code === 'SURVEY_INCOMPLETE';
}

export type SurveyOutcome =
  { kind: 'page'; response: SurveyPageResponse } | { kind: 'finished'; session: string } | { kind: 'failed'; error: unknown };

interface Props {
  response: SurveyPageResponse & { page: NonNullable<SurveyPageResponse['page']> };
  visit: Visit;
  /** Test mode verified by password (web/src/test-mode): testing panels, the skip link, no privacy notice. */
  isTestMode: boolean;
  search: string;
  environment: RuleEnvironment;
  /** Where the screen goes after a post: the next page, the results, or the error/verification views. */
  onOutcome(outcome: SurveyOutcome): void;
}

function isPostcodeAnswer(value: AnswerValue | undefined): value is PostcodeAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'postcode' in value;
}

function Progress({ percent }: { percent: number }) {
  return (
    <div className="survey-progress">
      <div className="survey-progress__heading">
        <span id="survey-progress-label">Your Progress</span>
        <span className="survey-progress__percent">{percent}%</span>
      </div>
      <progress className="survey-progress__bar" value={percent} max={100} aria-labelledby="survey-progress-label">
        {percent}%
      </progress>
    </div>
  );
}

/** One questionnaire page: its layout, its answers and Next and Back. The parent mounts a new one for each page. */
export function SurveyPage({ response, visit, isTestMode, search, environment, onOutcome }: Props) {
  const page = response.page;
  usePageTitle(page.title);
  const [state, setState] = useState<SurveyPageState>(() =>
    createPageState(page, { isTest: isTestMode, answeredHere: (name) => wasAnsweredHere(response.session, name) }),
  );
  const [summaryFocus, setSummaryFocus] = useState(0);
  const [locked, setLocked] = useState(false);
  const [skipLocked, setSkipLocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [popUp, setPopUp] = useState<string | null>(null);
  const [councilJustAsked, setCouncilJustAsked] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  // A new page starts at the top, in the partner's frame too, with focus on its heading for screen readers.
  useEffect(() => {
    if (response.pageNumber > 1 || response.session) heading.current?.focus();
    window.scrollTo?.(0, 0);
    requestParentScroll(window);
    const stopReporting = reportHeightToParent(window, document.getElementById('root') ?? document.body);
    const pending = timers.current;
    return () => {
      stopReporting();
      pending.forEach(clearTimeout);
    };
  }, [response.pageNumber, response.session]);

  // The schema changes only when which questions are shown changes, not with every key pressed.
  const shownKey = JSON.stringify(state.shown);
  const { schema, uiSchema } = useMemo(
    () => buildPageSchema(page.fields, JSON.parse(shownKey) as Record<string, boolean>),
    [page.fields, shownKey],
  );

  function answer(name: string, value: AnswerValue) {
    setState((current) => {
      const before = current.answers[name];
      let next = answerQuestion(current, name, value, environment);
      // A different postcode needs its own check: any council picked for the old one no longer applies.
      if (isPostcodeAnswer(before) && isPostcodeAnswer(value) && before.postcode !== value.postcode)
        next = setNeedsAuthority(next, name, undefined);
      return next;
    });
  }

  const formContext: SurveyFormContext = {
    state,
    session: response.session,
    search,
    isTest: isTestMode,
    environment,
    changePrivateAnswer(name) {
      setState((current) => changePrivateAnswer(current, name, environment));
    },
    showPopUp: setPopUp,
    councilJustAsked,
  };

  function lockButtons(setter: (locked: boolean) => void) {
    setter(true);
    timers.current.push(setTimeout(() => setter(false), BUTTON_LOCK_MS));
  }

  function showErrors(errors: Record<string, string>) {
    setState((current) => withErrors(current, errors));
    setSummaryFocus((count) => count + 1);
    window.scrollTo?.(0, 0);
  }

  /**
   * Postcode questions are checked by the server before the page is sent. A valid one is replaced by the server's
   * answer. One no provider knows is not an error: the question goes on to ask for the council (`asked`), and only
   * Next with the council still not chosen is. Returns the errors found.
   */
  async function checkPostcodes(
    current: SurveyPageState,
  ): Promise<{ state: SurveyPageState; errors: Record<string, string>; asked: string[] }> {
    let next = current;
    const errors: Record<string, string> = {};
    const asked: string[] = [];
    for (const question of current.questions) {
      const value = current.answers[question.name];
      if (!current.shown[question.name] || questionTypeName(question.questionType) !== 'Postcode') continue;
      if (!isPostcodeAnswer(value) || value.option || value.postcode.trim() === '') continue;
      let found: PostcodeAnswer | null;
      try {
        const result = await checkPostcode(value.postcode.trim());
        if (!result.valid || !result.value) {
          errors[question.name] = postcodeInvalidMessage(question, result.reason);
          continue;
        }
        found = result.value;
      } catch {
        // The look-up is down: a well-formed postcode still lets the person carry on by choosing the council.
        const written = normalisePostcode(value.postcode);
        if (!written) {
          errors[question.name] = postcodeInvalidMessage(question, POSTCODE_FORMAT_REASON);
          continue;
        }
        found = { ...value, postcode: written, authority: '', authorityCode: '', country: '' };
      }
      if (found.authorityCode) {
        next = { ...next, answers: { ...next.answers, [question.name]: found } };
        continue;
      }
      // Known postcode, unknown council: keep a council the person already picked for this same postcode.
      const picked = value.authorityCode && normalisePostcode(value.postcode) === found.postcode;
      if (picked) {
        next = {
          ...next,
          answers: {
            ...next.answers,
            [question.name]: { ...found, authority: value.authority, authorityCode: value.authorityCode, country: value.country },
          },
        };
      } else if (current.needsAuthority[question.name]) {
        errors[question.name] = CHOOSE_COUNCIL_MESSAGE;
      } else {
        const nation = UK_COUNTRIES.find((country) => country === found.country) ?? null;
        next = setNeedsAuthority({ ...next, answers: { ...next.answers, [question.name]: found } }, question.name, { nation });
        asked.push(question.name);
      }
    }
    return { state: next, errors, asked };
  }

  async function send(action: SurveyAction, current: SurveyPageState) {
    setBusy(true);
    try {
      const next = await postSurveyPage({
        answers: answersToSend(current),
        session: response.session,
        page: response.pageNumber,
        action,
        visit,
      });
      // What the person typed or saw in the open here stays in the open when they come back to it.
      rememberAnsweredHere(next.session ?? response.session, answeredInTheOpen(current));
      if (action === SURVEY_ACTIONS.finish) onOutcome({ kind: 'finished', session: next.session ?? response.session ?? '' });
      else onOutcome({ kind: 'page', response: next });
    } catch (error) {
      // Saved, but the change made another page apply: it is asked next, rather than an error.
      if (action === SURVEY_ACTIONS.finish && !isLastPage && isSurveyIncomplete(error)) {
        setBusy(false);
        await send(SURVEY_ACTIONS.next, current);
        return;
      }
      const errors = questionErrors(
        error,
        current.questions.map((question) => question.name),
      );
      if (errors) showErrors(errors);
      else onOutcome({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  }

  const isLastPage = page.progress === 100;
  const forwardAction = isLastPage ? SURVEY_ACTIONS.finish : SURVEY_ACTIONS.next;

  async function next(action: SurveyAction = forwardAction) {
    if (locked || busy) return;
    lockButtons(setLocked);
    const current = stateRef.current;
    const errors = validatePage(questionsWithShow(current), current.answers, { today: environment.today });
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      return;
    }
    setBusy(true);
    const checked = await checkPostcodes(current);
    setBusy(false);
    setState(checked.state);
    if (Object.keys(checked.errors).length > 0) {
      showErrors(checked.errors);
      return;
    }
    if (checked.asked.length > 0) {
      // The page stays, asking which council; its box takes focus.
      setCouncilJustAsked(checked.asked[0]);
      return;
    }
    await send(action, checked.state);
  }

  function back() {
    if (locked || busy) return;
    lockButtons(setLocked);
    void send(SURVEY_ACTIONS.back, stateRef.current);
  }

  function skip() {
    if (skipLocked || busy) return;
    lockButtons(setSkipLocked);
    void send(forwardAction, stateRef.current);
  }

  function onChange(event: IChangeEvent, id?: string) {
    if (!id || !(id in stateRef.current.answers)) return;
    answer(id, (event.formData as Record<string, AnswerValue>)[id] ?? null);
  }

  const summary: SummaryError[] = errorList(state).map(({ name, message }) => {
    const question = state.questions.find((candidate) => candidate.name === name)!;
    const id = inputId(name);
    return {
      targetId:
        questionTypeName(question.questionType) === 'Postcode'
          ? postcodeErrorTarget(id, state.answers[name], state.needsAuthority[name])
          : id,
      message,
    };
  });
  const disabled = locked || busy;

  return (
    <div className="survey">
      {response.pageNumber > 1 && <Progress percent={page.progress} />}
      {isTestMode && !page.isExitPage && (
        <p className="survey__skip">
          <button type="button" className="link-button" onClick={skip} disabled={skipLocked || busy}>
            Next page
          </button>
        </p>
      )}
      <header className="survey-header">
        <HeaderIcon type={page.headerType} />
        <h1 ref={heading} tabIndex={-1}>
          {page.title}
        </h1>
      </header>
      {page.text && (
        <div className="survey__text">
          <TextBlock text={page.text} />
        </div>
      )}
      <p className="survey__required-note">{REQUIRED_NOTE}</p>
      <ErrorSummary errors={summary} focusKey={summaryFocus} />
      <QuestionsForm
        schema={schema}
        uiSchema={uiSchema}
        answers={state.answers}
        formContext={formContext}
        inCard={true}
        onChange={onChange}
        onSubmit={() => void next()}
      >
        {page.isExitPage ? (
          <></>
        ) : (
          <div className="survey__buttons">
            {response.pageNumber > 1 && (
              <button type="button" className="button button--secondary" onClick={back} disabled={disabled}>
                Back
              </button>
            )}
            <button type="submit" className="button" disabled={disabled}>
              Next
            </button>
            {response.canSeeResults && !isLastPage && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void next(SURVEY_ACTIONS.finish)}
                disabled={disabled}
              >
                {SAVE_AND_SEE_RESULTS}
              </button>
            )}
          </div>
        )}
      </QuestionsForm>
      {response.token && <ReferenceBox reference={response.token} />}
      {response.isIntermediary && response.session && (
        <Suspense fallback={null}>
          <AdviserSection session={response.session} />
        </Suspense>
      )}
      {popUp !== null && <PopUpDialog message={popUp} onClose={() => setPopUp(null)} />}
    </div>
  );
}
