import Form from '@rjsf/core';
// Straight from @rjsf/core, not through its default registry: the built app swaps that registry's lists for the
// questionnaire's few (web/vite.config.ts), and a household needs rjsf's whole set (arrays, selects, checkboxes).
import rjsfFields from '@rjsf/core/lib/components/fields/index.js';
import rjsfWidgets from '@rjsf/core/lib/components/widgets/index.js';
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020.js';
import { useEffect, useState } from 'react';
import type { CaseEdit, RulesetSummary } from './policy-api';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { DateField } from '../shared/DateField';
import { dateProblemOf, isoDateOf } from '../shared/date-field-text';
import { TextField } from '../shared/TextField';
import { loadHouseholdSchema, loadRulesets } from './policy-api';
import { casePounds } from './policy-text';
import { SelectField, TextAreaField, useProblems } from './policy-ui';

/**
 * The household schema is the calculation API's (JSON Schema 2020-12, with its own `x-` keywords for messages), so
 * ajv reads it as 2020-12 and lets the unknown keywords be.
 */
const HOUSEHOLD_FIELDS = rjsfFields();
const HOUSEHOLD_WIDGETS = rjsfWidgets();

type Schema = { $ref?: string; type?: unknown; properties?: Record<string, Schema>; items?: Schema; required?: string[] };

/** A schema with its `$ref` (`#/$defs/Name`) followed, within the root schema. */
function resolved(schema: Schema | undefined, root: Schema & { $defs?: Record<string, Schema> }): Schema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops += 1) current = root.$defs?.[current.$ref.replace('#/$defs/', '')];
  return current;
}

/**
 * The form's household without what was left unfilled: a nested part with nothing filled in (earnings, rent...), or
 * with only its switches set and a field it needs missing (a self-employment with no profit), means none, as the
 * calculation API reads a part left out. The API checks the rest and answers at the field.
 */
export function withoutEmptyParts(value: unknown, schema?: Schema, root: Schema = schema ?? {}): unknown {
  const own = resolved(schema, root);
  if (Array.isArray(value)) return value.map((item) => withoutEmptyParts(item, own?.items, root));
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(value)) {
    const cleaned = withoutEmptyParts(part, own?.properties?.[key], root);
    const empty =
      cleaned === undefined ||
      cleaned === '' ||
      (typeof cleaned === 'object' && cleaned !== null && !Array.isArray(cleaned) && Object.keys(cleaned).length === 0);
    if (!empty) kept[key] = cleaned;
  }
  const missing = (own?.required ?? []).some(
    (name) => kept[name] === undefined && resolved(own?.properties?.[name], root)?.type !== 'boolean',
  );
  if (missing && Object.values(kept).every((part) => typeof part === 'boolean')) return {};
  return kept;
}

/**
 * rjsf asks its validator only to resolve the schema's conditions: the form itself runs with `noValidate` (ajv would
 * compile code, which the Content-Security-Policy forbids), and the API checks the household as the calculation API
 * does, answering at the field.
 */
const householdValidator = customizeValidator({
  AjvClass: Ajv2020 as unknown as NonNullable<Parameters<typeof customizeValidator>[0]>['AjvClass'],
  ajvOptionsOverrides: { strict: false },
});

export interface ExpectedRow {
  code: string;
  /** '' leaves eligibility unchecked. */
  eligible: '' | 'yes' | 'no';
  weekly: string;
  monthly: string;
}

/**
 * The case's expected figures as the case files hold them: by benefit code, pounds to the penny as JSON numbers
 * (117.22), eligibility only when it is given; a message at the field for anything that cannot be read.
 */
export function expectedFigures(
  rows: readonly ExpectedRow[],
): { expected: Record<string, Record<string, unknown>> } | { errors: SummaryError[] } {
  const expected: Record<string, Record<string, unknown>> = {};
  const errors: SummaryError[] = [];
  rows.forEach((row, index) => {
    const id = (field: string) => `case-edit-expected-${index}-${field}`;
    const code = row.code.trim().toUpperCase();
    if (!/^[A-Z_]+$/.test(code))
      errors.push({ targetId: id('code'), message: `Enter the benefit’s code for figures ${index + 1}, such as CHILD_BENEFIT.` });
    else if (expected[code]) errors.push({ targetId: id('code'), message: `${code} is given twice: give each benefit once.` });
    const figures: Record<string, unknown> = {};
    if (row.eligible) figures.eligible = row.eligible === 'yes';
    for (const period of ['weekly', 'monthly'] as const) {
      if (!row[period].trim()) continue;
      const pounds = casePounds(row[period]);
      if (pounds === null) errors.push({ targetId: id(period), message: `Enter the ${period} amount in pounds, such as 27.05.` });
      else figures[period] = pounds;
    }
    if (Object.keys(figures).length === 0)
      errors.push({ targetId: id('weekly'), message: `Give figures ${index + 1} an amount or whether it is paid.` });
    expected[code] = figures;
  });
  if (rows.length === 0) errors.push({ targetId: 'case-edit-add-benefit', message: 'Add the figures of at least one benefit.' });
  return errors.length > 0 ? { errors } : { expected };
}

