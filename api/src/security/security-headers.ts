import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { SiteConfig } from '../../../common/site.js';

export interface SecurityHeaderOptions {
  site: SiteConfig;
  /** Strict-Transport-Security is sent in production, where the calculator is served over https. */
  mode: 'production' | 'development' | 'test';
}

/** Swagger UI's page at /api/docs has inline <style> blocks of its own, so it gets a looser policy of its own. */
export const API_DOCS_PATH = '/api/docs';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function originOf(url: string | null): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * Every origin that may show the calculator in a frame: our own pages and each partner portal's (the partner files and
 * the partners registered in the account area). Worked out for each response, as a partner registered since the start
 * takes effect at once (api/src/partners/partner-registry.ts keeps `site.partners` current).
 */
export function frameAncestors(site: SiteConfig): string[] {
  return ["'self'", ...new Set(Object.values(site.partners).flatMap((partner) => partner.origins))];
}

/**
 * The Content-Security-Policy of the web app and the API. No inline script anywhere (the settings block in
 * index.html is `type="application/json"`, which is data, not script), scripts only from our own origin and the
 * configured chat service; no inline <style> elements or style="" attributes either: React sets styles through the
 * CSSOM, which CSP does not restrict, and the compare chart is told not to inject its stylesheet.
 */
export function contentSecurityPolicy(site: SiteConfig): Record<string, (string | (() => string))[]> {
  const chat = originOf(site.chatScriptUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...chat],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // The captcha image is an SVG from the API, fetched with the browser id and shown from a blob: URL; the
    // stylesheet draws the checkbox tick as a data: SVG.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    // A chat widget talks back to the service it came from.
    'connect-src': ["'self'", ...chat],
    // The captcha's sound, fetched like its picture and played from a blob: URL.
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The footer's mailing-list form posts to the charity's mailing provider.
    'form-action': ["'self'", ...originOf(site.charity.mailingListSignupUrl)],
    'frame-ancestors': [() => frameAncestors(site).join(' ')],
  };
}

/**
 * helmet for every response: the strict policy above everywhere but Swagger UI, HSTS in production, no MIME
 * sniffing, a referrer that never carries a page's path (they hold session ids) to another site. In development
 * Vite's live server injects inline scripts and a websocket for hot reload, so the same policy is only reported
 * there (in the browser console), not enforced.
 */
export function securityHeaders({ site, mode }: SecurityHeaderOptions): RequestHandler {
  const shared = {
    strictTransportSecurity: mode === 'production' ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // frame-ancestors decides who may frame the calculator; X-Frame-Options cannot name several partner origins,
    // and browsers that know CSP ignore it anyway, so it is left out rather than contradicting the policy.
    xFrameOptions: false,
    // Partner portals frame the calculator; a cross-origin opener policy or resource policy would get in their way.
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
  } as const;
  const app = helmet({
    ...shared,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(site), reportOnly: mode === 'development' },
  });
  const docs = helmet({
    ...shared,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityPolicy(site),
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-ancestors': ["'self'"],
      },
    },
  });
  return (request: Request, response: Response, next: NextFunction) => {
    const isDocs = request.path === API_DOCS_PATH || request.path.startsWith(`${API_DOCS_PATH}/`);
    (isDocs ? docs : app)(request, response, next);
  };
}
