import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The routes limited per source address by @nestjs/throttler, each with its own count, and the
 * environment variable that sets it as `<requests>/<window>`, the window in s, m, h or d.
 */
export const ROUTE_LIMITS = {
  /**
   * POST /api/v1/calculations without an API key: low, so that the API stays free to try; a key (X-Api-Key) has
   * its own per-minute limit and daily quota instead (api/src/api-keys/).
   */
  'calculation-api': { variable: 'RATE_LIMIT_CALCULATION_ANONYMOUS', default: '20/1m' },
  /** POST /api/v1/calculations/batch without an API key: up to 10,000 households a request, so far fewer requests. */
  'calculation-batch': { variable: 'RATE_LIMIT_CALCULATION_BATCH', default: '10/1h' },
  /** The questionnaire's first POST, which creates a calculation. */
  'calculation-start': { variable: 'RATE_LIMIT_CALCULATION_START', default: '60/10m' },
  /** A calculation's results: reading them, re-calculating for better-off, sections opened and feedback. */
  results: { variable: 'RATE_LIMIT_RESULTS', default: '300/1m' },
  /** The results PDF, which takes the server the most work of any public request. */
  pdf: { variable: 'RATE_LIMIT_PDF', default: '30/1m' },
  /** Starting a caseload run, which recalculates every client of the organisation in the background. */
  'caseload-run': { variable: 'RATE_LIMIT_CASELOAD_RUN', default: '20/1h' },
  /** Running a policy change set's cases or impact, each of which works out thousands of households. */
  'policy-run': { variable: 'RATE_LIMIT_POLICY_RUN', default: '120/1h' },
} as const;

export type RouteLimitName = keyof typeof ROUTE_LIMITS;

export const ROUTE_LIMIT_NAMES = Object.keys(ROUTE_LIMITS) as RouteLimitName[];

const ROUTE_LIMIT_METADATA = 'route-limit';

/** Counts the route's requests per source address against the named limit; over it, 429 with Retry-After. */
export const RateLimited = (name: RouteLimitName) => SetMetadata(ROUTE_LIMIT_METADATA, name);

/** The limit a route counts against, from its handler or else its controller; undefined when it has none. */
export function routeLimitOf(context: ExecutionContext): RouteLimitName | undefined {
  return Reflect.getMetadata(ROUTE_LIMIT_METADATA, context.getHandler()) ?? Reflect.getMetadata(ROUTE_LIMIT_METADATA, context.getClass());
}

/** The limits a request with an API key is counted against the key for instead (ApiKeyGuard). */
const KEYED_LIMITS: readonly RouteLimitName[] = ['calculation-api', 'calculation-batch'];

/** Whether the request is to the calculation API and carries X-Api-Key (any value: a wrong one gets 401). */
export function carriesApiKey(name: RouteLimitName | undefined, request: Pick<Request, 'headers'>): boolean {
  return name !== undefined && KEYED_LIMITS.includes(name) && request.headers['x-api-key'] !== undefined;
}

/**
 * Whether a request to the questionnaire's POST starts a calculation: it names none. Read from the parsed body
 * before validation, so that a request the validation then refuses counts too.
 */
export function startsCalculation(request: Pick<Request, 'body'>): boolean {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return true;
  const session = (body as Record<string, unknown>).session;
  return session === undefined || session === null || session === '';
}

const WINDOW_UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
export const ROUTE_LIMIT_PATTERN = /^([1-9]\d{0,6})\/([1-9]\d{0,3})([smhd])$/;

export interface RequestsPerWindow {
  limit: number;
  windowMs: number;
}

/** `120/1m` as 120 requests in 60,000 ms; null when the text is not in that form or the window is over a day. */
export function parseRouteLimit(text: string): RequestsPerWindow | null {
  const match = ROUTE_LIMIT_PATTERN.exec(text.trim());
  if (!match) return null;
  const windowMs = Number(match[2]) * WINDOW_UNIT_MS[match[3] as keyof typeof WINDOW_UNIT_MS];
  return windowMs <= WINDOW_UNIT_MS.d ? { limit: Number(match[1]), windowMs } : null;
}

export function routeLimitRule(variable: string): string {
  return `${variable} must be a number of requests per window of at most a day, such as 120/1m (the window in s, m, h or d).`;
}
