import { Global, Inject, Injectable, Logger, Module, type BeforeApplicationShutdown, type DynamicModule } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { isDatabaseUnavailable } from '../errors/database-errors.js';
import { JsonLogger } from '../logging/json-logger.js';
import { startEmbeddedPostgres, type DatabaseServer } from './embedded-postgres.js';
import { runMigrations } from './migrate.js';

export const DATABASE_SERVER = Symbol('DATABASE_SERVER');

/**
 * The server behind DATABASE_URL, or, when it is unset, the embedded PostgreSQL started here (or found running for
 * another process). If the embedded one stops on its own, it is started again; if that keeps failing, the process
 * exits with code 1 and says why, so that whatever supervises it starts it afresh rather than it answering 503 for
 * ever.
 */
async function openDatabaseServer(config: ConfigService<Environment, true>, logger: JsonLogger): Promise<DatabaseServer> {
  const url = config.get('DATABASE_URL', { infer: true });
  if (url) return { url, stop: async () => undefined };
  return startEmbeddedPostgres(config.get('DATA_DIR', { infer: true }), logger.forNest(), {
    heal: {
      onGiveUp: (reason) => {
        logger.event('error', 'the embedded database could not be started again; exiting so that a supervisor restarts the server', {
          reason,
        });
        process.exit(1);
      },
    },
  });
}

@Module({
  providers: [{ provide: DATABASE_SERVER, inject: [ConfigService, JsonLogger], useFactory: openDatabaseServer }],
  exports: [DATABASE_SERVER],
})
class DatabaseServerModule {}

/** How long closing the pool may take: a query stuck on a paused or vanished server would hold it for ever. */
const POOL_CLOSE_TIMEOUT_MS = 2000;

/**
 * Stops things in order when the app shuts down: the connection pool first, then lets go of the embedded server
 * (which stops it if no other process uses it; a no-op for an external one). It runs before TypeORM's own
 * shutdown hook, which then finds the pool already closed. Neither step waits on a database that does not answer.
 */
@Injectable()
class DatabaseShutdown implements BeforeApplicationShutdown {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DATABASE_SERVER) private readonly server: DatabaseServer,
  ) {}

  async beforeApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, POOL_CLOSE_TIMEOUT_MS)));
      await Promise.race([this.dataSource.destroy().catch(() => undefined), timeout]);
      clearTimeout(timer);
    }
    await this.server.stop();
  }
}

/**
 * The database: the server (embedded or DATABASE_URL), the connection and the migrations run on every start. The
 * connection's options (every entity, every migration) come from the app that composes the modules
 * (`api/src/data-source-options.ts`): the database sits below every feature, so it names none of their tables.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(optionsOf: (url: string) => DataSourceOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        DatabaseServerModule,
        TypeOrmModule.forRootAsync({
          imports: [DatabaseServerModule],
          inject: [DATABASE_SERVER],
          useFactory: (server: DatabaseServer) => ({
            ...optionsOf(server.url),
            retryAttempts: 5,
            retryDelay: 2000,
            toRetry: isDatabaseUnavailable,
          }),
          // Migrations run on every start, before the app takes requests.
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            try {
              await runMigrations(dataSource, new Logger('Migrations'));
            } catch (error) {
              await dataSource.destroy();
              throw error;
            }
            return dataSource;
          },
        }),
      ],
      providers: [DatabaseShutdown],
      exports: [DatabaseServerModule],
    };
  }
}
