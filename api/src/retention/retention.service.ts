import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { JsonLogger } from '../logging/json-logger.js';
import { DELETE_EXPIRED_COUNTERS } from '../rate-limit/postgres-throttler-storage.js';

/** Any fixed number: every API process (and `npm run data:retention`) asks for the same lock, so one runs at a time. */
export const RETENTION_LOCK_KEY = 7_470_001;

/** How many rows and files one run deleted. */
export interface RetentionReport {
  /** RETENTION_MONTHS as the job used it. */
  retentionMonths: number;
  calculations: number;
  clientErrorReports: number;
  accessGrants: number;
  accountSessions: number;
  captchaChallenges: number;
  rateLimitCounters: number;
  /** Caseload runs started longer ago than RETENTION_MONTHS, with every client's figures in them. */
  caseloadRuns: number;
  outboxFiles: number;
  /** False when another process was already running the job, so this one left the database alone. */
  ranInDatabase: boolean;
}

/**
 * Deletes what the calculator no longer needs (the data map in docs/privacy.md says what is kept and for how long):
 * calculations older than RETENTION_MONTHS, and with them, by ON DELETE CASCADE, their answers, feedback, security
 * codes, access grants, analytics events and error reports; expired grants, account sessions and security codes;
 * rate-limit counters whose window has ended; and e-mails in DATA_DIR/outbox older than the same limit.
 * One statement per table, under an advisory lock so that two API processes never run it at once.
 * adviser_audit is kept: it holds ids only, never a name, postcode or answer.
 */
@Injectable()
export class RetentionService {
  private readonly months: number;
  private readonly outbox: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<Environment, true>,
    private readonly logger: JsonLogger,
  ) {
    this.months = config.get('RETENTION_MONTHS', { infer: true });
    this.outbox = resolve(config.get('DATA_DIR', { infer: true }), 'outbox');
  }

  /** Runs the job once; calls made while a run is going wait for it and then run again, one after the other. */
  run(): Promise<RetentionReport> {
    const next = this.queue.then(() => this.runOnce());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async runOnce(): Promise<RetentionReport> {
    const started = Date.now();
    const database = await this.deleteFromDatabase();
    const outboxFiles = await this.deleteOldOutboxFiles();
    const report: RetentionReport = { retentionMonths: this.months, ...database, outboxFiles };
    // Counts only: nothing about what was deleted.
    this.logger.event('info', 'retention job finished', { ...report, durationMs: Date.now() - started });
    return report;
  }

  private async deleteFromDatabase(): Promise<Omit<RetentionReport, 'outboxFiles' | 'retentionMonths'>> {
    const none = {
      calculations: 0,
      clientErrorReports: 0,
      accessGrants: 0,
      accountSessions: 0,
      captchaChallenges: 0,
      rateLimitCounters: 0,
      caseloadRuns: 0,
    };
    // A session-level advisory lock belongs to one connection, so the whole run uses the same one.
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [RETENTION_LOCK_KEY])) as { locked: boolean }[];
      if (!locked) return { ...none, ranInDatabase: false };
      try {
        const count = async (sql: string, params: unknown[] = []) => {
          const [{ deleted }] = (await runner.query(
            `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS deleted FROM gone`,
            params,
          )) as { deleted: number }[];
          return deleted;
        };
        return {
          // Answers, feedback, security codes, grants, analytics events and error reports of these go by ON DELETE CASCADE.
          calculations: await count(`DELETE FROM calculation_sessions WHERE created_at < now() - make_interval(months => $1)`, [
            this.months,
          ]),
          // Reports the app sent without a calculation have nothing to cascade from.
          clientErrorReports: await count(`DELETE FROM client_error_reports WHERE created_at < now() - make_interval(months => $1)`, [
            this.months,
          ]),
          accessGrants: await count(`DELETE FROM access_grants WHERE expires_at < now()`),
          accountSessions: await count(`DELETE FROM account_sessions WHERE expires_at < now()`),
          captchaChallenges: await count(`DELETE FROM captcha_challenges WHERE expires_at < now()`),
          // Counters whose window and block have both ended count nothing now (each process also deletes them).
          rateLimitCounters: await count(DELETE_EXPIRED_COUNTERS),
          // A run's figures are its clients' benefits: they go after the same time as the calculations they came from.
          caseloadRuns: await count(`DELETE FROM caseload_runs WHERE created_at < now() - make_interval(months => $1)`, [this.months]),
          ranInDatabase: true,
        };
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]).catch(() => undefined);
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * The outbox holds whole e-mails (an address and a link to a calculation), so they go after the same time.
   * Each process may do this: deleting a file twice is harmless.
   */
  private async deleteOldOutboxFiles(): Promise<number> {
    const names = await readdir(this.outbox).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const cutoff = new Date();
    cutoff.setMonth(cutoff.getMonth() - this.months);
    let deleted = 0;
    for (const name of names.filter((file) => file.endsWith('.eml'))) {
      const file = join(this.outbox, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || info.mtime >= cutoff) continue;
      const removed = await unlink(file).then(
        () => true,
        (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
      );
      if (removed) deleted += 1;
    }
    return deleted;
  }
}
