import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { RulesVersions } from '../../../engine/policy/rules-versions.js';
import { RatesHeld } from '../rules-in-force/rates-held.service.js';
import { ENTITLEMENT_ENGINE } from '../rules-in-force/tokens.js';
import { ApiError } from '../errors/api-error.js';
import type { HealthResponse } from './health.dto.js';

const DATABASE_CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
    private readonly ratesHeld: RatesHeld,
  ) {}

  async check(): Promise<HealthResponse> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
    } catch {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service cannot reach its database just now.');
    } finally {
      clearTimeout(timer);
    }
    return this.rulesHealth();
  }

  /**
   * 'ok' with no details while the rules work and the rates held last more than RATES_WARNING_DAYS days; 'ok' with
   * the rates' details from then until the last date held (a warning ahead); 'degraded' once results use the last
   * rates held, or when a published change set fails (results are still worked out, so the answer stays 200).
   */
  private rulesHealth(): HealthResponse {
    const failing = this.failingChangeSets();
    const runway = this.ratesHeld.runway();
    const ratesShort = runway.state !== 'held';
    if (failing.length === 0 && !ratesShort) return { status: 'ok', database: 'up' };
    const messages: string[] = [];
    if (failing.length > 0) {
      const named = failing.length === 1 ? `change set ${failing[0]}` : `change sets ${failing.join(', ')}`;
      messages.push(
        `Published policy ${named} failed when results were worked out with ${failing.length === 1 ? 'it' : 'them'}: results are worked out with the rules without ${failing.length === 1 ? 'it' : 'them'} until ${failing.length === 1 ? 'it is' : 'they are'} stopped.`,
      );
    }
    if (ratesShort) messages.push(runway.message);
    const ratesDegraded = runway.state === 'last-rates-held' || runway.state === 'ran-out';
    return {
      status: failing.length > 0 || ratesDegraded ? 'degraded' : 'ok',
      database: 'up',
      details: {
        failingChangeSets: failing,
        message: messages.join(' '),
        ...(runway.state !== 'held' && { rates: { state: runway.state, lastDateHeld: runway.lastDateHeld, daysLeft: runway.daysLeft } }),
      },
    };
  }

  /**
   * Published change sets found to fail at run time that still apply today or later (results fall back from them):
   * the service answers, with the rules without them, so health stays 200 and says 'degraded'. Once stopped or
   * reverted from today, a change set is not reported.
   */
  private failingChangeSets(): number[] {
    if (!(this.engine instanceof RulesVersions)) return [];
    const versions = this.engine;
    const today = ukToday();
    return versions.faultsFound
      .map(({ changeSet }) => versions.publishedSets.find((set) => set.id === changeSet))
      .filter((set) => set !== undefined && (set.revertedFrom === null || set.revertedFrom > today))
      .map((set) => set!.id);
  }
}
