import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PostgresThrottlerStorage } from './postgres-throttler-storage.js';
import { RateLimitGuard, ROUTE_LIMIT_SETTINGS, RouteLimitCounter, type RouteLimitSettings } from './rate-limit.guard.js';
import { RateLimiter } from './rate-limiter.js';
import { parseRouteLimit, ROUTE_LIMIT_NAMES, ROUTE_LIMITS } from './route-limits.js';

/**
 * Rate limits, counted in PostgreSQL (PostgresThrottlerStorage, @nestjs/throttler's storage interface) so that
 * every API process shares them: the per-route limits (RateLimitGuard, registered in AppModule before the access
 * guard), and RateLimiter for the limits a service counts itself (identity checks, look-ups, sign-ins, e-mails,
 * security codes).
 */
@Global()
@Module({
  providers: [
    {
      provide: PostgresThrottlerStorage,
      inject: [getDataSourceToken()],
      useFactory: (dataSource: DataSource) => new PostgresThrottlerStorage(dataSource),
    },
    {
      provide: ROUTE_LIMIT_SETTINGS,
      inject: [ConfigService],
      // The environment's check (config/environment.ts, which imports these limits) has already refused a bad value.
      useFactory: (config: ConfigService<Record<string, string>, true>): RouteLimitSettings =>
        Object.fromEntries(
          ROUTE_LIMIT_NAMES.map((name) => [name, parseRouteLimit(config.get<string>(ROUTE_LIMITS[name].variable))!]),
        ) as RouteLimitSettings,
    },
    RateLimiter,
    RouteLimitCounter,
    RateLimitGuard,
  ],
  exports: [PostgresThrottlerStorage, ROUTE_LIMIT_SETTINGS, RateLimiter, RouteLimitCounter, RateLimitGuard],
})
export class RateLimitModule {}
