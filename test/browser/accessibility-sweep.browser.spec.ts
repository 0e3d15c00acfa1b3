import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT, type ApiProcess } from '../support/api-process.js';
import { describeViolations, findAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { chromiumPath, describeInChromium, screenshot } from '../support/chromium.js';
import { adviserCalculation, answerQuestionnaire, DEMO_ADMIN_EMAIL, DEMO_ADVISER, seedDemo, signIn } from '../support/demo-adviser.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import type { TestDatabase } from '../support/test-database.js';
import { eventually } from '../support/waiting.js';

/**
 * The accessibility sweep: every route and main state of the built app, at 1280px and at 320px
 * wide, passes axe-core's WCAG 2.2 A/AA rules; at 320px nothing is wider than the screen (no sideways scrolling)
 * and a screenshot of each is saved to test-results/screenshots/sweep-*.png to be looked at. Then a person using
 * only the keyboard answers the whole questionnaire of a single private renter and reaches the results.
 *
 * The other browser suites check axe on what they drive (each question type in the gallery of
 * survey.browser.spec.ts, each results section on a wide screen, the adviser screens on a wide screen, sign-in and
 * the admin's client form); this sweep adds the real survey pages one by one, the exit page, the identity check,
 * the not-found screens, No Access and the admin pages, and the phone width with the overflow check for all.
 */

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 320, height: 720 };
const SURVEY_PAGES = (JSON.parse(readFileSync(join(REPO_ROOT, 'definitions/survey/survey.json'), 'utf8')) as { pages: string[] }).pages;
const pageTitle = (name: string) =>
  (JSON.parse(readFileSync(join(REPO_ROOT, 'definitions/survey/pages', `${name}.json`), 'utf8')) as { title: string }).title;
/** The survey's page numbers are the pages' places in survey.json, from 1. */
const pageNumber = (name: string) => SURVEY_PAGES.indexOf(name) + 1;
const RESULT_SECTIONS = ['Your results', 'Extra help for you', 'See what you told us', 'Print or save results'];

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
const owner = `browser_${Date.now()}_sweep001`;
let session = '';
let exitSession = '';
let clientGuid = '';
const adviserSessions: string[] = [];
let adviserState: Awaited<ReturnType<BrowserContext['storageState']>>;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

/** A route and the h1 it shows when ready; `name` names its screenshot. */
interface Stop {
  name: string;
  path: string;
  heading: string;
  /** Something to do once the page is ready, e.g. open a results section. */
  then?: (page: Page) => Promise<void>;
}

/**
 * A context as `who` at `viewport`. bypassCSP lets axe go in as an inline script under the app's
 * Content-Security-Policy (test/support/axe.ts says so); it changes nothing the page itself does.
 */
async function contextAs(who: 'owner' | 'stranger' | 'adviser' | 'admin', viewport: typeof WIDE): Promise<BrowserContext> {
  const storageState = who === 'adviser' ? adviserState : who === 'admin' ? adminState : undefined;
  const context = await browser.newContext({ viewport, bypassCSP: true, storageState });
  if (who === 'owner') await context.addInitScript(`localStorage.setItem('browserId', ${JSON.stringify(owner)})`);
  return context;
}

/**
 * Opens each stop at both widths, one page per width and the two widths side by side (to keep the sweep short),
 * and returns every problem found: axe violations, and at 320px content wider than the screen (naming the elements
 * that stick out, so the fix is easy to find).
 */
async function sweep(who: 'owner' | 'stranger' | 'adviser' | 'admin', stops: Stop[]): Promise<string[]> {
  const [wide, phone] = await Promise.all([sweepAt(who, stops, WIDE), sweepAt(who, stops, PHONE)]);
  return [...wide, ...phone];
}

async function sweepAt(who: 'owner' | 'stranger' | 'adviser' | 'admin', stops: Stop[], viewport: typeof WIDE): Promise<string[]> {
  const problems: string[] = [];
  const context = await contextAs(who, viewport);
  const page = await context.newPage();
  try {
    for (const stop of stops) {
      await page.goto(`${server.url}${stop.path}`);
      await page.getByRole('heading', { level: 1, name: stop.heading, exact: true }).waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await stop.then?.(page);
      const where = `${stop.name} at ${viewport.width}px`;
      const violations = await findAccessibilityViolations(page);
      if (violations.length > 0) problems.push(`${where}: axe found ${violations.length} violation(s):\n${describeViolations(violations)}`);
      if (viewport === PHONE) {
        await screenshot(page, `sweep-${stop.name}-320`);
        const overflow = (await page.evaluate(`(() => {
          const width = document.documentElement.scrollWidth;
          const wide = [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > ${PHONE.width} + 0.5)
            .map((element) => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + (typeof element.className === 'string' && element.className ? '.' + element.className.trim().split(/\\s+/).join('.') : ''));
          return { width, wide: wide.slice(0, 8) };
        })()`)) as { width: number; wide: string[] };
        if (overflow.width > PHONE.width)
          problems.push(`${where}: the page is ${overflow.width}px wide; wider than the screen: ${overflow.wide.join(', ')}`);
      }
    }
  } finally {
    await context.close();
  }
  return problems;
}

