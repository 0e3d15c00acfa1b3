import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadSurveyDefinition } from '../../api/src/questionnaire/survey-definitions.js';
import { compileSurvey } from '../../api/src/questionnaire/survey-flow.js';
import {
  ADVISER_MESSAGES,
  type AdviserBenefitLine,
  type AdviserCalculation,
  type AdviserCalculationResponse,
} from '../../common/adviser/model.js';
import { REPO_ROOT, type ApiProcess } from '../support/api-process.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { chromiumPath, describeInChromium, screenshot } from '../support/chromium.js';
import { singleRenterTyped } from '../support/households.js';
import { renderPdfs } from '../support/pdf-pictures.js';
import { eventually, textOf } from '../support/waiting.js';
import {
  changeOneAnswer,
  errorSummary,
  fillQuestion,
  pageTitle,
  pressNext,
  waitForTextOf,
  type QuestionValue,
} from '../support/survey-driver.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * The adviser area in Chromium, as an adviser works through it: sign in from the No Access screen, find a
 * client by name and by date of birth, start a calculation and answer it, duplicate it with a higher rent, start a
 * third with higher pay, compare the three (chart and table against the API's figures), download both PDFs and read
 * them back, update the case label and notes, and delete one. Adviser home, calculation detail and compare pass axe.
 */

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

const SURVEY = compileSurvey(loadSurveyDefinition(join(REPO_ROOT, 'definitions')));
// The demo organisation of `npm run accounts:seed-demo` (scripts/seed-demo.ts): Amara Okafor is Alex Adviser's client.
const ADVISER_EMAIL = 'adviser.one@demo-advice.example';
const DEMO_PASSWORD = 'demo-adviser-2026';
const CLIENT = { name: 'Amara Okafor', dateOfBirth: '12/04/1985' };
const LABELS = { first: 'Current situation', duplicate: 'Rent rises to £725', third: 'Pay rises to £1,100' } as const;
/** A walk of the 13 pages takes 5 to 10 seconds; the margin is for a slow machine. */
const WALK_TIMEOUT_MS = 90_000;

type PageAnswers = [page: string, answers: Record<string, QuestionValue>];

/** The client as a single private renter working part time, page by page, with the pay given. */
const singleRenter = (monthlyPay: string): PageAnswers[] => singleRenterTyped(CLIENT.dateOfBirth, monthlyPay);

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let clientGuid = '';
/** The three calculations' sessions, in the order made. */
const sessions = { first: '', duplicate: '', third: '' };

/** Pounds as the adviser screens show them: £1,234.56. */
const pounds = (amount: number) => `£${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function surveyTitle(name: string): string {
  const found = SURVEY.pages.find((candidate) => candidate.definition.name === name);
  if (!found) throw new Error(`There is no survey page called ${name}.`);
  return found.definition.title;
}

async function expectTitle(title: string): Promise<void> {
  await waitForTextOf(page, 'h1', title, 10_000).catch(() => undefined);
  expect(await pageTitle(page)).toBe(title);
}

/**
 * Answers the survey from page 1 of `session` as the adviser: each page's answers are typed (a duplicate's pages
 * already hold answers, so only the changes are given), Next on 'finish' finishes it, and the results show.
 */
async function answerSurvey(session: string, pages: PageAnswers[]): Promise<void> {
  await page.waitForURL(`${server.url}/survey/1/${session}`);
  for (const [name, answers] of pages) {
    await expectTitle(surveyTitle(name));
    for (const [question, value] of Object.entries(answers)) await fillQuestion(page, question, value);
    if (name === 'finish') break;
    const outcome = await pressNext(page);
    expect([name, outcome, outcome === 'errors' ? await errorSummary(page) : []]).toEqual([name, 'moved', []]);
  }
  // The Adviser Section under every survey page, and under the results, names the client and holds the case label form.
  const adviserSection = page.getByRole('region', { name: 'Adviser Section' });
  await eventually(() => textOf(adviserSection.locator('dd')), CLIENT.name, 15_000);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForURL(`${server.url}/result/${session}`);
  await eventually(() => textOf(page.locator('#result-section-title')), 'Your results', 15_000);
  await eventually(() => textOf(adviserSection.locator('dd')), CLIENT.name, 15_000);
  expect(await adviserSection.getByRole('button', { name: 'Start new calculation for this client' }).count()).toBe(1);
}

/** What GET /api/intermediary/calculation/ answers for the signed-in adviser. */
async function apiCalculation(session: string): Promise<AdviserCalculation> {
  const response = await context.request.get(`${server.url}/api/intermediary/calculation/?session=${session}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as AdviserCalculationResponse;
  expect(body).toMatchObject({ isValid: true, isIntermediary: true });
  return body.calculation!;
}

