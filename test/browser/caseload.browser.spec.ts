import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { ApiProcess } from '../support/api-process.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { chromiumPath, describeInChromium, fillDate, screenshot } from '../support/chromium.js';
import { adviserCalculation, seedDemo, signIn } from '../support/demo-adviser.js';
import { LONE_PARENT_SOCIAL_RENTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * Caseload at a date in Chromium, on the production build with its in-process job worker (the default, as
 * `npm start` runs it): the demo adviser opens it from the adviser home, starts a run at a date in the 2025/26
 * rates, sees it finish, and reads the chart and the table, sorts it with the mouse and the keyboard, and downloads
 * the CSV. The page passes axe.
 */

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

/** In the 2025/26 rates: the eldest child's Child Benefit was £26.05 a week, £1.00 less than from 6 April 2026. */
const LAST_WINTER = '2025-12-01';

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  if (!chromiumPath()) return;
  ({ database, server, browser } = await startBrowserSuite());
  const amara = await seedDemo(database);
  const [other] = await database.query<{ id: string }>(
    `SELECT c.id FROM clients c JOIN users u ON u.id = c.adviser_id WHERE u.email = 'adviser.one@demo-advice.example' AND c.id <> $1 ORDER BY c.last_name LIMIT 1`,
    [amara],
  );
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, locale: 'en-GB' });
  await signIn(context, server.url);
  await adviserCalculation(context, server.url, amara, 'April check', LONE_PARENT_SOCIAL_RENTER);
  await adviserCalculation(context, server.url, other.id, 'April check', SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await stopBrowserSuite({ database, server, browser });
});

const headerOf = (name: string) => page.locator('table.caseload-table thead th', { has: page.getByRole('button', { name, exact: true }) });

describeInChromium('caseload at a date', () => {
  it('starts a run from the adviser home, shows its progress, then the chart and the table', async () => {
    await page.goto(`${server.url}/adviser/`);
    await page.getByRole('link', { name: 'Caseload at a date' }).click();
    await page.waitForURL(`${server.url}/adviser/caseload`);
    expect(await page.locator('h1').textContent()).toBe('Caseload at a date');
    const date = page.getByRole('group', { name: 'Date to work out the calculations at' });
    expect(await date.getByLabel('Year').inputValue()).toMatch(/^\d{4}$/);
    await fillDate(page, 'Date to work out the calculations at', LAST_WINTER);
    await page.getByRole('button', { name: 'Start caseload run' }).click();
    await page.waitForURL(/\/adviser\/caseload\?run=[0-9a-f-]{36}$/);
    await page.locator('table.caseload-table').waitFor({ timeout: 60_000 });
    expect(await page.getByRole('status').first().textContent()).toBe('Finished: 2 clients recalculated.');
    // The rules it used, in words: last winter's tax year, with no published policy change.
    expect(await page.locator('.caseload-run__rules').textContent()).toBe('Worked out with the 2025 to 2026 rules and rates.');
    await page.locator('.compare-chart svg.apexcharts-svg').waitFor();

    const amaraRow = page.locator('table.caseload-table tbody tr', { hasText: 'Amara Okafor' });
    const headers = await page.locator('table.caseload-table thead th').allTextContents();
    const childBenefit = headers.findIndex((text) => text.startsWith('Child Benefit'));
    expect(childBenefit).toBeGreaterThan(0);
    // The row's first cell is its heading (the client), so the benefit columns line up with the headers.
    expect((await amaraRow.locator('th, td').nth(childBenefit).textContent())?.trim()).toBe('-£1.00');
    await screenshot(page, 'caseload-table');
    await expectNoAccessibilityViolations(page);
  });

  it('sorts by a column with the mouse or the keyboard, saying so with aria-sort', async () => {
    expect(await headerOf('Total change').getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Total change', exact: true }).click();
    expect(await headerOf('Total change').getAttribute('aria-sort')).toBe('descending');
    expect(await headerOf('Client').getAttribute('aria-sort')).toBe('none');
    await page.getByRole('button', { name: 'Client', exact: true }).focus();
    await page.keyboard.press('Enter');
    expect(await headerOf('Client').getAttribute('aria-sort')).toBe('ascending');
    const names = await page.locator('table.caseload-table tbody th a').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-GB')));
    await page.keyboard.press('Enter');
    expect(await headerOf('Client').getAttribute('aria-sort')).toBe('descending');
    expect(await page.locator('table.caseload-table tbody th a').allTextContents()).toEqual([...names].reverse());
  });

  it('downloads the table as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download the table/ }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Child Benefit: change (£ a week)');
    expect(csv).toContain('Amara Okafor,');
  });
});
