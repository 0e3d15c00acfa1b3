import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ACCOUNT_MESSAGES,
  accountLockedMessage,
  CSRF_COOKIE,
  CSRF_HEADER,
  isoDateOf,
  ukDateOf,
  type AccountClient,
  type AccountStatus,
  type AddableRole,
  type OrganisationMember,
} from '../../../common/accounts/model.js';
import { ApiError } from '../errors/api-error.js';
import { RateLimiter, type RateLimit } from '../rate-limit/rate-limiter.js';
import { callerOf } from '../verification/caller.js';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from './account-cookies.js';
import { AccountSession } from './account-session.entity.js';
import { ClientRecord } from './client.entity.js';
import { afterFailedSignIn, afterSuccessfulSignIn, isLocked } from './lockout.js';
import { Organisation } from './organisation.entity.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password.js';
import type { AccountRole, SignedInUser } from './signed-in-user.js';
import { User } from './user.entity.js';

/** Per address, on top of the per-account lockout: stops one address trying many accounts. */
export const SIGN_IN_LIMIT: RateLimit = { purpose: 'account-sign-in', attempts: 20, windowSeconds: 15 * 60 };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface NewSession {
  token: string;
  csrfToken: string;
  user: SignedInUser;
}

export interface NewUser {
  email: string;
  displayName: string;
  password: string;
  role: AccountRole;
}

export interface ClientFields {
  firstName: string;
  lastName: string;
  /** DD/MM/YYYY. */
  dateOfBirth: string;
  clientNumber: string;
  adviserUserId: string;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function signInFailed(): ApiError {
  return new ApiError(401, 'SIGN_IN_FAILED', ACCOUNT_MESSAGES.signInFailed, [{ path: 'email', message: ACCOUNT_MESSAGES.signInFailed }]);
}

function lockedError(lockedUntil: Date, now: Date): ApiError {
  const message = accountLockedMessage((lockedUntil.getTime() - now.getTime()) / 60_000);
  return new ApiError(423, 'ACCOUNT_LOCKED', message, [{ path: 'email', message }]);
}

/**
 * Accounts, sign-in sessions and the organisations' clients. Personal data (e-mail addresses, names, dates of
 * birth) is never logged here; failures are answered, not written down.
 */
@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async signIn(email: string, password: string, callerAddress: string, now = new Date()): Promise<NewSession> {
    await this.rateLimiter.hit(SIGN_IN_LIMIT, callerAddress);
    const users = this.dataSource.getRepository(User);
    const user = await users.findOneBy({ email: normaliseEmail(email) });
    if (!user) {
      await verifyPassword(password, await decoyPasswordHash());
      throw signInFailed();
    }
    // A locked account is refused before the password is checked, so guessing on during the lock learns nothing.
    if (user.lockedUntil && isLocked(user, now)) throw lockedError(user.lockedUntil, now);
    if (!(await verifyPassword(password, user.passwordHash))) {
      const next = afterFailedSignIn(user, now);
      await users.update({ id: user.id }, { failedSignIns: next.failedSignIns, lockedUntil: next.lockedUntil });
      if (next.lockedUntil) throw lockedError(next.lockedUntil, now);
      throw signInFailed();
    }
    await users.update({ id: user.id }, afterSuccessfulSignIn());
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    await this.dataSource.getRepository(AccountSession).insert({
      tokenHash: sha256(token),
      csrfHash: sha256(csrfToken),
      userId: user.id,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    });
    await this.dataSource.query(`DELETE FROM account_sessions WHERE expires_at < now()`);
    return { token, csrfToken, user: { userId: user.id, organisationId: user.organisationId, role: user.role, displayName: user.displayName } };
  }

  /** Ends the session of the request's cookie, if it has one. */
  async signOut(request: Request): Promise<void> {
    const token = callerOf(request).cookies[SESSION_COOKIE];
    if (token) await this.dataSource.getRepository(AccountSession).delete({ tokenHash: sha256(token) });
  }

