import type { Response } from 'express';
import type { GrantCookie } from './access-grants.service.js';

/** Grants travel in http-only cookies that scripts cannot read and other sites cannot send. */
export function setGrantCookie(response: Response, cookie: GrantCookie): void {
  response.cookie(cookie.name, cookie.value, { httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: cookie.maxAgeMs });
}
