import { NONE_OF_THE_ABOVE, type OptionDefinition } from '../../../../common/survey/model';
import type { ControlProps } from './control';

function chooseOption(props: ControlProps, option: OptionDefinition | undefined, value: string) {
  props.onAnswer(value);
  if (option?.popUp) props.context.showPopUp(option.popUp);
}

/** Radio (spec 000 §3 type 1): one radio per option inside the question's fieldset. */
export function RadioControl(props: ControlProps<string>) {
  const { question, value, id } = props;
  return (
    <div className="radios">
      {(question.options ?? []).map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${index}`;
        return (
          <div className="radios__item" key={option.value}>
            <input
              className="radios__input"
              type="radio"
              id={optionId}
              name={question.name}
              value={option.value}
              checked={value === option.value}
              onChange={() => chooseOption(props, option, option.value)}
            />
            <label className="radios__label" htmlFor={optionId}>
              {option.text}
            </label>
          </div>
        );
      })}
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
      onChange={(event) => chooseOption(props, options.find((option) => option.value === event.target.value), event.target.value)}
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
 * The choices after ticking or unticking one (spec 000 §4 'Check question'): 'None of the above' clears every
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
