import type { Request, Response } from 'express';
import type { PartnerDefinition, SiteConfig } from '../../../common/site.js';
import { readVisit } from '../../../common/visit.js';
import type { PortalPasses } from './portal-pass.js';

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * The partner whose portal a page request is for, or null. `?portal=true&id=x` alone proves nothing (anyone can
 * type it), so x's portal is recognised only when the browser says the page is loading into a frame
 * (`Sec-Fetch-Dest: iframe`) and, when it names the page that asked (`Referer`, which embed.js always sends as an
 * origin), that page is one of x's origins or one of our own pages inside the same frame. The answer then carries
 * a Content-Security-Policy whose frame-ancestors are x's origins alone (`narrowFrameAncestors`), so the browser
 * itself refuses to show x's portal inside anybody else's page. See docs/security.md 'Partner portals'.
 */
export function recognisePortal(request: Request, site: SiteConfig): { partnerId: string } | null {
  const visit = readVisit(new URLSearchParams(request.url.split('?')[1] ?? ''));
  if (!visit.isPortal || !visit.partnerId || !Object.hasOwn(site.partners, visit.partnerId)) return null;
  if (request.get('sec-fetch-dest') !== 'iframe') return null;
  const partner = site.partners[visit.partnerId];
  const referrer = request.get('referer');
  if (referrer !== undefined) {
    const from = parsed(referrer);
    // Our own page inside the same frame: the browser says the navigation came from our origin, or (a browser that
    // does not send Sec-Fetch-Site) the Referer's host is ours; the host alone, since a proxy that ends TLS may leave
    // the request's own scheme reading http.
    const isOwnPage = request.get('sec-fetch-site') === 'same-origin' || (from !== null && from.host === request.get('host'));
    if (from === null || (!isOwnPage && !partner.origins.includes(from.origin))) return null;
  }
  return { partnerId: partner.id };
}

/** Only the partner's own pages (and ours, inside its frame) may frame a page that shows its portal. */
export function narrowFrameAncestors(response: Response, partner: PartnerDefinition): void {
  const policy = response.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  const ancestors = ["'self'", ...partner.origins].join(' ');
  response.setHeader('Content-Security-Policy', policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`));
}

/**
 * The page's settings for this request: the site's, with the portal the request was recognised as and a portal pass
 * for it, which the web app sends with the questionnaire's first POST so that the calculation is credited to the
 * partner's portal.
 */
export function siteConfigFor(request: Request, response: Response, site: SiteConfig, passes: Pick<PortalPasses, 'issue'>): SiteConfig {
  const portal = recognisePortal(request, site);
  // The same address answers differently inside a partner's frame and outside it.
  response.vary('Sec-Fetch-Dest');
  response.vary('Referer');
  if (!portal) return { ...site, portal: null };
  narrowFrameAncestors(response, site.partners[portal.partnerId]);
  return { ...site, portal: { partnerId: portal.partnerId, pass: passes.issue(portal.partnerId) } };
}
