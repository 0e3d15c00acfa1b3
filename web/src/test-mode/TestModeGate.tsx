import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ErrorSummary } from '../shared/ErrorSummary';
import { isBlankPassword, PASSWORD_REQUIRED, verifyTestModePassword, type TestModeState } from './test-mode-store';

/**
 * The 'Test Mode Verification' password gate, shown only when testing mode is on. A blank password
 * (spaces only, too) is not sent: the error summary says so and links to the field. The gate stays in
 * place through the states, so a screen reader hears the outcome where the form was: the error beside the field,
 * or the confirmation, which takes focus once the form has gone.
 */
export function TestModeGate({ state }: { state: TestModeState }) {
  const headingId = useId();
  const passwordId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  // Counts the submits found blank: each one moves focus to the error summary again.
  const [blankSubmits, setBlankSubmits] = useState(0);
  const [isBlank, setIsBlank] = useState(false);
  const verified = useRef<HTMLParagraphElement>(null);
  const isVerified = state.status === 'success';

  useEffect(() => {
    if (isVerified) verified.current?.focus();
  }, [isVerified]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBlankPassword(password)) {
      setIsBlank(true);
      setBlankSubmits((count) => count + 1);
      return;
    }
    setIsBlank(false);
    void verifyTestModePassword(password);
  }

  const message = isBlank ? PASSWORD_REQUIRED : state.status === 'error' ? state.message : null;
  const hasError = message !== null;
  return (
    <section className="test-mode-gate" aria-labelledby={headingId}>
      <h2 id={headingId}>Test Mode Verification</h2>
      {isVerified ? (
        <p ref={verified} className="test-mode-gate__verified" tabIndex={-1}>
          Test mode verified. Testing details are shown on this device for 30 days.
        </p>
      ) : (
        <form className="test-mode-gate__form" onSubmit={submit} noValidate>
          <ErrorSummary
            errors={isBlank ? [{ targetId: passwordId, message: PASSWORD_REQUIRED }] : []}
            focusKey={blankSubmits}
            headingLevel={3}
          />
          <p>Enter the test mode password to see the testing details.</p>
          <div className={`test-mode-field${hasError ? ' test-mode-field--error' : ''}`}>
            <label className="test-mode-field__label" htmlFor={passwordId}>
              Password
            </label>
            {hasError && (
              <p id={errorId} className="test-mode-field__error" role={isBlank ? undefined : 'alert'}>
                <span className="visually-hidden">Error: </span>
                {message}
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
