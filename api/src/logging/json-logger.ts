import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** The log levels, lowest volume first; LOG_LEVEL (config/environment.ts) names one. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, string | number | boolean | null | undefined>;

const MAX_LOGGED_PATH_LENGTH = 200;

/** The path without its query string: queries can carry partner references, and they add nothing to a log. */
export function loggedPath(originalUrl: string): string {
  return originalUrl.split('?')[0].slice(0, MAX_LOGGED_PATH_LENGTH);
}

/** The request a piece of work belongs to, set by requestLogging: its id, and its logger once a line is written. */
export class RequestLogContext {
  #logger: Logger | null = null;

  constructor(
    private readonly root: Logger,
    readonly requestId: string,
  ) {}

  /** A logger whose every line carries the request id, made the first time something logs inside the request. */
  get logger(): Logger {
    return (this.#logger ??= this.root.child({ requestId: this.requestId }));
  }
}

export const requestContext = new AsyncLocalStorage<RequestLogContext>();

// Wherever a header or a body turns up in a line, these never appear: they carry sessions, sign-ins, the browser
// that owns a calculation, or answers. The request line itself holds neither headers nor body (see request-logging.ts).
const SECRET_HEADERS = ['cookie', 'set-cookie', 'authorization', 'x-browser-id', 'x-csrf-token'];
export const REDACTED_PATHS = [...SECRET_HEADERS.flatMap((name) => [`headers["${name}"]`, `*.headers["${name}"]`]), 'body', '*.body'];

/**
 * The one line format: JSON with `time` (ISO), `level` by name, `message`, then the fields, and no process id or
 * host name. LOG_LEVEL is error, warn, info or debug; anything else (config validation refuses it later) is info.
 */
export function logOptions(level: string | undefined): LoggerOptions {
  return {
    level: (LOG_LEVELS as readonly string[]).includes(level ?? '') ? level : 'info',
    messageKey: 'message',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Should a line name a request or a response, only these parts are written (never headers, query or address).
    serializers: {
      req: (request: { method?: unknown; url?: unknown }) => ({
        method: typeof request?.method === 'string' ? request.method : undefined,
        path: typeof request?.url === 'string' ? loggedPath(request.url) : undefined,
      }),
      res: (response: { statusCode?: unknown }) => ({ status: typeof response?.statusCode === 'number' ? response.statusCode : undefined }),
    },
  };
}

// Nest's start-up chatter (every module and route it maps) is only worth seeing when debugging.
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

/** nestjs-pino's logger for Nest itself, with the start-up chatter moved down to debug and verbose shown at debug. */
class NestLogger extends NestPinoLogger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context)) super.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }

  override verbose(message: unknown, ...optionalParams: unknown[]): void {
    super.debug(message, ...optionalParams);
  }
}

/**
 * The app's logger: a pino logger (nestjs-pino's PinoLogger) that, inside a request, writes through that request's
 * logger so every line carries its request id. Callers pass a fixed message and named fields; by design nothing here
 * accepts a request body or an answer, and nothing in the product passes personal data (postcodes, dates of birth,
 * names, e-mails) as a field.
 */
export class JsonLogger extends PinoLogger {
  readonly root: Logger;

  constructor(level: string | undefined = 'info', destination: DestinationStream = process.stdout) {
    const root = pino(logOptions(level), destination);
    super({ pinoHttp: { logger: root } });
    this.root = root;
  }

  override get logger(): Logger {
    return requestContext.getStore()?.logger ?? this.root;
  }

  /** A structured event: a fixed message and the fields that describe it. */
  event(level: LogLevel, message: string, fields: LogFields = {}): void {
    this.logger[level](fields, message);
  }

  /** The same lines for Nest's own messages, for NestFactory's `logger` option. */
  forNest(): NestPinoLogger {
    return new NestLogger(this, {});
  }
}
