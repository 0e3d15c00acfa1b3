import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../common/site.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Testing mode on the built server in production mode: a blank test-mode password
 * (nothing, or only spaces) is a clear 400 naming the field, never checked; and the page tells the web app whether
 * testing mode is on at all, so that without TEST_MODE_PASSWORD no password screen is shown.
 */

const TEST_MODE_PASSWORD = 'a-long-e2e-test-password';

let database: TestDatabase;
let withTestMode: ApiProcess;
let withoutTestMode: ApiProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  withTestMode = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, TEST_MODE_PASSWORD });
  withoutTestMode = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url });
}, 180_000);

afterAll(async () => {
  await withTestMode?.stop();
  await withoutTestMode?.stop();
  await database?.drop();
});

const postPassword = (server: ApiProcess, body: unknown) =>
  fetch(`${server.url}/api/data/test/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function siteConfigOf(server: ApiProcess): Promise<SiteConfig> {
  const html = await (await fetch(`${server.url}/survey?test=true`)).text();
  const json = new RegExp(`<script[^>]*id="${SITE_CONFIG_ELEMENT_ID}"[^>]*>([^<]*)</script>`).exec(html)?.[1];
  if (!json) throw new Error(`No #${SITE_CONFIG_ELEMENT_ID} block in the page.`);
  return JSON.parse(json) as SiteConfig;
}

describe('POST /api/data/test/ with a blank password', () => {
  it.each([
    ['an empty password', ''],
    ['spaces only', '   '],
    ['tabs and new lines', '\t\n '],
  ])('refuses %s with a 400 naming the field, before any check', async (_case, password) => {
    const response = await postPassword(withTestMode, { password, browserId: `browser_${Date.now()}_blankpassword` });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string; errors: { path: string; message: string }[] };
    expect(body.errors).toEqual([{ path: 'password', message: 'password must not be blank: enter the test mode password.' }]);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('still checks a password that is not blank: wrong is false, right is true', async () => {
    const wrong = await postPassword(withTestMode, { password: ' not it ' });
    expect(wrong.status).toBe(200);
    expect(await wrong.json()).toEqual({ isTestModeValid: false });
    const right = await postPassword(withTestMode, { password: TEST_MODE_PASSWORD });
    expect(await right.json()).toEqual({ isTestModeValid: true });
  });
});

describe('whether testing mode is on, as the page tells the web app', () => {
  it('is on with TEST_MODE_PASSWORD set, and off without it', async () => {
    expect((await siteConfigOf(withTestMode)).testMode).toBe(true);
    expect((await siteConfigOf(withoutTestMode)).testMode).toBe(false);
  });

  it('without TEST_MODE_PASSWORD, no password is right', async () => {
    const response = await postPassword(withoutTestMode, { password: TEST_MODE_PASSWORD });
    expect(await response.json()).toEqual({ isTestModeValid: false });
  });
});