  /**
   * The user of the request's account session cookie, or null when there is none or it has ended. A request that
   * changes something while carrying a live session must also carry the session's CSRF token in X-CSRF-Token, the
   * same as the readable csrf cookie (double submit); otherwise it is refused with 403, since another site could
   * have made the browser send it.
   */
  async signedInUserOf(request: Request): Promise<SignedInUser | null> {
    const { cookies } = callerOf(request);
    const token = cookies[SESSION_COOKIE];
    if (!token) return null;
    const rows = await this.dataSource.query<{ user_id: string; organisation_id: string; role: AccountRole; display_name: string; csrf_hash: string }[]>(
      `SELECT u.id AS user_id, u.organisation_id, u.role, u.display_name, s.csrf_hash
         FROM account_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [sha256(token)],
    );
    const session = rows[0];
    if (!session) return null;
    if (!SAFE_METHODS.has(request.method.toUpperCase())) {
      const header = request.headers[CSRF_HEADER.toLowerCase()];
      const sent = typeof header === 'string' ? header : '';
      if (!sent || sent !== cookies[CSRF_COOKIE] || !sameHash(sha256(sent), session.csrf_hash)) {
        throw new ApiError(403, 'CSRF_FAILED', ACCOUNT_MESSAGES.csrfFailed);
      }
    }
    return { userId: session.user_id, organisationId: session.organisation_id, role: session.role, displayName: session.display_name };
  }

  async statusOf(user: SignedInUser | null): Promise<AccountStatus> {
    if (!user) return { signedIn: false, user: null };
    const organisation = await this.dataSource.getRepository(Organisation).findOneByOrFail({ id: user.organisationId });
    return { signedIn: true, user: { userId: user.userId, displayName: user.displayName, role: user.role, organisationName: organisation.name } };
  }

  /** The first admin of a new organisation (npm run accounts:create-admin, and the demo seed). */
  async createOrganisationWithAdmin(organisationName: string, admin: Omit<NewUser, 'role'>): Promise<{ organisationId: string; userId: string }> {
    return this.dataSource.transaction(async (manager) => {
      const organisation = await manager.getRepository(Organisation).save({ name: organisationName.trim() });
      const userId = await this.insertUser(manager, organisation.id, { ...admin, role: 'organisation-admin' });
      return { organisationId: organisation.id, userId };
    });
  }

  /** An organisation admin adds an adviser or another admin to their own organisation. */
  async addUser(admin: SignedInUser, user: NewUser & { role: AddableRole }): Promise<OrganisationMember> {
    const userId = await this.insertUser(this.dataSource.manager, admin.organisationId, user);
    return { userId, displayName: user.displayName.trim(), email: normaliseEmail(user.email), role: user.role };
  }

  async addUserToOrganisation(organisationId: string, user: NewUser): Promise<string> {
    return this.insertUser(this.dataSource.manager, organisationId, user);
  }

  async isEmailTaken(email: string): Promise<boolean> {
    return this.dataSource.getRepository(User).existsBy({ email: normaliseEmail(email) });
  }

  private async insertUser(manager: EntityManager, organisationId: string, user: NewUser): Promise<string> {
    const email = normaliseEmail(user.email);
    if (await manager.getRepository(User).existsBy({ email })) {
      throw new ApiError(409, 'EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken, [{ path: 'email', message: ACCOUNT_MESSAGES.emailTaken }]);
    }
    const passwordHash = await hashPassword(user.password);
    try {
      const saved = await manager.getRepository(User).save({ organisationId, email, passwordHash, role: user.role, displayName: user.displayName.trim() });
      return saved.id;
    } catch (error) {
      // Two admins adding the same address at once: the unique constraint decides.
      if (error instanceof Error && /users_email_key/.test(error.message)) {
        throw new ApiError(409, 'EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken, [{ path: 'email', message: ACCOUNT_MESSAGES.emailTaken }]);
      }
      throw error;
    }
  }

  async membersOf(organisationId: string): Promise<OrganisationMember[]> {
    const users = await this.dataSource.getRepository(User).find({ where: { organisationId }, order: { displayName: 'ASC' } });
    return users.map((user) => ({ userId: user.id, displayName: user.displayName, email: user.email, role: user.role }));
  }

  async clientsOf(organisationId: string): Promise<AccountClient[]> {
    const clients = await this.dataSource.getRepository(ClientRecord).find({
      where: { organisationId },
      relations: { adviser: true },
      order: { lastName: 'ASC', firstName: 'ASC' },
    });
    return clients.map(accountClientOf);
  }

  /** One client of the user's organisation; another organisation's client is 'not found', never 'forbidden'. */
  async findClientOrThrow(user: SignedInUser, clientGuid: string): Promise<AccountClient> {
    const client = await this.dataSource.getRepository(ClientRecord).findOne({ where: { id: clientGuid, organisationId: user.organisationId }, relations: { adviser: true } });
    if (!client) throw new ApiError(404, 'CLIENT_NOT_FOUND', ACCOUNT_MESSAGES.clientNotFound);
    return accountClientOf(client);
  }

  async addClient(admin: SignedInUser, fields: ClientFields, now = new Date()): Promise<AccountClient> {
    const values = await this.checkedClientValues(admin.organisationId, fields, now);
    const saved = await this.dataSource.getRepository(ClientRecord).save({ organisationId: admin.organisationId, ...values });
    return this.findClientOrThrow(admin, saved.id);
  }

  async editClient(admin: SignedInUser, clientGuid: string, fields: ClientFields, now = new Date()): Promise<AccountClient> {
    await this.findClientOrThrow(admin, clientGuid);
    const values = await this.checkedClientValues(admin.organisationId, fields, now);
    await this.dataSource.getRepository(ClientRecord).update({ id: clientGuid, organisationId: admin.organisationId }, values);
    return this.findClientOrThrow(admin, clientGuid);
  }

  /** The date must be a real past date, and the owning adviser a member of the same organisation. */
  private async checkedClientValues(organisationId: string, fields: ClientFields, now: Date) {
    const dateOfBirth = isoDateOf(fields.dateOfBirth);
    if (!dateOfBirth || dateOfBirth < '1900-01-01') throw ApiError.validation([{ path: 'dateOfBirth', message: ACCOUNT_MESSAGES.dateOfBirthInvalid }]);
    if (dateOfBirth > now.toISOString().slice(0, 10)) throw ApiError.validation([{ path: 'dateOfBirth', message: ACCOUNT_MESSAGES.dateOfBirthInFuture }]);
    const adviser = await this.dataSource.getRepository(User).findOneBy({ id: fields.adviserUserId, organisationId });
    if (!adviser || adviser.role === 'policy-staff') throw ApiError.validation([{ path: 'adviserUserId', message: ACCOUNT_MESSAGES.adviserInvalid }]);
    return {
      adviserId: adviser.id,
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      dateOfBirth,
      clientNumber: fields.clientNumber.trim(),
    };
  }
}

function accountClientOf(client: ClientRecord): AccountClient {
  return {
    clientGuid: client.id,
    firstName: client.firstName,
    lastName: client.lastName,
    dateOfBirth: ukDateOf(client.dateOfBirth),
    clientNumber: client.clientNumber,
    adviserUserId: client.adviserId,
    adviserName: client.adviser?.displayName ?? '',
  };
}
