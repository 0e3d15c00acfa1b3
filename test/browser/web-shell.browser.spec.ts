/// <reference lib="dom" />
// (The page functions below run in the browser.)
import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { chromiumPath, describeInChromium, launchChromium, SCREENSHOT_DIR } from '../support/chromium.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { eventually } from '../support/waiting.js';

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

// A stand-in for a third-party chat service: a script that marks the page when it runs.
const CHAT_SCRIPT = 'window.chatServiceLoaded = (window.chatServiceLoaded || 0) + 1;';

let database: TestDatabase;
let server: ApiProcess;
let chatService: Server;
let browser: Browser;

async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  await page.waitForSelector('h1');
  return page;
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

describeInChromium('the web shell in Chromium', () => {
  beforeAll(async () => {
    chatService = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(CHAT_SCRIPT));
    await new Promise<void>((listening) => chatService.listen(0, '127.0.0.1', listening));
    const address = chatService.address();
    const chatPort = typeof address === 'object' && address ? address.port : 0;
    database = await createTestDatabase();
    server = await startApiProcess({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      CHAT_SCRIPT_URL: `http://127.0.0.1:${chatPort}/chat.js`,
    });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
    chatService?.close();
  });

  it('shows the landing page inside the charity’s header and footer', async () => {
    const page = await open('/');
    expect(await page.title()).toBe('Benefits Calculator');
    expect(await page.locator('h1').textContent()).toBe('Benefits Calculator');
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').textContent()).toContain('© 2025 Benefits Calculator');
    await screenshot(page, 'landing-wide');
    await page.close();
  });

  it('lets a keyboard user skip straight to the content', async () => {
    const page = await open('/');
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skipLink.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skipLink.isVisible()).toBe(true);
    await screenshot(page, 'skip-link-focused');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.close();
  });

  it('folds the main navigation behind the menu toggle on a phone', async () => {
    const page = await open('/', { width: 375, height: 812 });
    const navigation = page.getByRole('navigation', { name: 'Main' });
    expect(await navigation.isVisible()).toBe(false);
    await screenshot(page, 'landing-phone');
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await navigation.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'landing-phone-menu-open');
    await page.close();
  });

  it('shows Page Not Found for an unknown address, with a link that goes home', async () => {
    const page = await open('/this/page/does-not-exist');
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go to the homepage' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.locator('h1').textContent()).toBe('Benefits Calculator');
    await page.close();
  });

  it('moves /intermediary/... addresses to /adviser/... and /aboutyou to the landing page, keeping the query', async () => {
    const page = await open('/intermediary/compare/a,b?clientId=42&session=a&session=b');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/adviser/compare/a,b?clientId=42&session=a&session=b');
    // Not signed in to the adviser area: the compare screen says so.
    await page.getByRole('heading', { level: 1, name: 'No Access' }).waitFor();
    await page.goto(`${server.url}/aboutyou?id=cap_live`);
    await page.waitForSelector('h1');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/?id=cap_live');
    await page.close();
  });

  it('starts the calculator with the query string kept', async () => {
    const page = await open('/?id=cap_live&ref=leaflet');
    expect(await page.getByRole('link', { name: 'Use the Benefits Calculator' }).getAttribute('href')).toBe(
      '/survey?id=cap_live&ref=leaflet',
    );
    await page.close();
  });

  it('loads the chat service only where configured, 50px up, and 110px when the bottom bar is expanded', async () => {
    const page = await open('/');
    await page.waitForFunction(() => (window as unknown as { chatServiceLoaded?: number }).chatServiceLoaded === 1);
    const chatBottom = () => page.locator('#chat-widget').evaluate((holder) => getComputedStyle(holder).bottom);
    expect(await chatBottom()).toBe('50px');
    await page.evaluate(() => document.body.classList.add('has-bottom-bar'));
    expect(await chatBottom()).toBe('110px');
    await page.close();
  });

  it('shows no header, footer or chat in a partner’s portal, and the partner’s bar; typed into the address bar, it is no portal', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
    // The portal is recognised from the partner's own frame (docs/security.md), so CAP's page frames the calculator.
    const calculatorOrigin = 'https://calculator.test';
    await page.route('https://www.cap.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>CAP</title><iframe id="calculator" title="Benefits calculator" src="${calculatorOrigin}/?portal=true&id=cap_live" style="width: 780px; height: 650px"></iframe>`,
      }),
    );
    await page.route(`${calculatorOrigin}/**`, async (route) => {
      const { pathname, search } = new URL(route.request().url());
      // The server recognises the portal by the frame's Referer and Sec-Fetch-Dest. Chromium adds Sec-Fetch-* after
      // Playwright intercepts the request, so this frame's page request says it here (embed.browser.spec.ts serves
      // the calculator to a frame on another origin with no routing, and the browser's own headers).
      const request = route.request();
      const headers = { ...(await request.allHeaders()), ...(request.resourceType() === 'document' && { 'sec-fetch-dest': 'iframe' }) };
      await route.fulfill({ response: await route.fetch({ url: `${server.url}${pathname}${search}`, headers }) });
    });
    await page.goto('https://www.cap.example/benefits');
    const frame = page.frameLocator('#calculator');
    await frame.locator('h1').waitFor();
    expect(await frame.getByRole('banner').count()).toBe(0);
    expect(await frame.getByRole('contentinfo').count()).toBe(0);
    expect(await frame.locator('#chat-widget').count()).toBe(0);
    expect(await frame.locator('h1').textContent()).toBe('Benefits Calculator');
    await frame.getByRole('region', { name: 'CAP, in partnership' }).waitFor();
    expect(await frame.getByRole('link', { name: '0800 328 0006' }).count()).toBe(1);
    await screenshot(page, 'portal-cap_live');
    await page.close();

    const typed = await open('/?portal=true&id=cap_live', { width: 800, height: 700 });
    await typed.getByRole('banner').waitFor();
    expect(await typed.getByRole('region', { name: 'CAP, in partnership' }).count()).toBe(0);
    await typed.close();
  });

  it('inside a partner’s iframe, tells the parent its height plus 40 and asks it to scroll', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
    // The calculator's frame-ancestors lets only the partners' own origins (definitions/partners) frame it, so the
    // partner's page is served at CAP's origin, and the calculator at an https address passed on to the test server
    // (an https page framing http://127.0.0.1 is refused by Chromium whatever the policy).
    const calculatorOrigin = 'https://calculator.test';
    await page.route('https://www.cap.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>CAP</title>
      <h1>Partner page</h1>
      <script>
        window.messages = [];
        window.addEventListener('message', (event) => window.messages.push(event.data));
      </script>
      <iframe id="calculator" title="Benefits calculator" src="${calculatorOrigin}/?portal=true&id=cap_live" style="width: 600px; height: 300px; border: 1px solid #999"></iframe>`,
      }),
    );
    await page.route(`${calculatorOrigin}/**`, async (route) => {
      const { pathname, search } = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${server.url}${pathname}${search}` }) });
    });
    await page.goto('https://www.cap.example/benefits');
    const frame = page.frameLocator('#calculator');
    await frame.locator('h1').waitFor();
    const messages = () => page.evaluate(() => (window as unknown as { messages: { name: string; value: unknown }[] }).messages);
    await page.waitForFunction(() =>
      (window as unknown as { messages: { name: string }[] }).messages.some((message) => message.name === 'resize'),
    );
    const contentHeight = () => frame.locator('#root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
    expect(await messages()).toContainEqual({ name: 'scroll', value: true });
    expect(await messages()).toContainEqual({ name: 'resize', value: (await contentHeight()) + 40 });

    // The content grows: the parent hears the new height.
    // Styled through the CSSOM: the calculator's Content-Security-Policy refuses style="" attributes in markup.
    await frame.locator('main').evaluate((main) => {
      const more = main.appendChild(main.ownerDocument.createElement('div'));
      more.textContent = 'More questions';
      more.style.height = '900px';
    });
    await page.waitForFunction(() =>
      (window as unknown as { messages: { name: string; value: number }[] }).messages.some((m) => m.name === 'resize' && m.value > 1000),
    );
    // The screen may still be drawing what loads after its heading: the parent's last height catches up with it.
    const lastResizeShortBy = async () =>
      (await contentHeight()) + 40 - ((await messages()).filter((message) => message.name === 'resize').at(-1)?.value as number);
    await eventually(lastResizeShortBy, 0);
    await screenshot(page, 'embedded-in-partner-page');
    await page.close();
  });
});
