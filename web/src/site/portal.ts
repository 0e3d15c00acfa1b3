import type { SiteConfig } from '../../../common/site';
import { readSiteConfig } from './site-config';

/**
 * The query string with `portal` taken out unless the server recognised this page as the portal of the partner it
 * names (common/site.ts PortalRecognition): `?portal=true&id=x` typed into a browser, or from a page that is not
 * one of x's, is then an ordinary visit from x (kept for attribution) with the charity's own chrome, and no x
 * portal calculation is started. Null when the query string is fine as it is.
 */
export function searchWithoutUnrecognisedPortal(search: string, site: SiteConfig): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('portal')) return null;
  const claimed = params.get('portal')?.trim().toLowerCase() === 'true';
  const partnerId = params.get('id')?.trim().toLowerCase() ?? null;
  if (claimed && site.portal && site.portal.partnerId === partnerId) return null;
  params.delete('portal');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The portal pass the server put in this page's settings when it recognised the partner's frame, or null. The
 * questionnaire's first POST carries it: only with it is the calculation credited to the partner's portal (see
 * docs/security.md 'Partner portals').
 */
export function portalPassOnThisPage(document: Document = window.document): string | null {
  try {
    return readSiteConfig(document).portal?.pass ?? null;
  } catch {
    // A page not served by the API (a component test) has no settings, and no pass.
    return null;
  }
}
