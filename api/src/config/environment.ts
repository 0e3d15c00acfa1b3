import { plainToInstance, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  validateSync,
} from 'class-validator';
import { API_KEY_DEFAULT_LEVELS, API_KEY_LIMITS } from '../../../common/api-keys/model.js';
import { parseRouteLimit, ROUTE_LIMITS, routeLimitRule } from '../rate-limit/route-limits.js';
import { isTrustProxyValue, TRUST_PROXY_RULE } from '../rate-limit/source-address.js';
import { LOG_LEVELS, type LogLevel } from '../logging/json-logger.js';

export const NODE_ENVIRONMENTS = ['development', 'production', 'test'] as const;
export const JOB_WORKER_SETTINGS = ['on', 'off'] as const;

const PORT_RULE = 'PORT must be a whole number from 1 to 65535.';
const BODY_LIMIT_RULE = 'BODY_LIMIT_KB must be a whole number of kilobytes from 1 to 10240.';
const RETENTION_RULE = 'RETENTION_MONTHS must be a whole number of months from 1 to 120.';
const EMAILS_PER_SENDER_RULE = 'EMAILS_PER_HOUR_PER_SENDER must be a whole number from 1 to 100000.';
const EMAILS_PER_HOUR_RULE = 'EMAILS_PER_HOUR must be a whole number from 1 to 1000000.';
const KEYS_DAILY_LEVEL_RULE = `API_KEYS_DAILY_LEVEL must be a whole number of households from 1 to ${API_KEY_LIMITS.maxDailyQuota}.`;
const KEYS_PER_MINUTE_LEVEL_RULE = `API_KEYS_PER_MINUTE_LEVEL must be a whole number of calls from 1 to ${API_KEY_LIMITS.maxPerMinute}.`;

/** A per-address route limit, `<requests>/<window>` (api/src/rate-limit/route-limits.ts). */
const IsRouteLimit = (variable: string) =>
  ValidateBy(
    { name: 'isRouteLimit', validator: { validate: (value) => typeof value === 'string' && parseRouteLimit(value) !== null } },
    { message: routeLimitRule(variable) },
  );

/**
 * Every environment variable the server reads, with its default. `.env.example` lists the same variables;
 * a test keeps the two in step. Messages never repeat a value back, since DATABASE_URL holds a password.
 */
export class Environment {
  @IsIn(NODE_ENVIRONMENTS, { message: 'NODE_ENV must be one of development, production or test.' })
  NODE_ENV: (typeof NODE_ENVIRONMENTS)[number] = 'development';

  @Type(() => Number)
  @IsInt({ message: PORT_RULE })
  @Min(1, { message: PORT_RULE })
  @Max(65535, { message: PORT_RULE })
  PORT = 3000;

