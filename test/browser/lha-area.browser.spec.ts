import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { singleRenterTyped } from '../support/households.js';
import { errorSummary, pageTitle, pressNext, question, walkToResults, type QuestionValue } from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * A private renter in a council split between Local Housing Allowance areas (North West Leicestershire: Leicester,
 * Eastern Staffordshire and Derby) goes through the questionnaire in Chromium: the new question offers the
 * council's areas and 'Not sure', with help and a link to the VOA's LHA Direct; the result uses the area chosen,
 * or the lowest of the three with the range, and says which and why.
 */

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
const WALK_TIMEOUT_MS = 60_000;

/** The single renter of the other suites, living at a North West Leicestershire postcode, answering the area question. */
function renterInNorthWestLeicestershire(area: string | null): [string, Record<string, QuestionValue>][] {
  return singleRenterTyped().map(([name, answers]): [string, Record<string, QuestionValue>] => {
    if (name === 'where-you-live') return [name, { ClientPostcode: 'le67 1aa' }];
    if (name === 'your-home' && area !== null) return [name, { ...answers, ClientLhaArea: area }];
    return [name, answers];
  });
}

/** Answers every page as a person would; on 'Your home', runs `atHome` before answering the area. */
function walk(page: Page, pages: [string, Record<string, QuestionValue>][], atHome?: (page: Page) => Promise<void>): Promise<string> {
  return walkToResults(page, `${server.url}/survey`, pages, async (current, questionName) => {
    if (questionName === 'ClientLhaArea' && atHome) await atHome(current);
  });
}

describeInChromium('a private renter in a council split between Local Housing Allowance areas, in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
    // A real postcode of the council (the migration seeds 20 others).
    await database.query(
      "INSERT INTO postcodes (postcode, local_authority_code, latitude, longitude) VALUES ('LE67 1AA', 'E07000134', 52.7225, -1.3725)",
    );
  }, 120_000);

  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it(
    "is asked which area, finds help and the LHA Direct link, answers Leicester, and the result uses Leicester's rate and says why",
    async () => {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const page = await context.newPage();
      try {
        await walk(page, renterInNorthWestLeicestershire('Leicester'), async (home) => {
          const area = question(home, 'ClientLhaArea');
          await area.waitFor();
          expect(
            await area.locator('input[type="radio"]').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value)),
          ).toEqual(['Leicester', 'Eastern Staffordshire', 'Derby', 'NotSure']);
          await area.getByRole('button', { name: 'How do I find my area?' }).click();
          const link = area.getByRole('link', { name: /lha-direct\.voa\.gov\.uk/ });
          expect(await link.getAttribute('href')).toBe('https://lha-direct.voa.gov.uk/');
          await screenshot(home, 'lha-area-question');
          // Next without an answer: the error summary names the question and links to it.
          const outcome = await pressNext(home);
          expect(outcome).toBe('errors');
          expect(await errorSummary(home)).toContain('Your Local Housing Allowance area is required.');
        });
        const note = page.locator('.housing-allowance');
        await note.waitFor();
        expect(await note.textContent()).toContain('Leicester, as given: £540.00 a month for 1 bedroom.');
        await screenshot(page, 'lha-area-result-answered');
        await page
          .getByRole('button', { name: /See your Universal Credit results|Universal Credit/ })
          .first()
          .waitFor()
          .catch(() => undefined);
        const reasons = page.locator('li.benefit[data-benefit-code="UNIVERSAL_CREDIT"] details').first();
        await reasons.locator('summary').click();
        expect(await reasons.textContent()).toContain('Your Local Housing Allowance area is Leicester, as you told us.');
        expect(await reasons.getByRole('link', { name: /How accurate is the calculator/ }).getAttribute('href')).toBe('/accuracy');
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "answers 'Not sure': the result uses the lowest of the three areas, gives the highest, and links back to the question",
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      try {
        const session = await walk(page, renterInNorthWestLeicestershire('NotSure'));
        const note = page.locator('.housing-allowance');
        await note.waitFor();
        const text = (await note.textContent()) ?? '';
        expect(text).toContain(
          'Not known: North West Leicestershire is split between Leicester, Eastern Staffordshire and Derby. The lowest rate of these was used, Derby: £450.00 a month for 1 bedroom. The highest is £540.00 in Leicester.',
        );
        expect(text).toContain('If your home is in Leicester, help with your rent could be up to £90.00 per month more.');
        await screenshot(page, 'lha-area-result-not-sure');
        await note.getByRole('link', { name: 'Tell us which area your home is in' }).click();
        await page.waitForURL(new RegExp(`/survey/\\d+/${session}`));
        expect(await pageTitle(page)).toBe('Your home');
        await question(page, 'ClientLhaArea').waitFor();
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );
});
