import { act, fireEvent, render, screen } from '@testing-library/react';
import { BROWSER_ID_KEY } from '../api/browser-id';
import {
  INCORRECT_PASSWORD,
  PASSWORD_REQUIRED,
  TEST_MODE_KEY,
  TEST_MODE_LIFETIME_MS,
  VERIFICATION_UNAVAILABLE,
  resetTestMode,
  testModeState,
} from './test-mode-store';
import { useTestMode, type TestMode } from './useTestMode';

type Answer = { status: number; body: unknown } | 'network-failure';
let posted: Record<string, unknown>[];
let answerLater: ((answer: Answer) => void) | null;

function answerTestCheck(answer: Answer | 'later') {
  posted = [];
  answerLater = null;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    expect(url).toBe('/api/data/test');
    posted.push(JSON.parse(init.body as string));
    const given = answer === 'later' ? await new Promise<Answer>((resolve) => (answerLater = resolve)) : answer;
    if (given === 'network-failure') throw new TypeError('Failed to fetch');
    return {
      ok: given.status >= 200 && given.status < 300,
      status: given.status,
      text: async () => JSON.stringify(given.body),
    } as Response;
  }) as typeof fetch;
}

/** A stand-in for the survey screen: the gate, and a testing panel shown only in verified test mode. */
let seen: TestMode;
function Screen({ search, isOn = true }: { search: string; isOn?: boolean }) {
  seen = useTestMode(search, isOn);
  return (
    <>
      {seen.gate}
      {seen.isTestMode && <p>Question name: ClientDob</p>}
    </>
  );
}

async function verifyWith(password: string) {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  });
}

beforeEach(() => {
  localStorage.clear();
  act(() => resetTestMode());
  answerTestCheck({ status: 500, body: null });
});

