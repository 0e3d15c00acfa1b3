import { emptyPostcodeAnswer } from '../../../../common/survey/answers';
import { POSTCODE_TYPING_PATTERN } from '../../../../common/survey/postcode';
import { UK_COUNTRIES, type PostcodeAnswer, type UkCountry } from '../../../../common/survey/model';
import { errorId } from '../form-context';
import type { CouncilToChoose, SurveyPageState } from '../page-state';
import { isTypingAllowed, type ControlProps } from './control';
import { CouncilChooser, type LocalAuthority } from './CouncilChooser';

export const ROUGH_SLEEPING_OPTION = 'I am homeless and sleeping rough';
export const COUNTRY_QUESTION = 'Which country in the United Kingdom do you live in?';

function isPostcodeAnswer(value: unknown): value is PostcodeAnswer {
  return typeof value === 'object' && value !== null && 'postcode' in value && 'option' in value;
}

/** Typing a postcode clears the rough-sleeping option and anything a lookup filled in. */
export function typePostcode(text: string): PostcodeAnswer {
  return { ...emptyPostcodeAnswer(), postcode: text.toUpperCase() };
}

/** Ticking the option asks for the country instead of the postcode; unticking it asks for the postcode again. */
export function setRoughSleeping(answer: PostcodeAnswer, ticked: boolean): PostcodeAnswer {
  return ticked ? { ...emptyPostcodeAnswer(), option: true } : { ...emptyPostcodeAnswer(), postcode: answer.option ? '' : answer.postcode };
}

/**
 * The council picked for a postcode no look-up knows, which brings its country; taking the choice back leaves the
 * nation the postcode's area gave (`nation`), so the councils offered stay the same.
 */
export function chooseAuthority(answer: PostcodeAnswer, authority: LocalAuthority | null, nation: UkCountry | null): PostcodeAnswer {
  return authority
    ? { ...answer, authority: authority.name, authorityCode: authority.code, country: authority.country }
    : { ...answer, authority: '', authorityCode: '', country: nation ?? '' };
}

/**
 * The id of the control an error links to: the first country when the option is ticked, the council box when the
 * council is still to be chosen, else the postcode box.
 */
export function postcodeErrorTarget(id: string, answer: unknown, council: CouncilToChoose | undefined): string {
  if (isPostcodeAnswer(answer) && answer.option) return `${id}-country-0`;
  return council && isPostcodeAnswer(answer) && !answer.authorityCode ? councilBoxId(id) : id;
}

/** Whether a Postcode question is asking for the council of a postcode no look-up knows, with none chosen yet. */
export function isAskingForCouncil(state: SurveyPageState, name: string): boolean {
  const answer = state.answers[name];
  return state.needsAuthority[name] !== undefined && isPostcodeAnswer(answer) && !answer.option && !answer.authorityCode;
}

/** The council box's id, beside the postcode box's. */
export const councilBoxId = (id: string) => `${id}-authority`;

/**
 * Postcode (type 6): the postcode, or 'I am homeless and sleeping rough' and the country. When the server says a
 * postcode is real but no provider knows its council, the question goes on to ask which council (CouncilChooser).
 */
export function PostcodeControl(props: ControlProps) {
  const { question, id, describedBy, invalid, context } = props;
  const answer = isPostcodeAnswer(props.value) ? props.value : emptyPostcodeAnswer();
  const council = context.state.needsAuthority[question.name];
  const pattern = question.pattern || POSTCODE_TYPING_PATTERN;
  return (
    <div className="postcode">
      <input
        className="input input--postcode"
        type="text"
        id={id}
        name={question.name}
        value={answer.postcode}
        autoComplete="postal-code"
        spellCheck={false}
        aria-describedby={describedBy}
        aria-invalid={(invalid && !isAskingForCouncil(context.state, question.name)) || undefined}
        aria-required={(question.required && !answer.option) || undefined}
        onChange={(event) => {
          if (isTypingAllowed(pattern, event.target.value)) props.onAnswer(typePostcode(event.target.value));
        }}
      />
      <div className="checkboxes__item postcode__option">
        <input
          className="checkboxes__input"
          type="checkbox"
          id={`${id}-option`}
          checked={answer.option}
          onChange={(event) => props.onAnswer(setRoughSleeping(answer, event.target.checked))}
        />
        <label className="checkboxes__label" htmlFor={`${id}-option`}>
          {ROUGH_SLEEPING_OPTION}
        </label>
      </div>
      {answer.option && (
        <fieldset className="question__fieldset question__fieldset--nested" aria-describedby={invalid ? describedBy : undefined}>
          <legend className="question__label question__label--small">{COUNTRY_QUESTION}</legend>
          <div className="radios">
            {UK_COUNTRIES.map((country, index) => (
              <div className="radios__item" key={country}>
                <input
                  className="radios__input"
                  type="radio"
                  id={`${id}-country-${index}`}
                  name={`${question.name}-country`}
                  value={country}
                  checked={answer.country === country}
                  onChange={() => props.onAnswer({ ...answer, country })}
                />
                <label className="radios__label" htmlFor={`${id}-country-${index}`}>
                  {country}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      )}
      {!answer.option && council && (
        <CouncilChooser
          id={councilBoxId(id)}
          postcode={answer.postcode}
          nation={council.nation}
          chosen={answer.authorityCode}
          errorId={errorId(question.name)}
          error={invalid && !answer.authorityCode ? (context.state.errors[question.name] ?? '') : ''}
          focus={context.councilJustAsked === question.name}
          onChoose={(authority) => props.onAnswer(chooseAuthority(answer, authority, council.nation))}
        />
      )}
    </div>
  );
}
