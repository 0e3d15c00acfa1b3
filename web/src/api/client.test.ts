import { BROWSER_ID_KEY, browserId } from './browser-id';
import { answerOf, api, apiPath, ApiRequestError, deleteJson, getJson, postJson, putJson } from './client';
import { describeError, reportError } from './error-reporting';

type Call = { url: string; init: RequestInit };
let calls: Call[];

function answerWith(status: number, text: string) {
  calls = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
  }) as typeof fetch;
}

beforeEach(() => localStorage.clear());

describe('the API client', () => {
  it('sends JSON with credentials and adds this browser’s id to every POST', async () => {
    answerWith(200, '{"isValid":true}');
    await expect(postJson('/api/data/test/', { password: 'x' })).resolves.toEqual({ isValid: true });
    const [{ url, init }] = calls;
    expect(url).toBe('/api/data/test/');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ password: 'x', browserId: localStorage.getItem(BROWSER_ID_KEY) });
  });

  it('sends the CSRF token of the account session with a PUT and a bodiless DELETE, never with a GET', async () => {
    document.cookie = 'csrf=token-1';
    answerWith(200, '{}');
    await putJson('/api/policy/change-sets/7/edits/0', { edit: { kind: 'rates-held', until: '2028-03-31' } });
    await deleteJson('/api/policy/change-sets/7/edits/0');
    await getJson('/api/policy/change-sets/7');
    const headers = calls.map((call) => (call.init.headers as Record<string, string>)['X-CSRF-Token']);
    expect(calls.map((call) => call.init.method)).toEqual(['PUT', 'DELETE', 'GET']);
    expect(headers).toEqual(['token-1', 'token-1', undefined]);
    expect(calls[1].init.body).toBeUndefined();
    document.cookie = 'csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends GETs with credentials and no body', async () => {
    answerWith(200, '{"isIntermediary":false}');
    await expect(getJson('/api/intermediary/index/')).resolves.toEqual({ isIntermediary: false });
    expect(calls[0].init).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
  });

  it('turns an error answer into an error carrying method, status, error body, sent data and URL', async () => {
    const errorBody = { statusCode: 400, code: 'VALIDATION_FAILED', message: 'source must be text.', errors: [] };
    answerWith(400, JSON.stringify(errorBody));
    const failure = await postJson('/api/data/error/', { source: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({
      message: 'source must be text.',
      method: 'POST',
      status: 400,
      url: '/api/data/error/',
      errorBody,
      sentData: { source: 1, browserId: expect.stringMatching(/^browser_/) },
    });
  });

  it('says Invalid JSON response when the answer is not JSON', async () => {
    answerWith(200, '<html>proxy error</html>');
    await expect(getJson('/api/health')).rejects.toMatchObject({
      message: 'Invalid JSON response',
      status: 200,
      errorBody: '<html>proxy error</html>',
    });
  });

  it('treats an empty answer (204) as null', async () => {
    answerWith(204, '');
    await expect(postJson('/api/data/error/', { source: 'Survey', error: 'x' })).resolves.toBeNull();
  });
});

describe('browserId', () => {
  it('is made once as browser_<time>_<random> and kept in local storage', () => {
    const first = browserId();
    expect(first).toMatch(/^browser_\d{13}_[a-z0-9]{8}$/);
    expect(browserId()).toBe(first);
    expect(localStorage.getItem(BROWSER_ID_KEY)).toBe(first);
  });

  it('replaces a stored value that is not a browser id', () => {
    localStorage.setItem(BROWSER_ID_KEY, '<script>');
    expect(browserId()).toMatch(/^browser_/);
  });

  it('still gives one id for the page when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(browserId(blocked)).toBe(browserId(blocked));
  });
});

describe('error reporting', () => {
  it('reports a failed call without the answers that were sent', () => {
    const error = new ApiRequestError(
      'Server error',
      'POST',
      '/api/data/survey/',
      500,
      { message: 'Server error' },
      { ClientPostcode: 'SW1A 1AA' },
    );
    const text = describeError(error);
    expect(text).toContain('POST /api/data/survey/ answered 500: Server error');
    expect(text).not.toContain('SW1A');
  });

  it('posts the report with its source and session, and swallows a failure to report', async () => {
    answerWith(503, '{"statusCode":503,"code":"SERVICE_UNAVAILABLE","message":"down","errors":[]}');
    await expect(reportError('Survey', new Error('boom'), 'session-1')).resolves.toBeUndefined();
    expect(calls[0].url).toBe('/api/data/error');
    expect(JSON.parse(calls[0].init.body as string)).toMatchObject({
      source: 'Survey',
      error: expect.stringContaining('Error: boom'),
      session: 'session-1',
    });
  });
});

describe('the typed client (openapi-fetch, typed by api/openapi.json)', () => {
  it('refuses, when type-checked, a path, method or body the document does not have', () => {
    // Never run: `npm run build:web` (tsc) fails if any of these lines type-checks, as @ts-expect-error is then unused.
    const neverCalled = () => [
      // @ts-expect-error: no such path in api/openapi.json
      api.GET('/api/data/no-such-route'),
      // @ts-expect-error: the health check has no POST
      api.POST('/api/health', { body: {} }),
      // @ts-expect-error: a sign-in needs a password
      api.POST('/api/account/sign-in', { body: { email: 'adviser@example.org' } }),
      // @ts-expect-error: no such download
      apiPath('/api/data/no-such-download'),
    ];
    expect(typeof neverCalled).toBe('function');
  });

  it('fills in the path of an address the browser fetches itself', () => {
    expect(apiPath('/assets/img/{session}', { session: 'a b/c' })).toBe('/assets/img/a%20b%2Fc');
    expect(apiPath('/api/data/pdf')).toBe('/api/data/pdf');
  });

  it('sends its path and query as the document names them, with the browser id, and gives back the answer', async () => {
    answerWith(200, '{"isIntermediary":false}');
    await expect(
      answerOf(api.GET('/api/intermediary/clients', { params: { query: { search: 'Jo B', searchType: 'user' } } })),
    ).resolves.toEqual({
      isIntermediary: false,
    });
    expect(calls[0].url).toBe('/api/intermediary/clients?search=Jo%20B&searchType=user');
    expect((calls[0].init.headers as Record<string, string>)['X-Browser-Id']).toBe(browserId());
  });

  it('adds the browser id to a body and the CSRF token to a change, as every other call does', async () => {
    document.cookie = 'csrf=token-2';
    answerWith(200, '{}');
    await api.PUT('/api/policy/change-sets/{id}/edits/{index}', {
      params: { path: { id: '7', index: '0' } },
      body: { edit: { kind: 'rates-held', until: '2028-03-31' } },
    });
    const [{ url, init }] = calls;
    expect([url, init.method]).toEqual(['/api/policy/change-sets/7/edits/0', 'PUT']);
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('token-2');
    expect(JSON.parse(init.body as string)).toEqual({ edit: { kind: 'rates-held', until: '2028-03-31' }, browserId: browserId() });
    document.cookie = 'csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('fails with the error body as ApiRequestError, and a bodiless answer is no data', async () => {
    answerWith(403, '{"statusCode":403,"code":"NO_ACCESS","message":"Please sign in.","errors":[]}');
    const failure = await api.GET('/api/account/users').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ method: 'GET', url: '/api/account/users', status: 403, message: 'Please sign in.' });
    answerWith(204, '');
    await expect(answerOf(api.POST('/api/data/error', { body: { source: 'Survey', error: 'x' } }))).resolves.toBeUndefined();
  });
});
