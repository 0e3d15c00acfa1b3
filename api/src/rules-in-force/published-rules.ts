import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { RulesVersions } from '../../../engine/policy/rules-versions.js';
import { JsonLogger } from '../logging/json-logger.js';
import { readPublishedChangeSets, withScheduledChanges } from './rules-versions.js';
import { ENTITLEMENT_ENGINE } from './tokens.js';

/** How often each process looks for change sets published, withdrawn or reverted by another. */
const REFRESH_MS = 10_000;

/**
 * Keeps the process's rules versions in step with the change sets published in the database: at once after this
 * process publishes, withdraws, reverts or stops one (`reload`), and within 10 s of another process doing so.
 */
@Injectable()
export class PublishedRules implements OnApplicationBootstrap, OnModuleDestroy {
  private refreshTimer: NodeJS.Timeout | undefined;
  private publishedSignature = '';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
    private readonly logger: JsonLogger,
  ) {}

  /** The rules versions of the process (the engine every feature uses). */
  get versions(): RulesVersions {
    if (!(this.engine instanceof RulesVersions)) throw new Error('Published change sets need the engine to be the rules versions.');
    return this.engine;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.publishedSignature = await this.readPublishedSignature();
    this.refreshTimer = setInterval(() => void this.refreshIfPublishedElsewhere(), REFRESH_MS);
    this.refreshTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.refreshTimer);
  }

  /** Loads the published change sets again, now: after this process changed which are published. */
  async reload(signature?: string): Promise<void> {
    this.versions.setPublished(withScheduledChanges(this.versions.baseFiles, await readPublishedChangeSets(this.dataSource)));
    this.publishedSignature = signature ?? (await this.readPublishedSignature());
  }

  private async readPublishedSignature(): Promise<string> {
    const [row] = await this.dataSource.query<{ signature: string | null }[]>(
      `SELECT string_agg(id || ':' || status || ':' || coalesce(reverted_from::text, '') || ':' || (failed_at IS NOT NULL)::text, ',' ORDER BY published_seq) AS signature
         FROM policy_change_sets WHERE published_seq IS NOT NULL`,
    );
    return row?.signature ?? '';
  }

  /** Another process published, withdrew or reverted a change set: load the versions again. */
  private async refreshIfPublishedElsewhere(): Promise<void> {
    try {
      const signature = await this.readPublishedSignature();
      if (signature !== this.publishedSignature) await this.reload(signature);
    } catch (error) {
      this.logger.event('warn', 'could not check for published policy change sets', { errorName: (error as Error).name });
    }
  }
}
