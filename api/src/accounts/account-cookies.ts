import type { CookieOptions, Request, Response } from 'express';
import { CSRF_COOKIE } from '../../../common/accounts/model.js';

/** The account session: http-only, so page scripts (and anything injected into them) cannot read it. */
export const SESSION_COOKIE = 'account_session';
export { CSRF_COOKIE };

/** Signed in for 8 hours at most: a working day, after which the adviser signs in again. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

/**
 * Secure whenever the request came over https, and always in production (where TLS ends at the proxy in front).
 * Plain http is only allowed for development and tests on localhost, where a Secure cookie would not come back.
 */
function cookieOptions(request: Request, production: boolean, httpOnly: boolean): CookieOptions {
  return { httpOnly, secure: production || request.secure, sameSite: 'lax', path: '/' };
}

export function setAccountCookies(
  request: Request,
  response: Response,
  production: boolean,
  session: { token: string; csrfToken: string },
): void {
  response.cookie(SESSION_COOKIE, session.token, { ...cookieOptions(request, production, true), maxAge: SESSION_LIFETIME_MS });
  // Readable by the web app, which echoes it in the X-CSRF-Token header: another site can send the cookie, not read it.
  response.cookie(CSRF_COOKIE, session.csrfToken, { ...cookieOptions(request, production, false), maxAge: SESSION_LIFETIME_MS });
}

export function clearAccountCookies(request: Request, response: Response, production: boolean): void {
  response.clearCookie(SESSION_COOKIE, cookieOptions(request, production, true));
  response.clearCookie(CSRF_COOKIE, cookieOptions(request, production, false));
}