describeInChromium('the accessibility sweep in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
    const setUp = await browser.newContext();
    try {
      session = await answerQuestionnaire(setUp, server.url, owner, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
      // Someone with no recourse to public funds is sent to the exit page after the right-to-claim page.
      exitSession = await answerQuestionnaire(
        setUp,
        server.url,
        owner,
        [
          ['where-you-live', SINGLE_PRIVATE_RENTER_WORKING_PART_TIME[0][1]],
          ['about-you', SINGLE_PRIVATE_RENTER_WORKING_PART_TIME[1][1]],
          ['right-to-claim', { ClientImmigrationStatus: 'NoRecourseToPublicFunds' }],
        ],
        null,
        false,
      );
    } finally {
      await setUp.close();
    }
    clientGuid = await seedDemo(database);
    for (const [who, email] of [
      ['adviser', DEMO_ADVISER.email],
      ['admin', DEMO_ADMIN_EMAIL],
    ] as const) {
      const context = await browser.newContext();
      await signIn(context, server.url, { email, password: DEMO_ADVISER.password });
      if (who === 'adviser') {
        for (const label of ['Sweep one', 'Sweep two'])
          adviserSessions.push(await adviserCalculation(context, server.url, clientGuid, label, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME));
        adviserState = await context.storageState();
      } else {
        adminState = await context.storageState();
      }
      await context.close();
    }
  }, 120_000);

  afterAll(async () => {
    await stopBrowserSuite({ database, server, browser });
  });

  it('passes axe and fits 320px on the landing page, every survey page of a household, the exit page and the results sections', async () => {
    const walked = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([name]) => name);
    const stops: Stop[] = [
      { name: 'landing', path: '/', heading: 'Benefits Calculator' },
      { name: 'survey-start', path: '/survey', heading: pageTitle('where-you-live') },
      ...walked.map((name) => ({ name: `survey-${name}`, path: `/survey/${pageNumber(name)}/${session}`, heading: pageTitle(name) })),
      { name: 'survey-exit-page', path: `/survey/${pageNumber('public-funds')}/${exitSession}`, heading: pageTitle('public-funds') },
      ...RESULT_SECTIONS.map((title) => ({
        name: `results-${title.toLowerCase().replace(/\W+/g, '-')}`,
        path: `/result/${session}`,
        heading: 'Your results',
        then: async (page: Page) => {
          if (title === 'Your results') return;
          await page.getByRole('navigation', { name: 'Results sections' }).getByRole('button', { name: title }).click();
          await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
          await page.waitForLoadState('networkidle');
        },
      })),
    ];
    expect(await sweep('owner', stops)).toEqual([]);
  }, 180_000);

  it('passes axe and fits 320px on the identity check, the not-found screens, sign-in and No Access', async () => {
    const stops: Stop[] = [
      { name: 'identity-check', path: `/result/${session}`, heading: 'Check who you are' },
      { name: 'page-not-found', path: '/no-such-page', heading: 'Page Not Found' },
      { name: 'calculation-not-found', path: '/result/00000000-0000-4000-8000-000000000000', heading: 'Calculation Not Found' },
      { name: 'account-sign-in', path: '/account/', heading: 'Sign in' },
      { name: 'adviser-no-access', path: '/adviser/', heading: 'No Access' },
    ];
    expect(await sweep('stranger', stops)).toEqual([]);
  }, 120_000);

  it('passes axe and fits 320px on the adviser home, client, calculation, compare and survey pages, and the admin pages', async () => {
    const [first, second] = adviserSessions;
    const compare = `/adviser/compare/${first},${second}?clientId=${clientGuid}&session=${first}&session=${second}`;
    const adviserStops: Stop[] = [
      { name: 'adviser-home', path: '/adviser/', heading: 'Adviser Area' },
      { name: 'adviser-client', path: `/adviser/?clientId=${clientGuid}`, heading: 'Adviser Area' },
      { name: 'adviser-calculation', path: `/adviser/calculation/${first}`, heading: await calculationHeading(first) },
      { name: 'adviser-compare', path: compare, heading: 'Compare Calculations' },
      { name: 'adviser-survey-page', path: `/survey/${pageNumber('your-work')}/${first}`, heading: pageTitle('your-work') },
      { name: 'adviser-results', path: `/result/${first}`, heading: 'Your results' },
    ];
    const adminStops: Stop[] = [
      { name: 'admin-home', path: '/account/', heading: await accountHeading('/account/') },
      { name: 'admin-add-member', path: '/account/users/new', heading: await accountHeading('/account/users/new') },
      { name: 'admin-clients', path: '/account/clients', heading: await accountHeading('/account/clients') },
      { name: 'admin-add-client', path: '/account/clients/new', heading: await accountHeading('/account/clients/new') },
      { name: 'admin-api-keys', path: '/account/api-keys', heading: await accountHeading('/account/api-keys') },
      { name: 'admin-management-information', path: '/account/management-information', heading: 'Management information' },
      {
        name: 'admin-edit-client',
        path: `/account/clients/${clientGuid}`,
        heading: await accountHeading(`/account/clients/${clientGuid}`),
      },
    ];
    expect([...(await sweep('adviser', adviserStops)), ...(await sweep('admin', adminStops))]).toEqual([]);
  }, 180_000);

  it('shows management information as 0 where there is none and ‘fewer than 10’ for a small count (issue 32)', async () => {
    const context = await browser.newContext({ viewport: WIDE, storageState: adminState });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/account/management-information`);
      const table = page.locator('table', { has: page.locator('caption', { hasText: 'Calculations of your organisation' }) });
      await table.waitFor();
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')));
      const thisMonth = new Date().toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });
      // The organisation's two calculations were started this month; none in any other month of the year.
      expect(rows.find((row) => row[0] === thisMonth)?.[1]).toBe('fewer than 10');
      const otherMonths = rows.filter((row) => row[0] !== thisMonth && row[0] !== 'Whole year');
      expect(otherMonths).toHaveLength(11);
      for (const row of otherMonths) expect(row.slice(1, 4)).toEqual(['0', '0', '0']);
      await screenshot(page, 'admin-management-information-counts');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('answers a whole questionnaire with the keyboard only: a single private renter from /survey to the results', async () => {
    // No bypassCSP here: the walk runs under the app's own Content-Security-Policy, as a visitor's browser does.
    const context = await browser.newContext({ viewport: WIDE });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/survey`);
      for (const [name, answers] of SINGLE_PRIVATE_RENTER_WORKING_PART_TIME) {
        const title = pageTitle(name);
        await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor({ timeout: 15_000 });
        for (const [question, answer] of Object.entries(answers)) await answerByKeyboard(page, question, answer);
        // Next rests for a moment after each press; Enter on it once it is enabled again.
        const next = page.getByRole('button', { name: 'Next', exact: true });
        await eventually(() => next.isEnabled(), true);
        await tabTo(page, 'the Next button', (focus) => focus.tag === 'button' && focus.text === 'Next');
        await page.keyboard.press('Enter');
        if (name !== 'finish')
          await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
      }
      await page.waitForURL(/\/result\//, { timeout: 20_000 });
      await page.getByRole('heading', { level: 1, name: 'Your results', exact: true }).waitFor({ timeout: 20_000 });
      // And the results' sections open from the keyboard too.
      await tabTo(page, "the 'See what you told us' section", (focus) => focus.tag === 'button' && focus.text === 'See what you told us');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'See what you told us', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);
});

