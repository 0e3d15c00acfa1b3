import type { Browser } from 'playwright-core';
import { loadEntitlementEngine } from '../../engine/load.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite, type BrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { singleRenterTyped } from '../support/households.js';
import { fillQuestions, pressNext } from '../support/survey-driver.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { eventually } from '../support/waiting.js';

/**
 * The service never goes dark at the year's end (issue 30): with the server's clock after the last date the rates
 * held cover and nothing published, a visitor still finishes the questionnaire and gets figures, marked as last
 * year's rates; /api/health and the log say so. A second server, 45 days before that date, warns ahead.
 */

const LAST_DATE_HELD = loadEntitlementEngine().parameters.ratesHeldUntil;
/** 12 April 2027, a week and a half after the rates held run out (31 March 2027). */
const AFTER = '2027-04-12T10:00:00Z';
/** 14 February 2027: 45 days before. */
const AHEAD = '2027-02-14T10:00:00Z';
const CLOCK = ['--import', './test/support/clock.mjs'];

interface Health {
  status: string;
  details?: { failingChangeSets: number[]; message: string; rates?: { state: string; lastDateHeld: string; daysLeft: number } };
}

async function health(server: ApiProcess): Promise<Health> {
  const response = await fetch(`${server.url}/api/health`);
  expect(response.status).toBe(200);
  return (await response.json()) as Health;
}

describeInChromium('after the last date the rates held cover, in Chromium', () => {
  let suite: BrowserSuite;
  let browser: Browser;

  beforeAll(async () => {
    expect(LAST_DATE_HELD).toBe('2027-03-31');
    suite = await startBrowserSuite({ TEST_CLOCK: AFTER }, CLOCK);
    browser = suite.browser;
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSuite(suite ?? {});
  });

  it('a visitor finishes the questionnaire and sees figures marked as last year’s rates, not an error', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.clock.install({ time: new Date(AFTER) });
    const page = await context.newPage();
    try {
      expect((await page.goto(`${suite.server.url}/survey`))?.status()).toBe(200);
      const pages = singleRenterTyped();
      for (const [index, [name, answers]] of pages.entries()) {
        await fillQuestions(page, answers);
        if (index < pages.length - 1) expect([name, await pressNext(page)]).toEqual([name, 'moved']);
      }
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.waitForURL(/\/result\/[0-9a-f-]{36}$/);

      const note = page.getByRole('region', { name: 'These figures use last year’s rates' });
      await note.waitFor();
      expect(await note.textContent()).toContain(
        'These figures use the benefit rates for April 2026 to March 2027, the latest the calculator holds. The new rates from April 2027 have not been added yet.',
      );
      // The figures are there beside it: Universal Credit with its amount, worked out with 2026/27's rates.
      const universalCredit = page.locator('#universal-credit');
      await universalCredit.waitFor();
      expect(await universalCredit.textContent()).toMatch(/Universal Credit[\s\S]*£\d+\.\d\d per month/);
      expect(await page.getByText('The benefit rates for today are not loaded yet').count()).toBe(0);
      await expectNoAccessibilityViolations(page);
      await screenshot(page, 'results-last-rates-held');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('/api/health is degraded and says why; the log said it at start', async () => {
    const answer = await health(suite.server);
    expect(answer).toEqual({
      status: 'degraded',
      database: 'up',
      details: {
        failingChangeSets: [],
        message:
          "The benefit rates held ran out on 31 March 2027. Results use the last rates held and say so until next year's rates are published.",
        rates: { state: 'last-rates-held', lastDateHeld: '2027-03-31', daysLeft: -12 },
      },
    });
    await eventually(async () => suite.server.output().includes('The benefit rates held ran out on 31 March 2027.'), true);
  });

  it('the calculation API answers the date with the last rates held, in a field', async () => {
    const response = await fetch(`${suite.server.url}/api/v1/calculations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        household: { country: 'ENGLAND', adults: [{ dateOfBirth: '1990-03-14' }], children: [], housing: { tenure: 'SOCIAL_RENT' } },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      date: '2027-04-12',
      rulesVersion: '2026-27',
      lastRatesHeld: { ratesDate: '2027-03-31' },
    });
  });
});

describe('45 days before the last date the rates held cover', () => {
  let database: TestDatabase | undefined;
  let server: ApiProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('/api/health stays ok and warns, and the log says what to do', async () => {
    database = await createTestDatabase();
    server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, TEST_CLOCK: AHEAD }, CLOCK);
    expect(await health(server)).toEqual({
      status: 'ok',
      database: 'up',
      details: {
        failingChangeSets: [],
        message:
          "The benefit rates held run out on 31 March 2027, in 45 days. Publish next year's rates before then; after it, results use the last rates held and say so.",
        rates: { state: 'running-out', lastDateHeld: '2027-03-31', daysLeft: 45 },
      },
    });
    await eventually(async () => server!.output().includes('The benefit rates held run out on 31 March 2027, in 45 days.'), true);
  }, 120_000);
});
