/**
 * `npm run data:retention`: runs the retention job once, as the server does every hour: deletes calculations
 * older than RETENTION_MONTHS (default 6) with their answers, expired grants, sessions and security codes, old
 * rate-limit counters and old e-mails in DATA_DIR/outbox. Uses the server's database (DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR: the one the running server uses, or, with no server running, one started here and
 * stopped again when done). Prints counts only.
 */
import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { validateEnvironment } from '../api/src/config/environment.js';
import { DatabaseModule } from '../api/src/database/database.module.js';
import { dataSourceOptions } from '../api/src/data-source-options.js';
import { describeErrorForLog } from '../api/src/errors/database-errors.js';
import { JsonLogger } from '../api/src/logging/json-logger.js';
import { LoggingModule } from '../api/src/logging/logging.module.js';
import { RetentionService } from '../api/src/retention/retention.service.js';

// The job's own log line goes to stderr with the rest, so stdout holds only the summary.
const logger = new JsonLogger(process.env.LOG_LEVEL ?? 'warn', process.stderr);

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, cache: true, validate: validateEnvironment }),
    LoggingModule.forRoot(logger),
    DatabaseModule.forRoot(dataSourceOptions),
  ],
  // The service alone, without the hourly schedule the server's RetentionModule adds.
  providers: [RetentionService],
})
class RetentionScriptModule {}

const context = await NestFactory.createApplicationContext(RetentionScriptModule, { logger: logger.forNest(), abortOnError: false }).catch(
  (error: unknown) => {
    // Only the error's kind and code: a database error can quote a row.
    const { errorName, errorCode } = describeErrorForLog(error);
    console.error(
      `The retention job could not open the database (${errorName}${errorCode ? ` ${errorCode}` : ''}). Check DATABASE_URL, or DATA_DIR for the embedded database.`,
    );
    process.exit(1);
  },
);
context.enableShutdownHooks();
try {
  const report = await context.get(RetentionService).run();
  const months = report.retentionMonths;
  if (!report.ranInDatabase) {
    console.log('Another process is running the retention job on this database now; it does the same, so nothing more was done here.');
  } else {
    console.log(
      `Deleted ${report.calculations} calculations started more than ${months} months ago, with their answers, feedback and analytics;`,
    );
    console.log(
      `${report.clientErrorReports} older error reports; ${report.accessGrants} expired access grants, ${report.accountSessions} expired sign-in sessions and ${report.captchaChallenges} expired security codes; ${report.rateLimitCounters} old rate-limit counters; ${report.caseloadRuns} old caseload runs.`,
    );
  }
  console.log(`Deleted ${report.outboxFiles} e-mails older than ${months} months from the outbox.`);
} finally {
  await context.close();
}