/** What has the keyboard focus: enough to tell which control of which question it is. */
interface Focused {
  question: string | null;
  tag: string;
  type: string | null;
  value: string | null;
  checked: boolean;
  label: string;
  text: string;
}

// A string, so this file needs no DOM types; page.evaluate runs it as it is, which the app's CSP allows.
const FOCUSED = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return { question: null, tag: 'body', type: null, value: null, checked: false, label: '', text: '' };
  const label = element.labels && element.labels[0] ? element.labels[0].textContent.trim() : '';
  return {
    question: element.closest('[data-question]')?.getAttribute('data-question') ?? null,
    tag: element.tagName.toLowerCase(),
    type: element.getAttribute('type'),
    value: 'value' in element ? String(element.value) : null,
    checked: Boolean(element.checked),
    label,
    text: (element.textContent ?? '').trim(),
  };
})()`;

const focused = (page: Page) => page.evaluate(FOCUSED) as Promise<Focused>;

/** Presses Tab until the focus is on what `wanted` accepts; fails naming the control when Tab never reaches it. */
async function tabTo(page: Page, what: string, wanted: (focus: Focused) => boolean): Promise<Focused> {
  for (let presses = 0; presses < 120; presses += 1) {
    const focus = await focused(page);
    if (wanted(focus)) return focus;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${what} on '${await page.locator('h1').first().textContent()}'.`);
}

