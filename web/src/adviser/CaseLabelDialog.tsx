import { useId, useState, type FormEvent } from 'react';
import { ADVISER_LIMITS, ADVISER_MESSAGES } from '../../../common/adviser/model';
import { ErrorSummary } from '../shared/ErrorSummary';
import { ModalDialog } from '../shared/ModalDialog';
import { TextField } from '../shared/TextField';

/** A new or duplicated calculation needs a label of at most 20 characters. */
export function caseLabelProblem(label: string): string | null {
  if (!label.trim()) return ADVISER_MESSAGES.caseLabelRequiredToStart;
  if (label.length > ADVISER_LIMITS.caseLabelMaxLength) return ADVISER_MESSAGES.caseLabelTooLong;
  return null;
}

export const ACTION_NOT_DONE = 'This could not be done. Please try again.';

interface Props {
  title: string;
  intro: string;
  submitText: string;
  /** Resolves true when the server did it (the screen then moves on), false when it answered isValid false. */
  onSubmit(caseLabel: string): Promise<boolean>;
  onClose(): void;
}

/** The 'Start new calculation' and 'Duplicate calculation' dialogs: a case label, checked before it is sent. */
export function CaseLabelDialog({ title, intro, submitText, onSubmit, onClose }: Props) {
  const inputId = useId();
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [isSending, setIsSending] = useState(false);
  const [notDone, setNotDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const found = caseLabelProblem(label);
    setProblem(found);
    setNotDone(false);
    if (found) {
      setFocusKey((key) => key + 1);
      return;
    }
    setIsSending(true);
    void onSubmit(label.trim()).then((isDone) => {
      if (isDone) return;
      setIsSending(false);
      setNotDone(true);
    });
  };

  return (
    <ModalDialog title={title} onClose={onClose}>
      <form noValidate onSubmit={submit} className="adviser-form">
        <ErrorSummary errors={problem ? [{ targetId: inputId, message: problem }] : []} focusKey={focusKey} headingLevel={3} />
        <p>{intro}</p>
        <TextField
          id={inputId}
          label="Case label"
          hint={`Up to ${ADVISER_LIMITS.caseLabelMaxLength} characters, to tell this calculation apart from the client's others.`}
          error={problem ?? undefined}
          value={label}
          onChange={setLabel}
          autoComplete="off"
        />
        <p className="alert alert--danger" role="alert">
          {notDone ? ACTION_NOT_DONE : ''}
        </p>
        <div className="button-row">
          <button type="submit" className="button" aria-disabled={isSending || undefined}>
            {submitText}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
