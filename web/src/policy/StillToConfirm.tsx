import { useState } from 'react';
import type { ChangeSetDetail, LhaRatesHeldEdit, ParameterSummary, ParameterValueEdit } from './policy-api';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { TextField } from '../shared/TextField';
import { sourceEdits, uprateEdits } from './policy-api';
import { formatValue, longDate } from './policy-text';
import { lhaSchemeWords } from '../../../common/policy/words';
import { requiredSourceProblems, SourceFields, useProblems } from './policy-ui';

/** What is decided about a value: a rate's year decision, or the rent tables (the Local Housing Allowance rates held). */
type Decision = ParameterSummary['yearDecision'] | 'rent-tables';
type ToConfirm = { index: number; edit: ParameterValueEdit | LhaRatesHeldEdit };

/** The groups a year's values are decided in, in the order a policy officer works through them. */
const GROUPS: readonly { decision: Decision; title: string; text: string; sourceHint: string }[] = [
  {
    decision: 'uprated',
    title: 'Money the law uprates each year',
    text: 'Uprate them together by the percentage announced (each rate keeps its own rounding, and is worked out from last year’s figure), or change any one to the figure announced. Then give them the uprating order or the announcement as their source.',
    sourceHint: 'Such as ‘The Social Security Benefits Up-rating Order 2027’ or the rates announced on GOV.UK.',
  },
  {
    decision: 'fixed',
    title: 'Money that is frozen or fixed in its own law',
    text: 'These are not uprated by a percentage. Confirm them unchanged by giving the source that says so, or change any one to its new figure.',
    sourceHint: 'Such as the rates announced on GOV.UK, or the regulations that set the figure.',
  },
  {
    decision: 'rent-tables',
    title: 'Local Housing Allowance rates',
    text: 'Rent officers set these for each area a year at a time; they have been frozen at April 2024’s figures. They are held unchanged to the end of the new year: confirm that with the source that announces the freeze. Where an area’s rates change, add them under ‘An area’s Local Housing Allowance rates’.',
    sourceHint: 'Such as the Local Housing Allowance rates for the year, or the freeze announced, on GOV.UK.',
  },
  {
    decision: 'council',
    title: 'Figures councils set',
    text: 'Each council sets these in its own scheme: give the council’s scheme as the source, or change any one to the council’s new figure.',
    sourceHint: 'The council’s Council Tax Reduction scheme for the year, on its own website.',
  },
  {
    decision: 'not-money',
    title: 'Hours, rates, ages, counts and switches',
    text: 'These are never uprated by a percentage. Confirm them unchanged with their source, or change any one as the law changes it.',
    sourceHint: 'The law that sets them, such as the regulations on legislation.gov.uk.',
  },
];

interface Props {
  detail: ChangeSetDetail;
  byName: ReadonlyMap<string, ParameterSummary>;
  onUpdated: (detail: ChangeSetDetail, text: string) => void;
  onFailure: (error: unknown) => void;
}

/**
 * What a draft still needs before it can be published, for a year's values (issue 30, point 1): every dated value
 * with no source yet is still to confirm, named in words with a link to its edit and grouped by what is decided
 * about it; a group can be uprated by a percentage (money the law uprates only) and given one source.
 */
export function StillToConfirm({ detail, byName, onUpdated, onFailure }: Props) {
  if (detail.status !== 'draft') return null;
  const open: ToConfirm[] = detail.edits.flatMap((edit, index) =>
    (edit.kind === 'parameter-value' || edit.kind === 'lha-rates-held') && edit.source === null
      ? [{ index, edit: edit as ParameterValueEdit | LhaRatesHeldEdit }]
      : [],
  );
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="to-confirm-title" className="policy-section" id="to-confirm" tabIndex={-1} data-testid="to-confirm">
      <h2 id="to-confirm-title">
        Still to confirm: {open.length} {open.length === 1 ? 'value' : 'values'}
      </h2>
      <p>
        A value is confirmed once it has its official source. Until every value is confirmed, the change set cannot be approved or
        published.
      </p>
      {GROUPS.map((group) => {
        const items = open.filter(({ edit }) => decisionOf(edit, byName) === group.decision);
        return items.length === 0 ? null : (
          <Group
            key={group.decision}
            group={group}
            items={items}
            detail={detail}
            byName={byName}
            onUpdated={onUpdated}
            onFailure={onFailure}
          />
        );
      })}
    </section>
  );
}

