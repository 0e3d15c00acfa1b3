import { useEffect, useRef, useState, type FormEvent } from 'react';
import { recordSessionOwner } from '../session/session-owner';
import { usePageTitle } from '../shared/page-title';
import { TextField } from '../shared/TextField';
import { verifySession } from './survey-api';

export const IDENTITY_CHECK_TITLE = 'Check who you are';
export const VERIFICATION_MESSAGES = {
  required: 'Please type in the postcode.',
  incorrect: 'Incorrect postcode. Please check the correct postcode and try again.',
  failed: 'Unable to verify session. Please try again.',
} as const;
/** After each try the next must wait 5 seconds. */
export const VERIFICATION_LOCKOUT_SECONDS = 5;
const MINIMUM_POSTCODE_LENGTH = 3;

/**
 * The identity check: the calculation belongs to another browser,
 * so its postcode must be given before it opens here.
 */
export function IdentityCheck({ session, onVerified }: { session: string; onVerified(): void }) {
  usePageTitle(IDENTITY_CHECK_TITLE);
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || wait > 0) return;
    if (postcode.trim().length < MINIMUM_POSTCODE_LENGTH) {
      setError(VERIFICATION_MESSAGES.required);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    let message: string;
    try {
      const result = await verifySession(session, postcode.trim());
      if (result?.valid === true) {
        recordSessionOwner(session);
        onVerified();
        return;
      }
      message = VERIFICATION_MESSAGES.incorrect;
    } catch {
      message = VERIFICATION_MESSAGES.failed;
    } finally {
      setBusy(false);
    }
    setError(message);
    setWait(VERIFICATION_LOCKOUT_SECONDS);
    input.current?.focus();
  }

  const locked = busy || wait > 0;
  return (
    <div className="identity-check">
      <h1>{IDENTITY_CHECK_TITLE}</h1>
      <p>To keep this calculation private, please type in the postcode used in the calculation.</p>
      <p>
        We ask for it because this calculation was started on a different computer or browser, or you opened a link that someone shared with
        you.
      </p>
      <form className="identity-check__form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="verify-postcode"
          label="Postcode used in the calculation"
          error={error}
          value={postcode}
          onChange={setPostcode}
          fieldClassName="question--label"
          className="input--postcode"
          autoComplete="postal-code"
          announceError
          inputRef={input}
        />
        <button type="submit" className="button" aria-disabled={locked || undefined} disabled={busy}>
          Continue
        </button>
        {wait > 0 && (
          <p className="identity-check__wait" aria-live="polite">
            Try again in {wait} seconds...
          </p>
        )}
      </form>
      <details className="identity-check__why">
        <summary>Why am I seeing this?</summary>
        <p>
          Your answers are private. A calculation opens without this check only on the computer and browser it was started on. Anywhere
          else, the postcode used in it shows that it is yours.
        </p>
      </details>
      <p>
        <a href="/">Start a new calculation</a>
      </p>
    </div>
  );
}