describe('test mode', () => {
  it('is off, with no gate and no call, on a visit without test=true, even in a verified browser', () => {
    localStorage.setItem(TEST_MODE_KEY, String(Date.now() + 1000));
    render(<Screen search="?id=cap_live&test=false" />);
    expect(seen).toMatchObject({ isTestMode: false, gate: null, status: 'reset' });
    expect(screen.queryByText('Question name: ClientDob')).toBeNull();
    expect(posted).toEqual([]);
  });

  it('is off, with no gate and no call, on a test=true visit when the server has no testing mode', () => {
    localStorage.setItem(TEST_MODE_KEY, String(Date.now() + 1000));
    render(<Screen search="?test=true" isOn={false} />);
    expect(seen).toMatchObject({ isTestMode: false, gate: null, status: 'reset' });
    expect(screen.queryByRole('heading', { name: 'Test Mode Verification' })).toBeNull();
    expect(screen.queryByText('Question name: ClientDob')).toBeNull();
    expect(posted).toEqual([]);
  });

  it('needed: asks for the password on a test=true visit, and shows no testing details yet', () => {
    render(<Screen search="?test=true" />);
    expect(seen.status).toBe('needed');
    expect(screen.getByRole('heading', { name: 'Test Mode Verification' })).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.queryByText('Question name: ClientDob')).toBeNull();
  });

  it('pending, then success: sends the password, says it is checking, then shows testing details and remembers for 30 days', async () => {
    answerTestCheck('later');
    render(<Screen search="?test=true" />);
    await verifyWith('open sesame');
    expect(seen.status).toBe('pending');
    expect(screen.getByRole('status').textContent).toBe('Checking the password…');
    expect(screen.getByRole('button', { name: 'Verify' }).getAttribute('aria-disabled')).toBe('true');
    expect(posted).toEqual([{ password: 'open sesame', browserId: localStorage.getItem(BROWSER_ID_KEY) }]);

    const before = Date.now();
    await act(async () => answerLater?.({ status: 200, body: { isTestModeValid: true } }));
    expect(seen).toMatchObject({ isTestMode: true, status: 'success' });
    expect(screen.getByText('Question name: ClientDob')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Test mode verified. Testing details are shown on this device for 30 days.');
    const until = Number(localStorage.getItem(TEST_MODE_KEY));
    expect(until).toBeGreaterThanOrEqual(before + TEST_MODE_LIFETIME_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + TEST_MODE_LIFETIME_MS);
  });

  it('sends the password only once while the check runs', async () => {
    answerTestCheck('later');
    render(<Screen search="?test=true" />);
    await verifyWith('open sesame');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(posted).toHaveLength(1);
  });

  it('success remembered: a browser verified within 30 days sees testing details with no gate and no call', () => {
    localStorage.setItem(TEST_MODE_KEY, String(Date.now() + 60_000));
    render(<Screen search="?test=true" />);
    expect(seen).toMatchObject({ isTestMode: true, gate: null, status: 'success' });
    expect(screen.getByText('Question name: ClientDob')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('asks again once the 30 days are over', () => {
    localStorage.setItem(TEST_MODE_KEY, String(Date.now() - 1));
    render(<Screen search="?test=true" />);
    expect(seen).toMatchObject({ isTestMode: false, status: 'needed' });
  });

  it('error: a wrong password says so beside the field, and a second try can succeed', async () => {
    answerTestCheck({ status: 200, body: { isTestModeValid: false } });
    render(<Screen search="?test=true" />);
    await verifyWith('guess');
    expect(seen).toMatchObject({ isTestMode: false, status: 'error' });
    expect(screen.getByRole('alert').textContent).toBe(`Error: ${INCORRECT_PASSWORD}`);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(`Error: ${INCORRECT_PASSWORD}`);
    expect(localStorage.getItem(TEST_MODE_KEY)).toBeNull();

    answerTestCheck({ status: 200, body: { isTestModeValid: true } });
    await verifyWith('open sesame');
    expect(seen.isTestMode).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('error: a blank password (spaces only) is refused without asking the server, in a summary linked to the field', async () => {
    render(<Screen search="?test=true" />);
    await verifyWith('   ');
    const summary = screen.getByRole('alert');
    expect(summary.textContent).toContain('Please correct the following problem(s)');
    const link = screen.getByRole('link', { name: PASSWORD_REQUIRED });
    const password = screen.getByLabelText('Password');
    expect(link.getAttribute('href')).toBe(`#${password.id}`);
    expect(document.activeElement).toBe(summary);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(`Error: ${PASSWORD_REQUIRED}`);
    fireEvent.click(link);
    expect(document.activeElement).toBe(password);
    expect(posted).toEqual([]);
  });

  it.each<[string, Answer]>([
    [
      'too many attempts (429)',
      { status: 429, body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many attempts.', errors: [] } },
    ],
    ['a server failure', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong.', errors: [] } }],
    ['an unreachable server', 'network-failure'],
  ])('error: %s says verification is unavailable', async (_case, answer) => {
    answerTestCheck(answer);
    render(<Screen search="?test=true" />);
    await verifyWith('open sesame');
    expect(seen).toMatchObject({ isTestMode: false, status: 'error' });
    expect(screen.getByRole('alert').textContent).toBe(`Error: ${VERIFICATION_UNAVAILABLE}`);
  });

  it('needed again: when the server says verification is required, the remembered flag goes and the gate returns', () => {
    localStorage.setItem(TEST_MODE_KEY, String(Date.now() + 60_000));
    render(<Screen search="?test=true" />);
    expect(seen.isTestMode).toBe(true);
    act(() => seen.requireVerification());
    expect(seen).toMatchObject({ isTestMode: false, status: 'needed' });
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(localStorage.getItem(TEST_MODE_KEY)).toBeNull();
  });

  it('reset: forgetting the verification starts again from the stored state', async () => {
    answerTestCheck({ status: 200, body: { isTestModeValid: true } });
    render(<Screen search="?test=true" />);
    await verifyWith('open sesame');
    expect(seen.isTestMode).toBe(true);
    act(() => resetTestMode());
    expect(testModeState()).toEqual({ status: 'reset', message: null });
    expect(seen).toMatchObject({ isTestMode: false, status: 'needed' });
  });

  it('tells every part of the screen at once when the password is accepted', async () => {
    answerTestCheck({ status: 200, body: { isTestModeValid: true } });
    let other: TestMode | null = null;
    function Panel() {
      other = useTestMode('?test=true', true);
      return null;
    }
    render(
      <>
        <Screen search="?test=true" />
        <Panel />
      </>,
    );
    await verifyWith('open sesame');
    expect(other).toMatchObject({ isTestMode: true });
  });
});
