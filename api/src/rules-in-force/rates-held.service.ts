import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { JsonLogger } from '../logging/json-logger.js';
import { ratesRunway, type RatesRunway } from './rates-runway.js';
import { ENTITLEMENT_ENGINE } from './tokens.js';

/** How often a running process says again in its log that the rates run out soon (or have). */
const LOG_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the rates held last (issue 30): `/api/health` and the policy workbench's home read it, and the log says it
 * at start and once a day from RATES_WARNING_DAYS days before the last date held, so nobody learns of it on 1 April.
 */
@Injectable()
export class RatesHeld implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
    private readonly logger: JsonLogger,
  ) {}

  runway(today: string = ukToday()): RatesRunway {
    return ratesRunway(this.engine, today);
  }

  onApplicationBootstrap(): void {
    this.logIfShort();
    this.timer = setInterval(() => this.logIfShort(), LOG_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private logIfShort(): void {
    const runway = this.runway();
    if (runway.state === 'held') return;
    this.logger.event('warn', runway.message, { ratesState: runway.state, lastDateHeld: runway.lastDateHeld, daysLeft: runway.daysLeft });
  }
}
