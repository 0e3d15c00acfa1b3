import { Injectable, type OnModuleInit } from '@nestjs/common';
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
import { callerOf } from '../access/caller.js';
import { readCookies } from '../../../common/cookies.js';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from './account-cookies.js';
import { AccountSession } from './account-session.entity.js';
import { ClientRecord } from './client.entity.js';
import { afterFailedSignIn, isLocked, type LockState } from './lockout.js';
import { Organisation } from './organisation.entity.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from './password.js';
import type { AccountRole, SignedInUser } from '../access/signed-in-user.js';
import { User } from './user.entity.js';

/** Per network (IPv4 address or IPv6 /64), on top of the lockout per account and network: stops one network trying many accounts. */
export const SIGN_IN_LIMIT: RateLimit = { purpose: 'account-sign-in', attempts: 20, windowSeconds: 15 * 60 };

/**
 * 'There is already an account with this e-mail address' answers per admin an hour: enough for typing mistakes, too
 * few to test a list of addresses for accounts in other organisations.
 */
export const ADD_USER_TAKEN_LIMIT: RateLimit = { purpose: 'account-add-user-taken', attempts: 10, windowSeconds: 3600 };

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
  /** Required of an admin; an adviser's clients are their own (their id, or left out). */
  adviserUserId?: string;
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
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  const error = new ApiError(423, 'ACCOUNT_LOCKED', message, [{ path: 'email', message }]);
  error.retryAfterSeconds = seconds;
  return error;
}

/** The lock's key: the address as accounts keep it and the caller's network, hashed so neither is stored. */
export function signInLockKey(normalisedEmail: string, network: string): string {
  return sha256(`sign-in-lock\n${normalisedEmail}\n${network}`);
}

/**
 * Accounts, sign-in sessions and the organisations' clients. Personal data (e-mail addresses, names, dates of
 * birth) is never logged here; failures are answered, not written down.
 */
