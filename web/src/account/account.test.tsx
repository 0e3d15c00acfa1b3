import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { matchRoute } from '../app/routes';
import { csrfToken, postJson } from '../api/client';
import AccountScreen, { type AccountView } from './AccountScreen';
import { safeReturnUrl } from './return-url';

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

const SIGNED_OUT = { status: 200, body: { signedIn: false, user: null } };
const ADVISER = {
  signedIn: true,
  user: { userId: 'u1', displayName: 'Adam Adviser', role: 'adviser', organisationName: 'Riverside Advice' },
};
const SIGN_IN_FAILED = {
  status: 401,
  body: {
    statusCode: 401,
    code: 'SIGN_IN_FAILED',
    message: 'The e-mail address or password is not right.',
    errors: [{ path: 'email', message: 'The e-mail address or password is not right.' }],
  },
};

async function renderAccount(search = '', route: AccountView = { view: 'home' }, pathname = '/account/') {
  const navigated: string[] = [];
  await act(async () => {
    render(<AccountScreen route={route} pathname={pathname} search={search} navigate={(url) => navigated.push(url)} />);
  });
  return navigated;
}

async function signInWith(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  });
}

afterEach(() => {
  document.cookie = 'csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the sign-in form', () => {
  it('asks for both fields in an error summary linked to them, without calling the API', async () => {
    answerWith({ 'GET /api/account/me': SIGNED_OUT });
    await renderAccount();
    expect(document.title).toBe('Sign in - Benefits Calculator');
    await signInWith('', '');
    const summary = screen.getByRole('alert');
    expect(within(summary).getByText('Please correct the following problem(s)')).toBeTruthy();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enter your e-mail address.', '#sign-in-email'],
      ['Enter your password.', '#sign-in-password'],
    ]);
    expect(document.activeElement).toBe(summary);
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-describedby')).toBe('sign-in-email-error');
    expect(calls.map((call) => call.url)).toEqual(['/api/account/me']);
  });

  it('shows the refusal against the e-mail field and empties the password', async () => {
    answerWith({ 'GET /api/account/me': SIGNED_OUT, 'POST /api/account/sign-in': SIGN_IN_FAILED });
    await renderAccount();
    await signInWith('adviser@riverside.example', 'wrong password');
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'The e-mail address or password is not right.' }).getAttribute('href')).toBe(
      '#sign-in-email',
    );
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    const sent = JSON.parse(calls[1].init.body as string);
    expect(sent).toMatchObject({ email: 'adviser@riverside.example', password: 'wrong password' });
  });

  it('goes back to the same-site return URL after signing in', async () => {
    answerWith({ 'GET /api/account/me': SIGNED_OUT, 'POST /api/account/sign-in': { status: 200, body: ADVISER } });
    const navigated = await renderAccount('?returnUrl=%2Fadviser%2Fcalculation%2Fabc%3Fx%3D1');
    await signInWith('adviser@riverside.example', 'a long enough password 1');
    expect(navigated).toEqual(['/adviser/calculation/abc?x=1']);
  });

  it('ignores a return URL to another site and shows the account page instead', async () => {
    answerWith({ 'GET /api/account/me': SIGNED_OUT, 'POST /api/account/sign-in': { status: 200, body: ADVISER } });
    const navigated = await renderAccount('?returnUrl=https%3A%2F%2Fevil.example%2F');
    await signInWith('adviser@riverside.example', 'a long enough password 1');
    expect(navigated).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your account');
    expect(screen.getByText('Adam Adviser')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Adviser Area' }).getAttribute('href')).toBe('/adviser/');
    // An adviser adds and edits clients, but the organisation's people and API keys are the admin's.
    expect(screen.getByRole('link', { name: 'Add New Client' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add an adviser' })).toBeNull();
  });

  it('brings an admin page back to itself after signing in', async () => {
    answerWith({ 'GET /api/account/me': SIGNED_OUT, 'POST /api/account/sign-in': { status: 200, body: ADVISER } });
    const navigated = await renderAccount('', { view: 'client', clientGuid: null }, '/account/clients/new');
    await signInWith('admin@riverside.example', 'a long enough password 1');
    expect(navigated).toEqual(['/account/clients/new']);
  });
});

describe('signing out', () => {
  it('posts with the CSRF token from the csrf cookie and shows the sign-in form again', async () => {
    document.cookie = 'csrf=token-from-cookie; path=/';
    answerWith({ 'GET /api/account/me': { status: 200, body: ADVISER }, 'POST /api/account/sign-out': SIGNED_OUT });
    await renderAccount();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    expect((calls[1].init.headers as Record<string, string>)['X-CSRF-Token']).toBe('token-from-cookie');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in');
  });
});

describe('an adviser on an admin page', () => {
  it('is told only an organisation admin can do it', async () => {
    answerWith({ 'GET /api/account/me': { status: 200, body: ADVISER } });
    await renderAccount('', { view: 'addMember' }, '/account/users/new');
    expect(
      screen.getByText(
        'Only an organisation admin can add advisers, manage API keys or see the management information. Please ask your organisation admin.',
      ),
    ).toBeTruthy();
  });
});

describe('an adviser adding a client', () => {
  it('adds the client as their own, with no choice of adviser, and is offered to start a calculation for them', async () => {
    const added = {
      clientGuid: '6f1c2a7e-8d4b-4f3a-9c1e-2b7d5e8f9a01',
      firstName: 'Grace',
      lastName: 'Mensah',
      dateOfBirth: '14/03/1987',
      clientNumber: '',
      adviserUserId: 'u1',
      adviserName: 'Adam Adviser',
    };
    answerWith({
      'GET /api/account/me': { status: 200, body: ADVISER },
      'POST /api/account/clients': { status: 201, body: { client: added } },
      'POST /api/intermediary/start': { status: 200, body: { isValid: true, session: 'a1b2c3d4-0000-4000-8000-000000000001' } },
    });
    const assigned = await renderAccount('', { view: 'client', clientGuid: null }, '/account/clients/new');
    expect(screen.queryByLabelText('Adviser')).toBeNull();
    expect(screen.getByText('The client will be one of your clients, under ‘Only my clients’ in the Adviser Area.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Mensah' } });
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '14/03/1987' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add client' }));
    });
    const sent = JSON.parse(String(calls.find((call) => call.url.endsWith('/api/account/clients'))!.init.body));
    expect(sent).toMatchObject({ firstName: 'Grace', lastName: 'Mensah', dateOfBirth: '14/03/1987', adviserUserId: 'u1' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start a calculation for this client' }));
    });
    const started = JSON.parse(String(calls.find((call) => call.url.endsWith('/api/intermediary/start'))!.init.body));
    expect(started).toMatchObject({ clientGuid: added.clientGuid, caseReference: 'First calculation' });
    expect(assigned).toEqual(['/survey/1/a1b2c3d4-0000-4000-8000-000000000001']);
  });
});

