import { useRef, useState, type FormEvent } from 'react';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { TextField } from '../shared/TextField';
import { CALCULATION_NOT_FOUND, findCalculation, POSTCODE_REQUIRED, REFERENCE_REQUIRED } from './lookup';
import type { Navigate } from './navigation';

export const REFERENCE_FIELD_ID = 'lookup-reference';
export const POSTCODE_FIELD_ID = 'lookup-postcode';

type Outcome = 'idle' | 'searching' | 'notFound' | 'found';

function problemsWith(reference: string, postcode: string): SummaryError[] {
  const problems: SummaryError[] = [];
  if (!reference.trim()) problems.push({ targetId: REFERENCE_FIELD_ID, message: REFERENCE_REQUIRED });
  if (!postcode.trim()) problems.push({ targetId: POSTCODE_FIELD_ID, message: POSTCODE_REQUIRED });
  return problems;
}

/**
 * The landing page's return card: a saved calculation is found by its reference and the postcode used in it.
 *
 * When the look-up call itself fails (the server is down, or a 429 because of too many attempts), the simplest
 * course would be to swallow the failure. This shows the not-found message rather than nothing: a button that
 * silently does nothing leaves the visitor, and especially a screen-reader user, with no idea what happened, while the message
 * at least tells them to check what they typed and try again. It also tells nobody more than not-found does.
 */
export function ReturnToCalculation({ search, navigate }: { search: string; navigate: Navigate }) {
  const [reference, setReference] = useState('');
  const [postcode, setPostcode] = useState('');
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const [attempt, setAttempt] = useState(0);
  const searching = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (searching.current) return;
    const found = problemsWith(reference, postcode);
    setProblems(found);
    setAttempt((count) => count + 1);
    if (found.length > 0) {
      setOutcome('idle');
      return;
    }
    searching.current = true;
    setOutcome('searching');
    const address = await findCalculation(reference.trim(), postcode.trim(), search);
    if (address) {
      // Stays "searching" while the next page loads, so a second press does nothing.
      setOutcome('found');
      navigate(address);
    } else {
      searching.current = false;
      setOutcome('notFound');
    }
  }

  const errorOf = (fieldId: string) => problems.find((problem) => problem.targetId === fieldId)?.message;
  const referenceError = errorOf(REFERENCE_FIELD_ID);
  const postcodeError = errorOf(POSTCODE_FIELD_ID);

  return (
    <form className="landing-lookup" onSubmit={submit} noValidate>
      {/* After each failed submit (not on every keystroke) the summary takes focus, so it is read out first. */}
      <ErrorSummary errors={problems} focusKey={problems.length > 0 ? attempt : 0} headingLevel={3} />
      <TextField
        look="landing"
        id={REFERENCE_FIELD_ID}
        label="Calculation reference"
        error={referenceError}
        value={reference}
        onChange={setReference}
        className="landing-field__input--reference"
        name="token"
        autoComplete="off"
        autoCapitalize="characters"
      />
      <TextField
        look="landing"
        id={POSTCODE_FIELD_ID}
        label="Postcode"
        error={postcodeError}
        value={postcode}
        onChange={setPostcode}
        className="landing-field__input--postcode"
        name="postcode"
        autoComplete="postal-code"
        autoCapitalize="characters"
      />
      <div role="alert" className="landing-lookup__alert">
        {outcome === 'notFound' && <p className="landing-field__not-found">{CALCULATION_NOT_FOUND}</p>}
      </div>
      <button type="submit" className="button" aria-disabled={outcome === 'searching' || outcome === 'found' || undefined}>
        Find Calculation
      </button>
      <p role="status" className="landing-lookup__status">
        {outcome === 'searching' || outcome === 'found' ? 'Finding your calculation…' : ''}
      </p>
    </form>
  );
}
