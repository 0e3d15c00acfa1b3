/**
 * What the account scripts share: the AccountsService on the server's own database (DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR when it is unset, migrated first, exactly as `npm start` does), and a prompt that
 * does not echo passwords. Logs go to stderr so that stdout holds only what the script says. Beside a running
 * server on the embedded PostgreSQL, the script uses that same postgres and leaves it running; with no server,
 * it starts it and stops it again when done (see api/src/database/embedded-postgres.ts).
 */
import { Module, type INestApplicationContext } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { createInterface, type Interface } from 'node:readline';
import { AccountsModule } from '../api/src/accounts/accounts.module.js';
import { AccountsService } from '../api/src/accounts/accounts.service.js';
import { ApiKeysModule } from '../api/src/api-keys/api-keys.module.js';
import { validateEnvironment } from '../api/src/config/environment.js';
import { DatabaseModule } from '../api/src/database/database.module.js';
import { dataSourceOptions } from '../api/src/data-source-options.js';
import { JsonLogger } from '../api/src/logging/json-logger.js';
import { LoggingModule } from '../api/src/logging/logging.module.js';
import { RateLimitModule } from '../api/src/rate-limit/rate-limit.module.js';

export function withAccounts<T>(work: (accounts: AccountsService) => Promise<T>): Promise<T> {
  return withAccountsContext((context) => work(context.get(AccountsService)));
}

/** The same, with the whole context, for a script that needs more than AccountsService (the API keys' levels). */
export async function withAccountsContext<T>(work: (context: INestApplicationContext) => Promise<T>): Promise<T> {
  const logger = new JsonLogger('warn', process.stderr);
  @Module({
    imports: [
      ConfigModule.forRoot({ isGlobal: true, cache: true, validate: validateEnvironment }),
      LoggingModule.forRoot(logger),
      DatabaseModule.forRoot(dataSourceOptions),
      RateLimitModule,
      AccountsModule,
      ApiKeysModule,
    ],
  })
  class AccountsScriptModule {}
  const context = await NestFactory.createApplicationContext(AccountsScriptModule, { logger: logger.forNest(), abortOnError: false });
  context.enableShutdownHooks();
  try {
    return await work(context);
  } finally {
    await context.close();
  }
}

/** The value after `--name` in the arguments, if given. */
export function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

// One reader for every question: piped input arrives in one chunk, and a second reader would lose the lines after the first.
let terminal: Interface | undefined;
let lines: AsyncIterator<string> | undefined;
let muted = false;

/** Asks on the terminal; when `hidden`, what is typed is not shown (for passwords). Reads lines from piped input too. */
export async function ask(question: string, hidden = false): Promise<string> {
  if (!terminal) {
    terminal = createInterface({ input: process.stdin, output: process.stderr, terminal: Boolean(process.stdin.isTTY) });
    const echo = terminal as unknown as { _writeToOutput: (text: string) => void };
    const write = echo._writeToOutput.bind(terminal);
    echo._writeToOutput = (text: string) => {
      if (!muted) write(text);
    };
    lines = terminal[Symbol.asyncIterator]();
  }
  process.stderr.write(question);
  muted = hidden;
  const line = await lines!.next();
  muted = false;
  if (hidden && process.stdin.isTTY) process.stderr.write('\n');
  return typeof line.value === 'string' ? line.value.trim() : '';
}

/** Lets the process end: an open reader keeps stdin open. */
export function stopAsking(): void {
  terminal?.close();
}
