import { useState } from 'react';
import { NONE_OF_THE_ABOVE, type OptionDefinition } from '../../../../common/survey/model';
import type { ControlProps } from './control';

function chooseOption(props: ControlProps, option: OptionDefinition | undefined, value: string) {
  props.onAnswer(value);
  if (option?.popUp) props.context.showPopUp(option.popUp);
}

/** More choices than this, and a search box filters them (the Local Housing Allowance areas of a whole nation). */
export const RADIO_SEARCH_FROM = 10;

function Radio({ props, option, optionId }: { props: ControlProps<string>; option: OptionDefinition; optionId: string }) {
  return (
    <div className="radios__item">
      <input
        className="radios__input"
        type="radio"
        id={optionId}
        name={props.question.name}
        value={option.value}
        checked={props.value === option.value}
        onChange={() => chooseOption(props, option, option.value)}
      />
      <label className="radios__label" htmlFor={optionId}>
        {option.text}
      </label>
    </div>
  );
}

/**
 * The choices a search leaves: those whose text holds every word typed (any case), and always the one chosen and
 * the question's own fixed choices (such as 'Not sure'), so nobody loses their answer or the way out.
 */
export function filterChoices(options: readonly OptionDefinition[], search: string, chosen: string): OptionDefinition[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter(
    (option) => !option.fromCalculation || option.value === chosen || words.every((word) => option.text.toLowerCase().includes(word)),
  );
}

/** Radio (question type 1): one radio per option inside the question's fieldset; a search box when there are many. */
export function RadioControl(props: ControlProps<string>) {
  const { question, id } = props;
  const options = question.options ?? [];
  const [search, setSearch] = useState('');
  if (options.length <= RADIO_SEARCH_FROM) {
    return (
      <div className="radios">
        {options.map((option, index) => (
          <Radio key={option.value} props={props} option={option} optionId={index === 0 ? id : `${id}-${index}`} />
        ))}
      </div>
    );
  }
  // The search box takes the question's id, so the error summary's link lands on it.
  const shown = filterChoices(options, search, props.value ?? '');
  const matching = shown.filter((option) => option.fromCalculation).length;
  const searchable = options.filter((option) => option.fromCalculation).length;
  return (
    <div className="radios-search">
      <label className="radios-search__label" htmlFor={id}>
        Search the {searchable} choices
      </label>
      <input
        className="input radios-search__input"
        type="search"
        id={id}
        value={search}
        autoComplete="off"
        spellCheck={false}
        aria-controls={`${id}-choices`}
        aria-describedby={`${id}-count`}
        onChange={(event) => setSearch(event.target.value)}
      />
      <p className="radios-search__count" id={`${id}-count`} aria-live="polite">
        {search.trim() === '' ? `Showing all ${searchable}.` : `${matching} of ${searchable} match '${search.trim()}'.`}
      </p>
      <div className="radios" id={`${id}-choices`}>
        {shown.map((option) => (
          <Radio key={option.value} props={props} option={option} optionId={`${id}-${options.indexOf(option) + 1}`} />
        ))}
      </div>
    </div>
  );
}

/** Select (type 2): a drop-down list, empty until chosen. */
export function SelectControl(props: ControlProps<string>) {
  const { question, value, id, describedBy, invalid } = props;
  const options = question.options ?? [];
  return (
    <select
      className="select"
      id={id}
      name={question.name}
      value={value ?? ''}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={question.required || undefined}
      onChange={(event) =>
        chooseOption(
          props,
          options.find((option) => option.value === event.target.value),
          event.target.value,
        )
      }
    >
      <option value="">Please select</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.text}
        </option>
      ))}
    </select>
  );
}

/**
 * The choices after ticking or unticking one: 'None of the above' clears every
 * other choice, and any other choice removes 'None of the above'. Choices keep the options' order.
 */
export function toggleChoice(options: readonly string[], chosen: readonly string[], value: string, checked: boolean): string[] {
  let next: string[];
  if (!checked) next = chosen.filter((choice) => choice !== value);
  else if (value === NONE_OF_THE_ABOVE) next = [NONE_OF_THE_ABOVE];
  else next = [...chosen.filter((choice) => choice !== NONE_OF_THE_ABOVE && choice !== value), value];
  return options.filter((option) => next.includes(option));
}

/** Check (type 5): checkboxes inside the question's fieldset. */
export function CheckControl(props: ControlProps<string[]>) {
  const { question, id, invalid } = props;
  const chosen = Array.isArray(props.value) ? props.value : [];
  const options = question.options ?? [];
  const values = options.map((option) => option.value);
  return (
    <div className="checkboxes">
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${index}`;
        const isNone = option.value === NONE_OF_THE_ABOVE;
        return (
          <div className={`checkboxes__item${isNone ? ' checkboxes__item--none' : ''}`} key={option.value}>
            <input
              className="checkboxes__input"
              type="checkbox"
              id={optionId}
              name={question.name}
              value={option.value}
              checked={chosen.includes(option.value)}
              aria-invalid={invalid || undefined}
              onChange={(event) => {
                props.onAnswer(toggleChoice(values, chosen, option.value, event.target.checked));
                if (event.target.checked && option.popUp) props.context.showPopUp(option.popUp);
              }}
            />
            <label className="checkboxes__label" htmlFor={optionId}>
              {option.text}
            </label>
          </div>
        );
      })}
    </div>
  );
}
