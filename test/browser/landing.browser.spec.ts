import type { Browser, Page } from 'playwright-core';
import { describeViolations, expectNoAccessibilityViolations, findAccessibilityViolations } from '../support/axe.js';
import type { ApiProcess } from '../support/api-process.js';
import { chromiumPath, describeInChromium, screenshot } from '../support/chromium.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import type { TestDatabase } from '../support/test-database.js';

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

const PHONE = { width: 320, height: 720 };
const DESKTOP = { width: 1280, height: 900 };
const NOT_FOUND = 'No calculation found with the provided reference and postcode.';

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  await page.getByRole('button', { name: 'Find Calculation' }).waitFor();
  return page;
}

/** The focused element, named as a person using the page would know it. */
async function focused(page: Page): Promise<string> {
  const element = page.locator('*:focus');
  const [tag, id, text] = await Promise.all([
    element.evaluate((node) => node.tagName.toLowerCase()),
    element.getAttribute('id'),
    element.textContent(),
  ]);
  return tag === 'input' ? `input#${id}` : `${tag}: ${text?.trim()}`;
}

/** A saved calculation, as the questionnaire leaves it once the postcode page is answered. */
async function saveCalculation(reference: string, postcode: string, finished: boolean): Promise<string> {
  const [{ id }] = await database.query<{ id: string }>(
    `INSERT INTO calculation_sessions (reference, finished_at) VALUES ($1, ${finished ? 'now()' : 'NULL'}) RETURNING id`,
    [reference],
  );
  await database.query(`UPDATE calculation_sessions SET answers = jsonb_build_object('ClientPostcode', $2::jsonb) WHERE id = $1`, [
    id,
    JSON.stringify({ postcode, authority: '', authorityCode: '', country: 'England', latitude: null, longitude: null, option: '' }),
  ]);
  return id;
}

