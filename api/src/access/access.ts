import { CanActivate, ExecutionContext, Inject, Injectable, Optional, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCOUNT_MESSAGES } from '../../../common/accounts/model.js';
import { rememberSignedInUser, type AccountRole, type SignedInUser } from './signed-in-user.js';
import { ApiError } from '../errors/api-error.js';

/**
 * Who may call a route. Every controller or route says so; a route that says nothing is refused (fail
 * closed), and a test lists any such route.
 */
export type AccessRule = 'public' | 'session-holder' | 'adviser' | 'organisation-admin' | 'policy-staff' | 'service-admin';

export const ACCESS_RULE = 'access-rule';

/** Anyone may call this route: it holds nothing that belongs to one visitor. */
export const Public = () => SetMetadata(ACCESS_RULE, 'public' satisfies AccessRule);

/**
 * Anyone may call this route, but it reads or changes one calculation: the service lets only the browser that
 * owns it, or one that passed the identity check, see its answers (SessionAccessService).
 */
export const SessionHolder = () => SetMetadata(ACCESS_RULE, 'session-holder' satisfies AccessRule);

/**
 * Signed in to the adviser area as an adviser or an organisation admin (the account session cookie). Anyone else
 * gets 403 NO_ACCESS, which the web app shows as the No Access screen. Read the user with
 * signedInUser(request).
 */
export const Adviser = () => SetMetadata(ACCESS_RULE, 'adviser' satisfies AccessRule);

/** Signed in as an admin of an organisation: manages its people and clients. Anyone else gets 403 NO_ACCESS. */
export const OrganisationAdmin = () => SetMetadata(ACCESS_RULE, 'organisation-admin' satisfies AccessRule);

/**
 * Signed in as the charity's policy staff: the policy workbench (/api/policy/), where the rules and rates are changed.
 * Anyone else, advisers and admins included, gets 403 NO_ACCESS.
 */
export const PolicyStaff = () => SetMetadata(ACCESS_RULE, 'policy-staff' satisfies AccessRule);

/**
 * Signed in as one of the charity's service administrators: registers the partners whose sites show the calculator
 * (/api/partners/), each registration approved by a second one. Anyone else gets 403 NO_ACCESS.
 */
export const ServiceAdmin = () => SetMetadata(ACCESS_RULE, 'service-admin' satisfies AccessRule);

const ROLES_ALLOWED: Record<Exclude<AccessRule, 'public' | 'session-holder'>, readonly AccountRole[]> = {
  adviser: ['adviser', 'organisation-admin'],
  'organisation-admin': ['organisation-admin'],
  'policy-staff': ['policy-staff'],
  'service-admin': ['service-admin'],
};

const REFUSED: Record<keyof typeof ROLES_ALLOWED, string> = {
  adviser: ACCOUNT_MESSAGES.notSignedIn,
  'organisation-admin': ACCOUNT_MESSAGES.adminOnly,
  'policy-staff': ACCOUNT_MESSAGES.policyStaffOnly,
  'service-admin': ACCOUNT_MESSAGES.serviceAdminOnly,
};

export function accessRuleOf(reflector: Reflector, targets: Parameters<Reflector['getAllAndOverride']>[1]): AccessRule | undefined {
  return reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, targets);
}

/**
 * Who is signed in on a request (with the CSRF check for a POST carrying a session cookie). Provided by the accounts
 * module, above this one, under this token: the guard sits below every feature, so it names no feature's service.
 */
export interface SignedInUsers {
  signedInUserOf(request: Request): Promise<SignedInUser | null>;
}
export const SIGNED_IN_USERS = Symbol('SIGNED_IN_USERS');

@Injectable()
export class AccessGuard implements CanActivate {
  // Optional so the guard also works in an app without accounts (the access-rules test builds one).
  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(SIGNED_IN_USERS) private readonly accounts?: SignedInUsers,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = accessRuleOf(this.reflector, [context.getHandler(), context.getClass()]);
    if (rule === undefined) throw new ApiError(403, 'FORBIDDEN', 'You do not have access to this.');
    // Every route, public or not, learns who is signed in, and a POST carrying a live session cookie is refused
    // here without the matching X-CSRF-Token.
    const request = context.switchToHttp().getRequest<Request>();
    const user = this.accounts ? await this.accounts.signedInUserOf(request) : null;
    rememberSignedInUser(request, user);
    if (rule === 'public' || rule === 'session-holder') return true;
    if (!user)
      throw new ApiError(
        403,
        'NO_ACCESS',
        rule === 'policy-staff' || rule === 'service-admin' ? REFUSED[rule] : ACCOUNT_MESSAGES.notSignedIn,
      );
    if (!ROLES_ALLOWED[rule].includes(user.role)) throw new ApiError(403, 'NO_ACCESS', REFUSED[rule]);
    return true;
  }
}
