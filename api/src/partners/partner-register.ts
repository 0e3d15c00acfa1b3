import type { PartnerDefinition } from '../../../common/site.js';

/** An approved change to a partner: its definition from then on, or null when it was removed. */
export interface ApprovedChange {
  partnerId: string;
  definition: PartnerDefinition | null;
  decidedAt: Date;
  decidedByName: string;
}

/**
 * The partners in force: the partner files (the seed), then for each partner with an approved change the newest one,
 * which replaces its file or removes it. `newest` holds one change a partner: its newest.
 */
export function partnersInForce(
  seed: Readonly<Record<string, PartnerDefinition>>,
  newest: readonly ApprovedChange[],
): Record<string, PartnerDefinition> {
  const partners: Record<string, PartnerDefinition> = { ...seed };
  for (const change of newest) {
    if (change.definition) partners[change.partnerId] = change.definition;
    else delete partners[change.partnerId];
  }
  return partners;
}

/**
 * Makes `target` hold exactly `next`, keeping the object: every service holds the site settings it was given at start
 * and reads `site.partners` on each request, so a partner approved since takes effect without a restart.
 */
export function replaceInPlace(target: Record<string, PartnerDefinition>, next: Readonly<Record<string, PartnerDefinition>>): void {
  for (const id of Object.keys(target)) if (!Object.hasOwn(next, id)) delete target[id];
  Object.assign(target, next);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The logo upload as bytes when it is a PNG within the limit, or what is wrong. A PNG is checked by its signature and
 * its first chunk (IHDR): the bytes are served from the calculator's own origin as image/png with nosniff, so nothing
 * else can be made to run there; SVG, which can hold script, is not taken.
 */
export function pngLogo(base64: string, maxBytes: number): { bytes: Buffer } | { problem: 'notPng' | 'tooLarge' } {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return { problem: 'notPng' };
  if ((base64.length * 3) / 4 > maxBytes + 2) return { problem: 'tooLarge' };
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxBytes) return { problem: 'tooLarge' };
  const isPng = bytes.length > 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.subarray(12, 16).toString('latin1') === 'IHDR';
  return isPng ? { bytes } : { problem: 'notPng' };
}

/** Where a registration's uploaded logo is served (api/src/partners/partner-logos.controller.ts). */
export const logoPathOf = (registrationId: string) => `/api/partners/logos/${registrationId}.png`;