@Injectable()
export class AccountsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** The decoy hash is made before the first sign-in, so the first unknown address is not slower than the rest. */
  async onModuleInit(): Promise<void> {
    await decoyPasswordHash();
  }

  /**
   * Sign-in, answering an address without an account exactly as one with an account and a wrong password: the same
   * 401 (or, after 5 tries, the same 423) with the same body and headers, after the same password hashing. Wrong
   * passwords lock sign-in for the address from the caller's network only (lockout.ts), so a stranger elsewhere
   * cannot lock an adviser out. Each try is counted before the password is checked, so a burst of tries at once
   * still gets only 5 checks before the lock. `network` is the caller's address as the limits count it (an IPv4
   * address, or an IPv6 address's /64: sourceAddressOf).
   */
  async signIn(email: string, password: string, network: string, now = new Date()): Promise<NewSession> {
    await this.rateLimiter.hit(SIGN_IN_LIMIT, network);
    const address = normaliseEmail(email);
    const lockKey = signInLockKey(address, network);
    const attempt = await this.takeSignInTry(lockKey, now);
    // A locked pair is refused before the password is checked, so guessing on during the lock learns nothing.
    if (attempt.refused) throw lockedError(attempt.lockedUntil!, now);

    const users = this.dataSource.getRepository(User);
    const user = await users.findOneBy({ email: address });
    const isRight = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !isRight) {
      if (attempt.lockedUntil) throw lockedError(attempt.lockedUntil, now);
      throw signInFailed();
    }
    await this.dataSource.query(`DELETE FROM sign_in_locks WHERE key = $1`, [lockKey]);
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    await this.dataSource.getRepository(AccountSession).insert({
      tokenHash: sha256(token),
      csrfHash: sha256(csrfToken),
      userId: user.id,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    });
    await this.dataSource.query(`DELETE FROM account_sessions WHERE expires_at < now()`);
    return {
      token,
      csrfToken,
      user: { userId: user.id, organisationId: user.organisationId, role: user.role, displayName: user.displayName },
    };
  }

  /**
   * Counts one try for the address from the network, as a wrong password, before the password is checked (a right
   * one then clears the count). Refused, and not counted, while the pair is locked. One transaction with the row
   * locked, so tries at the same moment are counted one after another.
   */
  private takeSignInTry(key: string, now: Date): Promise<LockState & { refused: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<unknown[]>(
        `INSERT INTO sign_in_locks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`,
        [key],
      );
      // Counts left alone for a day are forgotten, as the rate-limit counters are.
      if (inserted.length > 0) await manager.query(`DELETE FROM sign_in_locks WHERE updated_at < now() - interval '1 day'`);
      const [row] = await manager.query<{ failed_sign_ins: number; locked_until: Date | null }[]>(
        `SELECT failed_sign_ins, locked_until FROM sign_in_locks WHERE key = $1 FOR UPDATE`,
        [key],
      );
      const state: LockState = { failedSignIns: row.failed_sign_ins, lockedUntil: row.locked_until };
      if (isLocked(state, now)) return { ...state, refused: true };
      const next = afterFailedSignIn(state, now);
      await manager.query(`UPDATE sign_in_locks SET failed_sign_ins = $2, locked_until = $3, updated_at = now() WHERE key = $1`, [
        key,
        next.failedSignIns,
        next.lockedUntil,
      ]);
      return { ...next, refused: false };
    });
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
    // Only the cookies: the access guard asks this of every request, and the rest of callerOf is not needed here.
    const cookies = readCookies(request.headers.cookie);
    const token = cookies[SESSION_COOKIE];
    if (!token) return null;
    const rows = await this.dataSource.query<
      { user_id: string; organisation_id: string; role: AccountRole; display_name: string; csrf_hash: string }[]
    >(
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
    return {
      signedIn: true,
      user: { userId: user.userId, displayName: user.displayName, role: user.role, organisationName: organisation.name },
    };
  }

  /** The first admin of a new organisation (npm run accounts:create-admin, and the demo seed). */
  async createOrganisationWithAdmin(
    organisationName: string,
    admin: Omit<NewUser, 'role'>,
  ): Promise<{ organisationId: string; userId: string }> {
    return this.dataSource.transaction(async (manager) => {
      const organisation = await manager.getRepository(Organisation).save({ name: organisationName.trim() });
      const userId = await this.insertUser(manager, organisation.id, { ...admin, role: 'organisation-admin' });
      return { organisationId: organisation.id, userId };
    });
  }

  /**
   * An organisation admin adds an adviser or another admin to their own organisation. Addresses are unique across
   * organisations, so 'There is already an account' tells an admin that an address has an account somewhere: each
   * admin gets that answer at most ADD_USER_TAKEN_LIMIT times an hour, and once used up every add is refused with
   * 429 whatever the address, so the refusal itself tells nothing.
   */
  async addUser(admin: SignedInUser, user: NewUser & { role: AddableRole }): Promise<OrganisationMember> {
    if (await this.rateLimiter.isUsedUp(ADD_USER_TAKEN_LIMIT, admin.userId)) {
      throw ApiError.tooManyRequests('TOO_MANY_ATTEMPTS', ACCOUNT_MESSAGES.tooManyTakenAddresses, ADD_USER_TAKEN_LIMIT.windowSeconds);
    }
    try {
      const userId = await this.insertUser(this.dataSource.manager, admin.organisationId, user);
      return { userId, displayName: user.displayName.trim(), email: normaliseEmail(user.email), role: user.role };
    } catch (error) {
      if (error instanceof ApiError && error.body.code === 'EMAIL_TAKEN') await this.rateLimiter.hit(ADD_USER_TAKEN_LIMIT, admin.userId);
      throw error;
    }
  }

  async addUserToOrganisation(organisationId: string, user: NewUser): Promise<string> {
    return this.insertUser(this.dataSource.manager, organisationId, user);
  }

  /**
   * Links an organisation to the partner portal it runs (or unlinks it with null): its admins then see that portal's
   * management information. The partner must be one of definitions/partners/ (the script checks).
   */
  async linkPartner(organisationId: string, partnerId: string | null): Promise<void> {
    await this.dataSource.getRepository(Organisation).update({ id: organisationId }, { partnerId });
  }

  /** The organisations with this name (the scripts find the demo organisation by it). */
  async organisationIdsNamed(name: string): Promise<string[]> {
    return (await this.dataSource.getRepository(Organisation).findBy({ name })).map((organisation) => organisation.id);
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
      const saved = await manager
        .getRepository(User)
        .save({ organisationId, email, passwordHash, role: user.role, displayName: user.displayName.trim() });
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
    const client = await this.dataSource
      .getRepository(ClientRecord)
      .findOne({ where: { id: clientGuid, organisationId: user.organisationId }, relations: { adviser: true } });
    if (!client) throw new ApiError(404, 'CLIENT_NOT_FOUND', ACCOUNT_MESSAGES.clientNotFound);
    return accountClientOf(client);
  }

  /**
   * Adds a client to the user's organisation. An admin gives it to any adviser of the organisation; a client an adviser
   * adds is the adviser's own, so the first thing they can do is start a calculation for them.
   */
  async addClient(user: SignedInUser, fields: ClientFields, now = new Date()): Promise<AccountClient> {
    const owner = this.ownerFor(user, fields.adviserUserId, user.userId);
    const values = await this.checkedClientValues(user.organisationId, { ...fields, adviserUserId: owner }, now);
    const saved = await this.dataSource.getRepository(ClientRecord).save({ organisationId: user.organisationId, ...values });
    return this.findClientOrThrow(user, saved.id);
  }

  /** Changes a client of the user's organisation; only an admin may give the client to another adviser. */
  async editClient(user: SignedInUser, clientGuid: string, fields: ClientFields, now = new Date()): Promise<AccountClient> {
    const client = await this.findClientOrThrow(user, clientGuid);
    const owner = this.ownerFor(user, fields.adviserUserId, client.adviserUserId);
    const values = await this.checkedClientValues(user.organisationId, { ...fields, adviserUserId: owner }, now);
    await this.dataSource.getRepository(ClientRecord).update({ id: clientGuid, organisationId: user.organisationId }, values);
    return this.findClientOrThrow(user, clientGuid);
  }

  /** The client's adviser: as the admin chose; for an adviser, `kept` (themselves when adding), never anyone else. */
  private ownerFor(user: SignedInUser, asked: string | undefined, kept: string): string {
    if (user.role === 'organisation-admin') {
      if (!asked) throw ApiError.validation([{ path: 'adviserUserId', message: ACCOUNT_MESSAGES.adviserInvalid }]);
      return asked;
    }
    if (asked && asked !== kept) throw ApiError.validation([{ path: 'adviserUserId', message: ACCOUNT_MESSAGES.adviserNotYours }]);
    return kept;
  }

  /** The date must be a real past date, and the owning adviser a member of the same organisation. */
  private async checkedClientValues(organisationId: string, fields: ClientFields & { adviserUserId: string }, now: Date) {
    const dateOfBirth = isoDateOf(fields.dateOfBirth);
    if (!dateOfBirth || dateOfBirth < '1900-01-01')
      throw ApiError.validation([{ path: 'dateOfBirth', message: ACCOUNT_MESSAGES.dateOfBirthInvalid }]);
    if (dateOfBirth > now.toISOString().slice(0, 10))
      throw ApiError.validation([{ path: 'dateOfBirth', message: ACCOUNT_MESSAGES.dateOfBirthInFuture }]);
    const adviser = await this.dataSource.getRepository(User).findOneBy({ id: fields.adviserUserId, organisationId });
    if (!adviser || adviser.role === 'policy-staff')
      throw ApiError.validation([{ path: 'adviserUserId', message: ACCOUNT_MESSAGES.adviserInvalid }]);
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
