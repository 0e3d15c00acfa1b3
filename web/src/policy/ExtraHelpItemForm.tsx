import { useEffect, useState, type ReactNode } from 'react';
import type { SummaryError } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { TextField } from '../shared/TextField';
import { EditForm, type FormProps } from './EditForms';
import {
  addRowTo,
  changeRowAt,
  COMPARISONS,
  conditionFormOf,
  conditionOf,
  groupWords,
  LIST_COMPARISONS,
  MAX_DEPTH,
  needsItsSource,
  newFactRow,
  pathKey,
  type RowPath,
  type ConditionForm,
  type FactOffered,
  type FactRow,
  type GroupRow,
  type Join,
} from './extra-help-conditions';
import { loadExtraHelp, type ExtraHelpCatalogue, type ParameterSummary } from './policy-api';
import { textForFile, textInWords } from './extra-help-text';
import { CheckboxesField, requiredSourceProblems, SelectField, SourceFields, TextAreaField, useProblems } from './policy-ui';

/**
 * An extra-help item added to a category or changed, field by field (issue 30, point 3): its words, the nations it
 * is offered in, who it is for as conditions in words (money in pounds, a rate chosen by its name), and its source.
 */

const NATIONS = [
  { value: 'ENGLAND', text: 'England' },
  { value: 'SCOTLAND', text: 'Scotland' },
  { value: 'WALES', text: 'Wales' },
  { value: 'NORTHERN_IRELAND', text: 'Northern Ireland' },
];
const JOINS = [
  { value: 'all', text: 'all of these' },
  { value: 'any', text: 'any of these' },
];
const PREFIX = 'extra-help-edit';
const id = (field: string) => `${PREFIX}-${field}`;
const conditionId = (at: string, part: string) => id(`item-condition-${at}-${part}`);