/** Types into the focused text box, replacing what is there. */
async function typeText(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/** Moves through a radio group with the arrow keys (which also choose) until the wanted option is chosen. */
async function chooseRadio(page: Page, question: string, wanted: string): Promise<void> {
  await tabTo(page, `the radios of ${question}`, (focus) => focus.question === question && focus.type === 'radio');
  for (let presses = 0; presses < 20; presses += 1) {
    const focus = await focused(page);
    if (focus.value === wanted || focus.label === wanted) {
      if (!focus.checked) await page.keyboard.press('Space');
      expect((await focused(page)).checked).toBe(true);
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`The arrow keys never reached '${wanted}' in ${question}.`);
}

/** Moves through a drop-down list with the arrow keys (closed, as a keyboard user does) until the wanted option shows. */
async function chooseInList(page: Page, question: string, wanted: string): Promise<void> {
  await tabTo(page, `the list of ${question}`, (focus) => focus.question === question && focus.tag === 'select');
  const chosen = () =>
    page.evaluate(
      `(() => { const select = document.activeElement; const option = select.options[select.selectedIndex]; return [select.value, option ? option.text.trim() : '']; })()`,
    ) as Promise<[string, string]>;
  for (let presses = 0; presses < 30; presses += 1) {
    if ((await chosen()).includes(wanted)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`The arrow keys never chose '${wanted}' in ${question}.`);
}

/** Answers one question with the keyboard, by its type, from an answer as test/support/households.ts gives it. */
async function answerByKeyboard(page: Page, question: string, answer: unknown): Promise<void> {
  const type = await page.locator(`[data-question="${question}"]`).getAttribute('data-question-type');
  const isTextBox = (focus: Focused) =>
    focus.question === question && focus.tag === 'input' && !['radio', 'checkbox'].includes(focus.type ?? '');
  switch (type) {
    case 'Radio':
      return chooseRadio(page, question, String(answer));
    case 'Select':
      return chooseInList(page, question, String(answer));
    case 'Text':
    case 'Date':
      await tabTo(page, `the text box of ${question}`, isTextBox);
      return typeText(page, String(answer));
    case 'Postcode':
      await tabTo(page, `the postcode box of ${question}`, isTextBox);
      return typeText(page, (answer as { postcode: string }).postcode);
    case 'Check':
      for (const value of answer as string[]) {
        const box = await tabTo(
          page,
          `'${value}' in ${question}`,
          (focus) => focus.question === question && focus.type === 'checkbox' && focus.value === value,
        );
        if (!box.checked) await page.keyboard.press('Space');
        expect((await focused(page)).checked).toBe(true);
      }
      return;
    case 'Money': {
      const money = answer as Record<string, unknown> & { period: string };
      await tabTo(page, `the amount of ${question}`, isTextBox);
      await typeText(page, String(money[money.period.toLowerCase()]));
      return chooseRadio(page, question, money.period);
    }
    case 'Council': {
      const focus = await tabTo(
        page,
        `the band of ${question}`,
        (candidate) => candidate.question === question && (candidate.tag === 'select' || candidate.text === 'Change Band'),
      );
      if (focus.tag === 'button') await page.keyboard.press('Enter');
      return chooseInList(page, question, String(answer));
    }
    default:
      throw new Error(`${question} has a type the keyboard walk does not know: ${String(type)}.`);
  }
}

/** The calculation screen's heading names the calculation's reference, which the API gives. */
async function calculationHeading(sessionId: string): Promise<string> {
  const context = await contextAs('adviser', WIDE);
  try {
    const response = await context.request.get(`${server.url}/api/intermediary/calculation/?session=${sessionId}`);
    const body = (await response.json()) as { calculation: { token: string } };
    return `Client calculation ${body.calculation.token}`;
  } finally {
    await context.close();
  }
}

/** The admin pages' headings, read from the page once it has loaded (they name the view, e.g. 'Add a client'). */
async function accountHeading(path: string): Promise<string> {
  const context = await contextAs('admin', WIDE);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('networkidle');
    return ((await page.locator('h1').first().textContent()) ?? '').trim();
  } finally {
    await context.close();
  }
}
