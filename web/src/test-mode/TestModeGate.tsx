import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { verifyTestModePassword, type TestModeState } from './test-mode-store';

/**
 * The 'Test Mode Verification' password gate (spec 001 §6). It stays in place through the states, so a screen
 * reader hears the outcome where the form was: the error beside the field, or the confirmation, which takes focus
 * once the form has gone.
 */
export function TestModeGate({ state }: { state: TestModeState }) {
  const headingId = useId();
  const passwordId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const verified = useRef<HTMLParagraphElement>(null);
  const isVerified = state.status === 'success';

  useEffect(() => {
    if (isVerified) verified.current?.focus();
  }, [isVerified]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void verifyTestModePassword(password);
  }

  const hasError = state.status === 'error' && state.message !== null;
  return (
    <section className="test-mode-gate" aria-labelledby={headingId}>
      <h2 id={headingId}>Test Mode Verification</h2>
      {isVerified ? (
        <p ref={verified} className="test-mode-gate__verified" tabIndex={-1}>
          Test mode verified. Testing details are shown on this device for 30 days.
        </p>
      ) : (
        <form className="test-mode-gate__form" onSubmit={submit} noValidate>
          <p>Enter the test mode password to see the testing details.</p>
          <div className={`test-mode-field${hasError ? ' test-mode-field--error' : ''}`}>
            <label className="test-mode-field__label" htmlFor={passwordId}>
              Password
            </label>
            {hasError && (
              <p id={errorId} className="test-mode-field__error" role="alert">
                <span className="visually-hidden">Error: </span>
                {state.message}
              </p>
            )}
            <input
              id={passwordId}
              className="test-mode-field__input"
              type="password"
              name="testModePassword"
              autoComplete="current-password"
              value={password}
              aria-invalid={hasError || undefined}
              aria-describedby={hasError ? errorId : undefined}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <button type="submit" className="button" aria-disabled={state.status === 'pending' || undefined}>
            Verify
          </button>
          <p className="test-mode-gate__progress" role="status">
            {state.status === 'pending' ? 'Checking the password…' : ''}
          </p>
        </form>
      )}
    </section>
  );
}
