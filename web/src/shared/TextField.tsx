import type { HTMLInputTypeAttribute, Ref } from 'react';

/** The class names of the two looks: the survey's questions, and the landing page's return card. */
const LOOKS = {
  question: {
    field: 'question',
    invalid: 'question--invalid',
    label: 'question__label',
    hint: 'question__hint',
    error: 'question__error',
    input: 'input',
  },
  landing: {
    field: 'landing-field',
    invalid: 'landing-field--error',
    label: 'landing-field__label',
    hint: 'landing-field__hint',
    error: 'landing-field__error',
    input: 'landing-field__input',
  },
} as const;

interface Props {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  look?: keyof typeof LOOKS;
  /** Added to the field's block, e.g. 'question--label'. */
  fieldClassName?: string;
  /** Added to the input, e.g. 'input--postcode' for its width. */
  className?: string;
  type?: HTMLInputTypeAttribute;
  name?: string;
  autoComplete?: string;
  autoCapitalize?: 'characters' | 'none';
  inputMode?: 'text' | 'email' | 'numeric';
  maxLength?: number;
  /** Where no error summary takes the focus, the error is announced as it appears. */
  announceError?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * One labelled input with its hint and error, as the survey's questions show them (WCAG 1.3.1, 3.3.1, 3.3.2): the
 * label, then the hint and the error, both tied to the input by aria-describedby, and the input marked invalid.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  look = 'question',
  fieldClassName,
  className,
  announceError,
  inputRef,
  ...input
}: Props) {
  const classes = LOOKS[look];
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[classes.field, fieldClassName, error ? classes.invalid : ''].filter(Boolean).join(' ')}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={classes.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={classes.error} role={announceError ? 'alert' : undefined}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <input
        {...input}
        ref={inputRef}
        id={id}
        className={[classes.input, className].filter(Boolean).join(' ')}
        type={input.type ?? 'text'}
        value={value}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
