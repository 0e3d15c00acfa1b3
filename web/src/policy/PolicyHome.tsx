import { useCallback, useEffect, useState } from 'react';
import { CHANGE_SET_STATUS_TEXT, POLICY_LIMITS } from '../../../common/policy/model';
import type { ChangeSetSummary, PolicySearchHit, PolicyStatus, RulesetSummary } from './policy-api';
import { failureViewFor } from '../adviser/adviser-errors';
import type { ScreenView } from '../adviser/ScreenState';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { usePageTitle } from '../shared/page-title';
import { TextField } from '../shared/TextField';
import { changeSetPath, parameterPath, rulesetPath, searchHitPath } from './policy-paths';
import { createChangeSet, loadChangeSets, loadRulesets, loadStatus, openNextYear, searchPolicy } from './policy-api';
import { longDate, longDateTime, todayIso } from './policy-text';
import { rulesVersionInWords } from '../../../common/rules-version';
import { PolicyNotShown, TextAreaField, useProblems } from './policy-ui';

export const POLICY_TITLE = 'Policy workbench';

type View = ScreenView<{ status: PolicyStatus; changeSets: ChangeSetSummary[]; rulesets: RulesetSummary[] }>;

/** When a published change set applies, in words: from a date to come, since a date, and until it is undone. */
export function whenPublishedApplies(
  published: Pick<PolicyStatus['published'][number], 'effectiveFrom' | 'revertedFrom'>,
  today: string,
): string {
  const from =
    published.effectiveFrom > today
      ? `takes effect on ${longDate(published.effectiveFrom)}, for results on that date and after`
      : `in force since ${longDate(published.effectiveFrom)}`;
  return published.revertedFrom ? `${from}, until it is undone on ${longDate(published.revertedFrom)}` : from;
}

const HIT_KIND_TEXT: Record<PolicySearchHit['kind'], string> = {
  parameter: 'Rate',
  rule: 'Rule',
  question: 'Question',
  'extra-help': 'Extra help',
};

/** What the rates running out means, and what to do, for each state but 'held'. */
export function ratesHeldAlertText({ state, lastDateHeld, daysLeft }: PolicyStatus['ratesHeld']): { heading: string; text: string } {
  const last = longDate(lastDateHeld);
  switch (state) {
    case 'ran-out':
      return {
        heading: 'Results cannot be worked out',
        text: `The benefit rates held ran out on ${last}, more than a year ago. Publish the rates for the years since then.`,
      };
    case 'last-rates-held':
      return {
        heading: 'Results are using last year’s rates',
        text: `The benefit rates held ran out on ${last}. Since then every result uses the last rates held and tells the person so. Publish next year’s rates to end this.`,
      };
    default: {
      const when = daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
      return {
        heading: `The benefit rates run out ${when}`,
        text: `The rates held cover dates up to ${last}. Add next year’s rates in a change set, have it approved and publish it before then. After that date, results use the last rates held and tell people so.`,
      };
    }
  }
}

function RatesHeldAlert({ ratesHeld }: { ratesHeld: PolicyStatus['ratesHeld'] }) {
  const { heading, text } = ratesHeldAlertText(ratesHeld);
  return (
    <div
      className={`policy-alert${ratesHeld.state === 'running-out' ? '' : ' policy-alert--failing'}`}
      role="region"
      aria-labelledby="policy-rates-held-title"
      data-testid="policy-rates-held"
    >
      <h2 id="policy-rates-held-title">{heading}</h2>
      <p>{text}</p>
    </div>
  );
}

