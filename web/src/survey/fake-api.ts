/**
 * A stand-in for the API in the jsdom tests: answers each call from a list of routes and records what was sent.
 * Only the tests import it.
 */
export interface SentCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

export type FakeAnswer = { status: number; body: unknown } | (() => Promise<{ status: number; body: unknown }>);

export interface FakeApi {
  calls: SentCall[];
  /** Answers later calls to `method url` with `answer` (the latest route for a call wins). */
  on(method: string, url: string, answer: FakeAnswer): FakeApi;
  callsTo(method: string, url: string): SentCall[];
}

export function installFakeApi(): FakeApi {
  const routes: { key: string; answer: FakeAnswer }[] = [];
  const api: FakeApi = {
    calls: [],
    on(method, url, answer) {
      routes.unshift({ key: `${method} ${url}`, answer });
      return api;
    },
    callsTo(method, url) {
      return api.calls.filter((call) => call.method === method && call.url === url);
    },
  };
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    api.calls.push({
      method,
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
    });
    const route = routes.find((candidate) => candidate.key === `${method} ${url}`);
    const answer = route
      ? typeof route.answer === 'function'
        ? await route.answer()
        : route.answer
      : { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'No route', errors: [] } };
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, text: async () => text } as Response;
  }) as typeof fetch;
  return api;
}