/** An item's name (its id in the files) from its title: 'Warm Home Discount' is warm-home-discount. */
function nameFrom(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function ExtraHelpForm({ onSubmit, onFailure, parameters }: FormProps & { parameters: readonly ParameterSummary[] }) {
  const [catalogue, setCatalogue] = useState<ExtraHelpCatalogue | null>(null);
  useEffect(() => {
    loadExtraHelp().then(setCatalogue, onFailure);
  }, [onFailure]);
  if (!catalogue) return <LoadingSpinner />;
  return <ExtraHelpItemFields catalogue={catalogue} parameters={parameters} onSubmit={onSubmit} onFailure={onFailure} />;
}

/** An item's household amount as its file holds it, kept when the form replaces the item (the form does not edit it). */
function heldHouseholdAmount(items: ExtraHelpCatalogue['categories'][number]['items'], name: string) {
  const forHousehold = items.find((candidate) => candidate.name === name)?.forHousehold;
  return forHousehold ? { forHousehold } : {};
}

function ExtraHelpItemFields({
  catalogue,
  parameters,
  onSubmit,
  onFailure,
}: FormProps & { catalogue: ExtraHelpCatalogue; parameters: readonly ParameterSummary[] }) {
  const facts: FactOffered[] = catalogue.facts;
  const [category, setCategory] = useState(catalogue.categories[0]?.name ?? '');
  const [itemName, setItemName] = useState('');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [howToAccessTitle, setHowToAccessTitle] = useState('');
  const [howToAccess, setHowToAccess] = useState('');
  const [nations, setNations] = useState<string[]>(['ENGLAND']);
  const [form, setForm] = useState<ConditionForm | null>({ join: 'all', rows: [newFactRow(facts[0]!)] });
  const [keptCondition, setKeptCondition] = useState<Record<string, unknown> | null>(null);
  const [sourceTitle, setSourceTitle] = useState('');
  const [sourceUrl, setSourceUrl] = useState('');
  const items = catalogue.categories.find((candidate) => candidate.name === category)?.items ?? [];
  const labelOf = new Map(parameters.map((parameter) => [parameter.name, parameter.label]));
  // Every row's place, groups too: where a problem is shown.
  const pathsOf = (rows: (FactRow | GroupRow)[], parent: RowPath): string[] =>
    rows.flatMap((row, index) => [pathKey([...parent, index]), ...(row.kind === 'group' ? pathsOf(row.rows, [...parent, index]) : [])]);
  const rowIds = form ? pathsOf(form.rows, []) : [];
  const problems = useProblems(PREFIX, [
    id('category'),
    id('item-name'),
    id('item-title'),
    id('item-text'),
    id('item-howToAccessTitle'),
    id('item-howToAccess'),
    id('item-nations'),
    id('item-condition'),
    ...rowIds.flatMap((at) => [conditionId(at, 'value'), conditionId(at, 'why'), conditionId(at, 'join')]),
    id('item-source-title'),
    id('item-source-url'),
  ]);

  /** Fills the fields from an item held, or empties them for a new one. */
  const choose = (name: string, inCategory = category) => {
    setItemName(name);
    const item = catalogue.categories
      .find((candidate) => candidate.name === inCategory)
      ?.items.find((candidate) => candidate.name === name);
    setTitle(textInWords(item?.title ?? '', labelOf));
    setText(textInWords(item?.text ?? '', labelOf));
    setHowToAccessTitle(textInWords(item?.howToAccessTitle ?? '', labelOf));
    setHowToAccess(textInWords(item?.howToAccess ?? '', labelOf));
    setNations(item ? [...item.nations] : ['ENGLAND']);
    setSourceTitle(item?.source.title ?? '');
    setSourceUrl(item?.source.url ?? '');
    const shown = item ? conditionFormOf(item.condition, facts) : { join: 'all' as Join, rows: [newFactRow(facts[0]!)] };
    setForm(shown);
    setKeptCondition(shown ? null : (item?.condition ?? null));
  };

  const rates = [
    { value: '', text: 'The number typed' },
    ...parameters
      .filter((parameter) => !['boolean', 'basis_points'].includes(parameter.unit))
      .map((parameter) => ({ value: parameter.name, text: `The rate: ${parameter.label}` })),
  ];
  const factOptions = facts.map((fact) => ({ value: fact.name, text: fact.label }));
  const read = form ? conditionOf(form, facts) : null;

  const change = (path: RowPath, update: (row: FactRow | GroupRow) => FactRow | GroupRow | null) =>
    setForm((current) => current && changeRowAt(current, path, update));
  const changeFactRow = (path: RowPath, update: Partial<FactRow>) =>
    change(path, (row) => (row.kind === 'fact' ? { ...row, ...update } : row));
  const addTo = (group: RowPath, row: FactRow | GroupRow) => setForm((current) => current && addRowTo(current, group, row));

  const factRow = (row: FactRow, path: RowPath) => {
    const key = pathKey(path);
    const fact = facts.find((candidate) => candidate.name === row.fact)!;
    const own = path.at(-1)! + 1;
    const words = path.length === 1 ? `Condition ${own}` : `Condition ${own} of group ${groupWords(path.slice(0, -1))}`;
    return (
      <fieldset key={key} className="policy-condition" data-testid={`condition-${key}`}>
        <legend className="question__label">{words}</legend>
        <SelectField
          id={conditionId(key, 'fact')}
          label="About"
          value={row.fact}
          onChange={(name) => change(path, () => newFactRow(facts.find((candidate) => candidate.name === name)!))}
          options={factOptions}
        />
        <SelectField
          id={conditionId(key, 'comparison')}
          label="Which"
          value={row.comparison}
          onChange={(value) =>
            changeFactRow(path, {
              comparison: value as FactRow['comparison'],
              // From several values to one: the first chosen stays.
              ...(LIST_COMPARISONS.includes(value as FactRow['comparison']) ? {} : { value: row.value.split(',')[0] ?? '' }),
            })
          }
          options={COMPARISONS[fact.type]}
        />
        {fact.type === 'string' && !LIST_COMPARISONS.includes(row.comparison) && (
          <SelectField
            id={conditionId(key, 'value')}
            label="Value"
            error={problems.errorAt(conditionId(key, 'value'))}
            value={row.value}
            onChange={(value) => changeFactRow(path, { value })}
            options={fact.values ?? []}
          />
        )}
        {fact.type === 'string' && LIST_COMPARISONS.includes(row.comparison) && (
          <CheckboxesField
            id={conditionId(key, 'value')}
            legend="Values"
            error={problems.errorAt(conditionId(key, 'value'))}
            options={fact.values ?? []}
            chosen={row.value.split(',').filter(Boolean)}
            onChange={(chosen) => changeFactRow(path, { value: chosen.join(',') })}
          />
        )}
        {fact.type === 'number' && (
          <>
            <SelectField
              id={conditionId(key, 'rate')}
              label="Compared with"
              value={row.rate}
              onChange={(value) => changeFactRow(path, { rate: value })}
              options={rates}
            />
            {!row.rate && (
              <TextField
                id={conditionId(key, 'value')}
                label={fact.pounds ? 'Amount, in pounds' : 'Number'}
                error={problems.errorAt(conditionId(key, 'value'))}
                value={row.value}
                onChange={(value) => changeFactRow(path, { value })}
                className="input--number"
                inputMode="text"
              />
            )}
          </>
        )}
        <TextField
          id={conditionId(key, 'why')}
          label={
            fact.type === 'number' && needsItsSource(row, row.value.trim() === '0' ? 0 : null)
              ? 'Where the figure comes from'
              : 'Why, in a sentence (optional)'
          }
          error={problems.errorAt(conditionId(key, 'why'))}
          value={row.why}
          onChange={(value) => changeFactRow(path, { why: value })}
        />
        <button type="button" className="button button--secondary" onClick={() => change(path, () => null)}>
          Remove {words.toLowerCase()}
        </button>
      </fieldset>
    );
  };

  const groupRow = (row: GroupRow, path: RowPath) => {
    const key = pathKey(path);
    const name = groupWords(path);
    return (
      <fieldset key={key} className="policy-condition-group" data-testid={`condition-group-${key}`}>
        <legend className="question__label">Group {name}</legend>
        <SelectField
          id={conditionId(key, 'join')}
          label="This group holds when"
          error={problems.errorAt(conditionId(key, 'join'))}
          value={row.join}
          onChange={(value) => change(path, (found) => (found.kind === 'group' ? { ...found, join: value as Join } : found))}
          options={JOINS}
        />
        {rowsView(row.rows, path)}
        <button type="button" className="button button--secondary" onClick={() => addTo(path, newFactRow(facts[0]!))}>
          Add a condition to group {name}
        </button>
        {path.length < MAX_DEPTH - 1 && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => addTo(path, { kind: 'group', join: 'any', rows: [newFactRow(facts[0]!)] })}
          >
            Add a group to group {name}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => change(path, () => null)}>
          Remove group {name}
        </button>
      </fieldset>
    );
  };

  function rowsView(rows: (FactRow | GroupRow)[], parent: RowPath): ReactNode {
    return rows.map((row, index) => (row.kind === 'fact' ? factRow(row, [...parent, index]) : groupRow(row, [...parent, index])));
  }

  return (
    <EditForm
      problems={problems}
      testId="extra-help-edit-form"
      submitText={itemName ? 'Change the item' : 'Add the item'}
      onFailure={onFailure}
      check={() => {
        const found: SummaryError[] = [];
        if (!nameFrom(title)) found.push({ targetId: id('item-title'), message: 'Enter the item’s title, as the results page shows it.' });
        if (!text.trim()) found.push({ targetId: id('item-text'), message: 'Enter what it is and roughly how much, in plain English.' });
        if (!howToAccess.trim()) found.push({ targetId: id('item-howToAccess'), message: 'Enter who to contact and how to apply.' });
        if (nations.length === 0)
          found.push({ targetId: `${id('item-nations')}-ENGLAND`, message: 'Choose at least one nation it is offered in.' });
        if (read && 'problems' in read)
          found.push(
            ...read.problems.map(({ at, part, message }) => ({
              targetId: at ? conditionId(at, part) : id('item-condition-add'),
              message,
            })),
          );
        found.push(
          ...requiredSourceProblems(
            `${PREFIX}-item`,
            { title: sourceTitle, url: sourceUrl },
            { title: 'Enter the title of the official page about it.', url: 'Enter the page’s address starting https://' },
          ),
        );
        return found;
      }}
      send={() =>
        onSubmit({
          kind: 'extra-help-item',
          category,
          item: {
            name: itemName || nameFrom(title),
            title: textForFile(title.trim(), labelOf),
            text: textForFile(text.trim(), labelOf),
            ...(howToAccessTitle.trim() ? { howToAccessTitle: textForFile(howToAccessTitle.trim(), labelOf) } : {}),
            howToAccess: textForFile(howToAccess.trim(), labelOf),
            nations: NATIONS.map((nation) => nation.value).filter((nation) => nations.includes(nation)),
            condition: read && 'condition' in read ? read.condition : keptCondition!,
            source: { title: sourceTitle.trim(), url: sourceUrl.trim() },
            // Not on the form: the household amount is kept as the file has it.
            ...heldHouseholdAmount(items, itemName),
          },
        })
      }
    >
      <SelectField
        id={id('category')}
        label="Category"
        error={problems.errorAt(id('category'))}
        value={category}
        onChange={(value) => {
          setCategory(value);
          choose('', value);
        }}
        options={catalogue.categories.map((candidate) => ({ value: candidate.name, text: candidate.title }))}
      />
      <SelectField
        id={id('item-name')}
        label="Item"
        error={problems.errorAt(id('item-name'))}
        value={itemName}
        onChange={(value) => choose(value)}
        options={[{ value: '', text: 'A new item' }, ...items.map((item) => ({ value: item.name, text: item.title }))]}
      />
      <TextField
        id={id('item-title')}
        label="Title"
        hint="As the results page shows it."
        error={problems.errorAt(id('item-title'))}
        value={title}
        onChange={setTitle}
      />
      <TextAreaField
        id={id('item-text')}
        label="What it is and roughly how much"
        hint="A rate in square brackets, by its name, shows the rate in force when the result is shown, such as [Healthy Start: a child under this age]."
        error={problems.errorAt(id('item-text'))}
        value={text}
        onChange={setText}
      />
      <TextField
        id={id('item-howToAccessTitle')}
        label="Heading of how to get it (optional)"
        hint="‘How to access support’ when empty."
        error={problems.errorAt(id('item-howToAccessTitle'))}
        value={howToAccessTitle}
        onChange={setHowToAccessTitle}
      />
      <TextAreaField
        id={id('item-howToAccess')}
        label="Who to contact and how to apply"
        error={problems.errorAt(id('item-howToAccess'))}
        value={howToAccess}
        onChange={setHowToAccess}
      />
      <fieldset
        className={['question', problems.errorAt(`${id('item-nations')}-ENGLAND`) ? 'question--invalid' : ''].filter(Boolean).join(' ')}
      >
        <legend className="question__label">Offered in</legend>
        {problems.errorAt(`${id('item-nations')}-ENGLAND`) && (
          <p className="question__error">
            <span className="visually-hidden">Error: </span>
            {problems.errorAt(`${id('item-nations')}-ENGLAND`)}
          </p>
        )}
        {NATIONS.map((nation) => (
          <div className="checkboxes__item" key={nation.value}>
            <input
              className="checkboxes__input"
              type="checkbox"
              id={`${id('item-nations')}-${nation.value}`}
              checked={nations.includes(nation.value)}
              onChange={(event) =>
                setNations((current) =>
                  event.target.checked ? [...current, nation.value] : current.filter((value) => value !== nation.value),
                )
              }
            />
            <label className="checkboxes__label" htmlFor={`${id('item-nations')}-${nation.value}`}>
              {nation.text}
            </label>
          </div>
        ))}
      </fieldset>
      {form ? (
        <fieldset className="question" id={id('item-condition')}>
          <legend className="question__label">Who it is for</legend>
          <SelectField
            id={id('item-condition-join')}
            label="Shown when"
            value={form.join}
            onChange={(value) => setForm({ ...form, join: value as Join })}
            options={JOINS}
          />
          {rowsView(form.rows, [])}
          <button
            type="button"
            id={id('item-condition-add')}
            className="button button--secondary"
            onClick={() => setForm({ ...form, rows: [...form.rows, newFactRow(facts[0]!)] })}
          >
            Add a condition
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setForm({ ...form, rows: [...form.rows, { kind: 'group', join: 'any', rows: [newFactRow(facts[0]!)] }] })}
          >
            Add a group of conditions
          </button>
        </fieldset>
      ) : (
        <p className="question__hint" id={id('item-condition')}>
          Who it is for is kept as it is: its conditions are more than this form shows.
        </p>
      )}
      <SourceFields
        prefix={`${PREFIX}-item`}
        hint="The official page about it: GOV.UK, the scheme’s own site, or the council’s."
        title={sourceTitle}
        url={sourceUrl}
        onTitle={setSourceTitle}
        onUrl={setSourceUrl}
        errorAt={problems.errorAt}
      />
    </EditForm>
  );
}
