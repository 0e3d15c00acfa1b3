import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import type { ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { seedDemo, signIn } from '../support/demo-adviser.js';
import { singleRenterTyped } from '../support/households.js';
import { changeOneAnswer, fillQuestion, walkToResults } from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * Issue 32, point 4: an adviser's first try without a dead end. Alex Adviser (the demo organisation's) adds a client
 * in the account area, is offered 'Start a calculation for this client', answers it, duplicates it from the
 * calculation screen, and changes the hours of work in the copy in one page: the copy opens on the list of its
 * answers, the edit link goes to 'Your work', and 'Save and see results' goes straight back to the results.
 */

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;

describeInChromium('an adviser adds a client, calculates, duplicates and changes the hours in one page, in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
    await seedDemo(database);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await signIn(context, server.url);
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await stopBrowserSuite({ database, server, browser });
  });

  it('goes from a new client to a changed copy of their calculation without a dead end', async () => {
    await page.goto(`${server.url}/account/`);
    await page.getByRole('link', { name: 'Add New Client' }).click();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Date of birth').fill('14/03/1990');
    expect(await page.getByLabel('Adviser').count()).toBe(0);
    await page.getByRole('button', { name: 'Add client' }).click();
    const start = page.getByRole('button', { name: 'Start a calculation for this client' });
    await start.waitFor();
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'adviser-client-added');
    await start.click();
    await page.waitForURL(/\/survey\/1\/[0-9a-f-]{36}$/);
    const first = page.url().split('/').at(-1)!;
    const [owned] = await database.query<{ first_name: string; adviser: string }>(
      `SELECT c.first_name, u.display_name AS adviser FROM calculation_sessions s JOIN clients c ON c.id = s.client_id
         JOIN users u ON u.id = c.adviser_id WHERE s.id = $1`,
      [first],
    );
    expect(owned).toEqual({ first_name: 'Grace', adviser: 'Alex Adviser' });

    // 16 hours a week: the single renter of the other suites.
    await walkToResults(page, page.url(), singleRenterTyped());
    await page.goto(`${server.url}/adviser/calculation/${first}`);
    await page.getByRole('button', { name: 'Duplicate calculation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate calculation' });
    await dialog.getByLabel('Case label').fill('Working 30 hours');
    await dialog.getByRole('button', { name: 'Duplicate calculation' }).click();
    await page.waitForURL(/\/result\/[0-9a-f-]{36}#answers-list$/);
    const copy = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(copy).not.toBe(first);
    await page.getByRole('heading', { name: 'See what you told us' }).first().waitFor();
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'adviser-duplicate-answers-list');

    const surveyPagesSeen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('/survey/')) surveyPagesSeen.push(frame.url());
    });
    await changeOneAnswer(page, 'Your work', /hours/i, async () => {
      await page.getByRole('button', { name: 'Save and see results' }).waitFor();
      await expectNoAccessibilityViolations(page);
      await screenshot(page, 'adviser-duplicate-your-work');
      await fillQuestion(page, 'ClientWorkHours', '30');
    });
    await page.waitForURL(`${server.url}/result/${copy}`);
    await page.locator('#result-section-title', { hasText: 'Your results' }).waitFor();
    expect(surveyPagesSeen).toHaveLength(1);

    const hours = async (session: string) =>
      (
        await database.query<{ hours: string }>(`SELECT answers->>'ClientWorkHours' AS hours FROM calculation_sessions WHERE id = $1`, [
          session,
        ])
      )[0].hours;
    expect(await hours(copy)).toBe('30');
    expect(await hours(first)).toBe('16');
    await screenshot(page, 'adviser-duplicate-results');
  }, 120_000);
});
