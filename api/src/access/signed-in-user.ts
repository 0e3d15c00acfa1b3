import type { Request } from 'express';
import { ApiError } from '../errors/api-error.js';

import type { AccountRole } from '../../../common/accounts/model.js';

export type { AccountRole } from '../../../common/accounts/model.js';

export interface SignedInUser {
  userId: string;
  organisationId: string;
  role: AccountRole;
  displayName: string;
}

/** Where the access guard leaves the user it resolved from the account session cookie. */
const SIGNED_IN_USER = Symbol('signedInUser');

type RequestWithUser = Request & { [SIGNED_IN_USER]?: SignedInUser | null };

export function rememberSignedInUser(request: Request, user: SignedInUser | null): void {
  (request as RequestWithUser)[SIGNED_IN_USER] = user;
}

/** The user signed in on this request, or null; only set once the access guard has run. */
export function signedInUserOrNull(request: Request): SignedInUser | null {
  return (request as RequestWithUser)[SIGNED_IN_USER] ?? null;
}

/**
 * The user of a route guarded by Adviser() or OrganisationAdmin(). Throws 403 NO_ACCESS when there is none, which
 * only happens when a route reads it without declaring one of those rules.
 */
export function signedInUser(request: Request): SignedInUser {
  const user = signedInUserOrNull(request);
  if (!user) throw new ApiError(403, 'NO_ACCESS', 'You need to sign in to the adviser area to see this.');
  return user;
}
