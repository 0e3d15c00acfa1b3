import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { ApiError } from '../errors/api-error.js';
import { PostgresThrottlerStorage } from './postgres-throttler-storage.js';
import { carriesApiKey, routeLimitOf, startsCalculation, type RequestsPerWindow, type RouteLimitName } from './route-limits.js';
import { sourceAddressOf } from './source-address.js';

/** The route limits in force (RATE_LIMIT_* read and checked at start), by name. */
export const ROUTE_LIMIT_SETTINGS = Symbol('ROUTE_LIMIT_SETTINGS');
export type RouteLimitSettings = Record<RouteLimitName, RequestsPerWindow>;

/** 'a minute', '10 minutes', '2 hours': how long a refused caller must wait, in plain words. */
export function waitText(seconds: number): string {
  if (seconds <= 60) return 'a minute';
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} minutes`;
  const hours = Math.ceil(seconds / 3600);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/** The counter of one route limit for one source address: a digest, so that no address is stored. */
export function routeCounterKey(name: RouteLimitName, sourceAddress: string): string {
  return createHash('sha256').update(`route-limit:${name}:${sourceAddress}`).digest('hex');
}

/**
 * Counts one request against a per-route limit for its source address (sourceAddressOf: an IPv6 address per /64), in
 * PostgreSQL, as @nestjs/throttler's ThrottlerGuard does with a storage and one named throttler per limit, with a block
 * as long as the window: the request that passes the limit blocks the address for a window, and every request until
 * then gets 429 TOO_MANY_REQUESTS, with Retry-After in seconds. (ThrottlerGuard itself is CommonJS that requires the
 * ES-module-only NestJS 12, which Jest cannot load on Node before 24.9: see docs/security.md, 'Rate limits'.)
 */
@Injectable()
export class RouteLimitCounter {
  constructor(
    private readonly storage: PostgresThrottlerStorage,
    @Inject(ROUTE_LIMIT_SETTINGS) private readonly limits: RouteLimitSettings,
  ) {}

  async countAddress(name: RouteLimitName, request: Request): Promise<void> {
    const { limit, windowMs } = this.limits[name];
    const counted = await this.storage.increment(routeCounterKey(name, sourceAddressOf(request)), windowMs, limit, windowMs, name);
    if (counted.isBlocked) {
      const seconds = counted.timeToBlockExpire;
      throw ApiError.tooManyRequests(
        'TOO_MANY_REQUESTS',
        `Too many requests from your connection. Please wait ${waitText(seconds)} and try again.`,
        seconds,
      );
    }
  }
}

/**
 * Runs before the access guard on every request and counts the routes marked @RateLimited, each against its own
 * limit, per source address (RouteLimitCounter). It runs before any body that a route reads itself (the batch) is read.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly counter: RouteLimitCounter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const name = routeLimitOf(context);
    if (name === undefined) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (name === 'calculation-start' && !startsCalculation(request)) return true;
    // A call with an API key is counted against the key, by ApiKeyGuard, not against the caller's address; a wrong
    // key is counted against the address there too.
    if (carriesApiKey(name, request)) return true;
    await this.counter.countAddress(name, request);
    return true;
  }
}
