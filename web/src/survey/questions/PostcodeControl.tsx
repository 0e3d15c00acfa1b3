import { useEffect, useState } from 'react';
import { emptyPostcodeAnswer } from '../../../../common/survey/answers';
import { POSTCODE_TYPING_PATTERN } from '../../../../common/survey/postcode';
import { UK_COUNTRIES, type PostcodeAnswer, type UkCountry } from '../../../../common/survey/model';
import { isTypingAllowed, type ControlProps } from './control';

export const ROUGH_SLEEPING_OPTION = 'I am homeless and sleeping rough';
export const COUNTRY_QUESTION = 'Which country in the United Kingdom do you live in?';

export interface LocalAuthority {
  code: string;
  name: string;
  country: UkCountry;
}

let authorities: Promise<LocalAuthority[]> | null = null;

/** The UK's local authorities (definitions/lookup), loaded only when a postcode no provider knows needs one. */
export function loadLocalAuthorities(): Promise<LocalAuthority[]> {
  authorities ??= import('../../../../definitions/lookup/local-authorities.json', { with: { type: 'json' } }).then((module) => {
    const list = (module.default ?? module) as unknown as { localAuthorities: LocalAuthority[] };
    return [...list.localAuthorities].sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  });
  return authorities;
}

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

export function chooseAuthority(answer: PostcodeAnswer, authority: LocalAuthority): PostcodeAnswer {
  return { ...answer, authority: authority.name, authorityCode: authority.code, country: authority.country };
}

/** The id of the control an error links to: the first country when the option is ticked, else the postcode box. */
export function postcodeErrorTarget(id: string, answer: unknown): string {
  return isPostcodeAnswer(answer) && answer.option ? `${id}-country-0` : id;
}

function AuthorityPicker({ id, answer, onChoose }: { id: string; answer: PostcodeAnswer; onChoose(authority: LocalAuthority): void }) {
  const [list, setList] = useState<LocalAuthority[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadLocalAuthorities().then((loaded) => live && setList(loaded));
    return () => {
      live = false;
    };
  }, []);
  const hintId = `${id}-hint`;
  return (
    <div className="postcode__authority">
      <label className="question__label question__label--small" htmlFor={id}>
        Your local council
      </label>
      <p id={hintId} className="question__hint">
        We could not find which council covers this postcode. Please choose your council so that you can carry on.
      </p>
      <select
        className="select"
        id={id}
        value={answer.authorityCode}
        aria-describedby={hintId}
        disabled={list === null}
        onChange={(event) => {
          const chosen = list?.find((authority) => authority.code === event.target.value);
          if (chosen) onChoose(chosen);
        }}
      >
        <option value="">{list === null ? 'Loading councils...' : 'Please select'}</option>
        {list?.map((authority) => (
          <option key={authority.code} value={authority.code}>
            {authority.name} ({authority.country})
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Postcode (type 6): the postcode, or 'I am homeless and sleeping rough' and the country. When the server says a
 * postcode is real but no provider knows its council, the person picks the council from the UK list.
 */
export function PostcodeControl(props: ControlProps) {
  const { question, id, describedBy, invalid, context } = props;
  const answer = isPostcodeAnswer(props.value) ? props.value : emptyPostcodeAnswer();
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
        aria-invalid={(invalid && !answer.option) || undefined}
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
      {!answer.option && context.state.needsAuthority[question.name] && (
        <AuthorityPicker
          id={`${id}-authority`}
          answer={answer}
          onChoose={(authority) => props.onAnswer(chooseAuthority(answer, authority))}
        />
      )}
    </div>
  );
}