describe('the CSRF header', () => {
  it('is read from the csrf cookie among others', () => {
    expect(csrfToken('a=1; csrf=abc%2Fdef; b=2')).toBe('abc/def');
    expect(csrfToken('a=1')).toBeNull();
  });

  it('goes on every POST once signed in, and not before', async () => {
    answerWith({
      'POST /api/data/test': [
        { status: 200, body: {} },
        { status: 200, body: {} },
      ],
    });
    await postJson('/api/data/test', {});
    expect((calls[0].init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
    document.cookie = 'csrf=signed-in-token; path=/';
    await postJson('/api/data/test', {});
    expect((calls[1].init.headers as Record<string, string>)['X-CSRF-Token']).toBe('signed-in-token');
  });
});

describe('the return URL', () => {
  it.each([
    ['/adviser/', '/adviser/'],
    ['/result/abc?id=cap_live', '/result/abc?id=cap_live'],
    ['https://evil.example/', null],
    ['//evil.example/', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['/account/', null],
    ['/account/sign-in', null],
    ['', null],
  ])('%s is %s', (given, expected) => {
    expect(safeReturnUrl(given)).toBe(expected);
  });
});

describe('the account routes', () => {
  it.each([
    ['/account', { view: 'home' }],
    ['/account/', { view: 'home' }],
    ['/account/sign-in', { view: 'home' }],
    ['/account/users/new', { view: 'addMember' }],
    ['/account/clients', { view: 'clients' }],
    ['/account/clients/new', { view: 'client', clientGuid: null }],
    ['/account/clients/0b7c3a4e', { view: 'client', clientGuid: '0b7c3a4e' }],
  ])('%s is %j', (path, account) => {
    expect(matchRoute(path)).toEqual({ page: 'account', account });
  });

  it('knows no other page under /account/', () => {
    expect(matchRoute('/account/other')).toEqual({ page: 'notFound' });
  });
});
