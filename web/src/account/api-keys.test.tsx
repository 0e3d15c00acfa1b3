import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { matchRoute } from '../app/routes';
import AccountScreen from './AccountScreen';

type Answer = { status: number; body: unknown };
let calls: { url: string; init: RequestInit }[];

/** Answers each call by its method and URL; an unexpected call fails the test. */
function answerWith(answers: Record<string, Answer | Answer[]>) {
  calls = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const key = `${init.method} ${url}`;
    const given = answers[key];
    if (!given) throw new Error(`unexpected call ${key}`);
    const answer = Array.isArray(given) ? given.shift()! : given;
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      text: async () => JSON.stringify(answer.body),
    } as Response;
  }) as typeof fetch;
}

const as = (role: string) => ({
  status: 200,
  body: { signedIn: true, user: { userId: 'u1', displayName: 'Rita Admin', role, organisationName: 'Riverside Advice' } },
});
const KEY = {
  id: '6f1c1a52-8f0e-4c8e-9a44-1f1d7b0c2e11',
  name: 'Case system',
  prefix: 'bc_live_Hk3vQ9xZ',
  dailyQuota: 10_000,
  perMinute: 60,
  createdAt: '2026-11-20T10:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
  callsToday: 1234,
  refusedToday: 0,
};
const LEVELS = { dailyQuota: 100_000, perMinute: 600, dailyQuotaInUse: 10_000 };
const SECRET = 'bc_live_Hk3vQ9xZ2mP0aB7cD1eF4gH5iJ6kL8nO9pQrStUvWx';
const NEW_SECRET = 'bc_live_Zz9yXw8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8bA7zYx';

