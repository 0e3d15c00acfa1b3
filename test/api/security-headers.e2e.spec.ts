import { loadSiteConfig } from '../../api/src/site/site-definitions.js';
import { DEFINITIONS_DIR } from '../../api/src/site/site.module.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The security headers on the built server in production mode (the `npm start` path, which also
 * serves the web app): a strict Content-Security-Policy with no inline script, frame-ancestors naming exactly the
 * partner portals of definitions/partners, HSTS, and Swagger UI's own looser policy on /api/docs only.
 */

const CHAT_SCRIPT_URL = 'https://chat.example.net/widget/loader.js';

let database: TestDatabase;
let server: ApiProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, CHAT_SCRIPT_URL });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** The policy as a map from directive to its sources, in the order given. */
function directivesOf(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

async function partnerOrigins(): Promise<string[]> {
  const { partners } = await loadSiteConfig(DEFINITIONS_DIR, null);
  return Object.values(partners).flatMap((partner) => partner.origins);
}

const ROUTES = [
  ['the landing page', '/'],
  ['a survey page', '/survey/3/9a1f4a52-0000-4000-8000-000000000000'],
  ['an API call', '/api/data/survey'],
  ['a page that is not found', '/no/such/page'],
  ['an API call that fails', '/api/data/result/?session=not-a-session'],
] as const;

describe.each(ROUTES)('%s', (_name, path) => {
  let response: Response;
  beforeAll(async () => {
    response = await fetch(`${server.url}${path}`);
  });

  it('has the strict policy: scripts only from here and the chat service, nothing inline, no plugins', () => {
    const policy = directivesOf(response.headers.get('content-security-policy'));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://chat.example.net']);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://www.example.org']);
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('may be framed by our own pages and exactly the partner portals’ origins', async () => {
    const policy = directivesOf(response.headers.get('content-security-policy'));
    const origins = await partnerOrigins();
    expect(origins).toHaveLength(4);
    expect(policy.get('frame-ancestors')).toEqual(["'self'", ...origins]);
    // X-Frame-Options cannot name several origins; sent alongside, it would stop the partners' portals in older browsers.
    expect(response.headers.get('x-frame-options')).toBeNull();
  });

  it('has HSTS for a year, no MIME sniffing, a referrer without the path, and does not say what it runs on', () => {
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('the web app’s page', () => {
  it('has no inline script, only the settings as a JSON data block, which browsers do not run', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(1);
    for (const [, attributes, body] of scripts) {
      if (body.trim() !== '') expect(attributes).toMatch(/type="application\/json"/);
      else expect(attributes).toMatch(/src="\/static\//);
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('Swagger UI at /api/docs', () => {
  it('gets a policy of its own that allows its inline styles but still no inline script, and cannot be framed by partners', async () => {
    const response = await fetch(`${server.url}/api/docs/`);
    expect(response.status).toBe(200);
    const policy = directivesOf(response.headers.get('content-security-policy'));
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // The looser policy is for the docs only: the rest of the API keeps the strict one.
    const api = directivesOf((await fetch(`${server.url}/api/docs-json`)).headers.get('content-security-policy'));
    expect(api.get('style-src')).toEqual(["'self'"]);
  });

  it('needs no inline script: every script on the page is a file', async () => {
    const html = await (await fetch(`${server.url}/api/docs/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src=/);
      expect(body.trim()).toBe('');
    }
  });
});
