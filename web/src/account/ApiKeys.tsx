import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  API_KEY_LEVEL_MESSAGES,
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  type ApiKeyLevels,
  type ApiKeySecretResponse,
  type ApiKeyView,
} from '../../../common/api-keys/model';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { TextField } from '../shared/TextField';
import { apiKeys, createApiKey, problemsOf, revokeApiKey, rotateApiKey } from './account-api';

const NAME_FIELD = 'api-key-name';
const DAILY_FIELD = 'api-key-daily-quota';
const PER_MINUTE_FIELD = 'api-key-per-minute';
const FIELDS = { name: NAME_FIELD, dailyQuota: DAILY_FIELD, perMinute: PER_MINUTE_FIELD };
const COPIED_NOTE_MS = 3000;
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
const whenText = (iso: string | null) => (iso ? DATE_TIME.format(new Date(iso)) : 'Never');
const figure = (count: number) => count.toLocaleString('en-GB');

/** What the level the service sets leaves for a new key: the most for each field, and what it starts at. */
function roomFor(levels: ApiKeyLevels) {
  const dailyQuota = Math.max(0, levels.dailyQuota - levels.dailyQuotaInUse);
  return {
    dailyQuota,
    perMinute: levels.perMinute,
    startDaily: String(Math.min(API_KEY_LIMITS.defaultDailyQuota, dailyQuota)),
    startPerMinute: String(Math.min(API_KEY_LIMITS.defaultPerMinute, levels.perMinute)),
  };
}

/** A whole number typed into a field (spaces and thousands commas allowed), or null. */
function wholeNumber(text: string): number | null {
  const digits = text.replace(/[\s,]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

/** The level the service sets for the organisation's keys, in plain words. */
function LevelsText({ levels }: { levels: ApiKeyLevels }) {
  const { dailyQuota, perMinute, dailyQuotaInUse } = levels;
  return (
    <p className="api-key-levels">
      The calculator’s team sets how much your organisation’s keys may do: between them, your keys may work out up to {figure(dailyQuota)}{' '}
      households a day, and each key may make up to {figure(perMinute)} calls a minute.{' '}
      {dailyQuotaInUse > dailyQuota
        ? `Your keys in use add up to ${figure(dailyQuotaInUse)} households a day, more than that, so each key counts at its share of the ${figure(dailyQuota)} until you revoke some.`
        : dailyQuotaInUse === dailyQuota
          ? 'Your keys in use already have all of those households: revoke a key you no longer need before you create another.'
          : dailyQuotaInUse === 0
            ? `Your organisation has no keys in use yet, so a new key can have up to ${figure(dailyQuota)}.`
            : `Your keys in use have ${figure(dailyQuotaInUse)} of those households a day, so a new key can have up to ${figure(dailyQuota - dailyQuotaInUse)}.`}{' '}
      If your organisation needs more, contact us.
    </p>
  );
}

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
  const [levels, setLevels] = useState<ApiKeyLevels | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [dailyQuota, setDailyQuota] = useState('');
  const [perMinute, setPerMinute] = useState('');
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<ApiKeySecretResponse | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState('');
  const inFlight = useRef(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  const reload = () =>
    apiKeys().then(
      (answer) => {
        setKeys(answer.keys);
        setLevels(answer.levels);
        // The form starts at the usual quota and limit, or what the level leaves if that is less.
        const room = roomFor(answer.levels);
        setDailyQuota(room.startDaily);
        setPerMinute(room.startPerMinute);
      },
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
    const found: SummaryError[] = [];
    if (name.trim().length > API_KEY_LIMITS.nameMaxLength) found.push({ targetId: NAME_FIELD, message: API_KEY_MESSAGES.nameTooLong });
    const room = roomFor(levels!);
    const daily = wholeNumber(dailyQuota);
    if (room.dailyQuota === 0) {
      found.push({
        targetId: DAILY_FIELD,
        message: API_KEY_LEVEL_MESSAGES.dailyQuotaOverLevel(levels!.dailyQuota, levels!.dailyQuotaInUse),
      });
    } else if (daily === null || daily < 1) {
      found.push({ targetId: DAILY_FIELD, message: `Enter the households a day as a whole number from 1 to ${figure(room.dailyQuota)}.` });
    } else if (daily > levels!.dailyQuota) {
      found.push({ targetId: DAILY_FIELD, message: API_KEY_LEVEL_MESSAGES.dailyQuota(levels!.dailyQuota) });
    } else if (daily > room.dailyQuota) {
      found.push({
        targetId: DAILY_FIELD,
        message: API_KEY_LEVEL_MESSAGES.dailyQuotaOverLevel(levels!.dailyQuota, levels!.dailyQuotaInUse),
      });
    }
    const calls = wholeNumber(perMinute);
    if (calls === null || calls < 1) {
      found.push({
        targetId: PER_MINUTE_FIELD,
        message: `Enter the calls a minute as a whole number from 1 to ${figure(room.perMinute)}.`,
      });
    } else if (calls > room.perMinute) {
      found.push({ targetId: PER_MINUTE_FIELD, message: API_KEY_LEVEL_MESSAGES.perMinute(room.perMinute) });
    }
    setProblems(found);
    if (found.length > 0) return;
    inFlight.current = true;
    try {
      setShown(await createApiKey({ name: name.trim(), dailyQuota: daily!, perMinute: calls! }));
      setName('');
      await reload();
    } catch (error) {
      setProblems(problemsOf(error, FIELDS, NAME_FIELD));
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
  if (!keys || !levels) return <LoadingSpinner />;
  if (shown) return <NewSecret shown={shown} onDone={() => setShown(null)} />;

  return (
    <>
      <p>
        Software that calls the calculation API for your organisation sends one of these keys. You choose how many households each key may
        work out a day and how many calls it may make a minute. Without a key, the API answers only a few calls a minute.
      </p>
      <LevelsText levels={levels} />
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
        <TextField
          id={DAILY_FIELD}
          label="Households a day"
          hint={`How many households the key may work out each day (a batch counts each of its households). Up to ${figure(roomFor(levels).dailyQuota)}.`}
          error={problems.find((problem) => problem.targetId === DAILY_FIELD)?.message}
          value={dailyQuota}
          onChange={setDailyQuota}
          inputMode="numeric"
          autoComplete="off"
          className="input--number"
        />
        <TextField
          id={PER_MINUTE_FIELD}
          label="Calls a minute"
          hint={`How many calls the key may make in a minute. Up to ${figure(levels.perMinute)}.`}
          error={problems.find((problem) => problem.targetId === PER_MINUTE_FIELD)?.message}
          value={perMinute}
          onChange={setPerMinute}
          inputMode="numeric"
          autoComplete="off"
          className="input--number"
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
