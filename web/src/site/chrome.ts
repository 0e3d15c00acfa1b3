import type { Visit } from '../../../common/visit';
import { CHROME_PARTS, type ChromePart, type PartnerDefinition, type SiteConfig } from '../../../common/site';

export type ChromeVisibility = Record<ChromePart, boolean>;

/**
 * Which parts of the page show on this visit. Outside a portal everything shows (chat only when a chat script
 * is configured). In a portal (`portal=true`) the partner's definition says what to hide; a portal from an
 * unknown partner hides all of it, since the page is inside somebody else's site either way.
 */
export function visibleChrome(visit: Visit, site: SiteConfig): ChromeVisibility {
  const partner = partnerOf(visit, site);
  const hidden = new Set<ChromePart>(visit.isPortal ? (partner?.hiddenInPortal ?? CHROME_PARTS) : []);
  const visibility = Object.fromEntries(CHROME_PARTS.map((part) => [part, !hidden.has(part)])) as ChromeVisibility;
  visibility.chat &&= site.chatScriptUrl !== null;
  return visibility;
}

export function partnerOf(visit: Visit, site: SiteConfig): PartnerDefinition | null {
  return (visit.partnerId && site.partners[visit.partnerId]) || null;
}
