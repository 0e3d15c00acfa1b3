import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BROWSER_ID_KEY } from '../api/browser-id';
import { sessionOwnerKey } from '../session/session-owner';
import { installFakeApi, type FakeApi } from './fake-api';
import { IdentityCheck } from './IdentityCheck';
import { installJsdomSupport } from './jsdom-support';
import { settle } from './render-page';
import { deviceDetails } from './survey-api';
import SurveyScreen from './SurveyScreen';
import { pageResponse, partnerPage } from '../../../test/fixtures/web-survey';

installJsdomSupport();

const SESSION = '3f0c8a52-4d7e-4b8e-9a51-0c2f4f6f9d11';
const verificationRequired = {
  status: 403,
  body: { statusCode: 403, code: 'VERIFICATION_REQUIRED', message: 'Please check who you are.', errors: [] },
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

async function renderScreen(pageNumber: string | null, session: string | null, search = '') {
  render(<SurveyScreen pageNumber={pageNumber} session={session} search={search} isTestModeOn />);
  await settle();
}

describe('loading the survey', () => {
  it('shows the spinner, then the first page, asking with this browser’s id', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    api.on('GET', '/api/data/survey', () => new Promise((resolve) => (answer = resolve)));
    render(<SurveyScreen pageNumber={null} session={null} search="" isTestModeOn />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    await act(async () => answer({ status: 200, body: { ...partnerPage, pageNumber: 1, session: null, token: null } }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About you');
    expect(api.calls[0].headers['X-Browser-Id']).toBe(localStorage.getItem(BROWSER_ID_KEY));
  });

  it('puts the page and session the server returns in the address, keeping the query string', async () => {
    window.history.replaceState(null, '', `/survey/9/${SESSION}?id=cap_live`);
    api.on('GET', `/api/data/survey/9/${SESSION}`, { status: 200, body: partnerPage });
    await renderScreen('9', SESSION, '?id=cap_live');
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/survey/2/${SESSION}?id=cap_live`);
  });

  it('shows Not Found for a calculation that is not valid', async () => {
    api.on('GET', `/api/data/survey/2/${SESSION}`, { status: 200, body: { ...partnerPage, isValid: false, page: null } });
    await renderScreen('2', SESSION);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
  });

  it('reports a failed load with source Survey and shows the error page', async () => {
    api.on('GET', `/api/data/survey/2/${SESSION}`, {
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL', message: 'Server error', errors: [] },
    });
    api.on('POST', '/api/data/error', { status: 204, body: undefined });
    await renderScreen('2', SESSION);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops something went wrong');
    await settle();
    expect(api.callsTo('POST', '/api/data/error')[0].body).toMatchObject({ source: 'Survey', session: SESSION });
  });

  it('moves on to the next page and its address after Next', async () => {
    window.history.replaceState(null, '', `/survey/2/${SESSION}`);
    api.on('GET', `/api/data/survey/2/${SESSION}`, { status: 200, body: partnerPage });
    api.on('POST', '/api/data/survey', { status: 200, body: pageResponse([], { pageNumber: 3 }, { title: 'Your home' }) });
    await renderScreen('2', SESSION);
    fireEvent.click(screen.getByLabelText('No'));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your home');
    expect(window.location.pathname).toBe(`/survey/3/${SESSION}`);
  });

  it('opens the identity check when another browser owns the calculation, and the page once verified', async () => {
    api.on('GET', `/api/data/survey/2/${SESSION}`, verificationRequired);
    api.on('POST', '/api/data/verify', { status: 200, body: { valid: true } });
    await renderScreen('2', SESSION);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Check who you are');
    api.on('GET', `/api/data/survey/2/${SESSION}`, { status: 200, body: partnerPage });
    fireEvent.change(screen.getByLabelText('Postcode used in the calculation'), { target: { value: ' sw1a 1aa ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await settle();
    await settle();
    expect(api.callsTo('POST', '/api/data/verify')[0].body).toMatchObject({ session: SESSION, postcode: 'sw1a 1aa' });
    expect(localStorage.getItem(sessionOwnerKey(SESSION))).toBe(localStorage.getItem(BROWSER_ID_KEY));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About you');
  });
});

describe('the identity check', () => {
  it('asks for the postcode, with the reasons, a way to start again and why it is shown', () => {
    render(<IdentityCheck session={SESSION} onVerified={() => undefined} />);
    expect(document.title).toBe('Check who you are - Benefits Calculator');
    expect(screen.getByText(/different computer or browser/)).toBeTruthy();
    expect(screen.getByText(/shared with you/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new calculation' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Why am I seeing this?').tagName).toBe('SUMMARY');
  });

  it('needs at least 3 characters of postcode before asking the server', async () => {
    render(<IdentityCheck session={SESSION} onVerified={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Postcode used in the calculation'), { target: { value: ' s1 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Error: Please type in the postcode.');
    expect(screen.getByLabelText('Postcode used in the calculation').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('says a wrong postcode is incorrect, and a failed call is a failure, each followed by a 5 second countdown', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    try {
      api.on('POST', '/api/data/verify', { status: 200, body: { valid: false } });
      const verified = jest.fn();
      render(<IdentityCheck session={SESSION} onVerified={verified} />);
      fireEvent.change(screen.getByLabelText('Postcode used in the calculation'), { target: { value: 'M1 1AE' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await act(async () => undefined);
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe('Error: Incorrect postcode. Please check the correct postcode and try again.'),
      );
      expect(screen.getByText('Try again in 5 seconds...')).toBeTruthy();
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByText('Try again in 4 seconds...')).toBeTruthy();

      // During the countdown a press does nothing.
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await act(async () => undefined);
      expect(api.callsTo('POST', '/api/data/verify')).toHaveLength(1);

      for (let second = 0; second < 4; second += 1) act(() => jest.advanceTimersByTime(1000));
      expect(screen.queryByText(/Try again in/)).toBeNull();
      api.on('POST', '/api/data/verify', {
        status: 503,
        body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down', errors: [] },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await act(async () => undefined);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error: Unable to verify session. Please try again.'));
      expect(screen.getByText('Try again in 5 seconds...')).toBeTruthy();
      expect(verified).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('device details', () => {
  it('names the browser, its version and the system from the user agent', () => {
    expect(
      deviceDetails(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({
      isMobile: true,
      browserName: 'Safari',
      browserVersion: '17.4',
      OsName: 'iOS',
    });
    expect(
      deviceDetails(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      ),
    ).toEqual({
      isMobile: false,
      browserName: 'Edge',
      browserVersion: '126.0.2592.87',
      OsName: 'Windows',
    });
  });
});
