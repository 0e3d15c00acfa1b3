import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorPage } from '../shared/ErrorPage';
import type { SummaryError } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { NotFoundPage } from '../shared/NotFoundPage';
import { usePageTitle } from '../shared/page-title';
import { currentPage } from '../adviser/NoAccessPage';
import { signInPath } from '../adviser/paths';
import type { NotShown } from '../adviser/ScreenState';
import { fieldIdFor, problemsOf } from './policy-text';
import { TextField } from '../shared/TextField';

/** Pieces every workbench view shares: what shows instead of a view, form problems at their fields, notices. */

export const POLICY_NO_ACCESS_TITLE = 'No Access';

/** The No Access page of the workbench: it is for policy staff, who sign in at /account/. */
export function PolicyNoAccessPage() {
  usePageTitle(POLICY_NO_ACCESS_TITLE);
  return (
    <div className="message-page">
      <h1>{POLICY_NO_ACCESS_TITLE}</h1>
      <p>
        The policy workbench is for the charity’s policy staff. You are not signed in with a policy staff account, so you cannot see this
        page.
      </p>
      <p className="message-page__links">
        <a className="button" href={signInPath(currentPage())}>
          Sign in with your policy staff account
        </a>
      </p>
    </div>
  );
}

export function PolicyNotShown({ view }: { view: NotShown }) {
  switch (view.kind) {
    case 'loading':
      return <LoadingSpinner />;
    case 'noAccess':
      return <PolicyNoAccessPage />;
    case 'error':
      return <ErrorPage />;
    case 'notFound':
      return <NotFoundPage />;
  }
}

/**
 * A form's problems: the API's (each at the field its path names, or the form's first field when it names none
 * of the form's) and the screen's own checks. `fields` are the form's field ids; the first takes general problems.
 */
export function useProblems(prefix: string, fields: readonly string[]) {
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;

  const show = useCallback((list: SummaryError[]) => {
    setErrors(list);
    if (list.length > 0) setFocusKey((key) => key + 1);
  }, []);

  /** Shows a refused request's problems; false when the failure is not the form's to show (No Access, a 500). */
  const showFailure = useCallback(
    (error: unknown): boolean => {
      const problems = problemsOf(error);
      if (!problems) return false;
      const known = fieldsRef.current;
      show(
        problems.map(({ path, message }) => {
          const id = fieldIdFor(prefix, path);
          // The field itself; else the field holding the path ('edit.item.title' in the item's JSON); else the first
          // field under it ('edit.conditions': the first condition's); else the form's first field.
          const targetId = known.includes(id)
            ? id
            : (known.find((field) => id.startsWith(`${field}-`)) ??
              known.find((field) => field.startsWith(`${id}-`)) ??
              known[0] ??
              prefix);
          return { targetId, message };
        }),
      );
      return true;
    },
    [prefix, show],
  );

  const errorAt = (id: string) => errors.find((error) => error.targetId === id)?.message;
  return { errors, focusKey, show, showFailure, errorAt, clear: () => setErrors([]), titleId: `${prefix}-problems` };
}

/** A message after an action ('Value added'), focused as it appears so keyboard and screen reader users hear it. */
export function Notice({ text, focusKey }: { text: string | null; focusKey: number }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text && focusKey > 0) ref.current?.focus();
  }, [text, focusKey]);
  return (
    <p className="policy-notice" role="status" tabIndex={-1} ref={ref} hidden={!text}>
      {text}
    </p>
  );
}

/** A labelled textarea with its hint and error, as TextField shows an input. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  rows = 4,
  className,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  className?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['question', error ? 'question--invalid' : ''].filter(Boolean).join(' ')}>
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
      <textarea
        id={id}
        className={['input', 'policy-textarea', className].filter(Boolean).join(' ')}
        rows={rows}
        value={value}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** A labelled select with its hint and error. */
export function SelectField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; text: string }[];
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['question', error ? 'question--invalid' : ''].filter(Boolean).join(' ')}>
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
      <select
        id={id}
        className="select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A source the policy officer must give (a table, an uprating order): its title and its address, with ids
 * `${prefix}-source-title` and `${prefix}-source-url`, so that the API's `edit.source.url` is shown at its field.
 */
export function SourceFields({
  prefix,
  hint,
  title,
  url,
  onTitle,
  onUrl,
  errorAt,
}: {
  prefix: string;
  hint: string;
  title: string;
  url: string;
  onTitle: (value: string) => void;
  onUrl: (value: string) => void;
  errorAt: (id: string) => string | undefined;
}) {
  return (
    <>
      <TextField
        id={`${prefix}-source-title`}
        label="Title of the source"
        hint={hint}
        error={errorAt(`${prefix}-source-title`)}
        value={title}
        onChange={onTitle}
      />
      <TextField
        id={`${prefix}-source-url`}
        label="Address of the source (https://...)"
        error={errorAt(`${prefix}-source-url`)}
        value={url}
        onChange={onUrl}
      />
    </>
  );
}

/** What is missing from a source the officer must give: its title, and an address starting https://. */
export function requiredSourceProblems(
  prefix: string,
  { title, url }: { title: string; url: string },
  messages: { title: string; url: string },
): SummaryError[] {
  const found: SummaryError[] = [];
  if (!title.trim()) found.push({ targetId: `${prefix}-source-title`, message: messages.title });
  if (!/^https:\/\/\S+$/.test(url.trim())) found.push({ targetId: `${prefix}-source-url`, message: messages.url });
  return found;
}

/**
 * Checkboxes for the values a field takes, in a fieldset with its legend and error. The first box carries the
 * field's id (where the error summary's link lands); the others `${id}-${value}`. Kept in the order offered.
 */
export function CheckboxesField({
  id,
  legend,
  hint,
  error,
  options,
  chosen,
  onChange,
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  options: readonly { value: string; text: string }[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  return (
    <fieldset className={['question', error ? 'question--invalid' : ''].filter(Boolean).join(' ')}>
      <legend className="question__label">{legend}</legend>
      {hint && <p className="question__hint">{hint}</p>}
      {error && (
        <p className="question__error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {options.map((option, index) => {
        const boxId = index === 0 ? id : `${id}-${option.value}`;
        return (
          <div className="checkboxes__item" key={option.value}>
            <input
              className="checkboxes__input"
              type="checkbox"
              id={boxId}
              checked={chosen.includes(option.value)}
              onChange={(event) =>
                onChange(
                  options
                    .map(({ value }) => value)
                    .filter((value) => (value === option.value ? event.target.checked : chosen.includes(value))),
                )
              }
            />
            <label className="checkboxes__label" htmlFor={boxId}>
              {option.text}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
