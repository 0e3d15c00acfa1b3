import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CHALLENGE_MAX_LENGTH,
  calculationEmailProblems,
  DOMESTIC_ABUSE_HELPLINE,
  EMAIL_ADDRESS_MAX_LENGTH,
  normaliseChallenge,
} from '../../../common/email/calculation-email';
import { isErrorResponse } from '../../../common/errors';
import { browserId } from '../api/browser-id';
import { answerOf, api, apiPath, ApiRequestError, BROWSER_ID_HEADER } from '../api/client';
import { ErrorSummary, type SummaryError } from '../shared/ErrorSummary';
import { TextField } from '../shared/TextField';

export const CHALLENGE_FIELD_ID = 'email-challenge';
export const EMAIL_FIELD_ID = 'email-address';
const FIELD_IDS: Record<string, string> = { challenge: CHALLENGE_FIELD_ID, email: EMAIL_FIELD_ID };

/** When the call fails without a message of its own (the server or the connection is down). */
export const EMAIL_CALL_FAILED = 'We could not send the e-mail just now. Please try again later.';

export interface CalculationEmailResult {
  valid: boolean;
  message: string;
}

/** POST /api/data/email; the browser id is added by the client. */
export function sendCalculationEmail(session: string, email: string, challenge: string): Promise<CalculationEmailResult> {
  return answerOf<CalculationEmailResult>(api.POST('/api/data/email', { body: { session, email, challenge } }));
}

/** The picture's address: a new `v` asks the server for a new code; a partner's portal gets its colours. */
export function challengeImageUrl(session: string, version: number, partnerId: string | null): string {
  const query = new URLSearchParams({ v: String(version) });
  if (partnerId) query.set('partner', partnerId);
  return `${apiPath('/assets/img/{session}', { session })}?${query}`;
}

export function challengeAudioUrl(session: string, version: number): string {
  return `${apiPath('/assets/wav/{session}', { session })}/?v=${version}`;
}

/**
 * The picture or the sound of a code, fetched with this browser's id: the server gives codes only to a browser that
 * may open the calculation, and an <img> or <audio> could not say which browser it is.
 */
export async function fetchChallenge(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'include', headers: { [BROWSER_ID_HEADER]: browserId() } });
  if (!response.ok) throw new Error(`GET ${url.split('?')[0]} answered ${response.status}`);
  return response.blob();
}

type Outcome = { kind: 'success' | 'danger'; message: string } | null;

/** A 400 from the server names the fields, as the form's own check does; anything else is one message. */
function readFailure(error: unknown): { problems: SummaryError[]; message: string | null } {
  if (error instanceof ApiRequestError && isErrorResponse(error.errorBody)) {
    const problems = error.errorBody.errors
      .filter((problem) => FIELD_IDS[problem.path])
      .map((problem) => ({ targetId: FIELD_IDS[problem.path], message: problem.message }));
    if (error.status === 400 && problems.length > 0) return { problems, message: null };
    return { problems: [], message: error.errorBody.message };
  }
  return { problems: [], message: EMAIL_CALL_FAILED };
}

/**
 * E-mail the link to the calculation: a security code
 * as a picture with a spoken version, the code and address fields, a note for anyone not safe at home, and
 * 'Send Calculation'. Every answer from the server uses the code up, so the picture and sound are renewed each time.
 */
