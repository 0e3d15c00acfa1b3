import type { KeyboardEvent } from 'react';
import { isTypingAllowed, type ControlProps } from './control';

/** Text (type 3): typing that does not fit the question's pattern is blocked; numeric questions get a number keypad. */
export function TextControl(props: ControlProps<string>) {
  const { question, value, id, describedBy, invalid } = props;
  return (
    <input
      className={`input${question.isNumeric ? ' input--number' : ''}`}
      type="text"
      id={id}
      name={question.name}
      value={typeof value === 'string' ? value : ''}
      inputMode={question.isNumeric ? 'decimal' : undefined}
      autoComplete="off"
      spellCheck={question.isNumeric ? false : undefined}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={question.required || undefined}
      onChange={(event) => {
        if (isTypingAllowed(question.pattern, event.target.value)) props.onAnswer(event.target.value);
      }}
    />
  );
}

/**
 * The dd/mm/yyyy input mask: digits only, slashes put in as the day and month are complete, at most
 * eight digits. A slash the person types after a complete day or month is kept, so '12/' stays as typed.
 */
export function maskDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  let masked = digits;
  if (digits.length > 4) masked = `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
  else if (digits.length > 2) masked = `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (raw.endsWith('/') && (digits.length === 2 || digits.length === 4)) masked += '/';
  return masked;
}

/** Enter in a date field just leaves the field, rather than sending the page half-checked. */
function leaveOnEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  event.currentTarget.blur();
}

/** Date (type 4): one text input with the dd/mm/yyyy mask (the definitions give the example in the subtext). */
export function DateControl(props: ControlProps<string>) {
  const { question, value, id, describedBy, invalid } = props;
  return (
    <input
      className="input input--date"
      type="text"
      id={id}
      name={question.name}
      value={typeof value === 'string' ? value : ''}
      inputMode="numeric"
      maxLength={10}
      autoComplete={question.name === 'ClientDob' ? 'bday' : 'off'}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={question.required || undefined}
      onKeyDown={leaveOnEnter}
      onChange={(event) => props.onAnswer(maskDate(event.target.value))}
    />
  );
}
