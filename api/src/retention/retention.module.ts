import { Injectable, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { describeErrorForLog } from '../errors/database-errors.js';
import { JsonLogger } from '../logging/json-logger.js';
import { RetentionService } from './retention.service.js';

export const RETENTION_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the retention job once when the server starts and then every hour. The timer does not keep the process
 * alive, and it stops (after letting a run in progress finish) before the database pool closes on shutdown.
 */
@Injectable()
export class RetentionSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly retention: RetentionService,
    private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: the server takes requests while the first run goes on.
    this.runNow();
    this.timer = setInterval(() => this.runNow(), RETENTION_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private runNow(): void {
    const run = this.retention.run().catch((error: unknown) => {
      // The next hour tries again; a database error can quote a row, so only its kind is logged.
      const { errorName, errorCode } = describeErrorForLog(error);
      this.logger.event('error', 'retention job failed', { errorName, errorCode });
    });
    this.running = run;
  }
}

@Module({ providers: [RetentionService, RetentionSchedule], exports: [RetentionService] })
export class RetentionModule {}