async function renderKeys() {
  await act(async () => {
    render(<AccountScreen route={{ view: 'apiKeys' }} pathname="/account/api-keys" search="" navigate={() => undefined} />);
  });
}

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('the API keys page', () => {
  it('is at /account/api-keys', () => {
    expect(matchRoute('/account/api-keys')).toEqual({ page: 'account', account: { view: 'apiKeys' } });
  });

  it('lists the keys with today’s calls, never a secret', async () => {
    answerWith({
      'GET /api/account/me': as('organisation-admin'),
      'GET /api/account/api-keys': { status: 200, body: { keys: [KEY], levels: LEVELS } },
    });
    await renderKeys();
    expect(document.title).toBe('API keys - Benefits Calculator');
    const row = screen.getByRole('row', { name: /Case system/ });
    expect(within(row).getByText('bc_live_Hk3vQ9xZ')).toBeTruthy();
    expect(within(row).getByText('1,234 of 10,000')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
  });

  it('asks for a name in an error summary linked to the field, without calling the API', async () => {
    answerWith({
      'GET /api/account/me': as('organisation-admin'),
      'GET /api/account/api-keys': { status: 200, body: { keys: [], levels: LEVELS } },
    });
    await renderKeys();
    expect(screen.getByText('Your organisation has no API keys yet.')).toBeTruthy();
    await click('Create key');
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Enter a name for the key, such as the system that will use it.', '#api-key-name']]);
    expect(document.activeElement).toBe(summary);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.map((call) => call.url)).toEqual(['/api/account/me', '/api/account/api-keys']);
  });

  it('shows a new key once, with a warning and a copy button, and not again after it is copied', async () => {
    answerWith({
      'GET /api/account/me': as('organisation-admin'),
      'GET /api/account/api-keys': [
        { status: 200, body: { keys: [], levels: LEVELS } },
        { status: 200, body: { keys: [KEY], levels: LEVELS } },
      ],
      'POST /api/account/api-keys': { status: 201, body: { key: KEY, secret: SECRET } },
    });
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    await renderKeys();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Case system ' } });
    await click('Create key');
    expect(JSON.parse(String(calls.find((call) => call.init.method === 'POST')!.init.body))).toMatchObject({ name: 'Case system' });
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe(SECRET);
    expect(screen.getByText(/It will not be shown again/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The key “Case system”' }));
    await click('Copy the key');
    expect(written).toEqual([SECRET]);
    expect(screen.getByText('Copied')).toBeTruthy();
    await click('I have copied the key');
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.getByRole('row', { name: /Case system/ })).toBeTruthy();
  });

  it('says in plain words the level the service sets for the organisation, and what it leaves for a new key', async () => {
    answerWith({
      'GET /api/account/me': as('organisation-admin'),
      'GET /api/account/api-keys': { status: 200, body: { keys: [KEY], levels: LEVELS } },
    });
    await renderKeys();
    expect(
      screen.getByText(
        /between them, your keys may work out up to 100,000 households a day, and each key may make up to 600 calls a minute/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Your keys in use have 10,000 of those households a day, so a new key can have up to 90,000/)).toBeTruthy();
    // The form starts at the usual quota and limit, and says the most for each.
    expect((screen.getByLabelText('Households a day') as HTMLInputElement).value).toBe('10000');
    expect((screen.getByLabelText('Calls a minute') as HTMLInputElement).value).toBe('60');
    expect(document.getElementById('api-key-daily-quota-hint')?.textContent).toContain('Up to 90,000.');
    expect(document.getElementById('api-key-per-minute-hint')?.textContent).toContain('Up to 600.');
  });

  it('sends the quota and limit chosen, and refuses ones above the level in the summary, linked to each field', async () => {
    answerWith({
      'GET /api/account/me': as('organisation-admin'),
      'GET /api/account/api-keys': [
        { status: 200, body: { keys: [], levels: { ...LEVELS, dailyQuotaInUse: 0 } } },
        { status: 200, body: { keys: [KEY], levels: LEVELS } },
      ],
      'POST /api/account/api-keys': { status: 201, body: { key: KEY, secret: SECRET } },
    });
    await renderKeys();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Case system' } });
    fireEvent.change(screen.getByLabelText('Households a day'), { target: { value: '100,001' } });
    fireEvent.change(screen.getByLabelText('Calls a minute'), { target: { value: 'lots' } });
    await click('Create key');
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [
        "The daily quota can be at most 100,000: the most the service allows your organisation's keys to work out in a day.",
        '#api-key-daily-quota',
      ],
      ['Enter the calls a minute as a whole number from 1 to 600.', '#api-key-per-minute'],
    ]);
    expect(screen.getByLabelText('Households a day').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.init.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Households a day'), { target: { value: '25,000' } });
    fireEvent.change(screen.getByLabelText('Calls a minute'), { target: { value: '120' } });
    await click('Create key');
    expect(JSON.parse(String(calls.find((call) => call.init.method === 'POST')!.init.body))).toMatchObject({
      name: 'Case system',
      dailyQuota: 25_000,
      perMinute: 120,
    });
  });

  it('shows the server’s refusal of a quota past what the keys in use leave on the field it names', async () => {
    const message =
      "Your organisation's keys may work out 100,000 households a day between them, and your keys in use already have 95,000. Give this key a daily quota of 5,000 or fewer, or revoke a key you no longer need.";
    answerWith({
      'GET /api/account/me': as('organisation-admin'),
      'GET /api/account/api-keys': { status: 200, body: { keys: [KEY], levels: LEVELS } },
      'POST /api/account/api-keys': {
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION_FAILED', message, errors: [{ path: 'dailyQuota', message }] },
      },
    });
    await renderKeys();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Case system' } });
    await click('Create key');
    expect(within(screen.getByRole('alert')).getByRole('link', { name: message }).getAttribute('href')).toBe('#api-key-daily-quota');
  });

  it('revokes a key only once the admin confirms, and can be cancelled', async () => {
    const revoked = { ...KEY, revokedAt: '2026-11-27T09:30:00.000Z' };
    answerWith({
      'GET /api/account/me': as('organisation-admin'),
      'GET /api/account/api-keys': [
        { status: 200, body: { keys: [KEY], levels: LEVELS } },
        { status: 200, body: { keys: [revoked], levels: LEVELS } },
      ],
      [`POST /api/account/api-keys/${KEY.id}/revoke`]: { status: 200, body: revoked },
    });
    await renderKeys();
    await click('Revoke Case system');
    expect(screen.getByRole('heading', { name: 'Revoke the key “Case system”?' })).toBe(document.activeElement);
    await click('Cancel');
    expect(calls.filter((call) => call.init.method === 'POST')).toEqual([]);
    await click('Revoke Case system');
    await click('Yes, revoke the key');
    expect(calls.filter((call) => call.init.method === 'POST').map((call) => call.url)).toEqual([`/api/account/api-keys/${KEY.id}/revoke`]);
    expect(screen.getByRole('status').textContent).toBe('The key “Case system” is revoked. Calls with it are refused from now on.');
    expect(within(screen.getByRole('row', { name: /Case system/ })).getByText(/^Revoked/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate Case system' })).toBeNull();
  });

  it('rotates a key once confirmed and shows the new secret once', async () => {
    answerWith({
      'GET /api/account/me': as('organisation-admin'),
      'GET /api/account/api-keys': [
        { status: 200, body: { keys: [KEY], levels: LEVELS } },
        { status: 200, body: { keys: [{ ...KEY, prefix: NEW_SECRET.slice(0, 16) }], levels: LEVELS } },
      ],
      [`POST /api/account/api-keys/${KEY.id}/rotate`]: { status: 200, body: { key: KEY, secret: NEW_SECRET } },
    });
    await renderKeys();
    await click('Rotate Case system');
    expect(screen.getByText(/Calls with the current key will be refused at once/)).toBeTruthy();
    await click('Yes, rotate the key');
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe(NEW_SECRET);
  });

  it('tells an adviser only an organisation admin manages keys, without asking for them', async () => {
    answerWith({ 'GET /api/account/me': as('adviser') });
    await renderKeys();
    expect(screen.getByText(/Only an organisation admin can .* manage API keys/)).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/account/me']);
  });
});