const BLANK_ROW: ExpectedRow = { code: '', eligible: '', weekly: '', monthly: '' };

/** 'Add a hand-worked case': a ruleset, a name, a date, the household (the calculation's own form), the figures worked by hand. */
export default function CaseForm({
  onSubmit,
  onFailure,
}: {
  onSubmit: (edit: CaseEdit) => Promise<void>;
  onFailure: (error: unknown) => void;
}) {
  const [loaded, setLoaded] = useState<{ rulesets: RulesetSummary[]; schema: RJSFSchema } | null>(null);
  useEffect(() => {
    Promise.all([loadRulesets(), loadHouseholdSchema()]).then(
      ([{ rulesets }, schema]) => setLoaded({ rulesets, schema: schema as RJSFSchema }),
      onFailure,
    );
  }, [onFailure]);
  if (!loaded) return <LoadingSpinner />;
  return <LoadedCaseForm rulesets={loaded.rulesets} schema={loaded.schema} onSubmit={onSubmit} onFailure={onFailure} />;
}

function LoadedCaseForm({
  rulesets,
  schema,
  onSubmit,
  onFailure,
}: {
  rulesets: RulesetSummary[];
  schema: RJSFSchema;
  onSubmit: (edit: CaseEdit) => Promise<void>;
  onFailure: (error: unknown) => void;
}) {
  const [rows, setRows] = useState<ExpectedRow[]>([{ ...BLANK_ROW, code: rulesets[0]?.benefit ?? '' }]);
  const fields = [
    'case-edit-ruleset',
    'case-edit-case-name',
    'case-edit-case-date',
    'case-edit-case-household',
    ...rows.flatMap((_, index) => ['code', 'eligible', 'weekly', 'monthly'].map((field) => `case-edit-expected-${index}-${field}`)),
    'case-edit-case-workings',
  ];
  const problems = useProblems('case-edit', fields);
  const [ruleset, setRuleset] = useState(rulesets[0]?.folder ?? '');
  const [name, setName] = useState('');
  const [date, setDate] = useState('');
  const [household, setHousehold] = useState<Record<string, unknown>>({});
  const [isJson, setIsJson] = useState(false);
  const [householdJson, setHouseholdJson] = useState('{}');
  const [workings, setWorkings] = useState('');
  const [isSaving, setIsSaving] = useState(false);

  const changeRow = (index: number, change: Partial<ExpectedRow>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const chooseRuleset = (folder: string) => {
    setRuleset(folder);
    const benefit = rulesets.find((candidate) => candidate.folder === folder)?.benefit;
    // The first figures follow the ruleset's benefit until someone types another.
    if (benefit && rows.length === 1 && rulesets.some((candidate) => candidate.benefit === rows[0].code || rows[0].code === ''))
      changeRow(0, { code: benefit });
  };

  const submit = async (formHousehold: Record<string, unknown>) => {
    const found: SummaryError[] = [];
    if (!ruleset) found.push({ targetId: 'case-edit-ruleset', message: 'Choose the benefit whose rules the case proves.' });
    if (!name.trim()) found.push({ targetId: 'case-edit-case-name', message: 'Enter the case’s name: the rule it proves.' });
    const dateProblem = dateProblemOf(date, 'the date the case is worked out at');
    if (dateProblem) found.push({ targetId: 'case-edit-case-date', message: dateProblem });
    let chosenHousehold = withoutEmptyParts(formHousehold, schema as Schema) as Record<string, unknown>;
    if (isJson) {
      try {
        const parsed: unknown = JSON.parse(householdJson);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('Enter a JSON object, in { }.');
        chosenHousehold = parsed as Record<string, unknown>;
      } catch (error) {
        found.push({ targetId: 'case-edit-case-household', message: `The household is not a JSON object: ${(error as Error).message}` });
      }
    }
    const figures = expectedFigures(rows);
    if ('errors' in figures) found.push(...figures.errors);
    if (!workings.trim()) found.push({ targetId: 'case-edit-case-workings', message: 'Say how the figures are worked out by hand.' });
    const caseDate = isoDateOf(date);
    if (found.length > 0 || 'errors' in figures || !caseDate) return problems.show(found);
    problems.clear();
    setIsSaving(true);
    try {
      await onSubmit({
        kind: 'case',
        ruleset,
        case: { name: name.trim(), date: caseDate, household: chosenHousehold, expected: figures.expected, workings: workings.trim() },
      });
    } catch (error) {
      if (!problems.showFailure(error)) onFailure(error);
    } finally {
      setIsSaving(false);
    }
  };

  const details = (
    <>
      <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
      <SelectField
        id="case-edit-ruleset"
        label="Benefit"
        error={problems.errorAt('case-edit-ruleset')}
        value={ruleset}
        onChange={chooseRuleset}
        options={rulesets.map((option) => ({ value: option.folder, text: option.title }))}
      />
      <TextField
        id="case-edit-case-name"
        label="Name of the case"
        hint="Name it for the rule it proves, such as ‘capital of £6,001 counts one step of tariff income’."
        error={problems.errorAt('case-edit-case-name')}
        value={name}
        onChange={setName}
      />
      <DateField
        id="case-edit-case-date"
        label="Date it is worked out at"
        error={problems.errorAt('case-edit-case-date')}
        value={date}
        onChange={setDate}
      />
    </>
  );

  const rest = (
    <>
      {isJson && (
        <TextAreaField
          id="case-edit-case-household"
          label="The household, as JSON"
          hint="As the calculation API takes it: only what matters to the case."
          error={problems.errorAt('case-edit-case-household')}
          value={householdJson}
          onChange={setHouseholdJson}
          rows={10}
          className="policy-textarea--code"
        />
      )}
      <fieldset className="question__fieldset">
        <legend className="question__label">Figures expected</legend>
        <p className="question__hint">Pounds to the penny, as you work them out by hand. Leave a figure empty to leave it unchecked.</p>
        {rows.map((row, index) => {
          const id = (field: string) => `case-edit-expected-${index}-${field}`;
          return (
            <fieldset className="question__fieldset question__fieldset--nested" key={index} data-testid={`case-expected-${index}`}>
              <legend className="question__label">Benefit {index + 1}</legend>
              <TextField
                id={id('code')}
                label="Benefit code"
                hint="Such as CHILD_BENEFIT or UNIVERSAL_CREDIT."
                error={problems.errorAt(id('code'))}
                value={row.code}
                onChange={(code) => changeRow(index, { code })}
              />
              <SelectField
                id={id('eligible')}
                label="Eligible"
                error={problems.errorAt(id('eligible'))}
                value={row.eligible}
                onChange={(eligible) => changeRow(index, { eligible: eligible as ExpectedRow['eligible'] })}
                options={[
                  { value: '', text: 'Not checked' },
                  { value: 'yes', text: 'Yes' },
                  { value: 'no', text: 'No' },
                ]}
              />
              <TextField
                id={id('weekly')}
                label="Weekly amount in pounds"
                error={problems.errorAt(id('weekly'))}
                value={row.weekly}
                onChange={(weekly) => changeRow(index, { weekly })}
                className="input--number"
              />
              <TextField
                id={id('monthly')}
                label="Monthly amount in pounds"
                error={problems.errorAt(id('monthly'))}
                value={row.monthly}
                onChange={(monthly) => changeRow(index, { monthly })}
                className="input--number"
              />
              {rows.length > 1 && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setRows(rows.filter((_, at) => at !== index))}
                >
                  Remove benefit {index + 1}
                </button>
              )}
            </fieldset>
          );
        })}
        <button
          type="button"
          id="case-edit-add-benefit"
          className="button button--secondary button--small"
          onClick={() => setRows([...rows, { ...BLANK_ROW }])}
        >
          Add another benefit
        </button>
      </fieldset>
      <TextAreaField
        id="case-edit-case-workings"
        label="Workings"
        hint="How the figures are worked out, such as ‘27.05 x 52 / 12 = 117.22 a month’."
        error={problems.errorAt('case-edit-case-workings')}
        value={workings}
        onChange={setWorkings}
        rows={3}
      />
      <button type="submit" className="button" disabled={isSaving}>
        Add the case
      </button>
    </>
  );

  const jsonChoice = (
    <div className="checkboxes__item">
      <input
        className="checkboxes__input"
        type="checkbox"
        id="case-edit-json"
        checked={isJson}
        onChange={(event) => setIsJson(event.target.checked)}
      />
      <label className="checkboxes__label" htmlFor="case-edit-json">
        Write the household as JSON instead
      </label>
    </div>
  );

  // The ruleset, name and date come first; the household's own form (generated from its schema) checks the
  // household on submit, then the rest is checked here.
  return (
    <div className="policy-case" data-testid="case-edit-form">
      {details}
      {jsonChoice}
      {isJson ? (
        <form
          className="policy-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit({});
          }}
        >
          {rest}
        </form>
      ) : (
        <Form
          className="policy-form policy-case-form"
          schema={schema}
          validator={householdValidator}
          fields={HOUSEHOLD_FIELDS}
          widgets={HOUSEHOLD_WIDGETS}
          formData={household}
          idPrefix="case-edit-case-household"
          noHtml5Validate
          noValidate
          experimental_defaultFormStateBehavior={{ emptyObjectFields: 'populateRequiredDefaults' }}
          showErrorList="top"
          focusOnFirstError
          onChange={(event) => setHousehold((event.formData ?? {}) as Record<string, unknown>)}
          onSubmit={(event) => void submit((event.formData ?? {}) as Record<string, unknown>)}
        >
          {rest}
        </Form>
      )}
    </div>
  );
}
