import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { CHANGE_SET_STATUS_TEXT } from '../../../common/policy/model';
import type { ChangeSetDetail, EditProblem, ParameterSummary, PolicyEdit } from './policy-api';
import { failureViewFor } from '../adviser/adviser-errors';
import { Breadcrumb } from '../adviser/Breadcrumb';
import type { ScreenView } from '../adviser/ScreenState';
import { ErrorSummary } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { usePageTitle } from '../shared/page-title';
import { DateField } from '../shared/DateField';
import { dateProblemOf, isoDateOf } from '../shared/date-field-text';
import { BandDForm, CouncilRentAreasForm, CouncilSchemeForm, JsonEditForm, LhaRatesForm, QuestionForm, RatesHeldForm } from './EditForms';
import { CasesRunView } from './CasesRunView';
import { ExtraHelpForm } from './ExtraHelpItemForm';
import { StillToConfirm } from './StillToConfirm';
import { changeSetPath, POLICY_HOME } from './policy-paths';
import {
  addEdit,
  approveChangeSet,
  askRevert,
  askWithdrawal,
  cancelRequest,
  confirmRequest,
  loadChangeSet,
  loadParameters,
  loadRulesets,
  publishChangeSet,
  removeEdit,
  replaceEdit,
  runCases,
  runImpact,
  stopChangeSet,
} from './policy-api';
import { describeEdit, longDate, longDateTime, problemsOf, todayIso } from './policy-text';
import { Notice, PolicyNotShown, TextAreaField, useProblems } from './policy-ui';
import { UpratingHelper } from './UpratingHelper';
import { ValueForm } from './ValueForm';
import { isScaleValue } from '../../../common/policy/model';

// The case form carries rjsf and ajv, and the impact view ApexCharts: each loads only when it is opened or shown.
const CaseForm = lazy(() => import('./CaseForm'));
const ImpactView = lazy(() => import('./ImpactView'));

/** `titles`: each ruleset's benefit by its folder (Child Benefit), so an edit of a rule or a case names it in words. */
type View = ScreenView<{ detail: ChangeSetDetail; parameters: ParameterSummary[]; titles: ReadonlyMap<string, string> }>;

