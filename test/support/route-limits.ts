/**
 * The per-address route limits (RATE_LIMIT_* in docs/configuration.md) raised out of the way, for the benches and
 * the in-process suites, which send far more requests a minute from this machine's one address than a family or an
 * advice office would, and which the defaults rightly refuse. Every request is still counted in PostgreSQL. The
 * suites that run a production build (startApiProcess: browser, security headers, privacy logs) keep the defaults,
 * so whole journeys show the defaults are enough; test/api/rate-limits.e2e.spec.ts sets low ones to reach them.
 */
export const ROUTE_LIMITS_OUT_OF_THE_WAY = {
  RATE_LIMIT_CALCULATION_ANONYMOUS: '1000000/1m',
  RATE_LIMIT_CALCULATION_BATCH: '1000000/1m',
  RATE_LIMIT_CALCULATION_START: '1000000/1m',
  RATE_LIMIT_RESULTS: '1000000/1m',
  RATE_LIMIT_PDF: '1000000/1m',
  RATE_LIMIT_CASELOAD_RUN: '1000000/1m',
  RATE_LIMIT_POLICY_RUN: '1000000/1m',
} as const;
