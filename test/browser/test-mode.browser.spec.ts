import type { Browser, Page } from 'playwright-core';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import type { TestDatabase } from '../support/test-database.js';
import { eventually, textOf } from '../support/waiting.js';

/**
 * The test-mode password screen in Chromium: without TEST_MODE_PASSWORD testing mode
 * is off, so `?test=true` asks for nothing; with it, a blank password (spaces only, too) is not sent: the error
 * summary says so and its link takes the keyboard to the field.
 */

const TEST_MODE_PASSWORD = 'a-browser-test-mode-password';
const GATE = 'Test Mode Verification';

let database: TestDatabase;
let withTestMode: ApiProcess;
let withoutTestMode: ApiProcess;
let browser: Browser;

/** Opens the page and counts the test-mode password checks it sends. */
async function openCounting(server: ApiProcess, path: string): Promise<{ page: Page; checks: () => number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  let checks = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/data/test')) checks += 1;
  });
  await page.goto(`${server.url}${path}`);
  return { page, checks: () => checks };
}

describeInChromium('the test-mode password screen in Chromium', () => {
  beforeAll(async () => {
    ({ database, server: withoutTestMode, browser } = await startBrowserSuite());
    withTestMode = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, TEST_MODE_PASSWORD });
  }, 180_000);

  afterAll(async () => {
    await withTestMode?.stop();
    await stopBrowserSuite({ database, server: withoutTestMode, browser });
  });

  it('is not shown when testing mode is off: ?test=true opens the questionnaire as usual', async () => {
    const { page, checks } = await openCounting(withoutTestMode, '/survey?test=true');
    await page.getByRole('heading', { name: 'Where you live', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: GATE }).count()).toBe(0);
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await page.getByText('Testing: ClientPostcode').count()).toBe(0);
    expect(checks()).toBe(0);
    await screenshot(page, 'test-mode-off');
    await page.close();
  });

  it('refuses a blank password without sending it, in an error summary linked to the field', async () => {
    const { page, checks } = await openCounting(withTestMode, '/survey?test=true');
    const gate = page.getByRole('region', { name: GATE });
    await gate.waitFor();
    for (const blank of ['', '   ']) {
      await gate.getByLabel('Password').fill(blank);
      await gate.getByRole('button', { name: 'Verify' }).click();
      const summary = gate.locator('.error-summary');
      await eventually(() => summary.locator('li').allTextContents(), ['Enter the test mode password.']);
      expect(await page.evaluate<string>('document.activeElement.className')).toBe('error-summary');
    }
    expect(await textOf(gate.locator('.test-mode-field__error'))).toBe('Error: Enter the test mode password.');
    expect(await gate.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'test-mode-blank-password');
    await gate.getByRole('link', { name: 'Enter the test mode password.' }).click();
    expect(await page.evaluate<string>('document.activeElement.id')).toBe(await gate.getByLabel('Password').getAttribute('id'));
    expect(checks()).toBe(0);

    // A real password is still checked, and opens testing mode.
    await gate.getByLabel('Password').fill(TEST_MODE_PASSWORD);
    await gate.getByRole('button', { name: 'Verify' }).click();
    await gate.getByText('Test mode verified.', { exact: false }).waitFor();
    expect(checks()).toBe(1);
    expect(await gate.locator('.error-summary').count()).toBe(0);
    await page.close();
  });
});
