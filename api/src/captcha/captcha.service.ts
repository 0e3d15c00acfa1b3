import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MoreThan, type Repository } from 'typeorm';
import { normaliseChallenge } from '../../../common/email/calculation-email.js';
import type { SiteConfig } from '../../../common/site.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { SITE_CONFIG } from '../site/site.module.js';
import { CalculationsService } from '../calculations/calculations.service.js';
import type { Caller } from '../access/caller.js';
import { drawChallenge } from './captcha-image.js';
import { CaptchaChallenge } from './captcha-challenge.entity.js';
import { newChallengeText } from './challenge-text.js';
import { speakChallenge, type ClipLibrary } from './spoken-challenge.js';

export const CLIP_LIBRARY = Symbol('CLIP_LIBRARY');

/** A code is good for 10 minutes: time to read it, listen to it and type an e-mail address. */
export const CHALLENGE_LIFETIME_MINUTES = 10;

/** New codes per caller address: far more than a person refreshing the picture needs, and a cap on filling the table. */
export const CHALLENGE_RATE_LIMIT = { purpose: 'captcha-challenge', attempts: 120, windowSeconds: 600 };

/**
 * How a code is kept: SHA-256 of a per-code random salt and the code as it is compared (upper-cased). Exported so
 * that a test can put a code it knows in place of the one drawn; nothing reachable over HTTP sets a code.
 */
export function hashChallengeAnswer(answer: string, salt: string): string {
  return createHash('sha256')
    .update(`${salt}:${normaliseChallenge(answer)}`)
    .digest('hex');
}

function isSameHash(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The security code beside the e-mail form: a picture and a spoken
 * version of the same characters, one current code per calculation, each code checked once.
 */
@Injectable()
export class CaptchaService {
  constructor(
    @InjectRepository(CaptchaChallenge) private readonly challenges: Repository<CaptchaChallenge>,
    @Inject(CLIP_LIBRARY) private readonly clips: ClipLibrary,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    private readonly calculations: CalculationsService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /**
   * GET /assets/img/{session}: a new code for the calculation, replacing any before it, as an SVG picture. Only for
   * a caller who may open the calculation (SessionAccessService), so a stranger holding the id cannot keep
   * replacing the owner's code.
   */
  async newChallengeImage(sessionId: string, partnerId: string | null, caller: Caller): Promise<string> {
    const id = await this.findOpenableCalculationOrThrow(sessionId, caller);
    const text = await this.issue(id, caller.address);
    return drawChallenge(text, this.partnerColour(partnerId));
  }

  /** GET /assets/wav/{session}/: the current code spoken; a new code when there is none (used or expired). Same callers. */
  async currentChallengeAudio(sessionId: string, caller: Caller): Promise<Buffer> {
    const id = await this.findOpenableCalculationOrThrow(sessionId, caller);
    const current = await this.challenges.findOne({ select: { audio: true }, where: { sessionId: id, expiresAt: MoreThan(new Date()) } });
    if (current) return current.audio;
    const text = await this.issue(id, caller.address);
    return speakChallenge(text, this.clips);
  }

  /**
   * Whether `typed` is the calculation's current code. Any check uses the code up, right or wrong, so each code
   * gets one guess; an expired code, or none, is never right.
   */
  async verify(sessionId: string, typed: string): Promise<boolean> {
    // Deleting and reading in one statement: two requests racing with the same code cannot both use it.
    const [deleted] = await this.challenges.query<[{ answer_hash: string; salt: string; expires_at: Date }[], number]>(
      'DELETE FROM captcha_challenges WHERE session_id = $1 RETURNING answer_hash, salt, expires_at',
      [sessionId],
    );
    const challenge = deleted[0];
    if (!challenge || challenge.expires_at.getTime() <= Date.now()) return false;
    return isSameHash(hashChallengeAnswer(typed, challenge.salt), challenge.answer_hash);
  }

  private async issue(sessionId: string, callerAddress: string): Promise<string> {
    await this.rateLimiter.hit(CHALLENGE_RATE_LIMIT, callerAddress);
    const text = newChallengeText();
    const salt = randomBytes(16).toString('hex');
    await this.challenges.query(
      `INSERT INTO captcha_challenges (session_id, answer_hash, salt, audio, created_at, expires_at)
       VALUES ($1, $2, $3, $4, now(), now() + make_interval(mins => $5))
       ON CONFLICT (session_id) DO UPDATE
         SET answer_hash = excluded.answer_hash, salt = excluded.salt, audio = excluded.audio,
             created_at = excluded.created_at, expires_at = excluded.expires_at`,
      [sessionId, hashChallengeAnswer(text, salt), salt, speakChallenge(text, this.clips), CHALLENGE_LIFETIME_MINUTES],
    );
    // Codes that were shown and never used would otherwise stay for good.
    await this.challenges.query('DELETE FROM captcha_challenges WHERE expires_at < now()');
    return text;
  }

  /** The calculation's id as stored, once the caller may open it: 404 when there is none, 403 when they may not. */
  private async findOpenableCalculationOrThrow(sessionId: string, caller: Caller): Promise<string> {
    const calculation = await this.calculations.open(sessionId, caller);
    return calculation.session.id;
  }

  private partnerColour(partnerId: string | null): string | null {
    return (partnerId && Object.hasOwn(this.site.partners, partnerId) && this.site.partners[partnerId].checkboxIcon.colour) || null;
  }
}
