import type { LoggerService } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { LOG_LEVELS, type LogLevel } from '../config/environment.js';

/** Where log lines go: standard output in the server, a list in tests. */
export interface LogSink {
  write(line: string): unknown;
}

export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** The request a piece of work belongs to, so every line it logs carries the same request id. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

const SEVERITY: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

// Nest's start-up chatter (every module and route it maps) is only worth seeing when debugging.
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

/**
 * Writes one JSON object a line. Callers pass a message and named fields; by design nothing here accepts a
 * request body or an answer, and nothing in the product passes personal data (postcodes, dates of birth,
 * names, e-mails) as a field.
 */
export class JsonLogger implements LoggerService {
  private readonly minimumSeverity: number;

  constructor(
    level: string | undefined = 'info',
    private readonly sink: LogSink = process.stdout,
  ) {
    this.minimumSeverity = SEVERITY[(LOG_LEVELS as readonly string[]).includes(level ?? '') ? (level as LogLevel) : 'info'];
  }

  error(message: unknown, ...rest: unknown[]): void {
    // Nest calls error(message, stack?, context?).
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    this.write('error', message, { context, stack });
  }

  warn(message: unknown, context?: unknown): void {
    this.write('warn', message, { context: typeof context === 'string' ? context : undefined });
  }

  log(message: unknown, context?: unknown): void {
    const contextName = typeof context === 'string' ? context : undefined;
    this.write(contextName && START_UP_CONTEXTS.has(contextName) ? 'debug' : 'info', message, { context: contextName });
  }

  debug(message: unknown, context?: unknown): void {
    this.write('debug', message, { context: typeof context === 'string' ? context : undefined });
  }

  verbose(message: unknown, context?: unknown): void {
    this.debug(message, context);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.error(message, ...rest);
  }

  /** A structured event: a fixed message and the fields that describe it. */
  event(level: LogLevel, message: string, fields: LogFields = {}): void {
    this.write(level, message, fields);
  }

  private write(level: LogLevel, message: unknown, fields: LogFields): void {
    if (SEVERITY[level] > this.minimumSeverity) return;
    const messageFields = typeof message === 'object' && message !== null ? (message as LogFields) : { message: String(message) };
    const line: LogFields = {
      time: new Date().toISOString(),
      level,
      requestId: requestContext.getStore()?.requestId,
      ...messageFields,
      ...fields,
    };
    this.sink.write(`${JSON.stringify(line)}\n`);
  }
}