/** The workbench's home, /policy/: the rules in force, search, the change sets and a new one, and where to browse. */
export function PolicyHome() {
  usePageTitle(POLICY_TITLE);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const fail = useCallback((error: unknown) => setView({ kind: failureViewFor(error) }), []);
  useEffect(() => {
    Promise.all([loadStatus(), loadChangeSets(), loadRulesets()]).then(
      ([status, { changeSets }, { rulesets }]) => setView({ kind: 'shown', status, changeSets, rulesets }),
      fail,
    );
  }, [fail]);
  if (view.kind !== 'shown') return <PolicyNotShown view={view} />;
  const { status, changeSets, rulesets } = view;
  const today = todayIso();
  // Published change sets still to take effect or in force; one undone on or before today is history.
  const current = status.published.filter((published) => published.revertedFrom === null || published.revertedFrom > today);
  const failing = status.failing.filter((entry) => !entry.isStopped);

  return (
    <div className="policy policy-home">
      <h1>{POLICY_TITLE}</h1>
      {failing.length > 0 && (
        <div
          className="policy-alert policy-alert--failing"
          role="region"
          aria-labelledby="policy-failing-title"
          data-testid="policy-failing"
        >
          <h2 id="policy-failing-title">
            {failing.length === 1 ? 'A published change set is failing' : `${failing.length} published change sets are failing`}
          </h2>
          <p>
            Results are worked out with the rules without {failing.length === 1 ? 'it' : 'them'}.{' '}
            {failing.length === 1 ? 'Open it and stop it.' : 'Open each and stop it.'}
          </p>
          <ul>
            {failing.map((entry) => (
              <li key={entry.id}>
                <a href={changeSetPath(entry.id)}>{entry.title}</a>: failed on {longDateTime(entry.at)}.
              </li>
            ))}
          </ul>
        </div>
      )}
      {status.stopped.length > 0 && (
        <div className="policy-alert" role="region" aria-labelledby="policy-stopped-title" data-testid="policy-stopped">
          <h2 id="policy-stopped-title">Stopped in an emergency</h2>
          <ul>
            {status.stopped.map((entry) => (
              <li key={entry.id}>
                <a href={changeSetPath(entry.id)}>{entry.title}</a>: stopped by {entry.by.name} on {longDateTime(entry.at)}, because:{' '}
                {entry.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {status.ratesHeld.state !== 'held' && <RatesHeldAlert ratesHeld={status.ratesHeld} />}
      <div className="policy-banner" role="region" aria-labelledby="policy-status-title" data-testid="policy-status">
        <h2 id="policy-status-title">In force today</h2>
        <p>Results today use {rulesVersionInWords(status.rulesVersionToday)}.</p>
        {current.length > 0 && (
          <ul>
            {current.map((published) => (
              <li key={published.id}>
                <a href={changeSetPath(published.id)}>{published.title}</a>: {whenPublishedApplies(published, today)}.
                {published.differences.length > 0 &&
                  ' It is left out of results: the rules or rates it changes were changed another way since. Ask the service’s operators to look at it.'}
              </li>
            ))}
          </ul>
        )}
      </div>

      <Search onFailure={fail} />

      <section aria-labelledby="change-sets-title" className="policy-section">
        <h2 id="change-sets-title">Change sets</h2>
        {changeSets.length === 0 ? (
          <p>There are no change sets yet.</p>
        ) : (
          <div className="adviser-table__scroll">
            <table className="adviser-table policy-table" data-testid="change-sets">
              <caption>Change sets, latest first</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Status</th>
                  <th scope="col">Author</th>
                  <th scope="col">Effective from</th>
                  <th scope="col">Edits</th>
                </tr>
              </thead>
              <tbody>
                {changeSets.map((changeSet) => (
                  <tr key={changeSet.id}>
                    <th scope="row">
                      <a href={changeSetPath(changeSet.id)}>{changeSet.title}</a>
                    </th>
                    <td>
                      {CHANGE_SET_STATUS_TEXT[changeSet.status]}
                      {changeSet.isStopped ? ' (stopped in an emergency)' : ''}
                      {changeSet.isFailing && !changeSet.isStopped ? ' (failing: results are worked out without it)' : ''}
                      {changeSet.hasPendingRequest ? ' (waiting for a second member to confirm)' : ''}
                    </td>
                    <td>{changeSet.author.name}</td>
                    <td>{changeSet.effectiveFrom ? longDate(changeSet.effectiveFrom) : 'Not published'}</td>
                    <td>{changeSet.editCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <OpenNextYear onFailure={fail} />
        <StartChangeSet onFailure={fail} />
      </section>

      <section aria-labelledby="browse-title" className="policy-section">
        <h2 id="browse-title">Rules and rates</h2>
        <p>
          <a href={parameterPath()}>Browse the rates and thresholds (parameters)</a>
        </p>
        <div className="adviser-table__scroll">
          <table className="adviser-table policy-table">
            <caption>The rulesets, one for each benefit</caption>
            <thead>
              <tr>
                <th scope="col">Benefit</th>
                <th scope="col">What it covers</th>
                <th scope="col">Rules</th>
                <th scope="col">Cases</th>
              </tr>
            </thead>
            <tbody>
              {rulesets.map((ruleset) => (
                <tr key={ruleset.folder}>
                  <th scope="row">
                    <a href={rulesetPath(ruleset.folder)}>{ruleset.title}</a>
                  </th>
                  <td>{ruleset.description}</td>
                  <td>{ruleset.rules}</td>
                  <td>{ruleset.cases}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

function Search({ onFailure }: { onFailure: (error: unknown) => void }) {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{ query: string; hits: PolicySearchHit[] } | null>(null);
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const search = () => {
    const q = query.trim();
    if (!q || q.length > POLICY_LIMITS.searchMaxLength) {
      setErrors([
        {
          targetId: 'policy-search',
          message: q ? `Enter at most ${POLICY_LIMITS.searchMaxLength} characters.` : 'Enter what to search for.',
        },
      ]);
      setFocusKey((key) => key + 1);
      return;
    }
    setErrors([]);
    searchPolicy(q).then(({ hits }) => setResult({ query: q, hits }), onFailure);
  };
  return (
    <section aria-labelledby="search-title" className="policy-section">
      <h2 id="search-title">Search</h2>
      <ErrorSummary errors={errors} focusKey={focusKey} headingLevel={3} titleId="policy-search-problems" />
      <form
        role="search"
        noValidate
        className="policy-search-row"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <TextField
          id="policy-search"
          label="Search rates, rules, questions and extra help"
          hint="A word of a label or name, a regulation, or words of a question."
          error={errors[0]?.message}
          value={query}
          onChange={setQuery}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <p role="status">{result && `${result.hits.length} ${result.hits.length === 1 ? 'result' : 'results'} for ‘${result.query}’`}</p>
      {result && result.hits.length > 0 && (
        <ul className="policy-hits" data-testid="search-results">
          {result.hits.map((hit) => {
            const href = searchHitPath(hit);
            return (
              <li key={`${hit.kind}-${hit.path}`}>
                {HIT_KIND_TEXT[hit.kind]}: {href ? <a href={href}>{hit.title}</a> : <strong>{hit.title}</strong>}{' '}
                <span className="policy-name" data-detail-line>
                  {hit.path}
                </span>
                <br />
                <span className="question__hint">{hit.detail}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * Next April's rates in one change set: every rate carried forward unchanged, to confirm, uprate or change, each with
 * its source; the change set page lists what is still to confirm.
 */
function OpenNextYear({ onFailure }: { onFailure: (error: unknown) => void }) {
  const problems = useProblems('open-year', ['open-year-reason']);
  const [reason, setReason] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const open = async () => {
    if (!reason.trim())
      return problems.show([{ targetId: 'open-year-reason', message: 'Say why the year is opened: the announcement it follows.' }]);
    problems.clear();
    setIsSaving(true);
    try {
      const created = await openNextYear(reason.trim());
      window.location.assign(changeSetPath(created.id));
    } catch (error) {
      if (!problems.showFailure(error)) onFailure(error);
      setIsSaving(false);
    }
  };
  return (
    <details className="policy-disclosure" data-testid="open-next-year">
      <summary>Open next year’s rates</summary>
      <form
        className="policy-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void open();
        }}
      >
        <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
        <p>
          This starts one change set for the next tax year. It carries every rate forward unchanged, marked to confirm. You then uprate the
          rates the law uprates by a percentage, confirm the frozen ones, type any figure announced, and give each its official source. It
          is checked, approved by a second member and published like any other change set.
        </p>
        <TextAreaField
          id="open-year-reason"
          label="Reason"
          hint="The announcement the year follows, such as ‘The rates announced in the Budget for April 2027’."
          error={problems.errorAt('open-year-reason')}
          value={reason}
          onChange={setReason}
        />
        <button type="submit" className="button" disabled={isSaving}>
          Open next year
        </button>
      </form>
    </details>
  );
}

function StartChangeSet({ onFailure }: { onFailure: (error: unknown) => void }) {
  const problems = useProblems('change-set', ['change-set-title', 'change-set-reason']);
  const [title, setTitle] = useState('');
  const [reason, setReason] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const start = async () => {
    const found: SummaryError[] = [];
    if (!title.trim()) found.push({ targetId: 'change-set-title', message: 'Enter a title for the change set.' });
    else if (title.trim().length > POLICY_LIMITS.titleMaxLength)
      found.push({ targetId: 'change-set-title', message: `Enter a title of at most ${POLICY_LIMITS.titleMaxLength} characters.` });
    if (!reason.trim()) found.push({ targetId: 'change-set-reason', message: 'Enter the reason for the change: what it does and why.' });
    else if (reason.trim().length > POLICY_LIMITS.reasonMaxLength)
      found.push({ targetId: 'change-set-reason', message: `Enter a reason of at most ${POLICY_LIMITS.reasonMaxLength} characters.` });
    if (found.length > 0) return problems.show(found);
    problems.clear();
    setIsSaving(true);
    try {
      const created = await createChangeSet({ title: title.trim(), reason: reason.trim() });
      window.location.assign(changeSetPath(created.id));
    } catch (error) {
      if (!problems.showFailure(error)) onFailure(error);
      setIsSaving(false);
    }
  };
  return (
    <details className="policy-disclosure" data-testid="start-change-set">
      <summary>Start a change set</summary>
      <form
        className="policy-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
        <TextField
          id="change-set-title"
          label="Title"
          hint="Such as ‘Uprating April 2027’."
          error={problems.errorAt('change-set-title')}
          value={title}
          onChange={setTitle}
        />
        <TextAreaField
          id="change-set-reason"
          label="Reason"
          hint="What the change does and why: the second member reads it before approving."
          error={problems.errorAt('change-set-reason')}
          value={reason}
          onChange={setReason}
        />
        <button type="submit" className="button" disabled={isSaving}>
          Start the change set
        </button>
      </form>
    </details>
  );
}
