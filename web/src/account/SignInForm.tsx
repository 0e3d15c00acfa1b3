import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, type AccountStatus } from '../../../common/accounts/model';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { TextField } from '../shared/TextField';
import { problemsOf, signIn } from './account-api';

export const EMAIL_FIELD_ID = 'sign-in-email';
export const PASSWORD_FIELD_ID = 'sign-in-password';

function problemsWith(email: string, password: string): SummaryError[] {
  const problems: SummaryError[] = [];
  if (!email.trim()) problems.push({ targetId: EMAIL_FIELD_ID, message: ACCOUNT_MESSAGES.emailRequired });
  if (!password) problems.push({ targetId: PASSWORD_FIELD_ID, message: ACCOUNT_MESSAGES.passwordRequired });
  return problems;
}

/**
 * Sign-in for advisers, organisation admins and policy staff: e-mail address and password. A refusal never says
 * which of the two was wrong; a locked account is told how long to wait.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: (status: AccountStatus) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const found = problemsWith(email, password);
    setAttempt((count) => count + 1);
    setProblems(found);
    if (found.length > 0) return;
    inFlight.current = true;
    setSending(true);
    try {
      onSignedIn(await signIn(email.trim(), password));
    } catch (error) {
      setPassword('');
      setProblems(problemsOf(error, { email: EMAIL_FIELD_ID, password: PASSWORD_FIELD_ID }, EMAIL_FIELD_ID));
      setAttempt((count) => count + 1);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  const errorOf = (fieldId: string) => problems.find((problem) => problem.targetId === fieldId)?.message;
  const emailError = errorOf(EMAIL_FIELD_ID);
  const passwordError = errorOf(PASSWORD_FIELD_ID);

  return (
    <form className="survey-card account-form" onSubmit={submit} noValidate aria-label="Sign in">
      <ErrorSummary errors={problems} focusKey={problems.length > 0 ? attempt : 0} />
      <TextField
        id={EMAIL_FIELD_ID}
        label="E-mail address"
        error={emailError}
        value={email}
        onChange={setEmail}
        type="email"
        name="email"
        autoComplete="username"
      />
      <TextField
        id={PASSWORD_FIELD_ID}
        label="Password"
        error={passwordError}
        value={password}
        onChange={setPassword}
        type="password"
        name="password"
        autoComplete="current-password"
      />
      <div className="button-row">
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          Sign in
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {sending ? 'Signing in…' : ''}
      </p>
    </form>
  );
}