/** The change set page, /policy/change-sets/:id: its edits, the forms that add them, its checks and its life. */
export function ChangeSetPage({ id }: { id: number }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [notice, setNotice] = useState<{ text: string | null; key: number }>({ text: null, key: 0 });
  // The case form fetches the household's schema: only once someone opens it.
  const [isCaseOpen, setIsCaseOpen] = useState(false);
  // The extra-help form fetches the items and facts: only once someone opens it.
  const [isExtraHelpOpen, setIsExtraHelpOpen] = useState(false);
  const fail = useCallback((error: unknown) => setView({ kind: failureViewFor(error) }), []);
  usePageTitle(view.kind === 'shown' ? `Change set: ${view.detail.title}` : 'Change set');

  useEffect(() => {
    Promise.all([loadChangeSet(id), loadParameters(), loadRulesets()]).then(
      ([detail, { parameters }, { rulesets }]) =>
        setView({ kind: 'shown', detail, parameters, titles: new Map(rulesets.map((ruleset) => [ruleset.folder, ruleset.title])) }),
      (error: unknown) => (isNotFound(error) ? setView({ kind: 'notFound' }) : fail(error)),
    );
  }, [id, fail]);

  if (view.kind !== 'shown') return <PolicyNotShown view={view} />;
  const { detail, parameters, titles } = view;
  const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
  const describe = (edit: PolicyEdit) => describeEdit(edit, byName, titles);
  const isDraft = detail.status === 'draft';

  /** Shows the change set as the API now holds it, and says what happened. */
  const updated = (next: ChangeSetDetail, text: string) => {
    setView({ kind: 'shown', detail: next, parameters, titles });
    setNotice((old) => ({ text, key: old.key + 1 }));
  };
  const save = async (edit: PolicyEdit) => updated(await addEdit(id, edit), `Added: ${describe(edit)}.`);

  return (
    <div className="policy policy-change-set">
      <Breadcrumb links={[{ text: 'Policy workbench', href: POLICY_HOME }]} current={`Change set ${detail.id}`} />
      <h1>{detail.title}</h1>
      <Notice text={notice.text} focusKey={notice.key} />
      <dl className="policy-facts">
        <dt>Status</dt>
        <dd data-testid="change-set-status">{CHANGE_SET_STATUS_TEXT[detail.status]}</dd>
        <dt>Author</dt>
        <dd>{detail.author.name}</dd>
        {detail.version > 0 && (
          <>
            <dt>Version</dt>
            <dd data-testid="change-set-version">{detail.version}</dd>
          </>
        )}
        {detail.contributors.length > 0 && (
          <>
            <dt>Edited by</dt>
            <dd>{detail.contributors.map((person) => person.name).join(', ')}</dd>
          </>
        )}
        {detail.approver && (
          <>
            <dt>Approved by</dt>
            <dd>{detail.approver.name}</dd>
          </>
        )}
        {detail.effectiveFrom && (
          <>
            <dt>Effective from</dt>
            <dd>{longDate(detail.effectiveFrom)}</dd>
          </>
        )}
        {detail.revertedFrom && (
          <>
            <dt>Stops applying from</dt>
            <dd>{longDate(detail.revertedFrom)}</dd>
          </>
        )}
        {detail.changesAgain.length > 0 && (
          <>
            <dt>Changes again what these set</dt>
            <dd data-testid="changes-again">
              <ChangeSetLinks links={detail.changesAgain} />
            </dd>
          </>
        )}
        {detail.changedAgainBy.length > 0 && (
          <>
            <dt>Changed again by</dt>
            <dd data-testid="changed-again-by">
              <ChangeSetLinks links={detail.changedAgainBy} />
            </dd>
          </>
        )}
        <dt>Reason</dt>
        <dd className="policy-reason">{detail.reason}</dd>
      </dl>

      <ChangeSetAlerts detail={detail} />
      <ProblemsList problems={detail.problems} />
      <StillToConfirm detail={detail} byName={byName} onUpdated={updated} onFailure={fail} />

      <Edits detail={detail} describe={describe} parameters={parameters} isDraft={isDraft} onUpdated={updated} onFailure={fail} />

      {isDraft && (
        <section aria-labelledby="add-title" className="policy-section">
          <h2 id="add-title">Add to this change set</h2>
          <details className="policy-disclosure" data-testid="add-value">
            <summary>A dated value of a parameter</summary>
            <ValueForm prefix="value-edit" parameters={parameters} submitText="Add the value" onSubmit={save} onFailure={fail} />
          </details>
          <details className="policy-disclosure" data-testid="add-uprating">
            <summary>Next year’s values by a percentage (uprating)</summary>
            <UpratingHelper
              parameters={parameters}
              onAdd={async (edits) => {
                let current = detail;
                try {
                  for (const edit of edits) current = await addEdit(id, edit);
                } catch (error) {
                  // The values added before the refused one stay added: show them, then the problem.
                  if (current !== detail) setView({ kind: 'shown', detail: current, parameters, titles });
                  throw error;
                }
                updated(
                  current,
                  `Added ${edits.length} ${edits.length === 1 ? 'value' : 'values'} without a source: add each value’s source by changing it.`,
                );
              }}
              onFailure={fail}
            />
          </details>
          <details className="policy-disclosure" data-testid="add-question">
            <summary>A question’s text, help or show/hide rule</summary>
            <QuestionForm onSubmit={save} onFailure={fail} />
          </details>
          <details
            className="policy-disclosure"
            data-testid="add-extra-help"
            onToggle={(event) => event.currentTarget.open && setIsExtraHelpOpen(true)}
          >
            <summary>An extra-help item</summary>
            {isExtraHelpOpen && <ExtraHelpForm onSubmit={save} onFailure={fail} parameters={parameters} />}
          </details>
          <details className="policy-disclosure" data-testid="add-band-d">
            <summary>A year’s Band D council tax, from the official table</summary>
            <BandDForm onSubmit={save} onFailure={fail} />
          </details>
          <details className="policy-disclosure" data-testid="add-lha-rates">
            <summary>An area’s Local Housing Allowance rates</summary>
            <LhaRatesForm onSubmit={save} onFailure={fail} />
          </details>
          <details className="policy-disclosure" data-testid="add-ctr-scheme">
            <summary>A council’s Council Tax Reduction scheme for a year</summary>
            <CouncilSchemeForm onSubmit={save} onFailure={fail} />
          </details>
          <details className="policy-disclosure" data-testid="add-lha-council-areas">
            <summary>The rent areas that cover a council</summary>
            <CouncilRentAreasForm onSubmit={save} onFailure={fail} />
          </details>
          <details className="policy-disclosure" data-testid="add-rates-held">
            <summary>The last date the rates held cover</summary>
            <RatesHeldForm onSubmit={save} onFailure={fail} />
          </details>
          <details
            className="policy-disclosure"
            data-testid="add-case"
            onToggle={(event) => event.currentTarget.open && setIsCaseOpen(true)}
          >
            <summary>Add a hand-worked case</summary>
            {isCaseOpen && (
              <Suspense fallback={<LoadingSpinner />}>
                <CaseForm onSubmit={save} onFailure={fail} />
              </Suspense>
            )}
          </details>
        </section>
      )}

      <Checks
        detail={detail}
        titles={titles}
        onUpdated={(next) => setView({ kind: 'shown', detail: next, parameters, titles })}
        onFailure={fail}
      />
      <Actions detail={detail} onUpdated={updated} onFailure={fail} />
      <AfterPublishing detail={detail} onUpdated={updated} onFailure={fail} />
      <Audit detail={detail} />
    </div>
  );
}