export function EmailCalculation({ session, partnerId }: { session: string; partnerId: string | null }) {
  const [challenge, setChallenge] = useState('');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  // The time the page drew the first picture; counting up from it keeps each address new, even across reloads.
  const [version, setVersion] = useState(() => Date.now());
  const [imageState, setImageState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [codeStatus, setCodeStatus] = useState('');
  const audio = useRef<HTMLAudioElement>(null);
  // The sound of the code shown, once fetched: the version it belongs to and its object URL.
  const sound = useRef<{ version: number; url: string } | null>(null);

  // Each version is a new code: fetch its picture and show it through a short-lived object URL.
  useEffect(() => {
    let objectUrl: string | null = null;
    let isCurrent = true;
    setImageState('loading');
    fetchChallenge(challengeImageUrl(session, version, partnerId)).then(
      (blob) => {
        if (!isCurrent) return;
        objectUrl = URL.createObjectURL(blob);
        setImageUrl(objectUrl);
      },
      () => {
        if (isCurrent) setImageState('failed');
      },
    );
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [session, version, partnerId]);

  useEffect(
    () => () => {
      if (sound.current) URL.revokeObjectURL(sound.current.url);
    },
    [],
  );

  function newCode(announcement: string) {
    audio.current?.pause();
    setImageState('loading');
    setVersion((current) => current + 1);
    setCodeStatus(announcement);
  }

  async function playAudio() {
    const player = audio.current;
    if (!player) return;
    try {
      // The sound is asked for only now, after the picture: it says the code the picture drew.
      if (sound.current?.version !== version) {
        const blob = await fetchChallenge(challengeAudioUrl(session, version));
        if (sound.current) URL.revokeObjectURL(sound.current.url);
        sound.current = { version, url: URL.createObjectURL(blob) };
        player.src = sound.current.url;
      }
      await player.play();
    } catch {
      setCodeStatus('The audio could not be played. Press Refresh for a new security code and try again.');
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = calculationEmailProblems({ challenge, email }).map((problem) => ({
      targetId: FIELD_IDS[problem.path],
      message: problem.message,
    }));
    setProblems(found);
    setAttempt((count) => count + 1);
    setOutcome(null);
    if (found.length > 0) return;
    setSending(true);
    try {
      const result = await sendCalculationEmail(session, email.trim(), normaliseChallenge(challenge));
      setOutcome({ kind: result.valid ? 'success' : 'danger', message: result.message });
      if (result.valid) setEmail('');
    } catch (error) {
      const failure = readFailure(error);
      setProblems(failure.problems);
      if (failure.message) setOutcome({ kind: 'danger', message: failure.message });
    } finally {
      setSending(false);
      // Whatever the answer, the code typed has been used: clear it and show a new one.
      setChallenge('');
      newCode('');
    }
  }

  const errorOf = (fieldId: string) => problems.find((problem) => problem.targetId === fieldId)?.message;
  const challengeError = errorOf(CHALLENGE_FIELD_ID);
  const emailError = errorOf(EMAIL_FIELD_ID);

  return (
    <section id="email-results" className="result-card email-calculation" aria-labelledby="email-results-title">
      <h2 id="email-results-title" className="result-card__title">
        E-mail your results
      </h2>
      <p>
        We can e-mail you a link to this calculation, so you can see your results again later. The e-mail does not include any amounts or
        answers.
      </p>
      <form className="email-calculation__form" onSubmit={submit} noValidate>
        {/* After each submit with problems the summary takes focus, so it is read out first. */}
        <ErrorSummary errors={problems} focusKey={problems.length > 0 ? attempt : 0} headingLevel={3} />

        <div className="email-calculation__captcha">
          <img
            className="email-calculation__image"
            src={imageUrl ?? undefined}
            alt="Security code: the characters to type in the box below. Press Play audio to hear them instead."
            width={220}
            height={76}
            onLoad={() => setImageState('shown')}
            onError={() => setImageState('failed')}
          />
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => newCode('A new security code is shown.')}
            >
              Refresh<span className="visually-hidden"> the security code</span>
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void playAudio()}
              disabled={imageState === 'loading'}
            >
              Play audio<span className="visually-hidden"> of the security code</span>
            </button>
          </div>
          <audio ref={audio} preload="none" />
          <p className="email-calculation__code-status" role="status">
            {imageState === 'failed'
              ? 'The security code could not be shown. Press Refresh to try again, or Play audio to hear it.'
              : codeStatus}
          </p>
        </div>

        <TextField
          id={CHALLENGE_FIELD_ID}
          label="Security code"
          hint="Type the characters in the picture, or the ones you hear. Each code can be tried once."
          error={challengeError}
          value={challenge}
          onChange={(typed) => setChallenge(typed.toUpperCase())}
          fieldClassName="question--label"
          className="input--challenge"
          name="challenge"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={CHALLENGE_MAX_LENGTH}
        />
        <TextField
          id={EMAIL_FIELD_ID}
          label="Email address"
          error={emailError}
          value={email}
          onChange={setEmail}
          fieldClassName="question--label"
          type="email"
          name="email"
          autoComplete="email"
          maxLength={EMAIL_ADDRESS_MAX_LENGTH}
        />

        <div className="email-calculation__safety" role="note" aria-labelledby="email-safety-title">
          <h3 id="email-safety-title" className="email-calculation__safety-title">
            Is it safe to e-mail your results?
          </h3>
          <p>
            If someone else can read your e-mails and you are worried about your safety at home, you may not want to send this. The{' '}
            {DOMESTIC_ABUSE_HELPLINE.name} is {DOMESTIC_ABUSE_HELPLINE.hours}: call{' '}
            <a href={DOMESTIC_ABUSE_HELPLINE.phoneLink}>{DOMESTIC_ABUSE_HELPLINE.phoneNumber}</a>.
          </p>
        </div>

        {/* Both live regions are always there, so a result is announced: success politely, a failure at once. */}
        <div className="alert alert--success" role="status">
          {outcome?.kind === 'success' ? outcome.message : ''}
        </div>
        <div className="alert alert--danger" role="alert">
          {outcome?.kind === 'danger' ? outcome.message : ''}
        </div>

        <button type="submit" className="button" aria-disabled={sending || undefined}>
          Send Calculation
        </button>
      </form>
    </section>
  );
}
