import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import type { ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { singleRenterTyped } from '../support/households.js';
import { errorSummary, fillQuestion, pressNext, walkToResults, waitForTextOf } from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';
import { eventually } from '../support/waiting.js';

/**
 * The embed kit across two origins: a partner's page served by a small HTTP server on another port puts the
 * calculator on it with the one script tag of docs/embed.md; a person walks the questionnaire inside the frame to
 * the results. The partner (a file of EXTRA_PARTNERS_DIR, listing the partner server's origin) hides Universal
 * Credit, the one benefit this household gets: absent from the results in its portal, present for the same household
 * outside it.
 */
const PARTNER = 'embed_test_live';
const HIDDEN = 'UNIVERSAL_CREDIT';
const HOUSEHOLD = singleRenterTyped();

describeInChromium('Chromium: the embed kit on a partner’s page on another origin', () => {
  let database: TestDatabase;
  let server: ApiProcess;
  let browser: Browser;
  let partnerServer: Server;
  let partnerOrigin: string;
  let definitionsDir: string;

  /** The partner's own page: its heading, then the calculator put there by embed.js. */
  const partnerPage = (partnerId: string) => `<!doctype html>
<html lang="en"><head><title>Partner page</title></head>
<body>
  <h1>Check what you could get</h1>
  <script>window.messages = []; window.addEventListener('message', (event) => window.messages.push(event.data));</script>
  <script src="${server.url}/embed.js" data-partner="${partnerId}" data-start="survey" data-height="300" async></script>
</body></html>`;

  /** A page that frames the calculator itself, as embed.js would but without asking first: what a hostile page can do. */
  const rawFramePage = (partnerId: string) => `<!doctype html>
<html lang="en"><head><title>Page framing the calculator</title></head>
<body>
  <h1>Framed without the kit</h1>
  <iframe data-benefits-calculator="${partnerId}" title="Benefits calculator" referrerpolicy="origin"
    src="${server.url}/survey?portal=true&id=${partnerId}" style="width: 100%; height: 600px"></iframe>
</body></html>`;

  beforeAll(async () => {
    partnerServer = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://partner').searchParams;
      const partnerId = query.get('partner') ?? PARTNER;
      const page = query.has('raw') ? rawFramePage(partnerId) : partnerPage(partnerId);
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => partnerServer.listen(0, '127.0.0.1', resolve));
    const port = (partnerServer.address() as AddressInfo).port;
    partnerOrigin = `http://127.0.0.1:${port}`;
    definitionsDir = await mkdtemp(join(tmpdir(), 'embed-partners-'));
    const partner = (id: string, origin: string, hide: string[]) => ({
      id,
      name: 'Embed Test Advice',
      checkboxIcon: { shape: 'round', colour: '#0b5394' },
      origins: [origin],
      hiddenInPortal: ['header', 'footer', 'chat', 'poweredBy', 'icons', 'helpline'],
      logo: '/partners/cap_live.svg',
      accentColour: '#00703c',
      helpline: { phoneNumber: '0800 000 1234', openingHours: 'Monday to Friday, 9am to 5pm' },
      links: [{ text: 'Our advice', url: 'https://advice.example/help' }],
      benefits: { hide },
      extraHelp: { hide: [] },
    });
    await writeFile(join(definitionsDir, `${PARTNER}.json`), JSON.stringify(partner(PARTNER, partnerOrigin, [HIDDEN])));
    // A second partner on the same host by another name: its pages may frame the calculator, but not as PARTNER.
    await writeFile(
      join(definitionsDir, 'other_test_live.json'),
      JSON.stringify(partner('other_test_live', `http://localhost:${port}`, [])),
    );
    ({ database, server, browser } = await startBrowserSuite({ EXTRA_PARTNERS_DIR: definitionsDir }));
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSuite({ database, server, browser });
    await new Promise<void>((resolve) => partnerServer?.close(() => resolve()));
    if (definitionsDir) await rm(definitionsDir, { recursive: true, force: true });
  });

  /** Whether a calculation is credited to a partner's portal, and to which partner, as the database holds it. */
  const creditOf = async (session: string) =>
    (
      await database.query<{ is_portal: boolean; partner_id: string | null }>(
        'SELECT is_portal, partner_id FROM calculation_sessions WHERE id = $1',
        [session],
      )
    )[0];

  /** The calculator's frame on the partner's page, once its first page shows. */
  async function calculatorFrame(page: Page): Promise<Frame> {
    const element = page.locator(`iframe[data-benefits-calculator]`);
    await element.waitFor();
    const frame = (await element.elementHandle())!.contentFrame();
    const calculator = (await frame)!;
    await calculator.locator('h1').waitFor();
    return calculator;
  }

  it('embeds the calculator with one script tag, resizes it, and hides the partner’s hidden benefit in its results only', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await page.goto(`${partnerOrigin}/benefits`);
    const frame = await calculatorFrame(page);
    const iframe = page.locator('iframe[data-benefits-calculator]');
    expect(await iframe.getAttribute('title')).toBe('Benefits calculator');
    expect(new URL(frame.url()).origin).toBe(server.url);

    // Recognised as the partner's portal: its bar with its helpline, and none of the charity's own header.
    await frame.getByRole('region', { name: 'Embed Test Advice, in partnership' }).waitFor();
    expect(await frame.getByRole('link', { name: '0800 000 1234' }).count()).toBe(1);
    expect(await frame.getByRole('banner').count()).toBe(0);

    // The frame grows from the 300px it started at to the content's height plus 40 (the resize message the frame sends its parent).
    const frameHeight = () => iframe.evaluate((element) => Math.round(element.getBoundingClientRect().height));
    const contentHeight = () => frame.locator('#root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
    await eventually(async () => (await frameHeight()) === (await contentHeight()) + 40, true);
    expect(await frameHeight()).toBeGreaterThan(300);

    for (const [index, [name, answers]] of HOUSEHOLD.entries()) {
      for (const [questionName, value] of Object.entries(answers)) await fillQuestion(frame, questionName, value);
      if (index < HOUSEHOLD.length - 1) {
        const outcome = await pressNext(frame);
        if (outcome !== 'moved') throw new Error(`Page '${name}' did not move on: ${(await errorSummary(frame)).join(' | ')}`);
      }
    }
    await frame.getByRole('button', { name: 'Next', exact: true }).click();
    await frame.waitForURL(/\/result\//);
    await waitForTextOf(frame, '#result-section-title', 'Your results', 15_000);
    expect(await frame.locator(`li.benefit[data-benefit-code="${HIDDEN}"]`).count()).toBe(0);
    // Credited to the partner's portal: it came through the partner's frame, with the pass the frame's page was given.
    const session = new URL(frame.url()).pathname.split('/').pop();
    expect(await creditOf(session!)).toEqual({ is_portal: true, partner_id: PARTNER });
    // Still the portal on the results page, and the frame still follows the (longer) content.
    await frame.getByRole('region', { name: 'Embed Test Advice, in partnership' }).waitFor();
    await eventually(async () => (await frameHeight()) === (await contentHeight()) + 40, true);
    expect(
      await page.evaluate(() => (window as unknown as { messages: { name: string }[] }).messages.some((m) => m.name === 'scroll')),
    ).toBe(true);
    await screenshot(page, 'embed-kit-results');
    await page.close();

    // The same household on the calculator's own site: the benefit is there.
    const own = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await walkToResults(own, `${server.url}/survey`, HOUSEHOLD);
    await own.locator(`li.benefit[data-benefit-code="${HIDDEN}"]`).first().waitFor();
    expect(await creditOf(new URL(own.url()).pathname.split('/').pop()!)).toEqual({ is_portal: false, partner_id: null });
    await own.close();
  }, 240_000);

  it('does not apply a partner’s portal from the query string alone, nor for another partner’s page', async () => {
    // Typed into the address bar: an ordinary visit, with the charity's own header and no partner bar.
    const typed = await browser.newPage();
    await typed.goto(`${server.url}/survey?portal=true&id=${PARTNER}`);
    await typed.getByRole('banner').waitFor();
    expect(await typed.getByRole('region', { name: 'Embed Test Advice, in partnership' }).count()).toBe(0);
    expect(new URL(typed.url()).searchParams.has('portal')).toBe(false);
    await typed.close();

    // Framed by a page of another origin (the other partner's) claiming to be PARTNER, without the kit (which would
    // refuse, below): not PARTNER's portal.
    const other = await browser.newPage();
    await other.goto(`${partnerOrigin.replace('127.0.0.1', 'localhost')}/benefits?raw&partner=${PARTNER}`);
    const frame = await calculatorFrame(other);
    await frame.getByRole('banner').waitFor();
    expect(await frame.getByRole('region', { name: 'Embed Test Advice, in partnership' }).count()).toBe(0);
    await other.close();
  }, 60_000);

  it('says on the page, in place of a grey frame, when the page is not registered for the partner or the partner is unknown', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
    const otherOrigin = partnerOrigin.replace('127.0.0.1', 'localhost');
    await page.goto(`${otherOrigin}/benefits?partner=${PARTNER}`);
    const refused = page.locator(`[data-benefits-calculator-refused="${PARTNER}"]`);
    await refused.waitFor();
    expect(await refused.textContent()).toBe(
      `The benefits calculator cannot be shown here` +
        `The benefits calculator cannot be shown on this page: its address, ${otherOrigin}, is not registered for Embed Test Advice. ` +
        `To show it here, ask the calculator's team to add ${otherOrigin} to Embed Test Advice's registered addresses: their service administrators do it in the account area, and it works as soon as a second one approves it.`,
    );
    expect(await page.locator('iframe').count()).toBe(0);
    await screenshot(page, 'embed-origin-not-registered');

    await page.goto(`${partnerOrigin}/benefits?partner=nobody_here`);
    await page.locator('[data-benefits-calculator-refused="nobody_here"]').waitFor();
    expect(await page.locator('[data-benefits-calculator-refused]').textContent()).toContain(
      'The benefits calculator has no partner called "nobody_here".',
    );
    expect(await page.locator('iframe').count()).toBe(0);
    await page.close();
  }, 60_000);

  it('shows the kit working on the calculator’s own example page, /embed-example.html', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/embed-example.html`);
    const frame = await calculatorFrame(page);
    await frame.getByRole('region', { name: 'CAP, in partnership' }).waitFor();
    expect(await frame.getByRole('banner').count()).toBe(0);
    await page.close();
  }, 60_000);

  it('serves embed.js to other origins, and ignores messages that do not come from the calculator’s frame', async () => {
    const response = await fetch(`${server.url}/embed.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    const page = await browser.newPage();
    await page.goto(`${partnerOrigin}/benefits`);
    await calculatorFrame(page);
    const iframe = page.locator('iframe[data-benefits-calculator]');
    const height = await iframe.evaluate((element) => element.style.height);
    // The partner's own page (another origin than the calculator's) posting a resize: not followed.
    await page.evaluate(() => window.postMessage({ name: 'resize', value: 5000 }, '*'));
    await page.waitForTimeout(300);
    expect(await iframe.evaluate((element) => element.style.height)).toBe(height);
    await page.close();
  }, 60_000);
});
