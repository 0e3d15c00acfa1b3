import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import request from 'supertest';
import { REPO_ROOT, type ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { chromiumPath, describeInChromium, screenshot } from '../support/chromium.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire, type PageResponse } from '../support/questionnaire-api.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * The Content-Security-Policy in Chromium: every kind of page (landing, survey, results, a partner's
 * portal, sign-in, the adviser's compare screen with its chart, Swagger UI) works under it with not one violation
 * reported, a partner's own site can frame the calculator, and any other site cannot.
 */

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

const OWNER = `browser_${Date.now()}_cspowner01`;
// The demo organisation of `npm run accounts:seed-demo` (scripts/seed-demo.ts): Amara Okafor is Alex Adviser's client.
const ADVISER_EMAIL = 'adviser.one@demo-advice.example';
const DEMO_PASSWORD = 'demo-adviser-2026';
const PARTNER_ORIGIN = 'https://www.cap.example';
/** Where the partner pages below find the calculator (see framedFrom). */
const CALCULATOR_ORIGIN = 'https://calculator.test';

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** What Chromium said about the policy: every console message that names it ('Refused to ...', '... violates the following Content Security Policy directive'). */
let violations: string[] = [];

const http = () => request(server.url);

function recordViolations(on: Page): void {
  on.on('console', (message: ConsoleMessage) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(`${on.url()}: ${message.text()}`);
  });
}

/** Signs the demo adviser in over HTTP, starts two calculations for their client, answers both and gives the sessions. */
async function twoAdviserCalculations(): Promise<{ clientGuid: string; sessions: string[] }> {
  const signedIn = await http().post('/api/account/sign-in').send({ email: ADVISER_EMAIL, password: DEMO_PASSWORD }).expect(200);
  const setCookies = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []);
  const value = (name: string) =>
    setCookies
      .find((line) => line.startsWith(`${name}=`))!
      .split(';')[0]
      .slice(name.length + 1);
  const cookie = `account_session=${value('account_session')}; csrf=${value('csrf')}`;
  const post = (url: string, body: object) => http().post(url).set('Cookie', cookie).set('X-CSRF-Token', value('csrf')).send(body);
  const [{ id: clientGuid }] = await database.query<{ id: string }>(
    `SELECT id FROM clients WHERE first_name = 'Amara' AND last_name = 'Okafor'`,
  );
  const sessions: string[] = [];
  for (const caseReference of ['Now', 'Rent rises']) {
    const session = (await post('/api/intermediary/start/', { clientGuid, caseReference }).expect(200)).body.session as string;
    let current = (await http().get(`/api/data/survey/1/${session}`).set('Cookie', cookie).expect(200)).body as PageResponse;
    for (const [index, [, answers]] of SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.entries()) {
      const isLast = index === SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.length - 1;
      current = (await post('/api/data/survey/', { session, page: current.pageNumber, action: isLast ? 4 : 2, ...answers }).expect(200))
        .body as PageResponse;
    }
    sessions.push(session);
  }
  return { clientGuid, sessions };
}