/** Other change sets, each a link by its title: those a published change set changes again, or is changed again by. */
function ChangeSetLinks({ links }: { links: ChangeSetDetail['changesAgain'] }) {
  return (
    <ul className="policy-plain-list">
      {links.map((link) => (
        <li key={link.id}>
          <a href={changeSetPath(link.id)}>{link.title}</a>
        </li>
      ))}
    </ul>
  );
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: number }).status === 404;
}

/**
 * What a member must know first: the change set failed when results were worked out with it (they are worked out
 * without it), it was stopped in an emergency, or an approval lapsed because it was changed after it.
 */
function ChangeSetAlerts({ detail }: { detail: ChangeSetDetail }) {
  const isLive =
    detail.status === 'published' || (detail.status === 'reverted' && detail.revertedFrom !== null && detail.revertedFrom > todayIso());
  return (
    <>
      {detail.failure && (
        <div className="policy-alert policy-alert--failing" role="region" aria-labelledby="failing-title" data-testid="change-set-failing">
          <h2 id="failing-title">Results failed with this change set</h2>
          <p>
            On {longDateTime(detail.failure.at)} working out a result with this change set failed, so results are worked out with the rules
            without it.{' '}
            {isLive && !detail.stopped
              ? 'Stop it below (it stops applying from today), then correct it in a new change set.'
              : 'It no longer applies from today.'}
          </p>
          <details className="policy-disclosure">
            <summary>What failed</summary>
            <p className="policy-name">{detail.failure.message}</p>
          </details>
        </div>
      )}
      {detail.stopped && (
        <div className="policy-alert" role="region" aria-labelledby="stopped-title" data-testid="change-set-stopped">
          <h2 id="stopped-title">Stopped in an emergency</h2>
          <p>
            {detail.stopped.by.name} stopped it on {longDateTime(detail.stopped.at)}, because: {detail.stopped.reason}
          </p>
        </div>
      )}
      {detail.lapsedApproval && (
        <div className="policy-alert" role="region" aria-labelledby="lapsed-title" data-testid="approval-lapsed">
          <h2 id="lapsed-title">The approval no longer stands</h2>
          <p>
            {detail.lapsedApproval.by.name} approved an earlier version on {longDateTime(detail.lapsedApproval.at)}. It was changed after
            that, so it needs approving again.
          </p>
        </div>
      )}
    </>
  );
}

