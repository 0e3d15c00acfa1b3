import { Global, Inject, Injectable, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PgBoss, type Job } from 'pg-boss';
import type { Environment } from '../config/environment.js';
import { DATABASE_SERVER } from '../database/database.module.js';
import type { DatabaseServer } from '../database/embedded-postgres.js';
import { describeErrorForLog } from '../errors/database-errors.js';
import { JsonLogger } from '../logging/json-logger.js';

/** pg-boss keeps its tables in a schema of its own, beside the app's, in the app's database. */
export const JOBS_SCHEMA = 'pgboss';
/** A few connections: the queue's own work is small, and the app's pool does the heavy reading and writing. */
const JOBS_POOL_SIZE = 4;
/** On shutdown, a job in progress gets this long to finish before pg-boss lets it go (it is retried elsewhere). */
const STOP_TIMEOUT_MS = 5000;

export interface JobQueueOptions {
  /** How long one job may run before pg-boss counts it as failed and retries it. */
  expireInSeconds: number;
  /** How many times a failed job (a crash, a lost database) is tried again. */
  retryLimit: number;
  /** How often an idle worker asks for new jobs. */
  pollingIntervalSeconds: number;
}

/**
 * Works one job. `stopping` is aborted when the process shuts down: a long job checks it between steps and throws, so
 * pg-boss puts the job back for another worker (or this one after a restart) rather than the process being cut off.
 */
export type JobHandler<T> = (data: T, stopping: AbortSignal) => Promise<void>;

interface RegisteredQueue {
  options: JobQueueOptions;
  handler: JobHandler<never>;
}

/**
 * Background jobs on pg-boss, a PostgreSQL-backed queue: any number of API and worker processes, on one machine or
 * several, share one queue through the database. Every process can send jobs; a process works them only when its
 * worker is on (JOB_WORKER, default on; `npm run worker` is a process that only works them). Domains register
 * their queues in onModuleInit; pg-boss starts once every module is ready and stops before the pool closes.
 * Job data holds ids only, never anything personal, since pg-boss keeps it in its tables.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly queues = new Map<string, RegisteredQueue>();
  private readonly stopping = new AbortController();
  private boss?: PgBoss;

  constructor(
    @Inject(DATABASE_SERVER) private readonly server: DatabaseServer,
    private readonly config: ConfigService<Environment, true>,
    private readonly logger: JsonLogger,
  ) {}

  /** Called by a domain's service in its onModuleInit: the queue it sends to, and what works one of its jobs. */
  register<T>(name: string, options: JobQueueOptions, handler: JobHandler<T>): void {
    this.queues.set(name, { options, handler: handler as JobHandler<never> });
  }

  /** Whether this process works jobs as well as sending them. */
  get isWorker(): boolean {
    return this.config.get('JOB_WORKER', { infer: true }) === 'on';
  }

  async onApplicationBootstrap(): Promise<void> {
    const boss = new PgBoss({
      connectionString: this.server.url,
      schema: JOBS_SCHEMA,
      max: JOBS_POOL_SIZE,
      application_name: 'benefits-calculator-jobs',
    });
    // pg-boss reports trouble (a lost connection, a failed maintenance run) as events; without a listener Node
    // would end the process. A database error can quote a row, so only its kind is logged.
    boss.on('error', (error) => this.logger.event('error', 'job queue error', describeErrorForLog(error)));
    await boss.start();
    this.boss = boss;
    for (const [name, { options }] of this.queues) {
      await boss.createQueue(name, { expireInSeconds: options.expireInSeconds, retryLimit: options.retryLimit });
    }
    if (!this.isWorker) return;
    for (const [name, { options, handler }] of this.queues) {
      await boss.work<never>(name, { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1 }, async (jobs: Job<never>[]) => {
        for (const job of jobs) await handler(job.data, this.stopping.signal);
      });
    }
    this.logger.event('info', 'job worker started', { queues: [...this.queues.keys()].join(',') });
  }

  /** Puts a job on a queue; returns its id. Throws when the queue is not running (the app is starting or stopping). */
  async send(name: string, data: object): Promise<string> {
    if (!this.boss) throw new Error('The job queue is not running.');
    const id = await this.boss.send(name, data);
    if (!id) throw new Error(`The job queue refused a job for ${name}.`);
    return id;
  }

  /** Before the pool closes: tells the job in progress to stop, waits for it (a few seconds at most), then closes pg-boss's connections. */
  async onModuleDestroy(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    this.stopping.abort();
    await boss?.stop({ graceful: true, close: true, timeout: STOP_TIMEOUT_MS });
  }
}

/** The job queue, for every domain that sends or works background jobs (api/src/caseload). */
@Global()
@Module({ providers: [JobsService], exports: [JobsService] })
export class JobsModule {}
