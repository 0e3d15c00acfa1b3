import type { HTMLInputTypeAttribute } from 'react';

/** One labelled input with its hint and error, as the survey's questions show them (WCAG 1.3.1, 3.3.1, 3.3.2). */
export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  className = '',
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric';
  className?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`question${error ? ' question--invalid' : ''}`}>
      <label className="question__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="question__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="question__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <input
        id={id}
        className={`input ${className}`.trim()}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
