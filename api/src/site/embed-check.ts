import type { SiteConfig } from '../../../common/site.js';

/** What embed.js is told before it puts the calculator on a page: whether the browser will show it there, and if not why. */
export interface EmbedCheck {
  allowed: boolean;
  /** For the partner's web team, shown on their page in place of the frame; null when allowed. */
  message: string | null;
}

const isLoopback = (url: URL) => url.hostname === 'localhost' || url.hostname === '127.0.0.1';

/**
 * Whether a page at `origin` (the Origin header of embed.js's request; null for the calculator's own pages, which
 * send none on a same-origin GET) may show partner `partnerId`'s portal: only the partner's registered origins may
 * frame it (the Content-Security-Policy's frame-ancestors, api/src/site/portal-recognition.ts). Otherwise the browser
 * shows a grey 'refused to connect' frame, so embed.js shows this message instead. It tells a page nothing the
 * calculator's own headers do not: the origins are in frame-ancestors for anyone to read.
 */
export function checkEmbed(site: SiteConfig, partnerId: string, origin: string | null, ownOrigin: string): EmbedCheck {
  const partner = Object.hasOwn(site.partners, partnerId) ? site.partners[partnerId] : null;
  if (!partner)
    return {
      allowed: false,
      message: `The benefits calculator has no partner called "${partnerId}". Check data-partner in the script tag: it is the partner id the calculator's team gave you, such as cap_live. A partner that is not registered yet asks the calculator's team to register it.`,
    };
  if (origin === null || origin === ownOrigin || partner.origins.includes(origin)) return { allowed: true, message: null };
  let url: URL | null;
  try {
    url = new URL(origin);
  } catch {
    url = null;
  }
  if (url && url.protocol === 'http:' && !isLoopback(url)) {
    const secure = `https://${url.host}`;
    return {
      allowed: false,
      message: partner.origins.includes(secure)
        ? `The benefits calculator can only be shown on pages served over https. Open this page at ${secure} instead.`
        : `The benefits calculator can only be shown on pages served over https, and this page is at ${origin}. Serve it over https, then ask the calculator's team to register that address for ${partner.name}.`,
    };
  }
  return {
    allowed: false,
    message: `The benefits calculator cannot be shown on this page: its address, ${origin}, is not registered for ${partner.name}. To show it here, ask the calculator's team to add ${origin} to ${partner.name}'s registered addresses: their service administrators do it in the account area, and it works as soon as a second one approves it.`,
  };
}
