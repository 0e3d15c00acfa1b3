import { datePartsOf, dateTextOf, type DateParts } from './date-field-text';

interface Props {
  /** The day box's id: an error summary's link to the date lands on the first box, as GOV.UK's do. */
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** 'year-month-day' as typed (see date-field-text.ts); a date from the API ('2027-04-12') is shown as 12 4 2027. */
  value: string;
  onChange: (value: string) => void;
}

const BOXES: readonly { part: keyof DateParts; label: string; width: string; maxLength: number }[] = [
  { part: 'day', label: 'Day', width: 'input--width-2', maxLength: 2 },
  { part: 'month', label: 'Month', width: 'input--width-2', maxLength: 2 },
  { part: 'year', label: 'Year', width: 'input--width-4', maxLength: 4 },
];

/**
 * A date as the GOV.UK design system asks for one: a fieldset named by its legend, a hint with an example, and three
 * boxes for the day, month and year that take digits (a browser's own date picker differs from browser to browser,
 * and is hard to use by keyboard and with a screen reader).
 */
export function DateField({ id, label, hint, error, value, onChange }: Props) {
  const parts = datePartsOf(value);
  const hintText = hint ? `${hint} For example, 12 4 2027.` : 'For example, 12 4 2027.';
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const boxId = (part: keyof DateParts) => (part === 'day' ? id : `${id}-${part}`);
  return (
    <div className={['question', 'date-field', error ? 'question--invalid' : ''].filter(Boolean).join(' ')}>
      <fieldset className="question__fieldset" role="group" aria-describedby={describedBy}>
        <legend className="question__label">{label}</legend>
        <p id={`${id}-hint`} className="question__hint">
          {hintText}
        </p>
        {error && (
          <p id={`${id}-error`} className="question__error">
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        )}
        <div className="date-field__boxes">
          {BOXES.map(({ part, label: boxLabel, width, maxLength }) => (
            <div className="date-field__box" key={part}>
              <label className="date-field__label" htmlFor={boxId(part)}>
                {boxLabel}
              </label>
              <input
                id={boxId(part)}
                name={boxId(part)}
                className={`input ${width}`}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                maxLength={maxLength}
                value={parts[part]}
                aria-invalid={error ? true : undefined}
                onChange={(event) => onChange(dateTextOf({ ...parts, [part]: event.target.value.replace(/\D/g, '') }))}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
