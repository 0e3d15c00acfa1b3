import { useState } from 'react';
import type { ParameterSummary, ParameterValueEdit } from './policy-api';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { DateField } from '../shared/DateField';
import { dateProblemOf, isoDateOf } from '../shared/date-field-text';
import { TextField } from '../shared/TextField';
import { SelectField, TextAreaField, useProblems } from './policy-ui';
import { valueFromText, valueLabel, valueToText } from './policy-text';
import { isScaleValue } from '../../../common/policy/model';

interface Props {
  /** Ids start with it: `${prefix}-value`, `${prefix}-source-url`... (the API's `edit.value` is shown there). */
  prefix: string;
  parameters: readonly ParameterSummary[];
  /** Given: the value is for this parameter only (no parameter select). */
  fixedParameter?: string;
  /** Changing an edit: the form starts with it. */
  initial?: ParameterValueEdit;
  submitText: string;
  onSubmit: (edit: ParameterValueEdit) => Promise<void>;
  /** A failure that is not the form's to show (No Access, a server error). */
  onFailure: (error: unknown) => void;
  onCancel?: () => void;
}

/**
 * A dated value of a parameter: the date it takes effect, the value (pounds for money, converted to whole pence
 * exactly), its official source (may wait: the change set then cannot be published) and a note.
 */
export function ValueForm({ prefix, parameters, fixedParameter, initial, submitText, onSubmit, onFailure, onCancel }: Props) {
  const id = (field: string) => `${prefix}-${field}`;
  const fields = [id('parameter'), id('from'), id('value'), id('source-title'), id('source-url'), id('note')].filter(
    (field) => !(fixedParameter && field === id('parameter')),
  );
  const problems = useProblems(prefix, fields);
  const [parameter, setParameter] = useState(initial?.parameter ?? fixedParameter ?? '');
  const [from, setFrom] = useState(initial?.from ?? '');
  const unit = parameters.find((candidate) => candidate.name === parameter)?.unit ?? '';
  const [value, setValue] = useState(initial && !isScaleValue(initial.value) ? valueToText(initial.value, unit) : '');
  const [sourceTitle, setSourceTitle] = useState(initial?.source?.title ?? '');
  const [sourceUrl, setSourceUrl] = useState(initial?.source?.url ?? '');
  const [note, setNote] = useState(initial?.note ?? '');
  const [isSaving, setIsSaving] = useState(false);

  const submit = async () => {
    const found: SummaryError[] = [];
    if (!parameter) found.push({ targetId: id('parameter'), message: 'Choose the parameter.' });
    const fromProblem = dateProblemOf(from, 'the date the value takes effect');
    if (fromProblem) found.push({ targetId: id('from'), message: fromProblem });
    const read = valueFromText(value, unit);
    if ('error' in read) found.push({ targetId: id('value'), message: read.error });
    const title = sourceTitle.trim();
    const url = sourceUrl.trim();
    if (title && !url)
      found.push({ targetId: id('source-url'), message: 'Enter the address of the source, or leave both source fields empty.' });
    if (url && !title)
      found.push({ targetId: id('source-title'), message: 'Enter the title of the source, or leave both source fields empty.' });
    if (url && !/^https:\/\/\S+$/.test(url))
      found.push({ targetId: id('source-url'), message: 'Enter the source’s address starting https://' });
    const fromDate = isoDateOf(from);
    if (found.length > 0 || 'error' in read || !fromDate) return problems.show(found);
    problems.clear();
    setIsSaving(true);
    try {
      await onSubmit({
        kind: 'parameter-value',
        parameter,
        from: fromDate,
        value: read.value,
        source: title ? { title, url } : null,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
    } catch (error) {
      if (!problems.showFailure(error)) onFailure(error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form
      className="policy-form"
      noValidate
      data-testid={`${prefix}-form`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
      {!fixedParameter && (
        <SelectField
          id={id('parameter')}
          label="Parameter"
          error={problems.errorAt(id('parameter'))}
          value={parameter}
          onChange={setParameter}
          options={[
            { value: '', text: 'Choose a parameter' },
            // Each label is the parameter's own (engine/policy/catalogue.spec.ts checks): the path is for the detail line.
            // A table of bands is changed as its JSON (its edit's Change), not as one value.
            ...parameters
              .filter((option) => !isScaleValue(option.latest.value))
              .map((option) => ({ value: option.name, text: option.label })),
          ]}
        />
      )}
      <DateField
        id={id('from')}
        label="From"
        hint="The day the value takes effect, as the law dates it (most weekly benefits: a Monday in April). It applies from this date or the change set’s effective date, whichever is later."
        error={problems.errorAt(id('from'))}
        value={from}
        onChange={setFrom}
      />
      <TextField
        id={id('value')}
        label={valueLabel(unit)}
        error={problems.errorAt(id('value'))}
        value={value}
        onChange={setValue}
        className="input--number"
        inputMode="text"
      />
      <fieldset className="question__fieldset">
        <legend className="question__label">Source</legend>
        <p className="question__hint">
          The official text the value comes from. Leave both empty if it is not published yet: the change set cannot be published until
          every value has its source.
        </p>
        <TextField
          id={id('source-title')}
          label="Title of the source"
          error={problems.errorAt(id('source-title'))}
          value={sourceTitle}
          onChange={setSourceTitle}
        />
        <TextField
          id={id('source-url')}
          type="url"
          label="Address of the source (https://...)"
          error={problems.errorAt(id('source-url'))}
          value={sourceUrl}
          onChange={setSourceUrl}
        />
      </fieldset>
      <TextAreaField
        id={id('note')}
        label="Note (optional)"
        error={problems.errorAt(id('note'))}
        value={note}
        onChange={setNote}
        rows={2}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={isSaving}>
          {submitText}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
