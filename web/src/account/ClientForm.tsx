import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, isoDateOf, type AccountClient, type AccountUser, type OrganisationMember } from '../../../common/accounts/model';
import { startCalculation } from '../adviser/adviser-api';
import { navigateByPageLoad, type Navigate } from '../landing/navigation';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { accountClient, organisationMembers, problemsOf, saveClient, type ClientForm as ClientFields } from './account-api';
import { TextField } from '../shared/TextField';

const FIELDS = {
  firstName: 'client-first-name',
  lastName: 'client-last-name',
  dateOfBirth: 'client-date-of-birth',
  clientNumber: 'client-number',
  adviserUserId: 'client-adviser',
} as const;
const EMPTY: ClientFields = { firstName: '', lastName: '', dateOfBirth: '', clientNumber: '', adviserUserId: '' };

function problemsWith(form: ClientFields, choosesAdviser: boolean): SummaryError[] {
  const problems: SummaryError[] = [];
  if (!form.firstName.trim()) problems.push({ targetId: FIELDS.firstName, message: ACCOUNT_MESSAGES.firstNameRequired });
  if (!form.lastName.trim()) problems.push({ targetId: FIELDS.lastName, message: ACCOUNT_MESSAGES.lastNameRequired });
  if (!isoDateOf(form.dateOfBirth)) problems.push({ targetId: FIELDS.dateOfBirth, message: ACCOUNT_MESSAGES.dateOfBirthInvalid });
  if (choosesAdviser && !form.adviserUserId) problems.push({ targetId: FIELDS.adviserUserId, message: ACCOUNT_MESSAGES.adviserInvalid });
  return problems;
}

function fieldsOf(client: AccountClient): ClientFields {
  return {
    firstName: client.firstName,
    lastName: client.lastName,
    dateOfBirth: client.dateOfBirth,
    clientNumber: client.clientNumber,
    adviserUserId: client.adviserUserId,
  };
}

export const FIRST_CASE_LABEL = 'First calculation';

/** After adding a client: start their first calculation at once, on page 1 of the questionnaire (as the Adviser Area does). */
function StartCalculationFor({ client, navigate }: { client: AccountClient; navigate: Navigate }) {
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  async function start() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      // The Adviser Area asks for a case label; the first calculation of a new client needs no choosing.
      const { session } = await startCalculation(client.clientGuid, FIRST_CASE_LABEL);
      navigate(`/survey/1/${encodeURIComponent(session ?? '')}`);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="button" onClick={() => void start()} disabled={busy}>
        Start a calculation for this client
      </button>
      {failed && <p className="question__error">Sorry, the calculation could not be started. Please try again.</p>}
    </>
  );
}

/**
 * 'Add New Client' (clientGuid null) and 'Edit Client'. An organisation admin chooses the client's adviser; a client an
 * adviser adds is their own, and only the admin can give a client to another adviser.
 */
