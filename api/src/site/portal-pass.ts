import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * A portal pass: what the page server puts in a page's settings when it recognises a partner's portal (the page
 * loading in a frame on the partner's own page: portal-recognition.ts), for the web app to send with the
 * questionnaire's first POST. Only with a good pass is the calculation started there credited to the partner's portal
 * (`is_portal`: shown as the partner shows it, and counted in its management information); without one it is an
 * ordinary visit. See docs/security.md 'Partner portals: crediting a calculation'.
 *
 * `<expires>.<mac>`: the Unix second it lapses, and an HMAC-SHA-256 (base64url) over the partner's id and that
 * second with a key only the server holds (the `signing_keys` table), so that nobody can make one or move one to
 * another partner. The page server cannot bind it to the browser id: that lives in the browser's own storage and no
 * page request carries it.
 */

/** How long a pass is good for: enough for a visitor to answer the first page at their own pace. */
export const PORTAL_PASS_LIFETIME_SECONDS = 2 * 60 * 60;
/** The longest pass a POST may carry: longer is refused by its field's check before it is looked at. */
export const PORTAL_PASS_MAX_LENGTH = 100;

const macOf = (key: Buffer, partnerId: string, expires: number) =>
  createHmac('sha256', key).update(`portal-pass\n${partnerId}\n${expires}`).digest('base64url');

export function issuePortalPass(key: Buffer, partnerId: string, now: number = Date.now()): string {
  const expires = Math.floor(now / 1000) + PORTAL_PASS_LIFETIME_SECONDS;
  return `${expires}.${macOf(key, partnerId, expires)}`;
}

/** Whether `pass` is one this key made for this partner, and has not lapsed. */
export function isPortalPassFor(key: Buffer, pass: unknown, partnerId: string, now: number = Date.now()): boolean {
  if (typeof pass !== 'string' || pass.length > PORTAL_PASS_MAX_LENGTH) return false;
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(pass);
  if (!match) return false;
  const expires = Number(match[1]);
  // A pass lapses; and none is ever made to last longer than its lifetime (with a minute for clocks that differ).
  if (expires * 1000 <= now || expires * 1000 > now + (PORTAL_PASS_LIFETIME_SECONDS + 60) * 1000) return false;
  const expected = Buffer.from(macOf(key, partnerId, expires));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the questionnaire's first POST came through the partner's frame: the pass the page server gave that frame,
 * and the browser's own word that the POST comes from our page (`Sec-Fetch-Site: same-origin`, which a page on
 * another site cannot make a browser send).
 */
export function isCreditedToPortal(key: Buffer, partnerId: string, pass: unknown, fetchSite: string | null, now?: number): boolean {
  return fetchSite === 'same-origin' && isPortalPassFor(key, pass, partnerId, now);
}

const PURPOSE = 'portal-pass';

/**
 * The server's portal passes, with their key: made once, by whichever process starts first, and kept in the
 * database so that every API process gives and takes the same passes.
 */
@Injectable()
export class PortalPasses implements OnModuleInit {
  private key: Buffer | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    await this.dataSource.query(`INSERT INTO signing_keys (purpose, secret) VALUES ($1, $2) ON CONFLICT (purpose) DO NOTHING`, [
      PURPOSE,
      randomBytes(32),
    ]);
    const [row] = await this.dataSource.query<{ secret: Buffer }[]>(`SELECT secret FROM signing_keys WHERE purpose = $1`, [PURPOSE]);
    this.key = row.secret;
  }

  issue(partnerId: string): string {
    return issuePortalPass(this.keyOrThrow(), partnerId);
  }

  isCredited(partnerId: string, pass: unknown, fetchSite: string | null): boolean {
    return isCreditedToPortal(this.keyOrThrow(), partnerId, pass, fetchSite);
  }

  private keyOrThrow(): Buffer {
    if (!this.key) throw new Error('The portal pass key is not loaded yet.');
    return this.key;
  }
}