  @IsOptional()
  @IsString()
  @MaxLength(255, { message: 'HOST must be a host name or IP address.' })
  HOST?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, {
    message: 'DATABASE_URL must be a PostgreSQL connection URL such as postgres://user:password@host:5432/database.',
  })
  DATABASE_URL?: string;

  @IsString()
  @MaxLength(1000, { message: 'DATA_DIR must be a folder path.' })
  DATA_DIR = '.data';

  @IsIn(LOG_LEVELS, { message: 'LOG_LEVEL must be one of error, warn, info or debug.' })
  LOG_LEVEL: LogLevel = 'info';

  @Type(() => Number)
  @IsInt({ message: BODY_LIMIT_RULE })
  @Min(1, { message: BODY_LIMIT_RULE })
  @Max(10240, { message: BODY_LIMIT_RULE })
  BODY_LIMIT_KB = 100;

  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'CHAT_SCRIPT_URL must be the full http(s) address of the chat service script, or unset for no chat.' },
  )
  CHAT_SCRIPT_URL?: string;

  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    {
      message:
        'POSTCODE_LOOKUP_URL must be the full http(s) address of a postcodes.io-compatible service, such as https://api.postcodes.io, or unset to look postcodes up in the database only.',
    },
  )
  POSTCODE_LOOKUP_URL?: string;

  @IsOptional()
  @IsString()
  @MinLength(12, { message: 'TEST_MODE_PASSWORD must be at least 12 characters, or unset to turn test mode off.' })
  TEST_MODE_PASSWORD?: string;

  /** A folder of further partner files (definitions/partners' format), read after it: a portal tried out locally. */
  @IsOptional()
  @IsString()
  @MaxLength(1000, { message: 'EXTRA_PARTNERS_DIR must be a folder path, or unset.' })
  EXTRA_PARTNERS_DIR?: string;

  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, {
    message:
      'SMTP_URL must be an smtp:// or smtps:// address such as smtp://user:password@mail.example.org:587, or unset to write e-mails to files under DATA_DIR/outbox.',
  })
  SMTP_URL?: string;

  @Matches(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
    message: 'MAIL_FROM must be an e-mail address, optionally with a name: Benefits Calculator <no-reply@example.org>.',
  })
  MAIL_FROM = 'Benefits Calculator <no-reply@example.org>';

  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    {
      message:
        'PUBLIC_URL must be the full http(s) address people open the calculator at, such as https://calculator.example.org, or unset for http://localhost:PORT.',
    },
  )
  PUBLIC_URL?: string;

  /** Tries at e-mailing a calculation from one network (an IPv4 address, or an IPv6 /64) in an hour. */
  @Type(() => Number)
  @IsInt({ message: EMAILS_PER_SENDER_RULE })
  @Min(1, { message: EMAILS_PER_SENDER_RULE })
  @Max(100_000, { message: EMAILS_PER_SENDER_RULE })
  EMAILS_PER_HOUR_PER_SENDER = 20;

  /** E-mails sent in an hour by the whole service, whoever asks. */
  @Type(() => Number)
  @IsInt({ message: EMAILS_PER_HOUR_RULE })
  @Min(1, { message: EMAILS_PER_HOUR_RULE })
  @Max(1_000_000, { message: EMAILS_PER_HOUR_RULE })
  EMAILS_PER_HOUR = 200;

  @Type(() => Number)
  @IsInt({ message: RETENTION_RULE })
  @Min(1, { message: RETENTION_RULE })
  @Max(120, { message: RETENTION_RULE })
  RETENTION_MONTHS = 6;

  @IsRouteLimit(ROUTE_LIMITS['calculation-api'].variable)
  RATE_LIMIT_CALCULATION_ANONYMOUS: string = ROUTE_LIMITS['calculation-api'].default;

  @IsRouteLimit(ROUTE_LIMITS['calculation-batch'].variable)
  RATE_LIMIT_CALCULATION_BATCH: string = ROUTE_LIMITS['calculation-batch'].default;

  @IsRouteLimit(ROUTE_LIMITS['calculation-start'].variable)
  RATE_LIMIT_CALCULATION_START: string = ROUTE_LIMITS['calculation-start'].default;

  @IsRouteLimit(ROUTE_LIMITS.results.variable)
  RATE_LIMIT_RESULTS: string = ROUTE_LIMITS.results.default;

  @IsRouteLimit(ROUTE_LIMITS.pdf.variable)
  RATE_LIMIT_PDF: string = ROUTE_LIMITS.pdf.default;

  /**
   * Whether this process works background jobs (the caseload runs) as well as sending them: 'on' (the default, so
   * `npm start` alone does everything) or 'off' for an API-only process beside separate `npm run worker` processes.
   */
  @IsIn(JOB_WORKER_SETTINGS, { message: 'JOB_WORKER must be on (this process works background jobs) or off (it only sends them).' })
  JOB_WORKER: (typeof JOB_WORKER_SETTINGS)[number] = 'on';

  @IsRouteLimit(ROUTE_LIMITS['caseload-run'].variable)
  RATE_LIMIT_CASELOAD_RUN: string = ROUTE_LIMITS['caseload-run'].default;

  @IsRouteLimit(ROUTE_LIMITS['policy-run'].variable)
  RATE_LIMIT_POLICY_RUN: string = ROUTE_LIMITS['policy-run'].default;

  /**
   * The level the service sets for an organisation's API keys unless an operator set its own
   * (`npm run accounts:api-key-levels`): the households its keys in use may work out a day between them.
   */
  @Type(() => Number)
  @IsInt({ message: KEYS_DAILY_LEVEL_RULE })
  @Min(1, { message: KEYS_DAILY_LEVEL_RULE })
  @Max(API_KEY_LIMITS.maxDailyQuota, { message: KEYS_DAILY_LEVEL_RULE })
  API_KEYS_DAILY_LEVEL: number = API_KEY_DEFAULT_LEVELS.dailyQuota;

  /** ... and the calls a minute each of its keys may make at most. */
  @Type(() => Number)
  @IsInt({ message: KEYS_PER_MINUTE_LEVEL_RULE })
  @Min(1, { message: KEYS_PER_MINUTE_LEVEL_RULE })
  @Max(API_KEY_LIMITS.maxPerMinute, { message: KEYS_PER_MINUTE_LEVEL_RULE })
  API_KEYS_PER_MINUTE_LEVEL: number = API_KEY_DEFAULT_LEVELS.perMinute;

  /** Express's 'trust proxy': unset, X-Forwarded-For is ignored and the connection's peer is the source address. */
  @IsOptional()
  @ValidateBy(
    { name: 'isTrustProxy', validator: { validate: (value) => typeof value === 'string' && isTrustProxyValue(value) } },
    { message: TRUST_PROXY_RULE },
  )
  TRUST_PROXY?: string;
}

export class InvalidEnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server's configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'InvalidEnvironmentError';
  }
}

const KNOWN_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATA_DIR',
  'LOG_LEVEL',
  'BODY_LIMIT_KB',
  'CHAT_SCRIPT_URL',
  'EXTRA_PARTNERS_DIR',
  'POSTCODE_LOOKUP_URL',
  'TEST_MODE_PASSWORD',
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'EMAILS_PER_HOUR_PER_SENDER',
  'EMAILS_PER_HOUR',
  'RETENTION_MONTHS',
  'RATE_LIMIT_CALCULATION_ANONYMOUS',
  'RATE_LIMIT_CALCULATION_BATCH',
  'RATE_LIMIT_CALCULATION_START',
  'RATE_LIMIT_RESULTS',
  'RATE_LIMIT_PDF',
  'RATE_LIMIT_CASELOAD_RUN',
  'RATE_LIMIT_POLICY_RUN',
  'JOB_WORKER',
  'API_KEYS_DAILY_LEVEL',
  'API_KEYS_PER_MINUTE_LEVEL',
  'TRUST_PROXY',
];

/** The `validate` function given to `ConfigModule.forRoot`: returns the typed settings or throws every problem at once. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  // An empty line such as `DATABASE_URL=` in a .env file means "not set", not "set to nothing".
  const given = Object.fromEntries(
    KNOWN_VARIABLES.filter((name) => raw[name] !== undefined && String(raw[name]).trim() !== '').map((name) => [
      name,
      String(raw[name]).trim(),
    ]),
  );
  const environment = plainToInstance(Environment, given);
  const problems = validateSync(environment).flatMap((error) => Object.values(error.constraints ?? {}));
  if (problems.length > 0) throw new InvalidEnvironmentError([...new Set(problems)]);
  return environment;
}