describeInChromium('the Content-Security-Policy in Chromium', () => {
  let calculation: string;
  let adviser: { clientGuid: string; sessions: string[] };

  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
    await promisify(execFile)(
      process.execPath,
      ['--import', './scripts/register-typescript.mjs', 'scripts/seed-demo.ts', '--accounts-only'],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: database.url, NODE_ENV: 'development' },
      },
    );
    ({ session: calculation } = await completeQuestionnaire(http, OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME));
    adviser = await twoAdviserCalculations();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(`localStorage.setItem('browserId', ${JSON.stringify(OWNER)})`);
    page = await context.newPage();
    recordViolations(page);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await stopBrowserSuite({ database, server, browser });
  });

  beforeEach(() => {
    violations = [];
  });

  it('reports no violation on the landing page', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Find Calculation' }).waitFor();
    expect(violations).toEqual([]);
  });

  it('reports no violation on survey pages, first and part way through', async () => {
    await page.goto(`${server.url}/survey`);
    await page.locator('form').first().waitFor();
    await page.goto(`${server.url}/survey/2/${calculation}`);
    await page.locator('form').first().waitFor();
    expect(violations).toEqual([]);
  });

  it('reports no violation on the results page, with its captcha picture', async () => {
    await page.goto(`${server.url}/result/${calculation}`);
    await page.getByRole('navigation', { name: 'Results sections' }).waitFor();
    await page.getByRole('navigation', { name: 'Results sections' }).getByRole('button', { name: 'Print or save results' }).click();
    // The security code is an SVG from the API, fetched with the browser id and shown from a blob: URL (img-src blob:).
    await page.locator('img.email-calculation__image[src^="blob:"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('reports no violation in a partner’s portal', async () => {
    await page.goto(`${server.url}/?portal=true&id=cap_live`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(violations).toEqual([]);
  });

  it('reports no violation signing in and on the adviser’s compare screen, chart included', async () => {
    await page.goto(`${server.url}/account/?returnUrl=%2Fadviser%2F`);
    await page.getByLabel('E-mail address').fill(ADVISER_EMAIL);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/adviser\//);
    await page.goto(`${server.url}/adviser/compare/${adviser.sessions.join(',')}?clientId=${adviser.clientGuid}`);
    // ApexCharts draws SVG and sets styles on it; under a policy it broke, Chromium would say so here.
    await page.locator('.apexcharts-canvas').first().waitFor({ timeout: 30_000 });
    await page.locator('table.compare-table').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('reports no violation in Swagger UI, which has a looser policy of its own', async () => {
    await page.goto(`${server.url}/api/docs/`);
    await page.locator('.swagger-ui .info').waitFor();
    expect(violations).toEqual([]);
  });

  it('gives API users a documentation page that passes axe, closed and with an operation open, naming this server', async () => {
    await page.goto(`${server.url}/api/docs/`);
    await page.locator('.swagger-ui .opblock-summary-control').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAccessibilityViolations(page);
    await page.locator('.swagger-ui .opblock-summary-control').first().click();
    await page.locator('.swagger-ui .opblock-body').first().waitFor();
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'api-docs-operation-open');
    const document = (await (await fetch(`${server.url}/api/docs-json`)).json()) as { servers: { url: string }[] };
    expect(document.servers.map((entry) => entry.url)).toEqual([server.url]);
  }, 60_000);

  /**
   * A page on `origin` with the calculator in an iframe. Playwright's routing serves both: the partner's page, and
   * the calculator at an https address of its own whose requests it passes to the test server. An https page
   * framing http://127.0.0.1 directly is refused by Chromium for reasons of its own (mixed content, private network
   * access), which would say nothing about our policy.
   */
  async function framedFrom(origin: string): Promise<Page> {
    // A context of its own: the adviser signed in above would be taken from the landing page to the adviser area.
    const partnerPage = await (await browser.newContext()).newPage();
    recordViolations(partnerPage);
    await partnerPage.route(`${origin}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Partner</title><h1>Partner page</h1><iframe id="calculator" title="Benefits calculator" src="${CALCULATOR_ORIGIN}/?portal=true&id=cap_live" width="600" height="400"></iframe>`,
      }),
    );
    await partnerPage.route(`${CALCULATOR_ORIGIN}/**`, async (route) => {
      const { pathname, search } = new URL(route.request().url());
      // The frame's Referer, and the Sec-Fetch-Dest that Chromium adds only after interception: the server
      // recognises the partner's portal by them (docs/security.md) and narrows frame-ancestors to its origins.
      const request = route.request();
      const headers = { ...(await request.allHeaders()), ...(request.resourceType() === 'document' && { 'sec-fetch-dest': 'iframe' }) };
      await route.fulfill({ response: await route.fetch({ url: `${server.url}${pathname}${search}`, headers }) });
    });
    await partnerPage.goto(`${origin}/benefits`);
    return partnerPage;
  }

  it('can be framed by a partner’s site, at its configured origin', async () => {
    const partnerPage = await framedFrom(PARTNER_ORIGIN);
    await partnerPage.frameLocator('#calculator').getByRole('heading', { level: 1 }).waitFor();
    // Recognised as CAP's portal: its bar, with its logo (a file of the calculator, allowed by img-src 'self').
    await partnerPage.frameLocator('#calculator').getByRole('region', { name: 'CAP, in partnership' }).waitFor();
    await partnerPage.frameLocator('#calculator').locator('img.partner-bar__logo').waitFor();
    expect(violations).toEqual([]);
    await partnerPage.context().close();
  });

  it('cannot be framed by any other site: Chromium refuses, naming frame-ancestors', async () => {
    const otherPage = await framedFrom('https://www.not-a-partner.example');
    const deadline = Date.now() + 10_000;
    while (!violations.some((text) => text.includes('frame-ancestors')) && Date.now() < deadline)
      await new Promise((wait) => setTimeout(wait, 100));
    // Chromium's wording has changed over versions ('Refused to frame ...', 'Framing ... violates ...'); the directive is the point.
    expect(violations.find((text) => text.includes('frame-ancestors'))).toMatch(
      /fram.*calculator\.test.*frame-ancestors 'self' https:\/\/www\.cap\.example https:\/\/www\.dfl\.example/i,
    );
    expect(await otherPage.frameLocator('#calculator').locator('#root').count()).toBe(0);
    await otherPage.context().close();
  });
});
