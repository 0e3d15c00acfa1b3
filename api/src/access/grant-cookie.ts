import type { Response } from 'express';
import type { GrantCookie } from './access-grants.service.js';

/**
 * Grants travel in http-only cookies that scripts cannot read. Most are `SameSite=Lax`, so other sites cannot send
 * them. A grant for a calculation started in a partner's portal must also reach the calculator inside the partner's
 * frame, a cross-site context: it is `SameSite=None; Secure; Partitioned`, so the browser keeps it only for the site
 * that framed the calculator when it was set and sends it nowhere else (CHIPS).
 */
export function setGrantCookie(response: Response, cookie: GrantCookie): void {
  response.cookie(cookie.name, cookie.value, {
    httpOnly: true,
    secure: true,
    path: '/',
    maxAge: cookie.maxAgeMs,
    ...(cookie.isEmbedded ? { sameSite: 'none' as const, partitioned: true } : { sameSite: 'lax' as const }),
  });
}
