import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../config/environment.js';
import { ApiError } from '../errors/api-error.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { CalculationsRepository } from '../calculations/calculations.repository.js';
import { AccessGrantsService, type GrantCookie } from '../access/access-grants.service.js';
import type { Caller } from '../access/caller.js';
import { isCalculationPostcode } from './postcode-match.js';

/** Per address: enough for a family sharing a connection, too few to try postcodes at speed. */
export const IDENTITY_CHECK_RATE_LIMIT = { purpose: 'identity-check', attempts: 30, windowSeconds: 60 };
/**
 * Per calculation, whatever the address: after this many wrong postcodes in a day the calculation cannot be
 * opened in another browser until the next day, so a reference cannot be brute-forced from many addresses.
 */
export const IDENTITY_CHECK_LOCKOUT = { purpose: 'identity-check-wrong-postcode', attempts: 20, windowSeconds: 24 * 60 * 60 };
export const IDENTITY_CHECK_LOCKED_MESSAGE =
  'Too many wrong postcodes have been tried for this calculation, so it is locked for today. Try again tomorrow, or start a new calculation.';
/** A calculation id as stored: PostgreSQL keeps a uuid in lower case. Null for anything that is not one. */
export function canonicalCalculationId(text: string): string | null {
  return UUID.test(text) ? text.toLowerCase() : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * 429 when a calculation has had its day's wrong postcodes, from the identity check and 'Return to a saved
 * calculation' together. `key` is the calculation's id as stored (or, for a reference that finds nothing, the
 * reference: see CalculationLookupService).
 */
export async function refuseWhenLocked(rateLimiter: RateLimiter, key: string | null): Promise<void> {
  const wait = key === null ? null : await rateLimiter.usedUpFor(IDENTITY_CHECK_LOCKOUT, key);
  if (wait !== null) throw ApiError.tooManyRequests('VERIFICATION_LOCKED', IDENTITY_CHECK_LOCKED_MESSAGE, wait);
}

/** One wrong postcode for a calculation. The one that uses up the last attempt locks it; it is still only 'not valid'. */
export async function countWrongPostcode(rateLimiter: RateLimiter, key: string): Promise<void> {
  await rateLimiter.hit(IDENTITY_CHECK_LOCKOUT, key).catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
  });
}

export const TEST_MODE_RATE_LIMIT = { purpose: 'test-mode-password', attempts: 5, windowSeconds: 60 };

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export interface Checked<T> {
  result: T;
  grant: GrantCookie | null;
}

/** The identity check ('Check who you are') and the test-mode password. */
@Injectable()
export class VerificationService {
  constructor(
    private readonly calculations: CalculationsRepository,
    private readonly grants: AccessGrantsService,
    private readonly rateLimiter: RateLimiter,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  /**
   * The postcode given in the calculation opens it in this browser for 3 days. The id is counted and granted as
   * stored (lower case), so spelling it another way neither restarts the lock nor names another cookie. An
   * adviser's client calculation opens only through the adviser area: the check answers false for it, whatever
   * the postcode, and counts the try like any wrong one.
   */
  async verifyPostcode(sessionId: string, postcode: string, caller: Caller): Promise<Checked<{ valid: boolean }>> {
    await this.rateLimiter.hit(IDENTITY_CHECK_RATE_LIMIT, caller.address);
    const id = canonicalCalculationId(sessionId);
    await refuseWhenLocked(this.rateLimiter, id);
    const session = id === null ? null : await this.calculations.withPostcodeAnswer(id);
    const stored = session && !session.clientId ? session.postcode : null;
    if (!session || stored === null || !isCalculationPostcode(stored, postcode)) {
      await countWrongPostcode(this.rateLimiter, session?.id ?? id ?? sessionId);
      return { result: { valid: false }, grant: null };
    }
    return { result: { valid: true }, grant: await this.grants.grant('session', session.id, session.isPortal) };
  }

  /**
   * Compared in constant time (as digests, so the length leaks nothing either) and rate limited. With no
   * TEST_MODE_PASSWORD configured, test mode is off and no password is right.
   */
  async checkTestModePassword(password: string, caller: Caller): Promise<Checked<{ isTestModeValid: boolean }>> {
    await this.rateLimiter.hit(TEST_MODE_RATE_LIMIT, caller.address);
    const expected = this.config.get('TEST_MODE_PASSWORD', { infer: true });
    const isTestModeValid = Boolean(expected) && timingSafeEqual(digest(password), digest(expected!));
    return { result: { isTestModeValid }, grant: isTestModeValid ? await this.grants.grant('test-mode', null) : null };
  }
}
