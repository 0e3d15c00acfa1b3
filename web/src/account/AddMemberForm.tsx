import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, ROLE_NAMES, type AddableRole } from '../../../common/accounts/model';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { addMember, problemsOf } from './account-api';
import { TextField } from '../shared/TextField';

const FIELDS = { displayName: 'member-name', email: 'member-email', password: 'member-password', role: 'member-role-adviser' } as const;

function problemsWith(form: { displayName: string; email: string; password: string }): SummaryError[] {
  const problems: SummaryError[] = [];
  if (!form.displayName.trim()) problems.push({ targetId: FIELDS.displayName, message: ACCOUNT_MESSAGES.displayNameRequired });
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim()))
    problems.push({ targetId: FIELDS.email, message: ACCOUNT_MESSAGES.emailInvalid });
  if (form.password.length < ACCOUNT_LIMITS.passwordMinLength)
    problems.push({ targetId: FIELDS.password, message: ACCOUNT_MESSAGES.passwordTooShort });
  return problems;
}

/** An organisation admin adds an adviser (or another admin), choosing the first password to tell them. */
export function AddMemberForm() {
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AddableRole>('adviser');
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [added, setAdded] = useState<string | null>(null);
  const inFlight = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const found = problemsWith({ displayName, email, password });
    setAttempt((count) => count + 1);
    setProblems(found);
    setAdded(null);
    if (found.length > 0) return;
    inFlight.current = true;
    try {
      const member = await addMember({ displayName: displayName.trim(), email: email.trim(), password, role });
      setAdded(`${ACCOUNT_MESSAGES.userAdded} ${member.displayName} can now sign in with ${member.email}.`);
      setDisplayName('');
      setEmail('');
      setPassword('');
      setRole('adviser');
    } catch (error) {
      setProblems(problemsOf(error, FIELDS, FIELDS.displayName));
      setAttempt((count) => count + 1);
    } finally {
      inFlight.current = false;
    }
  }

  const errorOf = (fieldId: string) => problems.find((problem) => problem.targetId === fieldId)?.message;
  return (
    <form className="survey-card account-form" onSubmit={submit} noValidate aria-label="Add an adviser">
      <ErrorSummary errors={problems} focusKey={problems.length > 0 ? attempt : 0} />
      <p role="status" className="account-form__done">
        {added}
      </p>
      <TextField
        id={FIELDS.displayName}
        label="Name"
        hint="As it is shown in the adviser area."
        error={errorOf(FIELDS.displayName)}
        value={displayName}
        onChange={setDisplayName}
        autoComplete="off"
      />
      <TextField
        id={FIELDS.email}
        label="E-mail address"
        hint="They sign in with it."
        error={errorOf(FIELDS.email)}
        value={email}
        onChange={setEmail}
        type="email"
        autoComplete="off"
      />
      <TextField
        id={FIELDS.password}
        label="First password"
        hint={`At least ${ACCOUNT_LIMITS.passwordMinLength} characters. Tell it to them in person or by phone, not by e-mail.`}
        error={errorOf(FIELDS.password)}
        value={password}
        onChange={setPassword}
        type="password"
        autoComplete="new-password"
      />
      <fieldset className="question question__fieldset">
        <legend className="question__label">Role</legend>
        {errorOf(FIELDS.role) && (
          <p className="question__error">
            <span className="visually-hidden">Error: </span>
            {errorOf(FIELDS.role)}
          </p>
        )}
        {(['adviser', 'organisation-admin'] as const).map((value) => (
          <div className="radios__item" key={value}>
            <input
              id={`member-role-${value}`}
              className="radios__input"
              type="radio"
              name="role"
              value={value}
              checked={role === value}
              onChange={() => setRole(value)}
            />
            <label className="radios__label" htmlFor={`member-role-${value}`}>
              {ROLE_NAMES[value]}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button">
          Add account
        </button>
      </div>
    </form>
  );
}
