import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { AccessGrant, type AccessGrantKind } from './access-grant.entity.js';
import type { Caller } from './caller.js';

/** A verified calculation stays verified in that browser for 3 days, test mode for 30. */
export const SESSION_GRANT_DAYS = 3;
export const TEST_MODE_GRANT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface GrantCookie {
  name: string;
  value: string;
  maxAgeMs: number;
  /**
   * Sent from inside a partner's frame as well (a calculation started in a partner's portal): such a cookie needs
   * `SameSite=None; Secure; Partitioned`, so it is kept apart for each site that frames the calculator.
   */
  isEmbedded: boolean;
}

/**
 * Cookie names: one a verified calculation, one for test mode. A calculation id goes in as stored (lower case), so
 * one calculation has one cookie name however its id was spelled in the request.
 */
export function grantCookieName(kind: AccessGrantKind, sessionId: string | null): string {
  return kind === 'test-mode' ? 'bc_test_mode' : `bc_session_${(sessionId ?? '').toLowerCase()}`;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Grants held by a browser in http-only cookies. The cookie holds a random token; only its hash is stored, so
 * the table cannot be used to forge one.
 */
@Injectable()
export class AccessGrantsService {
  constructor(@InjectRepository(AccessGrant) private readonly grants: Repository<AccessGrant>) {}

  /** A new grant; `isEmbedded` for a calculation started in a partner's portal (see GrantCookie). */
  async grant(kind: AccessGrantKind, sessionId: string | null, isEmbedded = false): Promise<GrantCookie> {
    const token = randomBytes(32).toString('base64url');
    const maxAgeMs = (kind === 'test-mode' ? TEST_MODE_GRANT_DAYS : SESSION_GRANT_DAYS) * DAY_MS;
    await this.grants.insert({ tokenHash: hashOf(token), kind, sessionId, expiresAt: new Date(Date.now() + maxAgeMs) });
    return { name: grantCookieName(kind, sessionId), value: token, maxAgeMs, isEmbedded };
  }

  async holds(caller: Caller, kind: AccessGrantKind, sessionId: string | null): Promise<boolean> {
    const token = caller.cookies[grantCookieName(kind, sessionId)];
    if (!token) return false;
    return this.grants.existsBy({ tokenHash: hashOf(token), kind, sessionId: sessionId ?? IsNull(), expiresAt: MoreThan(new Date()) });
  }
}
