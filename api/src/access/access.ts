import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '../errors/api-error.js';

/**
 * Who may call a route. Every controller or route says so; a route that says nothing is refused (fail
 * closed), and a test lists any such route. Later issues add the session owner, adviser and admin rules.
 */
export type AccessRule = 'public' | 'session-holder';

export const ACCESS_RULE = 'access-rule';

/** Anyone may call this route: it holds nothing that belongs to one visitor. */
export const Public = () => SetMetadata(ACCESS_RULE, 'public' satisfies AccessRule);

/**
 * Anyone may call this route, but it reads or changes one calculation: the service lets only the browser that
 * owns it, or one that passed the identity check, see its answers (SessionAccessService).
 */
export const SessionHolder = () => SetMetadata(ACCESS_RULE, 'session-holder' satisfies AccessRule);

export function accessRuleOf(reflector: Reflector, targets: Parameters<Reflector['getAllAndOverride']>[1]): AccessRule | undefined {
  return reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, targets);
}

@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = accessRuleOf(this.reflector, [context.getHandler(), context.getClass()]);
    if (rule === 'public' || rule === 'session-holder') return true;
    throw new ApiError(403, 'FORBIDDEN', 'You do not have access to this.');
  }
}