function decisionOf(edit: ToConfirm['edit'], byName: Props['byName']): Decision {
  return edit.kind === 'lha-rates-held' ? 'rent-tables' : (byName.get(edit.parameter)?.yearDecision ?? 'fixed');
}

function Group({
  group,
  items,
  detail,
  byName,
  onUpdated,
  onFailure,
}: Omit<Props, never> & { group: (typeof GROUPS)[number]; items: ToConfirm[] }) {
  const prefix = `confirm-${group.decision}`;
  const id = (field: string) => `${prefix}-${field}`;
  const problems = useProblems(id('form'), [id('percent'), id('source-title'), id('source-url')]);
  const [percent, setPercent] = useState('');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const indexes = items.map(({ index }) => index);
  const count = `${items.length} ${items.length === 1 ? 'value' : 'values'}`;

  const run = async (found: SummaryError[], action: () => Promise<ChangeSetDetail>, text: string) => {
    if (found.length > 0) return problems.show(found);
    problems.clear();
    setIsSaving(true);
    try {
      onUpdated(await action(), text);
    } catch (error) {
      if (!problems.showFailure(error)) onFailure(error);
    } finally {
      setIsSaving(false);
    }
  };
  const uprate = () =>
    run(
      /^\d{1,3}(\.\d{1,2})?$/.test(percent.trim())
        ? []
        : [{ targetId: id('percent'), message: 'Enter the percentage with up to 2 decimals, such as 3.8, or 0 to keep them.' }],
      () => uprateEdits(detail.id, indexes, percent.trim()),
      `Uprated ${count} by ${percent.trim()}%.`,
    );
  const giveSource = () => {
    const found = requiredSourceProblems(
      prefix,
      { title, url },
      {
        title: 'Enter the title of the source, such as the uprating order.',
        url: 'Enter the source’s address starting https://',
      },
    );
    return run(
      found,
      () => sourceEdits(detail.id, indexes, { title: title.trim(), url: url.trim() }),
      `Gave ${count} the source ‘${title.trim()}’.`,
    );
  };

  return (
    <div className="policy-confirm-group" data-testid={`to-confirm-${group.decision}`}>
      <h3>
        {group.title} ({count})
      </h3>
      <p>{group.text}</p>
      <details className="policy-disclosure">
        <summary>The {count}</summary>
        <ul className="policy-plain-list">
          {items.map(({ index, edit }) => {
            if (edit.kind === 'lha-rates-held')
              return (
                <li key={index}>
                  <a href={`#edit-${index}`}>For {lhaSchemeWords(edit.scheme)}</a>: every area’s rates unchanged, to {longDate(edit.until)}
                </li>
              );
            const parameter = byName.get(edit.parameter);
            return (
              <li key={index}>
                <a href={`#edit-${index}`}>{parameter?.label ?? edit.parameter}</a>: {formatValue(edit.value, parameter?.unit ?? '')} from{' '}
                {longDate(edit.from)}
              </li>
            );
          })}
        </ul>
      </details>
      <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
      {group.decision === 'uprated' && (
        <form
          className="policy-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void uprate();
          }}
        >
          <TextField
            id={id('percent')}
            label="Uprate them by this percentage"
            hint="Such as 3.8 (the September CPI). Each is worked out from last year’s figure and rounded its own way."
            error={problems.errorAt(id('percent'))}
            value={percent}
            onChange={setPercent}
            className="input--number"
            inputMode="text"
          />
          <button type="submit" className="button" disabled={isSaving}>
            Uprate these {count}
          </button>
        </form>
      )}
      <form
        className="policy-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void giveSource();
        }}
      >
        <SourceFields
          prefix={prefix}
          hint={group.sourceHint}
          title={title}
          url={url}
          onTitle={setTitle}
          onUrl={setUrl}
          errorAt={problems.errorAt}
        />
        <button type="submit" className="button button--secondary" disabled={isSaving}>
          Give these {count} this source
        </button>
      </form>
    </div>
  );
}
