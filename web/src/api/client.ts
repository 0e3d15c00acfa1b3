import { CSRF_COOKIE, CSRF_HEADER } from '../../../common/accounts/model';
import { readCookies } from '../../../common/cookies';
import { isErrorResponse } from '../../../common/errors';
import createClient from 'openapi-fetch';
import { browserId } from './browser-id';
import type { paths } from './openapi';

/**
 * A failed call: any answer other than 2xx, or one that is not JSON. It carries what is needed
 * to understand the failure: the method, status, the error body, the data sent and the URL.
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly errorBody: unknown,
    readonly sentData: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** The header that carries this browser's id on a GET, which has no body for it. */
export const BROWSER_ID_HEADER = 'X-Browser-Id';

/**
 * The account session's CSRF token, from the readable csrf cookie the API sets at sign-in (double submit). Every
 * POST echoes it in X-CSRF-Token: the API refuses a POST that carries the session cookie without it, so another
 * site cannot make a signed-in adviser's browser change anything.
 */
export function csrfToken(cookies = typeof document === 'undefined' ? '' : document.cookie): string | null {
  return readCookies(cookies)[CSRF_COOKIE] ?? null;
}

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, sentData?: Record<string, unknown>): Promise<T> {
  // A DELETE has no body but changes things, so it carries the CSRF token as a POST does.
  const csrf = method === 'GET' ? null : csrfToken();
  const csrfHeader: Record<string, string> = csrf ? { [CSRF_HEADER]: csrf } : {};
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: sentData
      ? { 'Content-Type': 'application/json', Accept: 'application/json', ...csrfHeader }
      : { Accept: 'application/json', [BROWSER_ID_HEADER]: browserId(), ...csrfHeader },
    body: sentData ? JSON.stringify(sentData) : undefined,
  });
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiRequestError('Invalid JSON response', method, url, response.status, text, sentData);
    }
  }
  if (!response.ok) {
    const message = isErrorResponse(body) ? body.message : `${method} ${url} answered ${response.status}`;
    throw new ApiRequestError(message, method, url, response.status, body, sentData);
  }
  return body as T;
}

/** Every GET carries this browser's id in a header, so the server can tell who owns a calculation. */
export function getJson<T>(url: string): Promise<T> {
  return call<T>('GET', url);
}

/** Every POST carries this browser's id. */
export function postJson<T>(url: string, data: Record<string, unknown>): Promise<T> {
  return call<T>('POST', url, { ...data, browserId: browserId() });
}

/** A PUT carries the browser's id and the CSRF token as a POST does. */
export function putJson<T>(url: string, data: Record<string, unknown>): Promise<T> {
  return call<T>('PUT', url, { ...data, browserId: browserId() });
}

/** A DELETE: no body, the browser's id in its header and the CSRF token. */
export function deleteJson<T>(url: string): Promise<T> {
  return call<T>('DELETE', url);
}

/**
 * The typed client of the API, generated from api/openapi.json (npm run openapi:types writes ./openapi.d.ts): a path,
 * method, parameter or body the document does not have fails `tsc`, so the document cannot drift from what the web
 * app calls. Each request goes through `call`, so it carries the browser id and CSRF token and fails as every other
 * call does (ApiRequestError with the error body).
 */
export const api = createClient<paths>({
  baseUrl: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  fetch: sendThroughCall,
});

async function sendThroughCall(request: Request): Promise<Response> {
  const method = request.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const url = new URL(request.url);
  const text = method === 'GET' || method === 'DELETE' ? '' : await request.text();
  const sent = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  const relative = `${url.pathname}${url.search}`;
  const body = await (method === 'GET'
    ? getJson<unknown>(relative)
    : method === 'POST'
      ? postJson<unknown>(relative, sent)
      : method === 'PUT'
        ? putJson<unknown>(relative, sent)
        : deleteJson<unknown>(relative));
  if (body === null) return new Response(null, { status: 204 });
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** openapi-fetch's `data` type leaves out a property whose only value is null (a shown figure's `withheld`): the same, to compare with. */
type NullOnlyLeftOut<T> = T extends (infer E)[]
  ? NullOnlyLeftOut<E>[]
  : T extends object
    ? { [K in keyof T as [NonNullable<T[K]>] extends [never] ? never : K]: NullOnlyLeftOut<T[K]> }
    : T;

/**
 * What a typed call answered, as `T`, a type of the document (web/src/api/openapi.d.ts): the compiler checks that `T`
 * is what the document says the route answers, so it cannot be a guess. `call` throws on any failure, so an answer
 * always has its data.
 */
export async function dataOf<T>(pending: Promise<{ data?: NullOnlyLeftOut<T> }>): Promise<T> {
  const { data } = await pending;
  if (data === undefined) throw new Error('The API answered without a body.');
  // Only openapi-fetch's type differs from T (see NullOnlyLeftOut), not the JSON.
  return data as T;
}

/** What a typed call answered, as the type the screen works with (the document's own types are looser). */
export async function answerOf<T>(pending: Promise<{ data?: unknown }>): Promise<T> {
  return (await pending).data as T;
}

/**
 * The address of something the browser fetches itself (a PDF or CSV download, a captcha picture or sound): its path
 * is checked against the document as the typed calls are, with `{name}` filled in from `pathParams`.
 */
export function apiPath<P extends keyof paths>(path: P, pathParams: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name] ?? ''));
}
