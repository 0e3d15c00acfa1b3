import type { Request } from 'express';
import { isBrowserId } from '../../../common/browser-id.js';
import { readCookies } from '../../../common/cookies.js';
import { signedInUserOrNull, type SignedInUser } from './signed-in-user.js';
import { sourceAddressOf } from '../rate-limit/source-address.js';

/** Who is asking: the browser id the web app sends, the cookies the API set, and the address for rate limits. */
export interface Caller {
  browserId: string | null;
  cookies: Record<string, string | undefined>;
  /** The source address the rate limits count (an IPv6 address per /64): see sourceAddressOf. */
  address: string;
  /** The account signed in on the request (the access guard resolved it), if any: advisers open their clients' calculations. */
  account?: SignedInUser | null;
}

/**
 * POST bodies carry `browserId`; GET requests send it in the X-Browser-Id header. A value that is
 * not a browser id is ignored.
 */
export function callerOf(request: Request, bodyBrowserId?: string | null): Caller {
  const header = request.headers['x-browser-id'];
  const candidate = bodyBrowserId ?? (typeof header === 'string' ? header : null);
  return {
    browserId: candidate && isBrowserId(candidate) ? candidate : null,
    cookies: readCookies(request.headers.cookie),
    address: sourceAddressOf(request),
    account: signedInUserOrNull(request),
  };
}
