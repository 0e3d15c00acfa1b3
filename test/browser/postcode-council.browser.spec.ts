import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import type { ApiProcess } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import { singleRenterTyped } from '../support/households.js';
import { errorSummary, fillQuestion, pressNext, question, walkToResults, type QuestionValue } from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * Issue 32, point 1: on a fresh install the postcode table holds 20 sample postcodes. A real postcode it does not
 * hold (in Leeds) is not an error: the question goes on to ask which council, with GOV.UK's accessible autocomplete
 * over England's councils (the nation of every LS postcode), and the person reaches their results. A postcode that is
 * not a UK postcode gets a clear message at the field.
 */

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
const WALK_TIMEOUT_MS = 90_000;
const COUNCIL_QUESTION = 'Which council do you pay council tax to?';

/** The single renter of the other suites, at a Leeds postcode the product does not hold (Leeds is one rent area). */
function renterInLeeds(): [string, Record<string, QuestionValue>][] {
  return singleRenterTyped().map(([name, answers]): [string, Record<string, QuestionValue>] => {
    if (name === 'where-you-live') return [name, { ClientPostcode: 'ls1 4ap' }];
    if (name === 'your-home') return [name, Object.fromEntries(Object.entries(answers).filter(([asked]) => asked !== 'ClientLhaArea'))];
    return [name, answers];
  });
}

async function onPhone(run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

describeInChromium('a postcode the product does not hold, in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
  }, 120_000);

  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it(
    'goes on to ask which council, offering England’s councils in an accessible autocomplete, and reaches the results through it',
    () =>
      onPhone(async (page) => {
        expect(await database.query("SELECT postcode FROM postcodes WHERE postcode = 'LS1 4AP'")).toEqual([]);
        await walkToResults(page, `${server.url}/survey`, renterInLeeds(), undefined, async (current, pageName) => {
          if (pageName !== 'where-you-live') return;
          const postcode = question(current, 'ClientPostcode');
          await current.getByRole('button', { name: 'Next', exact: true }).click();
          const box = postcode.getByRole('combobox', { name: COUNCIL_QUESTION });
          await box.waitFor();
          // Not an error: no summary, the page stays, and focus is in the new box.
          expect(await current.locator('.error-summary').count()).toBe(0);
          await expect(box.evaluate((element) => element === element.ownerDocument.activeElement)).resolves.toBe(true);
          await expect(postcode.getByText('We do not have the council for LS1 4AP.', { exact: false }).textContent()).resolves.toContain(
            'which has the councils in England',
          );
          await screenshot(current, 'postcode-council-asked');

          await box.pressSequentially('leed');
          await postcode.getByRole('option', { name: 'Leeds' }).waitFor();
          // What a screen reader is given: the labelled combobox, its labelled list of options, and the live count.
          await current.getByRole('status').filter({ hasText: '1 result is available' }).waitFor();
          const spoken = await postcode.ariaSnapshot();
          expect(spoken).toContain(`combobox "${COUNCIL_QUESTION}"`);
          expect(spoken).toMatch(/listbox "Which council do you pay council tax to\?":\s+- option "Leeds"/);
          await expectNoAccessibilityViolations(current);
          await screenshot(current, 'postcode-council-suggestions');
          // As on a keyboard: down into the list, Enter to choose (which puts focus back in the box).
          await current.keyboard.press('ArrowDown');
          await current.keyboard.press('Enter');
          await expect(box.inputValue()).resolves.toBe('Leeds');
        });
        await screenshot(page, 'postcode-council-results');
        const [saved] = await database.query<{ answer: { authority: string; authorityCode: string; country: string } }>(
          "SELECT answers->'ClientPostcode' AS answer FROM calculation_sessions ORDER BY created_at DESC LIMIT 1",
        );
        expect(saved.answer).toMatchObject({ postcode: 'LS1 4AP', authority: 'Leeds', authorityCode: 'E08000035', country: 'England' });
      }),
    WALK_TIMEOUT_MS,
  );

  it(
    'offers every UK council on request, names the council box in the error when Next is pressed without one, and explains a postcode outside the UK',
    () =>
      onPhone(async (page) => {
        await page.goto(`${server.url}/survey`);
        await fillQuestion(page, 'ClientPostcode', 'JE2 4WD');
        expect(await pressNext(page)).toBe('errors');
        expect(await errorSummary(page)).toEqual([
          'Postcode is invalid. Postcodes in Jersey are outside the UK: this calculator works out benefits in England, Scotland, Wales and Northern Ireland.',
        ]);
        await screenshot(page, 'postcode-outside-uk');

        await fillQuestion(page, 'ClientPostcode', 'ls1 4ap');
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        const postcode = question(page, 'ClientPostcode');
        const box = postcode.getByRole('combobox', { name: COUNCIL_QUESTION });
        await box.waitFor();
        await postcode.getByRole('button', { name: 'My council is not in England' }).click();
        await box.pressSequentially('newp');
        await postcode.getByRole('option', { name: 'Newport (Wales)' }).waitFor();
        await box.fill('');
        expect(await pressNext(page)).toBe('errors');
        expect(await errorSummary(page)).toEqual(['Please choose your council from the list.']);
        await page.locator('.error-summary a').click();
        await expect(box.evaluate((element) => element === element.ownerDocument.activeElement)).resolves.toBe(true);
        expect(await box.getAttribute('aria-invalid')).toBe('true');
        await expectNoAccessibilityViolations(page);
        await screenshot(page, 'postcode-council-error');
      }),
    WALK_TIMEOUT_MS,
  );
});
