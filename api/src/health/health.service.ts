import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { RulesVersions } from '../../../engine/policy/rules-versions.js';
import { ENTITLEMENT_ENGINE } from '../rules-in-force/tokens.js';
import { ApiError } from '../errors/api-error.js';
import type { HealthResponse } from './health.dto.js';

const DATABASE_CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
  ) {}

  async check(): Promise<HealthResponse> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
      const failing = this.failingChangeSets();
      if (failing.length === 0) return { status: 'ok', database: 'up' };
      const named = failing.length === 1 ? `change set ${failing[0]}` : `change sets ${failing.join(', ')}`;
      return {
        status: 'degraded',
        database: 'up',
        details: {
          failingChangeSets: failing,
          message: `Published policy ${named} failed when results were worked out with ${failing.length === 1 ? 'it' : 'them'}: results are worked out with the rules without ${failing.length === 1 ? 'it' : 'them'} until ${failing.length === 1 ? 'it is' : 'they are'} stopped.`,
        },
      };
    } catch {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service cannot reach its database just now.');
    } finally {
      clearTimeout(timer);
    }
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
