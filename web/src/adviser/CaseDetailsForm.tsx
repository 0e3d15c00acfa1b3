import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ADVISER_LIMITS, ADVISER_MESSAGES } from '../../../common/adviser/model';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { isNoAccess, updateCalculationDetails } from './adviser-api';

/** Updating a calculation's details: a label of 1 to 20 characters, notes of at most 2000. */
export function detailsProblems(caseLabel: string, caseNotes: string, ids: { label: string; notes: string }): SummaryError[] {
  const problems: SummaryError[] = [];
  if (!caseLabel.trim()) problems.push({ targetId: ids.label, message: ADVISER_MESSAGES.caseLabelRequired });
  else if (caseLabel.length > ADVISER_LIMITS.caseLabelMaxLength)
    problems.push({ targetId: ids.label, message: ADVISER_MESSAGES.caseLabelTooLong });
  if (caseNotes.length > ADVISER_LIMITS.caseNotesMaxLength)
    problems.push({ targetId: ids.notes, message: ADVISER_MESSAGES.caseNotesTooLong });
  return problems;
}

interface Props {
  session: string;
  caseLabel: string;
  caseNotes: string;
  onNoAccess(): void;
}

/**
 * The case label and notes of a calculation. A save that the server turns down, or that fails
 * other than for access, says 'There was a problem updating this calculation.' and keeps what was typed.
 */
export function CaseDetailsForm({ session, caseLabel: savedLabel, caseNotes: savedNotes, onNoAccess }: Props) {
  const id = useId();
  const ids = { label: `${id}-label`, notes: `${id}-notes` };
  const [caseLabel, setCaseLabel] = useState(savedLabel);
  const [caseNotes, setCaseNotes] = useState(savedNotes);
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [outcome, setOutcome] = useState<'none' | 'saved' | 'failed'>('none');
  const [isSaving, setIsSaving] = useState(false);

  const problemFor = (targetId: string) => problems.find((problem) => problem.targetId === targetId)?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const found = detailsProblems(caseLabel, caseNotes, ids);
    setProblems(found);
    setOutcome('none');
    if (found.length > 0) {
      setFocusKey((key) => key + 1);
      return;
    }
    setIsSaving(true);
    updateCalculationDetails(session, caseLabel.trim(), caseNotes)
      .then(
        (response) => setOutcome(response.isValid ? 'saved' : 'failed'),
        (error: unknown) => (isNoAccess(error) ? onNoAccess() : setOutcome('failed')),
      )
      .finally(() => setIsSaving(false));
  };

  const field = (targetId: string, label: string, hint: string, control: (describedBy: string, isInvalid: boolean) => ReactNode) => {
    const problem = problemFor(targetId);
    return (
      <div className={`question${problem ? ' question--invalid' : ''}`}>
        <label className="question__label" htmlFor={targetId}>
          {label}
        </label>
        <p className="question__hint" id={`${targetId}-hint`}>
          {hint}
        </p>
        {problem && (
          <p className="question__error" id={`${targetId}-error`}>
            <span className="visually-hidden">Error: </span>
            {problem}
          </p>
        )}
        {control(problem ? `${targetId}-hint ${targetId}-error` : `${targetId}-hint`, Boolean(problem))}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={submit} className="adviser-form case-details">
      <ErrorSummary errors={problems} focusKey={focusKey} headingLevel={3} />
      {field(ids.label, 'Case label', `Up to ${ADVISER_LIMITS.caseLabelMaxLength} characters.`, (describedBy, isInvalid) => (
        <input
          id={ids.label}
          className="input"
          type="text"
          autoComplete="off"
          value={caseLabel}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => setCaseLabel(event.target.value)}
        />
      ))}
      {field(ids.notes, 'Case notes', `Up to ${ADVISER_LIMITS.caseNotesMaxLength} characters.`, (describedBy, isInvalid) => (
        <textarea
          id={ids.notes}
          className="input case-details__notes"
          rows={5}
          value={caseNotes}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => setCaseNotes(event.target.value)}
        />
      ))}
      <p className="alert alert--success" role="status">
        {outcome === 'saved' ? ADVISER_MESSAGES.detailsUpdated : ''}
      </p>
      <p className="alert alert--danger" role="alert">
        {outcome === 'failed' ? ADVISER_MESSAGES.detailsNotUpdated : ''}
      </p>
      <button type="submit" className="button" aria-disabled={isSaving || undefined}>
        Save details
      </button>
    </form>
  );
}
