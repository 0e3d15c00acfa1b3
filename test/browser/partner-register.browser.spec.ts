import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import type { ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { seedDemo, signIn } from '../support/demo-adviser.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * Issue 32, point 5: a partner registered in the account area, without a restart. A partner's page on another
 * loopback origin loads embed.js for a partner the calculator does not know yet, and gets embed.js's message; one
 * service administrator of the demo charity registers the partner in the account area, a second approves it, and the
 * same page, reloaded against the same running server, shows the calculator in the partner's portal with its name,
 * logo and helpline. A page on an origin not registered for it gets the message saying how to register.
 */
const PARTNER = 'river_advice';
const PASSWORD = 'demo-adviser-2026';

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
let partnerServer: Server;
let partnerOrigin: string;
const contexts: BrowserContext[] = [];

/** A browser signed in as one of the demo charity's service administrators. */
async function serviceAdmin(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  contexts.push(context);
  await signIn(context, server.url, { email, password: PASSWORD });
  return context.newPage();
}

/** River Advice's logo, drawn by Chromium as a PNG of 160 by 40 pixels. */
async function logoPng(): Promise<Buffer> {
  const page = await browser.newPage();
  await page.setContent(
    '<div id="logo" style="width:160px;height:40px;background:#ffffff;color:#1d4f91;font:bold 22px sans-serif;display:flex;align-items:center;justify-content:center">River Advice</div>',
  );
  const png = await page.locator('#logo').screenshot({ type: 'png' });
  await page.close();
  return png;
}

/** The calculator's frame on the partner's page, once its first page shows. */
async function calculatorFrame(page: Page): Promise<Frame> {
  const element = page.locator('iframe[data-benefits-calculator]');
  await element.waitFor();
  const frame = (await (await element.elementHandle())!.contentFrame())!;
  await frame.locator('h1').waitFor();
  return frame;
}

describeInChromium('Chromium: a partner registered in the account area is embedded without a restart', () => {
  beforeAll(async () => {
    partnerServer = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><title>River Advice</title></head>
<body>
  <h1>Check what you could get</h1>
  <script src="${server.url}/embed.js" data-partner="${PARTNER}" data-start="survey" async></script>
</body></html>`);
    });
    await new Promise<void>((resolve) => partnerServer.listen(0, '127.0.0.1', resolve));
    partnerOrigin = `http://127.0.0.1:${(partnerServer.address() as AddressInfo).port}`;
    ({ database, server, browser } = await startBrowserSuite());
    await seedDemo(database);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await stopBrowserSuite({ database, server, browser });
    await new Promise<void>((resolve) => partnerServer?.close(() => resolve()));
  });

  it('refuses the page before, registers the partner with a second approval, and shows its branding on the same server after', async () => {
    const partnerPage = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await partnerPage.goto(`${partnerOrigin}/benefits`);
    const refused = partnerPage.locator(`[data-benefits-calculator-refused="${PARTNER}"]`);
    await refused.waitFor();
    expect(await refused.textContent()).toContain(`The benefits calculator has no partner called "${PARTNER}".`);
    await screenshot(partnerPage, 'partner-register-before');

    // Sam registers River Advice.
    const sam = await serviceAdmin('service.one@demo-advice.example');
    await sam.goto(`${server.url}/account/`);
    await sam.getByRole('link', { name: 'Partners: register, change or remove a partner' }).click();
    await sam.getByRole('link', { name: 'Register a partner' }).click();
    await sam.getByRole('heading', { level: 1, name: 'Register a partner' }).waitFor();
    await sam.getByLabel('Partner id').fill(PARTNER);
    await sam.getByLabel('Name', { exact: true }).fill('River Advice');
    // First with a plain http address: the form says https is needed, at the field.
    await sam.getByLabel('Addresses of the partner’s pages').fill('http://www.river-advice.example');
    await sam.getByLabel('Logo').setInputFiles({ name: 'river.png', mimeType: 'image/png', buffer: await logoPng() });
    await sam.getByLabel('Colour', { exact: true }).fill('#1d4f91');
    await sam.getByLabel('Tick colour').fill('#1d4f91');
    await sam.getByLabel('Helpline number').fill('0800 123 4567');
    await sam.getByLabel('Helpline opening hours').fill('Monday to Friday, 9am to 5pm');
    await sam.getByLabel('The charity’s header').check();
    await sam.getByLabel('The charity’s footer').check();
    await sam.getByRole('button', { name: 'Send for approval' }).click();
    const summary = sam.getByRole('alert');
    const httpsNeeded = summary.getByRole('link', {
      name: /^Addresses of the partner’s pages, line 1: must be a web address that starts with https:\/\//,
    });
    await httpsNeeded.waitFor();
    await expectNoAccessibilityViolations(sam);
    await screenshot(sam, 'partner-register-https-needed');
    await httpsNeeded.click();
    expect(await sam.evaluate(() => document.activeElement?.id)).toBe('partner-origins');
    // The partner's real pages, and the test's loopback page, which a partner tries locally over http.
    await sam.getByLabel('Addresses of the partner’s pages').fill(`https://www.river-advice.example\n${partnerOrigin}`);
    await sam.getByRole('button', { name: 'Send for approval' }).click();
    await sam.getByRole('heading', { name: 'Sent for approval' }).waitFor();
    await screenshot(sam, 'partner-register-sent');

    // Waiting: the page is still refused, and Sam may not approve his own.
    await partnerPage.reload();
    await refused.waitFor();
    await sam.goto(`${server.url}/account/partners`);
    const samsView = sam.getByRole('listitem', { name: 'Register a new partner: River Advice' });
    await samsView.waitFor();
    expect(await samsView.getByRole('button', { name: /^Approve/ }).count()).toBe(0);

    // Tove approves it.
    const tove = await serviceAdmin('service.two@demo-advice.example');
    await tove.goto(`${server.url}/account/partners`);
    const change = tove.getByRole('listitem', { name: 'Register a new partner: River Advice' });
    await change.waitFor();
    expect(await change.getByText('Sent by Sam Service').count()).toBe(1);
    expect(await change.getByRole('img', { name: 'River Advice’s new logo' }).count()).toBe(1);
    await expectNoAccessibilityViolations(tove);
    await screenshot(tove, 'partner-register-approve');
    await change.getByRole('button', { name: 'Approve: River Advice' }).click();
    await tove.getByText('Approved: River Advice. It is in force now.').waitFor();
    expect(
      await tove
        .getByRole('row', { name: /River Advice/ })
        .getByText(/^Approved by Tove Service on/)
        .count(),
    ).toBe(1);
    await screenshot(tove, 'partner-register-approved');

    // The same server, not restarted: the partner's page now shows the calculator in River Advice's portal.
    await partnerPage.reload();
    const frame = await calculatorFrame(partnerPage);
    await frame.getByRole('region', { name: 'River Advice, in partnership' }).waitFor();
    expect(await frame.getByRole('link', { name: '0800 123 4567' }).count()).toBe(1);
    const logo = frame.getByRole('img', { name: 'River Advice' });
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/partners\/logos\/[0-9a-f-]{36}\.png$/);
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await screenshot(partnerPage, 'partner-register-embedded');

    // Another loopback origin, not registered for River Advice: embed.js's message, not a grey frame.
    const otherOrigin = partnerOrigin.replace('127.0.0.1', 'localhost');
    await partnerPage.goto(`${otherOrigin}/benefits`);
    await refused.waitFor();
    expect(await refused.textContent()).toContain(`its address, ${otherOrigin}, is not registered for River Advice`);
    expect(await partnerPage.locator('iframe').count()).toBe(0);
    await screenshot(partnerPage, 'partner-register-other-origin');
    await partnerPage.close();
  }, 120_000);
});
