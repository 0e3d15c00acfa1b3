import { useEffect, useRef, useState, type FormEvent } from 'react';
import { API_KEY_LIMITS, API_KEY_MESSAGES, type ApiKeySecretResponse, type ApiKeyView } from '../../../common/api-keys/model';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { TextField } from '../shared/TextField';
import { apiKeys, createApiKey, problemsOf, revokeApiKey, rotateApiKey } from './account-api';

const NAME_FIELD = 'api-key-name';
const COPIED_NOTE_MS = 3000;
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
const whenText = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : 'Never');

/** The secret of a key just created or rotated: shown this once, with a copy button and a warning. */
function NewSecret({ shown, onDone }: { shown: ApiKeySecretResponse; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [shown]);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const canCopy = typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
  return (
    <section className="survey-card api-key-secret" aria-labelledby="api-key-secret-title">
      <h2 id="api-key-secret-title" ref={heading} tabIndex={-1}>
        The key “{shown.key.name}”
      </h2>
      <p className="api-key-secret__warning">
        <strong>Copy this key now and keep it somewhere safe. It will not be shown again</strong>: we keep only a fingerprint of it. If it
        is lost, rotate the key to get a new one.
      </p>
      <label htmlFor="api-key-secret-value">API key</label>
      <input
        id="api-key-secret-value"
        className="input api-key-secret__value"
        readOnly
        value={shown.secret}
        onFocus={(event) => event.target.select()}
      />
      <p>
        {canCopy && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() =>
              void navigator.clipboard.writeText(shown.secret).then(
                () => setCopied(true),
                () => undefined,
              )
            }
          >
            Copy the key
          </button>
        )}
        <span aria-live="polite">{copied ? ' Copied' : ''}</span>
      </p>
      <p>Send it in the X-Api-Key header of each call to the calculation API.</p>
      <button type="button" className="button" onClick={onDone}>
        I have copied the key
      </button>
    </section>
  );
}

type Pending = { action: 'rotate' | 'revoke'; key: ApiKeyView };

/**
 * The organisation admin's API keys for the calculation API: the list with today's calls, a form to create one,
 * and rotate or revoke, each confirmed first. A new secret is shown once.
 */
export function ApiKeys() {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<ApiKeySecretResponse | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState('');
  const inFlight = useRef(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  const reload = () =>
    apiKeys().then(
      (answer) => setKeys(answer.keys),
      () => setFailed(true),
    );
  useEffect(() => {
    void reload();
  }, []);
  useEffect(() => {
    if (pending) confirmHeading.current?.focus();
  }, [pending]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    setDone('');
    setAttempt((count) => count + 1);
    if (!name.trim()) {
      setProblems([{ targetId: NAME_FIELD, message: API_KEY_MESSAGES.nameRequired }]);
      return;
    }
    if (name.trim().length > API_KEY_LIMITS.nameMaxLength) {
      setProblems([{ targetId: NAME_FIELD, message: API_KEY_MESSAGES.nameTooLong }]);
      return;
    }
    setProblems([]);
    inFlight.current = true;
    try {
      setShown(await createApiKey(name.trim()));
      setName('');
      await reload();
    } catch (error) {
      setProblems(problemsOf(error, { name: NAME_FIELD }, NAME_FIELD));
      setAttempt((count) => count + 1);
    } finally {
      inFlight.current = false;
    }
  }

  async function confirm() {
    if (!pending || inFlight.current) return;
    inFlight.current = true;
    try {
      if (pending.action === 'rotate') setShown(await rotateApiKey(pending.key.id));
      else {
        await revokeApiKey(pending.key.id);
        setDone(`The key “${pending.key.name}” is revoked. Calls with it are refused from now on.`);
      }
      setPending(null);
      await reload();
    } catch (error) {
      setPending(null);
      setDone(problemsOf(error, {}, NAME_FIELD)[0].message);
    } finally {
      inFlight.current = false;
    }
  }

  if (failed) return <p role="alert">Sorry, the API keys could not be loaded. Please reload the page.</p>;
  if (!keys) return <LoadingSpinner />;
  if (shown) return <NewSecret shown={shown} onDone={() => setShown(null)} />;

  return (
    <>
      <p>
        Software that calls the calculation API for your organisation sends one of these keys. Each key may work out{' '}
        {API_KEY_LIMITS.defaultDailyQuota.toLocaleString('en-GB')} households a day and make {API_KEY_LIMITS.defaultPerMinute} calls a
        minute. Without a key, the API answers only a few calls a minute.
      </p>
      <p role="status">{done}</p>
      {pending && (
        <section className="survey-card api-key-confirm" aria-labelledby="api-key-confirm-title">
          <h2 id="api-key-confirm-title" ref={confirmHeading} tabIndex={-1}>
            {pending.action === 'revoke' ? `Revoke the key “${pending.key.name}”?` : `Rotate the key “${pending.key.name}”?`}
          </h2>
          <p>
            {pending.action === 'revoke'
              ? 'Calls with this key will be refused at once, and it cannot be used again.'
              : 'You will get a new key. Calls with the current key will be refused at once, so update the software that uses it straight away.'}
          </p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => void confirm()}>
              {pending.action === 'revoke' ? 'Yes, revoke the key' : 'Yes, rotate the key'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </section>
      )}
      {keys.length === 0 ? (
        <p>Your organisation has no API keys yet.</p>
      ) : (
        <table className="account-table">
          <caption className="visually-hidden">Your organisation’s API keys</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key starts</th>
              <th scope="col">Calls today</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}</code>
                </td>
                <td>
                  {key.callsToday.toLocaleString('en-GB')} of {key.dailyQuota.toLocaleString('en-GB')}
                  {key.refusedToday > 0 && ` (${key.refusedToday.toLocaleString('en-GB')} refused)`}
                </td>
                <td>{whenText(key.createdAt)}</td>
                <td>{whenText(key.lastUsedAt)}</td>
                <td>
                  {key.revokedAt ? (
                    `Revoked ${whenText(key.revokedAt)}`
                  ) : (
                    <>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setPending({ action: 'rotate', key })}
                      >
                        Rotate<span className="visually-hidden"> {key.name}</span>
                      </button>{' '}
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setPending({ action: 'revoke', key })}
                      >
                        Revoke<span className="visually-hidden"> {key.name}</span>
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="survey-card account-form" onSubmit={create} noValidate aria-labelledby="api-key-create-title">
        <h2 id="api-key-create-title">Create an API key</h2>
        <ErrorSummary errors={problems} focusKey={problems.length > 0 ? attempt : 0} />
        <TextField
          id={NAME_FIELD}
          label="Name"
          hint="What the key is for, such as the system that will use it."
          error={problems.find((problem) => problem.targetId === NAME_FIELD)?.message}
          value={name}
          onChange={setName}
          autoComplete="off"
        />
        <div className="button-row">
          <button type="submit" className="button">
            Create key
          </button>
        </div>
      </form>
    </>
  );
}
