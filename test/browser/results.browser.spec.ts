import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { SMTPServer } from 'smtp-server';
import { hashChallengeAnswer } from '../../api/src/captcha/captcha.service.js';
import { loadEntitlementEngine } from '../../engine/load.js';
import { ukToday } from '../../common/dates/uk-today.js';
import { householdFromAnswers } from '../../engine/household-mapping/household-mapping.js';
import type { Answers } from '../../common/survey/model.js';
import { REPO_ROOT, type ApiProcess } from '../support/api-process.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { chromiumPath, describeInChromium, screenshot } from '../support/chromium.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { renderPdfs } from '../support/pdf-pictures.js';
import { eventually, textOf } from '../support/waiting.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * The results page in Chromium: every section, the figures against the engine's, the Universal Credit
 * breakdown, feedback, the PDF download read back and drawn, an e-mail received by a real SMTP server, the identity
 * check from a second browser profile, and the screens shown instead of results, each checked with axe.
 */

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

const OWNER = `browser_${Date.now()}_resultowner`;
const SECURITY_CODE = 'KM4QT';
const engine = loadEntitlementEngine();
const answersGiven = Object.assign({}, ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([, answers]) => answers)) as Answers;

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
let smtp: SMTPServer;
const mails: string[] = [];

/** A finished questionnaire of the single private renter, posted through the API as the browser `browserId`. */
async function finishedCalculation(browserId: string, changed: Record<string, unknown> = {}): Promise<{ session: string; token: string }> {
  const pageNumbers = [1, 2, 3, 5, 8, 10, 11, 14, 16, 17, 18, 19, 20];
  let body: { session: string; token: string } = { session: '', token: '' };
  for (const [index, [, answers]] of SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.entries()) {
    const isLast = index === pageNumbers.length - 1;
    const response = await fetch(`${server.url}/api/data/survey/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        browserId,
        session: body.session || null,
        page: pageNumbers[index],
        action: isLast ? 4 : 2,
        ...answers,
        ...Object.fromEntries(Object.entries(changed).filter(([name]) => name in answers)),
      }),
    });
    expect(response.status).toBe(200);
    body = (await response.json()) as typeof body;
  }
  return body;
}

/** A browser profile of its own (its own local storage), optionally as the browser that owns the calculations. */
async function profile(
  browserId: string | null,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  if (browserId) await context.addInitScript(`localStorage.setItem('browserId', ${JSON.stringify(browserId)})`);
  return { context, page: await context.newPage() };
}

async function openSection(page: Page, title: string, code: number | null): Promise<void> {
  const posted = code === null ? null : page.waitForRequest((request) => new URL(request.url()).pathname === '/api/data/section');
  await page.getByRole('navigation', { name: 'Results sections' }).getByRole('button', { name: title }).click();
  await eventually(() => textOf(page.locator('#result-section-title')), title);
  if (posted) expect((await posted).postDataJSON()).toMatchObject({ sectionType: code });
}

const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describeInChromium('the results page in Chromium', () => {
  let calculation: { session: string; token: string };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    ({ database, server, browser } = await startBrowserSuite({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }));
    calculation = await finishedCalculation(OWNER);
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSuite({ database, server, browser });
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('shows the figures the engine works out, opens every section (each passing axe) and the Universal Credit breakdown', async () => {
    const { context, page } = await profile(OWNER);
    try {
      await page.goto(`${server.url}/result/${calculation.session}`);
      await eventually(() => textOf(page.locator('#result-section-title')), 'Your results');
      const today = ukToday();
      const expected = await engine.calculate(householdFromAnswers(answersGiven, today), today);
      const universalCredit = expected.benefits.find((benefit) => benefit.code === 'UNIVERSAL_CREDIT')!;
      // Eligible for Universal Credit alone: its block shows straight away, per month.
      await eventually(
        () => textOf(page.locator('li.benefit[data-benefit-code="UNIVERSAL_CREDIT"] .benefit__amount').first()),
        `${pounds(universalCredit.monthlyPence)} per month`,
      );
      for (const benefit of expected.benefits.filter((one) => one.eligible && one.amountShown && one.system !== 'LEGACY_AND_PENSION_AGE')) {
        await eventually(
          () => textOf(page.locator(`#universal-credit li.benefit[data-benefit-code="${benefit.code}"] .benefit__amount`)),
          `${pounds(benefit.monthlyPence)} per month`,
        );
      }
      await screenshot(page, 'results-your-results');
      await expectNoAccessibilityViolations(page);

      await page.getByRole('button', { name: 'See how your Universal Credit is worked out' }).click();
      await page.getByRole('button', { name: 'Back to your result' }).first().waitFor();
      for (const element of universalCredit.elements)
        await page
          .getByText(`${pounds(element.monthlyPence)}`, { exact: false })
          .first()
          .first()
          .waitFor();
      await screenshot(page, 'results-universal-credit-breakdown');
      await expectNoAccessibilityViolations(page);
      await page.getByRole('button', { name: 'Back to your result' }).click();

      await openSection(page, 'Extra help for you', 1);
      await expectNoAccessibilityViolations(page);
      await screenshot(page, 'results-extra-help');
      await openSection(page, 'See what you told us', 2);
      await page.getByText('Manchester').first().waitFor({ state: 'attached' });
      await eventually(() => page.getByText('M1 1AD').count(), 0);
      await expectNoAccessibilityViolations(page);
      await openSection(page, 'Print or save results', 3);
      await expectNoAccessibilityViolations(page);
      await screenshot(page, 'results-print-or-save');
      await openSection(page, 'Your results', null);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('says above the figures that they depend on a right to reside for someone with pre-settled status, and marks them (passing axe)', async () => {
    const preSettled = await finishedCalculation(OWNER, { ClientImmigrationStatus: 'PreSettledStatus' });
    const { context, page } = await profile(OWNER, { width: 375, height: 812 });
    try {
      await page.goto(`${server.url}/result/${preSettled.session}`);
      const note = page.getByRole('region', { name: 'These amounts depend on your right to reside' });
      await note.waitFor();
      await eventually(
        () => textOf(page.locator('li.benefit[data-benefit-code="UNIVERSAL_CREDIT"] .benefit__condition')),
        'Depends on a right to reside',
      );
      // Above the figures, so nobody reads an amount without it.
      const [noteBox, figuresBox] = [await note.boundingBox(), await page.locator('#universal-credit').boundingBox()];
      expect(noteBox!.y).toBeLessThan(figuresBox!.y);
      await screenshot(page, 'results-right-to-reside');
      await expectNoAccessibilityViolations(page);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the sections as a bottom bar on a phone', async () => {
    const { context, page } = await profile(OWNER, { width: 375, height: 812 });
    try {
      await page.goto(`${server.url}/result/${calculation.session}`);
      await eventually(() => textOf(page.locator('#result-section-title')), 'Your results');
      const bar = await page.getByRole('navigation', { name: 'Results sections' }).boundingBox();
      expect(bar!.y + bar!.height).toBeGreaterThan(812 - 5);
      await screenshot(page, 'results-phone');
      await expectNoAccessibilityViolations(page);
    } finally {
      await context.close();
    }
  });

  it('sends feedback once on the first click, then the comment, and thanks the person', async () => {
    const { context, page } = await profile(OWNER);
    try {
      await page.goto(`${server.url}/result/${calculation.session}`);
      const first = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/data/feedback');
      await page.getByRole('button', { name: 'Yes' }).click();
      expect((await first).postDataJSON()).toMatchObject({ session: calculation.session, feedbackType: 1, feedback: '' });
      await page.getByLabel('Tell us more (optional)').fill('Clear and quick.');
      const comment = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/data/feedback');
      await page.getByRole('button', { name: 'Submit' }).click();
      expect((await comment).postDataJSON()).toMatchObject({ feedbackType: 1, feedback: 'Clear and quick.' });
      await page.locator('.feedback__thanks').first().waitFor();
      await eventually(
        async () =>
          (await database.query<{ comment: string }>('SELECT comment FROM result_feedback WHERE session_id = $1', [calculation.session]))[0]
            ?.comment,
        'Clear and quick.',
      );
    } finally {
      await context.close();
    }
  });

  it('downloads the PDF after the preparing phase; its text has the reference and the amounts, and page 1 is drawn', async () => {
    const { context, page } = await profile(OWNER);
    try {
      await page.goto(`${server.url}/result/${calculation.session}`);
      await openSection(page, 'Print or save results', 3);
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await page.getByRole('button', { name: /^Download/ }).click();
      await eventually(() => textOf(page.locator('.pdf-download__percent')), 'Preparing');
      const file = await (await download).path();
      await page.getByText('Your results have been downloaded.').first().waitFor();
      const bytes = readFileSync(file);
      expect(bytes.length).toBeLessThan(400 * 1024);
      const pdf = await getDocument({
        data: new Uint8Array(bytes),
        standardFontDataUrl: `${REPO_ROOT}/node_modules/pdfjs-dist/standard_fonts/`,
      }).promise;
      let text = '';
      for (let number = 1; number <= pdf.numPages; number += 1) {
        const content = await (await pdf.getPage(number)).getTextContent();
        text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
      }
      const today = ukToday();
      const expected = await engine.calculate(householdFromAnswers(answersGiven, today), today);
      const universalCredit = expected.benefits.find((benefit) => benefit.code === 'UNIVERSAL_CREDIT')!;
      expect(text).toContain('Your Benefit Results');
      expect(text).toContain(calculation.token);
      expect(text).toContain(`${pounds(universalCredit.monthlyPence)} per month`);
      expect(text).not.toContain('M1 1AD');
      const [first] = (await renderPdfs(browser, { 'results-download': bytes }))['results-download'];
      expect(first.inkedShare).toBeGreaterThan(0.02);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('e-mails the link: the SMTP server receives it with the link and reference and no amounts', async () => {
    const { context, page } = await profile(OWNER);
    try {
      await page.goto(`${server.url}/result/${calculation.session}`);
      await openSection(page, 'Print or save results', 3);
      // The picture is drawn (so its code is the current one) before the test replaces the code with one it knows:
      // the picture cannot be read by a test.
      const picture = page.locator('#email-results img');
      await eventually(
        () =>
          picture.evaluate(
            (image) =>
              (image as unknown as { complete: boolean; naturalWidth: number }).complete &&
              (image as unknown as { naturalWidth: number }).naturalWidth > 0,
          ),
        true,
      );
      await eventually(
        async () => (await database.query('SELECT 1 FROM captcha_challenges WHERE session_id = $1', [calculation.session])).length,
        1,
      );
      const salt = randomBytes(16).toString('hex');
      const knownHash = hashChallengeAnswer(SECURITY_CODE, salt);
      await database.query('UPDATE captcha_challenges SET salt = $2, answer_hash = $3 WHERE session_id = $1', [
        calculation.session,
        salt,
        knownHash,
      ]);
      await page.locator('#email-results').getByLabel('Security code').fill(SECURITY_CODE.toLowerCase());
      await eventually(() => page.locator('#email-results').getByLabel('Security code').inputValue(), SECURITY_CODE);
      await page.locator('#email-results').getByLabel('Email address').fill('someone@example.org');
      // Nothing replaced the known code in the meantime.
      expect(
        (
          await database.query<{ answer_hash: string }>('SELECT answer_hash FROM captcha_challenges WHERE session_id = $1', [
            calculation.session,
          ])
        )[0]?.answer_hash,
      ).toBe(knownHash);
      await page.getByRole('button', { name: 'Send Calculation' }).click();
      // Either alert may answer; a failure then names the server's message.
      const alerts = async () => ({
        success: await textOf(page.locator('#email-results .alert--success')),
        danger: await textOf(page.locator('#email-results .alert--danger')),
      });
      await eventually(async () => Object.values(await alerts()).some(Boolean), true, 20_000);
      expect(await alerts()).toEqual({ success: expect.stringContaining('someone@example.org'), danger: '' });
      await eventually(async () => mails.length, 1);
      expect(mails[0]).toContain(`/result/${calculation.session}`);
      expect(mails[0]).toContain(calculation.token);
      expect(mails[0]).not.toMatch(/£\d/);
      await eventually(() => page.locator('#email-results').getByLabel('Email address').inputValue(), '');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('asks a second browser profile for the postcode; a wrong one is refused with a 5-second wait, the right one opens the results', async () => {
    const { context, page } = await profile(null);
    try {
      await page.goto(`${server.url}/result/${calculation.session}`);
      await eventually(() => textOf(page.getByRole('heading', { level: 1 })), 'Check who you are');
      await eventually(() => page.locator('.benefit').count(), 0);
      await expectNoAccessibilityViolations(page);
      await page.getByLabel('Postcode used in the calculation').fill('SW1A 1AA');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Incorrect postcode. Please check the correct postcode and try again.').first().waitFor();
      await page
        .getByText(/Try again in \d seconds\.\.\./)
        .first()
        .waitFor();
      await screenshot(page, 'results-identity-check-wrong');
      await page.getByLabel('Postcode used in the calculation').fill('m1 1ad');
      await eventually(() => page.getByText(/Try again in/).count(), 0, 7_000);
      await page.getByRole('button', { name: 'Continue' }).click();
      await eventually(() => textOf(page.locator('#result-section-title')), 'Your results');
      await page.locator('li.benefit[data-benefit-code="UNIVERSAL_CREDIT"]').first().first().waitFor();
    } finally {
      await context.close();
    }
  }, 30_000);

  it('shows Calculation Not Found, out of date and unanswered screens with links to the questions', async () => {
    const { context, page } = await profile(OWNER);
    try {
      await page.goto(`${server.url}/result/5b0c2c0e-3f7e-4a43-9d39-2d1f1b7f3a10`);
      await eventually(async () => (await textOf(page.getByRole('heading', { level: 1 }))).includes('Not Found'), true);
      await page
        .getByText(/6 months/)
        .first()
        .waitFor();
      await expectNoAccessibilityViolations(page);

      const outOfDate = await finishedCalculation(OWNER);
      await database.query(`UPDATE calculation_sessions SET answers = jsonb_set(answers, '{ClientTenure}', '"Castle"') WHERE id = $1`, [
        outOfDate.session,
      ]);
      await page.goto(`${server.url}/result/${outOfDate.session}`);
      await eventually(() => textOf(page.getByRole('heading', { level: 1 })), 'Calculation out of date');
      expect(await page.getByRole('link', { name: /Change Answer/ }).getAttribute('href')).toMatch(
        new RegExp(`^/survey/17/${outOfDate.session}`),
      );
      await expectNoAccessibilityViolations(page);

      const unanswered = await finishedCalculation(OWNER);
      await database.query(`UPDATE calculation_sessions SET answers = answers - 'ClientCouncilTaxLiable' WHERE id = $1`, [
        unanswered.session,
      ]);
      await page.goto(`${server.url}/result/${unanswered.session}`);
      await eventually(() => textOf(page.getByRole('heading', { level: 1 })), 'Unanswered Questions');
      expect(await page.getByRole('link', { name: /Add Answer/ }).getAttribute('href')).toMatch(
        new RegExp(`^/survey/18/${unanswered.session}`),
      );
      await expectNoAccessibilityViolations(page);
    } finally {
      await context.close();
    }
  }, 60_000);
});
