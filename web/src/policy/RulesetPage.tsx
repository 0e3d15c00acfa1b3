import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { RuleView, RulesetView } from './policy-api';
import { failureViewFor } from '../adviser/adviser-errors';
import { Breadcrumb } from '../adviser/Breadcrumb';
import type { ScreenView } from '../adviser/ScreenState';
import { ApiRequestError } from '../api/client';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { ExternalLink } from '../shared/ExternalLink';
import { usePageTitle } from '../shared/page-title';
import { TextField } from '../shared/TextField';
import { DraftChoice, useDrafts } from './DraftChoice';
import { addEdit, loadParameters, loadRuleset } from './policy-api';
import { changeSetPath, parameterPath, POLICY_HOME, ruleAnchor } from './policy-paths';
import { longDate } from './policy-text';
import { Notice, PolicyNotShown, SelectField, TextAreaField, useProblems } from './policy-ui';
import { conditionLeaves, leafId, leafValue, OPERATORS, withLeaves, type ConditionLeaf, type LeafValueKind } from './rule-conditions';

/** `labels`: each parameter's label by its name, so a rule's rates are named in words. */
type View = ScreenView<{ ruleset: RulesetView; labels: ReadonlyMap<string, string> }>;

/** A ruleset, /policy/rulesets/:folder: what it covers, its law, its facts, each rule in plain English, its cases. */
export function RulesetPage({ folder }: { folder: string }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  // One rule is edited at a time, so the form's field ids stay unique on the page.
  const [editing, setEditing] = useState<string | null>(null);
  const fail = useCallback((error: unknown) => setView({ kind: failureViewFor(error) }), []);
  usePageTitle(view.kind === 'shown' ? `Rules: ${view.ruleset.title}` : 'Rules');
  useEffect(() => {
    Promise.all([loadRuleset(folder), loadParameters()]).then(
      ([ruleset, { parameters }]) =>
        setView({ kind: 'shown', ruleset, labels: new Map(parameters.map((parameter) => [parameter.name, parameter.label])) }),
      (error: unknown) => (error instanceof ApiRequestError && error.status === 404 ? setView({ kind: 'notFound' }) : fail(error)),
    );
  }, [folder, fail]);
  if (view.kind !== 'shown') return <PolicyNotShown view={view} />;
  const { ruleset, labels } = view;

  return (
    <div className="policy policy-ruleset">
      <Breadcrumb links={[{ text: 'Policy workbench', href: POLICY_HOME }]} current={ruleset.title} />
      <h1>{ruleset.title}</h1>
      <p className="policy-name policy-detail-line" data-detail-line>
        {ruleset.folder} ({ruleset.benefit})
      </p>
      <p>{ruleset.description}</p>
      <h2>Legislation</h2>
      <ul>
        {ruleset.legislation.map((source) => (
          <li key={source.url}>
            <ExternalLink href={source.url}>{source.title}</ExternalLink>
          </li>
        ))}
      </ul>
      <h2>Facts</h2>
      <div className="adviser-table__scroll">
        <table className="adviser-table policy-table">
          <caption>The facts the rules read, worked out from the household</caption>
          <thead>
            <tr>
              <th scope="col">Fact</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {ruleset.facts.map((fact) => (
              <tr key={fact.name}>
                <th scope="row" className="policy-name">
                  {fact.name}
                </th>
                <td>{fact.meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Rules</h2>
      {ruleset.rules.map((rule) => (
        <Rule
          key={rule.name}
          rule={rule}
          folder={ruleset.folder}
          labels={labels}
          facts={ruleset.facts.map((fact) => fact.name)}
          isEditing={editing === rule.name}
          onEdit={(isEditing) => setEditing(isEditing ? rule.name : null)}
          onFailure={fail}
        />
      ))}
      <h2>Hand-worked cases</h2>
      {ruleset.cases.length === 0 ? (
        <p>This ruleset has no hand-worked cases.</p>
      ) : (
        <div className="adviser-table__scroll">
          <table className="adviser-table policy-table">
            <caption>The cases that prove the rules</caption>
            <thead>
              <tr>
                <th scope="col">Case</th>
                <th scope="col">Date</th>
                <th scope="col">Workings</th>
              </tr>
            </thead>
            <tbody>
              {ruleset.cases.map((item, index) => (
                <tr key={`${item.file}-${index}`}>
                  <th scope="row">{item.name}</th>
                  <td>{longDate(item.date)}</td>
                  <td>{item.workings}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Sentences nested by depth, as nested lists. */
function Sentences({ sentences }: { sentences: { depth: number; text: string }[] }) {
  const build = (start: number, depth: number): [ReactNode[], number] => {
    const items: ReactNode[] = [];
    let index = start;
    while (index < sentences.length && sentences[index].depth >= depth) {
      const sentence = sentences[index];
      if (sentence.depth > depth) {
        const [children, next] = build(index, sentence.depth);
        items.push(<ul key={`list-${index}`}>{children}</ul>);
        index = next;
        continue;
      }
      const at = index;
      index += 1;
      if (index < sentences.length && sentences[index].depth > depth) {
        const [children, next] = build(index, sentences[index].depth);
        items.push(
          <li key={at}>
            {sentence.text}
            <ul>{children}</ul>
          </li>,
        );
        index = next;
      } else items.push(<li key={at}>{sentence.text}</li>);
    }
    return [items, index];
  };
  const minimum = Math.min(...sentences.map((sentence) => sentence.depth));
  return <ul className="policy-sentences">{build(0, Number.isFinite(minimum) ? minimum : 0)[0]}</ul>;
}

function Rule({
  rule,
  folder,
  labels,
  facts,
  isEditing,
  onEdit,
  onFailure,
}: {
  rule: RuleView;
  folder: string;
  labels: ReadonlyMap<string, string>;
  facts: string[];
  isEditing: boolean;
  onEdit: (isEditing: boolean) => void;
  onFailure: (error: unknown) => void;
}) {
  const [added, setAdded] = useState<{ id: number; title: string; key: number } | null>(null);
  const anchor = ruleAnchor(rule.name);
  return (
    <section className="policy-rule" aria-labelledby={`${anchor}-title`} id={anchor} tabIndex={-1}>
      <h3 id={`${anchor}-title`}>
        <span className="policy-name">{rule.name}</span>
      </h3>
      <p>{rule.description}</p>
      <Sentences sentences={rule.sentences} />
      <p className="policy-detail-line" data-detail-line>
        Then: <span className="policy-name">{rule.event.type}</span>
        {rule.priority !== null && ` (priority ${rule.priority})`}
      </p>
      {rule.parameters.length > 0 && (
        <p>
          Rates it reads:{' '}
          {rule.parameters.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <a href={parameterPath(name)}>{labels.get(name) ?? name}</a>
            </span>
          ))}
        </p>
      )}
      <Notice text={added ? `The rule’s new conditions were added to ‘${added.title}’.` : null} focusKey={added?.key ?? 0} />
      {added && (
        <p>
          <a href={changeSetPath(added.id)}>Go to the change set ‘{added.title}’</a>
        </p>
      )}
      {!isEditing ? (
        <button type="button" className="button button--secondary" onClick={() => onEdit(true)}>
          Edit this rule in a change set<span className="visually-hidden">: {rule.name}</span>
        </button>
      ) : (
        <RuleEditForm
          rule={rule}
          folder={folder}
          facts={facts}
          onFailure={onFailure}
          onCancel={() => onEdit(false)}
          onAdded={(id, title) => {
            onEdit(false);
            setAdded((old) => ({ id, title, key: (old?.key ?? 0) + 1 }));
          }}
        />
      )}
    </section>
  );
}

const KIND_TEXT: Record<LeafValueKind, string> = { number: 'a number', text: 'text', parameter: 'a parameter (by name)', json: 'JSON' };

function RuleEditForm({
  rule,
  folder,
  facts,
  onFailure,
  onCancel,
  onAdded,
}: {
  rule: RuleView;
  folder: string;
  facts: string[];
  onFailure: (error: unknown) => void;
  onCancel: () => void;
  onAdded: (id: number, title: string) => void;
}) {
  const drafts = useDrafts(onFailure);
  const [changeSet, setChangeSet] = useState('');
  const [leaves, setLeaves] = useState<ConditionLeaf[]>(() => conditionLeaves(rule.conditions));
  const [isJson, setIsJson] = useState(false);
  const [json, setJson] = useState(() => JSON.stringify(rule.conditions, null, 2));
  const [description, setDescription] = useState(rule.description);
  const [isSaving, setIsSaving] = useState(false);
  const prefix = 'rule-edit';
  const fieldIds = [
    'rule-edit-change-set',
    ...(isJson
      ? ['rule-edit-conditions']
      : leaves.flatMap((leaf) => ['fact', 'operator', 'value'].map((field) => `rule-edit-conditions-${leafId(leaf)}-${field}`))),
    'rule-edit-description',
  ];
  const problems = useProblems(prefix, fieldIds);
  const chosen = changeSet || (drafts?.[0] ? String(drafts[0].id) : '');

  const change = (index: number, update: Partial<ConditionLeaf>) =>
    setLeaves(leaves.map((leaf, at) => (at === index ? { ...leaf, ...update } : leaf)));

  const submit = async () => {
    const found: SummaryError[] = [];
    if (!chosen) found.push({ targetId: 'rule-edit-change-set', message: 'Choose the change set to add the rule to.' });
    let conditions = rule.conditions;
    if (isJson) {
      try {
        const parsed: unknown = JSON.parse(json);
        // The API takes a rule's conditions as an object (all, any or not), as the rule files hold them.
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) conditions = parsed as Record<string, unknown>;
        else found.push({ targetId: 'rule-edit-conditions', message: 'The conditions must be an object with all, any or not.' });
      } catch (error) {
        found.push({ targetId: 'rule-edit-conditions', message: `The conditions are not valid JSON: ${(error as Error).message}` });
      }
    } else {
      const read = leaves.map((leaf) => ({ leaf, read: leafValue(leaf) }));
      for (const { leaf, read: value } of read)
        if ('error' in value)
          found.push({ targetId: `rule-edit-conditions-${leafId(leaf)}-value`, message: `${leaf.fact}: ${value.error}` });
      if (found.length === 0)
        conditions = withLeaves(
          rule.conditions,
          read.map(({ leaf, read: value }) => ({ ...leaf, value: (value as { value: unknown }).value })),
        );
    }
    if (found.length > 0) return problems.show(found);
    problems.clear();
    setIsSaving(true);
    try {
      const detail = await addEdit(Number(chosen), {
        kind: 'rule',
        ruleset: folder,
        rule: rule.name,
        conditions,
        ...(description.trim() && description.trim() !== rule.description ? { description: description.trim() } : {}),
      });
      onAdded(detail.id, detail.title);
    } catch (error) {
      if (!problems.showFailure(error)) onFailure(error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form
      className="policy-form policy-rule-form"
      noValidate
      data-testid="rule-edit-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
      <DraftChoice id="rule-edit-change-set" drafts={drafts} value={chosen} onChange={setChangeSet} />
      <div className="checkboxes__item">
        <input
          className="checkboxes__input"
          type="checkbox"
          id="rule-edit-json"
          checked={isJson}
          onChange={(event) => setIsJson(event.target.checked)}
        />
        <label className="checkboxes__label" htmlFor="rule-edit-json">
          Write the conditions as JSON instead (to add or remove conditions)
        </label>
      </div>
      {isJson ? (
        <TextAreaField
          id="rule-edit-conditions"
          label="Conditions, as JSON"
          hint="json-rules-engine’s format: all, any and not, each holding conditions of a fact, an operator and a value."
          error={problems.errorAt('rule-edit-conditions')}
          value={json}
          onChange={setJson}
          rows={14}
          className="policy-textarea--code"
        />
      ) : (
        leaves.map((leaf, index) => {
          const id = (field: string) => `rule-edit-conditions-${leafId(leaf)}-${field}`;
          return (
            <fieldset className="question__fieldset policy-condition" key={leafId(leaf)}>
              <legend className="question__label">Condition {index + 1}</legend>
              <SelectField
                id={id('fact')}
                label="Fact"
                error={problems.errorAt(id('fact'))}
                value={leaf.fact}
                onChange={(fact) => change(index, { fact })}
                options={[...new Set([leaf.fact, ...facts])].map((fact) => ({ value: fact, text: fact }))}
              />
              <SelectField
                id={id('operator')}
                label="Operator"
                error={problems.errorAt(id('operator'))}
                value={leaf.operator}
                onChange={(operator) => change(index, { operator })}
                options={[
                  ...OPERATORS.map(([value, text]) => ({ value, text: `${text} (${value})` })),
                  ...(OPERATORS.some(([value]) => value === leaf.operator) ? [] : [{ value: leaf.operator, text: leaf.operator }]),
                ]}
              />
              <TextField
                id={id('value')}
                label={`Value (${KIND_TEXT[leaf.kind]})`}
                error={problems.errorAt(id('value'))}
                value={leaf.text}
                onChange={(text) => change(index, { text })}
              />
            </fieldset>
          );
        })
      )}
      <TextAreaField
        id="rule-edit-description"
        label="Description"
        error={problems.errorAt('rule-edit-description')}
        value={description}
        onChange={setDescription}
        rows={3}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={isSaving || !drafts || drafts.length === 0}>
          Add the rule change
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