describeInChromium('the landing page in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
  }, 120_000);

  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it('meets WCAG 2.2 AA (axe) on a 1280px screen, with the three cards side by side', async () => {
    const page = await open('/');
    await expectNoAccessibilityViolations(page);
    const cardTops = await page
      .locator('.landing-card')
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
    expect(new Set(cardTops).size).toBe(1);
    await screenshot(page, 'landing-cards-1280');
    await page.close();
  });

  it('meets WCAG 2.2 AA (axe) on a 320px screen, one card above another, with nothing wider than the screen', async () => {
    const page = await open('/', PHONE);
    await expectNoAccessibilityViolations(page);
    const cardTops = await page.locator('.landing-card').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
    expect(cardTops).toEqual([...cardTops].sort((a, b) => a - b));
    expect(new Set(cardTops).size).toBe(3);
    // WCAG 1.4.10 Reflow: no sideways scrolling at 320 CSS pixels.
    expect(await page.locator('html').evaluate((root) => root.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'landing-cards-320');
    await page.close();
  });

  it('has an axe check that would catch a fault, and names it readably', async () => {
    const page = await open('/');
    await page.locator('#lookup-postcode').evaluate((input) => input.removeAttribute('id'));
    const violations = await findAccessibilityViolations(page);
    expect(violations.map((violation) => violation.id)).toEqual(['label']);
    expect(describeViolations(violations)).toMatch(
      /^- label \[critical\]: Form elements must have labels\n {4}https:\/\/dequeuniversity\.com\/.+\n {4}at \.landing-field__input--postcode\n {6}Fix any of the following:/,
    );
    await expect(expectNoAccessibilityViolations(page)).rejects.toThrow('axe found 1 WCAG 2.2 A/AA violation(s)');
    await page.close();
  });

  it('can be used by keyboard alone: Tab goes start, reference, postcode, Find Calculation, information; Enter submits', async () => {
    const page = await open('/');
    await page.getByRole('link', { name: 'Use the Benefits Calculator' }).focus();
    const order = [];
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    expect(order).toEqual([
      'input#lookup-reference',
      'input#lookup-postcode',
      'button: Find Calculation',
      'a: Read our guides to benefits and support',
    ]);

    // Enter in an empty field submits: the problems are listed and take focus, and each link leads to its field.
    await page.locator('#lookup-reference').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Please correct the following problem(s)').waitFor();
    expect(await page.locator('*:focus').getAttribute('class')).toBe('error-summary');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Please enter a valid reference.');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Please enter the postcode used for this calculation.');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('input#lookup-postcode');
    await screenshot(page, 'landing-keyboard-errors-1280');
    await page.close();
  });

  it('shows the messages: both fields missing, then only the postcode, inline and in the summary, still meeting WCAG 2.2 AA', async () => {
    const page = await open('/', PHONE);
    await page.getByRole('button', { name: 'Find Calculation' }).click();
    const returnCard = page.getByRole('region', { name: 'Return to a calculation' });
    expect(await returnCard.locator('.error-summary li').allTextContents()).toEqual([
      'Please enter a valid reference.',
      'Please enter the postcode used for this calculation.',
    ]);
    expect(await returnCard.locator('.landing-field__error').allTextContents()).toEqual([
      'Error: Please enter a valid reference.',
      'Error: Please enter the postcode used for this calculation.',
    ]);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'landing-errors-320');

    await page.getByLabel('Calculation reference').fill('K7M2QX9D');
    await page.getByRole('button', { name: 'Find Calculation' }).click();
    await page.locator('#lookup-reference-error').waitFor({ state: 'detached' });
    expect(await returnCard.locator('.landing-field__error').allTextContents()).toEqual([
      'Error: Please enter the postcode used for this calculation.',
    ]);
    await page.close();
  });

  it('says no calculation was found for a reference and postcode that do not match one', async () => {
    await saveCalculation('HJ3K4M5N', 'M1 1AE', false);
    const page = await open('/');
    await page.getByLabel('Calculation reference').fill('HJ3K4M5N');
    await page.getByLabel('Postcode').fill('SW1A 1AA');
    await page.getByRole('button', { name: 'Find Calculation' }).click();
    await page.getByText(NOT_FOUND).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(NOT_FOUND);
    expect(new URL(page.url()).pathname).toBe('/');
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'landing-not-found-1280');
    await page.close();
  });

  it('opens an unfinished calculation at its page, however the reference and postcode are typed, keeping the query string', async () => {
    const session = await saveCalculation('P2Q3R4S5', 'M1 1AE', false);
    const page = await open('/?id=cap_live');
    await page.getByLabel('Calculation reference').fill('p2q3-r4s5');
    await page.getByLabel('Postcode').fill('m11ae');
    await page.keyboard.press('Enter');
    // No page has been passed yet, so the calculation carries on from page 1.
    await page.waitForURL(`${server.url}/survey/1/${session}?id=cap_live`);
    // This browser may now open the calculation without the identity check.
    const [owner, browserId] = await page.evaluate<(string | null)[]>(
      `[localStorage.getItem('sessionOwner_${session}'), localStorage.getItem('browserId')]`,
    );
    expect(owner).toBe(browserId);
    expect(owner).toMatch(/^browser_/);
    await page.close();
  });

  it('opens a finished calculation at its results', async () => {
    const session = await saveCalculation('T6U7V8W9', 'EH1 1YZ', true);
    const page = await open('/?test=true');
    await page.getByLabel('Calculation reference').fill('T6U7V8W9');
    await page.getByLabel('Postcode').fill('EH1 1YZ');
    await page.getByRole('button', { name: 'Find Calculation' }).click();
    await page.waitForURL(`${server.url}/result/${session}?test=true`);
    await page.close();
  });

  it('keeps an ordinary visitor on the page and sends an adviser to the adviser area', async () => {
    const visitor = await open('/');
    expect(new URL(visitor.url()).pathname).toBe('/');
    await visitor.close();

    // No adviser can sign in yet (the adviser area comes later), so the check's answer is played here.
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.route('**/api/intermediary/index', (route) => route.fulfill({ json: { isIntermediary: true } }));
    await page.goto(`${server.url}/?id=cap_live`);
    await page.waitForURL(`${server.url}/adviser/?id=cap_live`);
    await page.close();
  });
});