/** What stops the change set being published, each linked to its edit. */
/**
 * The one rule for dates, said where a date is given: a value applies from its own date or the change set's, whichever
 * is later (rules-versions.ts applies a published change set from its date; within it, each value from its own).
 */
const EFFECTIVE_DATE_RULE =
  'Results for this date and after are worked out with the change set. Each value in it applies from its own date or this date, whichever is later.';

/** More values than this still needing a source are one line, pointing to the list of what is still to confirm. */
const SOURCES_LISTED_MAX = 3;

function ProblemsList({ problems }: { problems: EditProblem[] }) {
  if (problems.length === 0) return null;
  const sources = problems.filter((problem) => problem.edit !== null && problem.field === 'source');
  const shown = sources.length > SOURCES_LISTED_MAX ? problems.filter((problem) => !sources.includes(problem)) : problems;
  return (
    <div className="error-summary policy-problems" aria-labelledby="problems-title" data-testid="change-set-problems">
      <h2 className="error-summary__title" id="problems-title">
        Before this change set can be published
      </h2>
      <ul className="error-summary__list">
        {shown !== problems && (
          <li>
            <a href="#to-confirm">{sources.length} values still need their official source: see ‘Still to confirm’ below.</a>
          </li>
        )}
        {shown.map((problem, index) => (
          <li key={index}>
            {problem.edit === null ? (
              problem.message
            ) : (
              <a href={`#edit-${problem.edit}`}>
                Edit {problem.edit + 1}
                {problem.field ? ` (${problem.field})` : ''}: {problem.message}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface EditsProps {
  detail: ChangeSetDetail;
  describe: (edit: PolicyEdit) => string;
  parameters: ParameterSummary[];
  isDraft: boolean;
  onUpdated: (detail: ChangeSetDetail, text: string) => void;
  onFailure: (error: unknown) => void;
}

function Edits({ detail, describe, parameters, isDraft, onUpdated, onFailure }: EditsProps) {
  const [changing, setChanging] = useState<number | null>(null);
  const problemsAt = (index: number) => detail.problems.filter((problem) => problem.edit === index);
  return (
    <section aria-labelledby="edits-title" className="policy-section">
      <h2 id="edits-title">Edits</h2>
      {detail.edits.length === 0 ? (
        <p>No edits yet.</p>
      ) : (
        <ol className="policy-edits" data-testid="edits">
          {detail.edits.map((edit, index) => {
            const text = describe(edit);
            return (
              <li key={index} id={`edit-${index}`} tabIndex={-1} className="policy-edit" data-testid={`edit-${index}`}>
                <p className="policy-edit__text">{text}</p>
                {problemsAt(index).map((problem, at) =>
                  // A value with no source yet is still to confirm (a year's carried values), not an error.
                  problem.field === 'source' ? (
                    <p key={at} className="policy-to-confirm">
                      Still to confirm: it needs its official source.
                    </p>
                  ) : (
                    <p key={at} className="question__error">
                      <span className="visually-hidden">Problem: </span>
                      {problem.message}
                    </p>
                  ),
                )}
                {isDraft && changing !== index && (
                  <div className="button-row">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setChanging(index)}
                      aria-label={`Change edit ${index + 1}: ${text}`}
                    >
                      Change
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={`Remove edit ${index + 1}: ${text}`}
                      onClick={() => removeEdit(detail.id, index).then((next) => onUpdated(next, `Removed: ${text}.`), onFailure)}
                    >
                      Remove
                    </button>
                  </div>
                )}
                {isDraft && changing === index && (
                  <div className="policy-edit__form">
                    {edit.kind === 'parameter-value' && !isScaleValue(edit.value) ? (
                      <ValueForm
                        prefix={`edit-${index}-form`}
                        parameters={parameters}
                        initial={edit}
                        submitText="Save the change"
                        onSubmit={async (changed) => {
                          const next = await replaceEdit(detail.id, index, changed);
                          setChanging(null);
                          onUpdated(next, `Changed: ${describe(changed)}.`);
                        }}
                        onFailure={onFailure}
                        onCancel={() => setChanging(null)}
                      />
                    ) : (
                      <JsonEditForm
                        prefix={`edit-${index}-form`}
                        initial={edit}
                        onSubmit={async (changed) => {
                          const next = await replaceEdit(detail.id, index, changed);
                          setChanging(null);
                          onUpdated(next, `Changed: ${describe(changed)}.`);
                        }}
                        onFailure={onFailure}
                        onCancel={() => setChanging(null)}
                      />
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** Run the cases and the impact: each takes a moment, so the button says so while it works. */
function Checks({
  detail,
  titles,
  onUpdated,
  onFailure,
}: {
  detail: ChangeSetDetail;
  titles: ReadonlyMap<string, string>;
  onUpdated: (detail: ChangeSetDetail) => void;
  onFailure: (error: unknown) => void;
}) {
  const [isRunningCases, setIsRunningCases] = useState(false);
  const [isRunningImpact, setIsRunningImpact] = useState(false);
  const [date, setDate] = useState(() => detail.effectiveFrom ?? detail.lastImpact?.date ?? todayIso());
  const impactProblems = useProblems('impact', ['impact-date']);

  const casesRun = async () => {
    setIsRunningCases(true);
    try {
      await runCases(detail.id);
      // Read again: what approval needs has changed with the run.
      onUpdated(await loadChangeSet(detail.id));
    } catch (error) {
      onFailure(error);
    } finally {
      setIsRunningCases(false);
    }
  };
  const impactRun = async () => {
    const impactDate = isoDateOf(date);
    if (!impactDate)
      return impactProblems.show([{ targetId: 'impact-date', message: dateProblemOf(date, 'the date to work the impact out at') ?? '' }]);
    impactProblems.clear();
    setIsRunningImpact(true);
    try {
      onUpdated({ ...detail, lastImpact: await runImpact(detail.id, impactDate) });
    } catch (error) {
      if (!impactProblems.showFailure(error)) onFailure(error);
    } finally {
      setIsRunningImpact(false);
    }
  };

  return (
    <>
      <section aria-labelledby="cases-title" className="policy-section">
        <h2 id="cases-title">The checks: hand-worked cases and generated households</h2>
        <p>
          Run every hand-worked case of the rulesets, and this change set’s own, with the change set applied and with the published rules;
          then work out a sample of generated households with it. A change set is approved only after the checks are run on the version
          approved, with no case failing that passes with the published rules and no household failing.
        </p>
        <button type="button" className="button" disabled={isRunningCases} onClick={() => void casesRun()}>
          Run the checks
        </button>
        <p role="status" className="policy-progress">
          {isRunningCases ? 'Running the checks: this takes a few seconds…' : ''}
        </p>
        {detail.lastCasesRun && (
          <CasesRunView report={detail.lastCasesRun} titles={titles} currentVersion={detail.version} currentDigest={detail.digest} />
        )}
      </section>
      <section aria-labelledby="impact-title" className="policy-section">
        <h2 id="impact-title">Impact</h2>
        <p>
          Work out a sample of households, and the real calculations still held, with the published rules and with this change set, at a
          date.
        </p>
        <ErrorSummary errors={impactProblems.errors} focusKey={impactProblems.focusKey} headingLevel={3} titleId={impactProblems.titleId} />
        <form
          noValidate
          className="policy-form"
          onSubmit={(event) => {
            event.preventDefault();
            void impactRun();
          }}
        >
          <DateField
            id="impact-date"
            label="Date to work the impact out at"
            error={impactProblems.errorAt('impact-date')}
            value={date}
            onChange={setDate}
          />
          <button type="submit" className="button" disabled={isRunningImpact}>
            Run the impact
          </button>
        </form>
        <p role="status" className="policy-progress" data-testid="impact-progress">
          {isRunningImpact ? 'Working out the impact: this takes a few seconds…' : ''}
        </p>
        {detail.lastImpact && (
          <Suspense fallback={<LoadingSpinner />}>
            <ImpactView report={detail.lastImpact} />
          </Suspense>
        )}
      </section>
    </>
  );
}

/** What approval needs, each met or not, in plain English. */
function ApprovalNeeds({ detail }: { detail: ChangeSetDetail }) {
  if (detail.approvalChecks.length === 0) return null;
  return (
    <>
      <h3 id="approval-needs-title">What approval needs</h3>
      <ul className="policy-checks" aria-labelledby="approval-needs-title" data-testid="approval-needs">
        {detail.approvalChecks.map((check) => (
          <li key={check.name} className={check.met ? 'policy-checks__met' : 'policy-checks__unmet'}>
            <span className="visually-hidden">{check.met ? 'Done: ' : 'Not yet: '}</span>
            {check.text}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Approve (never for a member who started or changed it, and only once the checks pass), naming the version shown;
 * publish on a date, exactly what was approved.
 */
function Actions({
  detail,
  onUpdated,
  onFailure,
}: {
  detail: ChangeSetDetail;
  onUpdated: (detail: ChangeSetDetail, text: string) => void;
  onFailure: (error: unknown) => void;
}) {
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const problems = useProblems('change-set', ['change-set-actions', 'publish-effectiveFrom']);
  const run = useActionRunner(problems, onUpdated, onFailure);

  if (detail.status !== 'draft' && detail.status !== 'approved') return null;
  return (
    <section aria-labelledby="change-set-actions" className="policy-section">
      <h2 id="change-set-actions" tabIndex={-1}>
        Approve and publish
      </h2>
      <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
      {detail.status === 'draft' && (
        <>
          <p>
            A member of the policy staff who has not started or changed this change set approves it before it is published. Check its edits,
            the checks and the impact first.
          </p>
          <ApprovalNeeds detail={detail} />
          {detail.canApprove ? (
            <button
              type="button"
              className="button"
              data-testid="approve"
              onClick={() =>
                void run(() => approveChangeSet(detail.id, detail.digest), `Approved version ${detail.version}.`, 'change-set-actions')
              }
            >
              Approve version {detail.version} of this change set
            </button>
          ) : (
            detail.cannotApproveBecause && (
              <p className="policy-why" data-testid="cannot-approve">
                <strong>{detail.cannotApproveBecause}</strong>
              </p>
            )
          )}
        </>
      )}
      {detail.status === 'approved' && (
        <form
          noValidate
          className="policy-form"
          onSubmit={(event) => {
            event.preventDefault();
            const from = isoDateOf(effectiveFrom);
            if (!from)
              return problems.show([
                { targetId: 'publish-effectiveFrom', message: dateProblemOf(effectiveFrom, 'the date the change set takes effect') ?? '' },
              ]);
            void run(
              () => publishChangeSet(detail.id, from, detail.digest),
              `Published: it takes effect on ${longDate(from)}.`,
              'publish-effectiveFrom',
            );
          }}
        >
          <p>
            {detail.approver?.name ?? 'Another member'} approved version {detail.version}. Publishing publishes exactly that version.
          </p>
          <ApprovalNeeds detail={detail} />
          <DateField
            id="publish-effectiveFrom"
            label="Effective from"
            hint={EFFECTIVE_DATE_RULE}
            error={problems.errorAt('publish-effectiveFrom')}
            value={effectiveFrom}
            onChange={setEffectiveFrom}
          />
          <button type="submit" className="button" data-testid="publish">
            Publish
          </button>
        </form>
      )}
    </section>
  );
}

/** Runs an action, shows what it did, and shows a refusal's problems at the action's field or its heading. */
function useActionRunner(
  problems: ReturnType<typeof useProblems>,
  onUpdated: (detail: ChangeSetDetail, text: string) => void,
  onFailure: (error: unknown) => void,
) {
  return async (action: () => Promise<ChangeSetDetail>, text: string, field: string, heading = 'change-set-actions') => {
    problems.clear();
    try {
      onUpdated(await action(), text);
    } catch (error) {
      // Problems at a path go to the action's own field; others to the actions heading.
      const list = problemsOf(error);
      if (!list) return onFailure(error);
      problems.show(list.map((problem) => ({ targetId: problem.path ? field : heading, message: problem.message })));
    }
  };
}

/**
 * A published change set: withdrawing it before its date or reverting it from a date is asked for by one member with
 * a reason and confirmed by another; the emergency stop takes it out of force from today, by one member.
 */
function AfterPublishing({
  detail,
  onUpdated,
  onFailure,
}: {
  detail: ChangeSetDetail;
  onUpdated: (detail: ChangeSetDetail, text: string) => void;
  onFailure: (error: unknown) => void;
}) {
  const today = todayIso();
  const [reason, setReason] = useState('');
  const [revertFrom, setRevertFrom] = useState(today);
  const [stopReason, setStopReason] = useState('');
  const problems = useProblems('after-publishing', ['after-publishing-actions', 'request-reason', 'revert-from', 'stop-reason']);
  const run = useActionRunner(problems, onUpdated, onFailure);
  const isPublished = detail.status === 'published' && detail.effectiveFrom !== null;
  const isAhead = isPublished && detail.effectiveFrom! > today;
  const isInForce = isPublished && detail.effectiveFrom! <= today;
  const canStop = isPublished || (detail.status === 'reverted' && detail.revertedFrom !== null && detail.revertedFrom > today);
  const pending = detail.pendingRequest;
  if (!canStop && !pending && problems.errors.length === 0) return null;

  const needsReason = (field: string, text: string) => {
    if (text.trim()) return false;
    problems.show([{ targetId: field, message: 'Say why: it is recorded, and the member who confirms reads it.' }]);
    return true;
  };

  return (
    <section aria-labelledby="after-publishing-actions" className="policy-section">
      <h2 id="after-publishing-actions" tabIndex={-1}>
        Withdraw, revert or stop
      </h2>
      <ErrorSummary errors={problems.errors} focusKey={problems.focusKey} headingLevel={3} titleId={problems.titleId} />
      {pending && (
        <div className="policy-banner" data-testid="pending-request">
          <h3>Waiting for a second member</h3>
          <p>
            {pending.by.name} asked on {longDateTime(pending.at)} for it to be{' '}
            {pending.kind === 'withdraw' ? 'withdrawn before its date' : `reverted from ${longDate(pending.from!)}`}, because:{' '}
            {pending.reason}
          </p>
          {detail.canConfirmRequest ? (
            <button
              type="button"
              className="button"
              data-testid="confirm-request"
              onClick={() =>
                void run(
                  () => confirmRequest(detail.id, pending),
                  pending.kind === 'withdraw'
                    ? 'Withdrawn: it will not take effect.'
                    : `Reverted: it stops applying on ${longDate(pending.from!)}.`,
                  'after-publishing-actions',
                  'after-publishing-actions',
                )
              }
            >
              {pending.kind === 'withdraw' ? 'Confirm the withdrawal' : 'Confirm the revert'}
            </button>
          ) : (
            <p>
              <strong>You asked for this, so another member of the policy staff must confirm it.</strong>
            </p>
          )}{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              void run(() => cancelRequest(detail.id), 'The request was cancelled.', 'after-publishing-actions', 'after-publishing-actions')
            }
          >
            Cancel the request
          </button>
        </div>
      )}
      {!pending && (isAhead || isInForce) && (
        <form
          noValidate
          className="policy-form"
          data-testid="ask-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (needsReason('request-reason', reason)) return;
            const from = isoDateOf(revertFrom);
            if (!isAhead && !from)
              return problems.show([
                { targetId: 'revert-from', message: dateProblemOf(revertFrom, 'the date it stops applying from') ?? '' },
              ]);
            void (isAhead
              ? run(
                  () => askWithdrawal(detail.id, reason.trim()),
                  'You asked for it to be withdrawn: another member must confirm it.',
                  'request-reason',
                  'after-publishing-actions',
                )
              : run(
                  () => askRevert(detail.id, from!, reason.trim()),
                  `You asked for it to be reverted from ${longDate(from!)}: another member must confirm it.`,
                  'revert-from',
                  'after-publishing-actions',
                ));
          }}
        >
          <h3>{isAhead ? 'Withdraw it before it takes effect' : 'Revert it from a date'}</h3>
          <p>
            {isAhead
              ? 'It has not taken effect yet: withdrawn, it never applies.'
              : 'Results for the date given and after are worked out without it; results before keep it.'}{' '}
            You ask, and another member of the policy staff confirms.
          </p>
          {isInForce && (
            <DateField
              id="revert-from"
              label="Stop applying it from"
              hint="Today or later."
              error={problems.errorAt('revert-from')}
              value={revertFrom}
              onChange={setRevertFrom}
            />
          )}
          <TextAreaField
            id="request-reason"
            label="Why"
            hint="Recorded in the history; the member who confirms reads it."
            error={problems.errorAt('request-reason')}
            value={reason}
            onChange={setReason}
            rows={3}
          />
          <button type="submit" className="button button--secondary" data-testid={isAhead ? 'withdraw' : 'revert'}>
            {isAhead ? 'Ask for it to be withdrawn' : 'Ask for it to be reverted'}
          </button>
        </form>
      )}
      {canStop && (
        <form
          noValidate
          className="policy-form policy-stop"
          data-testid="stop-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (needsReason('stop-reason', stopReason)) return;
            void run(
              () => stopChangeSet(detail.id, stopReason.trim()),
              'Stopped: it no longer applies from today.',
              'stop-reason',
              'after-publishing-actions',
            );
          }}
        >
          <h3>Emergency stop</h3>
          <p>
            When results are wrong now, or fail, stop it yourself: it stops applying from today ({longDate(today)}), with no second member.
            The stop and your reason are recorded.
          </p>
          <TextAreaField
            id="stop-reason"
            label="Why it must stop now"
            error={problems.errorAt('stop-reason')}
            value={stopReason}
            onChange={setStopReason}
            rows={3}
          />
          <button type="submit" className="button button--warning" data-testid="stop">
            Stop it now
          </button>
        </form>
      )}
    </section>
  );
}

function Audit({ detail }: { detail: ChangeSetDetail }) {
  const entries = useMemo(() => [...detail.audit].reverse(), [detail.audit]);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="audit-title" className="policy-section">
      <h2 id="audit-title">History</h2>
      <div className="adviser-table__scroll">
        <table className="adviser-table policy-table">
          <caption>What has happened to this change set, latest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={index}>
                <td>{longDateTime(entry.at)}</td>
                <td>{entry.actor.name}</td>
                <td>{entry.action}</td>
                <td>{entry.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