/** The client's rows in the adviser home's table: reference, create date, case label, complete. */
function calculationRows(): Promise<string[][]> {
  return page
    .locator('.client-calculations table.adviser-table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].slice(1, 5).map((cell) => cell.textContent?.trim() ?? '')),
    );
}

async function openClientHome(): Promise<void> {
  await page.goto(`${server.url}/adviser/?clientId=${clientGuid}`);
  await page.getByRole('heading', { name: 'Client Details' }).waitFor();
}

async function openCalculation(session: string): Promise<AdviserCalculation> {
  await page.goto(`${server.url}/adviser/calculation/${session}`);
  const calculation = await apiCalculation(session);
  await page.getByRole('heading', { name: `Client calculation ${calculation.token}`, level: 1 }).waitFor();
  return calculation;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${REPO_ROOT}/node_modules/pdfjs-dist/standard_fonts/`,
  }).promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
  }
  return text.replace(/\s+/g, ' ');
}

const downloaded = async (download: Download) => readFileSync(await download.path());

/** The benefit lines a system shows in the compare table: its own means-tested list, then the benefits both systems pay. */
function systemLines(calculation: AdviserCalculation, system: 'uc' | 'lb'): AdviserBenefitLine[] {
  return [...(system === 'uc' ? calculation.universalCredit : calculation.meansTested), ...calculation.nonMeansTested];
}

describeInChromium('the adviser area in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
    // The server has migrated the database; the demo seed adds the organisation, its advisers and their clients (and no
    // calculations: this suite makes and counts its own).
    const seeded = await promisify(execFile)(
      process.execPath,
      ['--import', './scripts/register-typescript.mjs', 'scripts/seed-demo.ts', '--accounts-only'],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: database.url, NODE_ENV: 'development' },
      },
    );
    expect(seeded.stdout).toContain(ADVISER_EMAIL);
    [{ id: clientGuid }] = await database.query<{ id: string }>(
      `SELECT id FROM clients WHERE first_name = 'Amara' AND last_name = 'Okafor'`,
    );
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await stopBrowserSuite({ database, server, browser });
  });

  it('sends an adviser who is not signed in to sign in, and back; finds the client by name and by date of birth', async () => {
    await page.goto(`${server.url}/adviser/`);
    await page.getByRole('heading', { name: 'No Access' }).waitFor();
    await page.getByRole('link', { name: 'Log in to the adviser site' }).click();
    await page.waitForURL(`${server.url}/account/?returnUrl=%2Fadviser%2F`);
    await page.getByLabel('E-mail address').fill(ADVISER_EMAIL);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/adviser/`);
    await page.getByRole('heading', { name: 'Adviser Area', level: 1 }).waitFor();

    // Signed in, the home page sends an adviser to the Adviser Area, which links to the public page as clients see it.
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/adviser/`);
    await page.getByRole('link', { name: 'The calculator’s public home page' }).click();
    await page.waitForURL(`${server.url}/?public`);
    await page.getByRole('heading', { name: 'Benefits Calculator', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('link', { name: 'Use the Benefits Calculator' }).getAttribute('href')).toBe('/survey');
    await screenshot(page, 'landing-public-for-adviser');
    await page.goto(`${server.url}/adviser/`);
    await page.getByRole('heading', { name: 'Adviser Area', level: 1 }).waitFor();
    // Before any typing, 'Only my clients' lists them (the demo adviser's three, added together), most recent first.
    const own = page.getByRole('region', { name: 'Your clients, most recent first' });
    await eventually(
      async () => (await own.getByRole('button').allTextContents()).sort(),
      ['Amara Okafor (12/04/1985), DAC-001', 'Carys Evans (27/01/1994), DAC-003', 'Eilidh MacLeod (30/11/1955), DAC-005'],
    );
    await screenshot(page, 'adviser-home-own-clients');

    const search = page.getByRole('combobox', { name: 'Client name or date of birth' });
    const options = page.getByRole('listbox', { name: 'Clients found' }).getByRole('option');
    // By part of the surname, in any case.
    await search.pressSequentially('okaf');
    await eventually(() => options.allTextContents(), [`${CLIENT.name} (${CLIENT.dateOfBirth}), DAC-001`]);
    await eventually(
      () => textOf(page.getByRole('status').filter({ hasText: 'found' })),
      '1 client found. Use the up and down arrows to choose one.',
    );
    await expectNoAccessibilityViolations(page);

    // By date of birth, chosen with the keyboard.
    await search.fill('');
    await search.pressSequentially(CLIENT.dateOfBirth);
    await eventually(() => options.allTextContents(), [`${CLIENT.name} (${CLIENT.dateOfBirth}), DAC-001`]);
    await search.press('ArrowDown');
    await search.press('Enter');
    await page.getByRole('heading', { name: 'Client Details' }).waitFor();
    await page.waitForURL(`${server.url}/adviser/?clientId=${clientGuid}`);
    expect(await page.locator('.client-details dd').allTextContents()).toEqual([
      CLIENT.name,
      'Amara',
      'Okafor',
      CLIENT.dateOfBirth,
      'DAC-001',
    ]);
    expect(await textOf(page.locator('.client-calculations'))).toContain('No Calculations found');
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'adviser-home-client-chosen');
  }, 60_000);

  it(
    'starts a calculation for the client with a case label and answers it to the results',
    async () => {
      await openClientHome();
      await page.getByRole('button', { name: 'Start new calculation for this client' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start new calculation for this client' });
      // No label: the dialog says why and starts nothing.
      await dialog.getByRole('button', { name: 'Start calculation' }).click();
      await eventually(() => dialog.locator('.error-summary li').allTextContents(), [ADVISER_MESSAGES.caseLabelRequiredToStart]);
      await expectNoAccessibilityViolations(page);
      await dialog.getByLabel('Case label').fill(LABELS.first);
      await dialog.getByRole('button', { name: 'Start calculation' }).click();
      await page.waitForURL(/\/survey\/1\/[0-9a-f-]{36}$/);
      sessions.first = page.url().split('/').at(-1)!;
      await answerSurvey(sessions.first, singleRenter('850'));

      const calculation = await apiCalculation(sessions.first);
      expect(calculation).toMatchObject({ isComplete: true, caseReference: LABELS.first, clientGuid, displayName: CLIENT.name });
      await openClientHome();
      expect(await calculationRows()).toEqual([[calculation.token, expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), LABELS.first, 'Yes']]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'shows the calculation (weekly, as the API gives it, passing axe), duplicates it and changes the rent in the copy',
    async () => {
      const calculation = await openCalculation(sessions.first);
      expect(calculation.isEligibleForUc).toBe(true);
      const ucTable = page.locator('#universal-credit table');
      for (const line of [...calculation.universalCredit, ...calculation.nonMeansTested]) {
        expect(await textOf(ucTable.getByRole('row', { name: line.benefitName }).locator('td'))).toBe(
          `${pounds(line.weeklyPayment)} per week`,
        );
      }
      expect(await textOf(ucTable.locator('tfoot tr').last().locator('td'))).toBe(`${pounds(calculation.ucWeeklyTotal)} per week`);
      expect(await page.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true);
      await expectNoAccessibilityViolations(page);
      await screenshot(page, 'adviser-calculation-detail');

      await page.getByRole('button', { name: 'Duplicate calculation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Duplicate calculation' });
      await dialog.getByLabel('Case label').fill(LABELS.duplicate);
      await expectNoAccessibilityViolations(page);
      await dialog.getByRole('button', { name: 'Duplicate calculation' }).click();
      // The copy opens on the list of its answers, each linking to its page: changing the rent is one page.
      await page.waitForURL(/\/result\/[0-9a-f-]{36}#answers-list$/);
      sessions.duplicate = new URL(page.url()).pathname.split('/').at(-1)!;
      expect(sessions.duplicate).not.toBe(sessions.first);
      await changeOneAnswer(page, 'Your home', /rent/i, async () => fillQuestion(page, 'ClientRent', { amount: '725', period: 'Monthly' }));
      await page.waitForURL(`${server.url}/result/${sessions.duplicate}`);
      await eventually(() => textOf(page.locator('#result-section-title')), 'Your results', 15_000);

      const copy = await apiCalculation(sessions.duplicate);
      expect(copy).toMatchObject({ isComplete: true, caseReference: LABELS.duplicate });
      const rentOf = (one: AdviserCalculation) =>
        one.categories
          .flatMap((category) => category.questions)
          .find((question) => question.answers.some((answer) => /£(650|725)/.test(answer.value)));
      expect(JSON.stringify(rentOf(copy))).toContain('725');
      expect(JSON.stringify(rentOf(await apiCalculation(sessions.first)))).toContain('650');
      // More rent, more Universal Credit housing help.
      expect(copy.ucBenefitWeeklyTotal).toBeGreaterThan(calculation.ucBenefitWeeklyTotal);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'starts a third calculation from the calculation screen, with higher pay',
    async () => {
      await openCalculation(sessions.first);
      await page.getByRole('button', { name: 'Start new calculation for this client' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start new calculation for this client' });
      await dialog.getByLabel('Case label').fill(LABELS.third);
      await dialog.getByRole('button', { name: 'Start calculation' }).click();
      await page.waitForURL(/\/survey\/1\/[0-9a-f-]{36}$/);
      sessions.third = page.url().split('/').at(-1)!;
      await answerSurvey(sessions.third, singleRenter('1100'));
      const third = await apiCalculation(sessions.third);
      expect(third).toMatchObject({ isComplete: true, caseReference: LABELS.third });
      // Higher take-home pay: more other income, less Universal Credit.
      const first = await apiCalculation(sessions.first);
      expect(third.ucOtherWeeklyTotal).toBeGreaterThan(first.ucOtherWeeklyTotal);
      expect(third.ucBenefitWeeklyTotal).toBeLessThan(first.ucBenefitWeeklyTotal);
    },
    WALK_TIMEOUT_MS,
  );

  it('compares the three: a chart of 3 columns a series and a table whose figures are the API’s, passing axe', async () => {
    await openClientHome();
    const calculations = await Promise.all([sessions.first, sessions.duplicate, sessions.third].map(apiCalculation));
    expect((await calculationRows()).length).toBe(3);
    for (const calculation of calculations) await page.getByRole('checkbox', { name: `Compare calculation ${calculation.token}` }).check();
    await page.getByRole('link', { name: 'Compare the 3 ticked calculations' }).click();
    await page.waitForURL(/\/adviser\/compare\//);
    await page.getByRole('heading', { name: 'Compare Calculations', level: 1 }).waitFor();

    const sections = [
      { system: 'uc' as const, id: 'compare-universal-credit', eligible: calculations.map((one) => one.isEligibleForUc) },
      { system: 'lb' as const, id: 'compare-legacy', eligible: calculations.map((one) => one.isEligibleForLb) },
    ];
    // The single renter of working age is in the Universal Credit system in all three.
    expect(sections[0].eligible).toEqual([true, true, true]);
    for (const { system, id, eligible } of sections) {
      const section = page.locator(`#${id}`);
      if (!eligible.some(Boolean)) {
        expect(await section.count()).toBe(0);
        continue;
      }
      // The chart: two stacked series (benefits, other income), a column for each calculation, named by case label.
      const chart = section.locator('.apexcharts-canvas svg');
      await eventually(
        () =>
          chart
            .locator('.apexcharts-series')
            .evaluateAll((series) => series.map((one) => one.querySelectorAll('path.apexcharts-bar-area').length)),
        [3, 3],
        15_000,
      );
      expect(await chart.locator('.apexcharts-xaxis-label').allTextContents()).toEqual([LABELS.first, LABELS.duplicate, LABELS.third]);

      // The table: a column for each, and each figure as the calculation's own API answer gives it.
      const table = section.locator('table.compare-table');
      expect((await table.locator('thead th').allTextContents()).map((text) => text.trim())).toEqual([
        LABELS.first,
        LABELS.duplicate,
        LABELS.third,
      ]);
      // The names read across, as text does, not turned on their side.
      expect(
        await table
          .locator('thead th, thead th *')
          .evaluateAll((cells) => cells.map((cell) => `${getComputedStyle(cell).writingMode} ${getComputedStyle(cell).transform}`)),
      ).toEqual(Array(3).fill('horizontal-tb none'));
      const shown = (index: number, amount: number) => (eligible[index] ? pounds(amount) : '-');
      const names = [...new Set(calculations.flatMap((one) => systemLines(one, system).map((line) => line.benefitName)))];
      expect((await table.locator('tbody th').allTextContents()).map((text) => text.trim())).toEqual(names);
      for (const name of names) {
        const row = table.locator('tbody tr').filter({ has: page.locator('th', { hasText: name }) });
        const expected = calculations.map((one, index) =>
          shown(index, systemLines(one, system).find((line) => line.benefitName === name)?.weeklyPayment ?? 0),
        );
        expect([name, (await row.locator('td').allTextContents()).map((text) => text.trim())]).toEqual([name, expected]);
      }
      const total = (label: string) =>
        table
          .locator('tfoot tr')
          .filter({ has: page.locator('th', { hasText: label }) })
          .locator('td');
      expect((await total('Benefit Total').allTextContents()).map((text) => text.trim())).toEqual(
        calculations.map((one, index) => shown(index, one[`${system}BenefitWeeklyTotal`])),
      );
      expect((await total('Other Income').allTextContents()).map((text) => text.trim())).toEqual(
        calculations.map((one, index) => shown(index, one[`${system}OtherWeeklyTotal`])),
      );
      expect((await total('Total Income').allTextContents()).map((text) => text.trim())).toEqual(
        calculations.map((one, index) => shown(index, one[`${system}WeeklyTotal`])),
      );
    }
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'adviser-compare');

    // Monthly: the same table in the calculations' monthly figures.
    await page.getByRole('radio', { name: 'Monthly' }).check();
    const ucTotals = page
      .locator('#compare-universal-credit table.compare-table tfoot tr')
      .filter({ has: page.locator('th', { hasText: 'Total Income' }) })
      .locator('td');
    await eventually(
      async () => (await ucTotals.allTextContents()).map((text) => text.trim()),
      calculations.map((one) => pounds(one.ucMonthlyTotal)),
    );
    await page.getByRole('radio', { name: 'Weekly' }).check();
  }, 60_000);

  it('downloads the compare PDF and the calculation’s weekly PDF; each reads back with its references and amounts', async () => {
    const calculations = await Promise.all([sessions.first, sessions.duplicate, sessions.third].map(apiCalculation));

    // The compare page's link (the page is still open from the comparison).
    expect(page.url()).toContain('/adviser/compare/');
    const compareDownload = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('link', { name: 'Download PDF' }).click();
    await eventually(() => textOf(page.locator('.adviser-pdf__status')), 'Downloading... please wait');
    const compareDownloaded = await compareDownload;
    expect(new URL(compareDownloaded.url()).searchParams.get('period')).toBe('weekly');
    const comparePdf = await downloaded(compareDownloaded);
    const compareText = await pdfText(comparePdf);
    for (const calculation of calculations) {
      expect(compareText).toContain(calculation.caseReference);
      expect(compareText).toContain(calculation.token);
    }
    expect(compareText).toContain(pounds(calculations[1].ucWeeklyTotal));

    // The calculation screen's button: always the weekly PDF, whatever period is on screen.
    const calculation = await openCalculation(sessions.first);
    await page.getByRole('radio', { name: 'Monthly' }).check();
    const requested = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/intermediary/pdf/');
    const detailDownload = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect(new URL((await requested).url()).searchParams.get('period')).toBe('weekly');
    const file = await detailDownload;
    expect(file.suggestedFilename()).toMatch(/Benefit Results\.pdf$/);
    await eventually(() => textOf(page.getByRole('status').filter({ hasText: 'PDF downloaded' })), 'PDF downloaded');
    const detailPdf = await downloaded(file);
    const detailText = await pdfText(detailPdf);
    expect(detailText).toContain(calculation.token);
    const universalCredit = calculation.universalCredit.find((line) => line.weeklyPayment > 0)!;
    expect(detailText).toContain(`${pounds(universalCredit.weeklyPayment)} per week`);
    // The weekly version: the amounts are per week (the explanations may still quote the monthly rules).
    expect(detailText).toContain('All amounts are shown per week.');

    const rendered = await renderPdfs(browser, { 'adviser-compare-pdf': comparePdf, 'adviser-calculation-pdf': detailPdf });
    for (const pages of Object.values(rendered)) expect(pages[0].inkedShare).toBeGreaterThan(0.02);
  }, 90_000);

  it('updates the case label and notes, which the calculation and the client’s table then show', async () => {
    const calculation = await openCalculation(sessions.first);
    const details = page.locator('form.case-details');
    expect(await details.getByLabel('Case label').inputValue()).toBe(LABELS.first);
    // An empty label is refused in the form, with the form's message.
    await details.getByLabel('Case label').fill('');
    await details.getByRole('button', { name: 'Save details' }).click();
    await eventually(() => details.locator('.error-summary li').allTextContents(), [ADVISER_MESSAGES.caseLabelRequired]);

    await details.getByLabel('Case label').fill('Before rent rise');
    await details.getByLabel('Case notes').fill('Client asked what happens if the landlord puts the rent up in April.');
    await details.getByRole('button', { name: 'Save details' }).click();
    await eventually(() => textOf(details.locator('.alert--success')), ADVISER_MESSAGES.detailsUpdated);
    await expectNoAccessibilityViolations(page);

    expect(await apiCalculation(sessions.first)).toMatchObject({
      caseReference: 'Before rent rise',
      caseNotes: 'Client asked what happens if the landlord puts the rent up in April.',
    });
    await page.reload();
    await page.getByRole('heading', { name: `Client calculation ${calculation.token}` }).waitFor();
    expect(await page.locator('form.case-details').getByLabel('Case notes').inputValue()).toBe(
      'Client asked what happens if the landlord puts the rent up in April.',
    );
    await openClientHome();
    expect((await calculationRows()).map((row) => row[2]).sort()).toEqual(['Before rent rise', LABELS.duplicate, LABELS.third].sort());
  }, 60_000);

  it('deletes a calculation after the confirmation, and it is gone from the client’s table', async () => {
    const third = await openCalculation(sessions.third);
    await page.getByRole('button', { name: 'Delete calculation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete calculation' });
    expect(await textOf(dialog)).toContain(`Are you sure you want to delete calculation ${third.token}?`);
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`${server.url}/adviser/?clientId=${clientGuid}`);
    await page.getByRole('heading', { name: 'Client Details' }).waitFor();
    await eventually(async () => (await calculationRows()).map((row) => row[0]).includes(third.token), false);
    expect((await calculationRows()).length).toBe(2);
    const response = await context.request.get(`${server.url}/api/intermediary/calculation/?session=${sessions.third}`);
    expect(response.status()).toBe(404);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'adviser-home-after-delete');
  }, 60_000);
});
