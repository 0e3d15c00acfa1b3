import type { NextFunction, Request, Response } from 'express';
import type { SiteConfig } from '../../../common/site.js';
import { securityHeaders } from './security-headers.js';

const SITE = {
  charity: { mailingListSignupUrl: 'https://lists.example.org/signup' },
  partners: {
    a_live: { origins: ['https://www.a.example'] },
    b_live: { origins: ['https://www.b.example', 'https://www.a.example'] },
  },
  chatScriptUrl: null,
} as unknown as SiteConfig;

/** The headers the middleware sets for a request to `path`, as a plain object with lower-case names. */
function headersFor(mode: 'production' | 'development' | 'test', path = '/'): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as Response;
  let called = false;
  securityHeaders({ site: SITE, mode })({ path, method: 'GET', headers: {} } as Request, response, (() => (called = true)) as NextFunction);
  expect(called).toBe(true);
  return headers;
}

describe('securityHeaders', () => {
  it('lists each partner origin once in frame-ancestors, and the mailing provider in form-action', () => {
    const policy = headersFor('production')['content-security-policy'];
    expect(policy).toContain("frame-ancestors 'self' https://www.a.example https://www.b.example");
    expect(policy).toContain("form-action 'self' https://lists.example.org");
    expect(policy).toContain("script-src 'self';");
  });

  it('sends HSTS only in production', () => {
    expect(headersFor('production')['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headersFor('test')['strict-transport-security']).toBeUndefined();
    expect(headersFor('development')['strict-transport-security']).toBeUndefined();
  });

  it('only reports the policy in development, where Vite’s hot reload needs inline script', () => {
    const development = headersFor('development');
    expect(development['content-security-policy']).toBeUndefined();
    expect(development['content-security-policy-report-only']).toContain("script-src 'self'");
    expect(headersFor('test')['content-security-policy']).toContain("script-src 'self'");
  });

  it('gives Swagger UI its inline styles under /api/docs only', () => {
    expect(headersFor('production', '/api/docs/')['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(headersFor('production', '/api/docs-json')['content-security-policy']).toContain("style-src 'self';");
  });
});