export function ClientForm({
  clientGuid,
  user,
  onNotFound,
  navigate = navigateByPageLoad,
}: {
  clientGuid: string | null;
  user: AccountUser;
  onNotFound: () => void;
  navigate?: Navigate;
}) {
  const choosesAdviser = user.role === 'organisation-admin';
  const [form, setForm] = useState<ClientFields | null>(clientGuid ? null : { ...EMPTY, adviserUserId: choosesAdviser ? '' : user.userId });
  const [owner, setOwner] = useState<string | null>(null);
  const [advisers, setAdvisers] = useState<OrganisationMember[] | null>(choosesAdviser ? null : []);
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState<AccountClient | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const inFlight = useRef(false);

  useEffect(() => {
    let current = true;
    // Only an admin chooses (and may list) the organisation's advisers.
    if (choosesAdviser)
      organisationMembers()
        .then((answer) => current && setAdvisers(answer.members.filter((member) => member.role !== 'policy-staff')))
        .catch(() => current && setLoadFailed(true));
    if (clientGuid) {
      accountClient(clientGuid)
        .then((answer) => {
          if (!current) return;
          setForm(fieldsOf(answer.client));
          setOwner(answer.client.adviserName);
        })
        .catch(() => current && onNotFound());
    }
    return () => {
      current = false;
    };
  }, [clientGuid, onNotFound, choosesAdviser]);

  if (loadFailed) return <p role="alert">Sorry, the advisers of your organisation could not be loaded. Please reload the page.</p>;
  if (!form || !advisers) return <LoadingSpinner />;

  const set = (field: keyof ClientFields) => (value: string) => setForm({ ...form, [field]: value });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !form) return;
    const found = problemsWith(form, choosesAdviser);
    setAttempt((count) => count + 1);
    setProblems(found);
    setSaved(null);
    if (found.length > 0) return;
    inFlight.current = true;
    try {
      const answer = await saveClient(clientGuid, {
        ...form,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        dateOfBirth: form.dateOfBirth.trim(),
        clientNumber: form.clientNumber.trim(),
      });
      setSaved(answer.client);
      setForm(clientGuid ? fieldsOf(answer.client) : { ...EMPTY, adviserUserId: choosesAdviser ? '' : user.userId });
    } catch (error) {
      setProblems(problemsOf(error, FIELDS, FIELDS.firstName));
      setAttempt((count) => count + 1);
    } finally {
      inFlight.current = false;
    }
  }

  const errorOf = (fieldId: string) => problems.find((problem) => problem.targetId === fieldId)?.message;
  const adviserError = errorOf(FIELDS.adviserUserId);
  return (
    <form className="survey-card account-form" onSubmit={submit} noValidate aria-label={clientGuid ? 'Edit Client' : 'Add New Client'}>
      <ErrorSummary errors={problems} focusKey={problems.length > 0 ? attempt : 0} />
      <div role="status" className="account-form__done">
        {saved && (
          <p>
            {clientGuid ? ACCOUNT_MESSAGES.clientUpdated : ACCOUNT_MESSAGES.clientAdded}{' '}
            {!clientGuid && (
              <a href={`/account/clients/${encodeURIComponent(saved.clientGuid)}`}>
                Edit {saved.firstName} {saved.lastName}
              </a>
            )}
          </p>
        )}
      </div>
      {saved && !clientGuid && saved.adviserUserId === user.userId && (
        <div className="button-row account-form__start">
          <StartCalculationFor client={saved} navigate={navigate} />
        </div>
      )}
      <TextField
        id={FIELDS.firstName}
        label="First name"
        error={errorOf(FIELDS.firstName)}
        value={form.firstName}
        onChange={set('firstName')}
        autoComplete="off"
      />
      <TextField
        id={FIELDS.lastName}
        label="Last name"
        error={errorOf(FIELDS.lastName)}
        value={form.lastName}
        onChange={set('lastName')}
        autoComplete="off"
      />
      <TextField
        id={FIELDS.dateOfBirth}
        label="Date of birth"
        hint="DD/MM/YYYY, for example 14/03/1987"
        error={errorOf(FIELDS.dateOfBirth)}
        value={form.dateOfBirth}
        onChange={set('dateOfBirth')}
        autoComplete="off"
        inputMode="numeric"
        className="input--date"
      />
      <TextField
        id={FIELDS.clientNumber}
        label="Client number (optional)"
        hint="Your organisation’s own number or reference for the client."
        error={errorOf(FIELDS.clientNumber)}
        value={form.clientNumber}
        onChange={set('clientNumber')}
        autoComplete="off"
      />
      {!choosesAdviser && (
        <p className="question__hint account-form__adviser-note" id={FIELDS.adviserUserId}>
          {clientGuid
            ? `Adviser: ${owner ?? ''}. Your organisation admin can give the client to another adviser.`
            : 'The client will be one of your clients, under ‘Only my clients’ in the Adviser Area.'}
        </p>
      )}
      {choosesAdviser && (
        <div className={`question${adviserError ? ' question--invalid' : ''}`}>
          <label className="question__label" htmlFor={FIELDS.adviserUserId}>
            Adviser
          </label>
          <p id={`${FIELDS.adviserUserId}-hint`} className="question__hint">
            The client appears under this adviser’s ‘Only my clients’.
          </p>
          {adviserError && (
            <p id={`${FIELDS.adviserUserId}-error`} className="question__error">
              <span className="visually-hidden">Error: </span>
              {adviserError}
            </p>
          )}
          <select
            id={FIELDS.adviserUserId}
            className="select"
            value={form.adviserUserId}
            aria-invalid={adviserError ? true : undefined}
            aria-describedby={[`${FIELDS.adviserUserId}-hint`, adviserError ? `${FIELDS.adviserUserId}-error` : '']
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => set('adviserUserId')(event.target.value)}
          >
            <option value="">Choose an adviser</option>
            {advisers.map((adviser) => (
              <option key={adviser.userId} value={adviser.userId}>
                {adviser.displayName}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="button">
          {clientGuid ? 'Save changes' : 'Add client'}
        </button>
        <a className="button button--secondary" href="/account/clients">
          Back to clients
        </a>
      </div>
    </form>
  );
}
