import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { withAccounts } from '../../scripts/accounts-context.js';
import { REPO_ROOT } from '../support/api-process.js';
import { startBrowserSuite, stopBrowserSuite, type BrowserSuite } from '../support/browser-suite.js';
import { chromiumPath, describeInChromium, screenshot } from '../support/chromium.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { errorSummary, fillQuestion, pressNext } from '../support/survey-driver.js';
import { eventually } from '../support/waiting.js';

/**
 * Stored script is never run: script-injection strings stored as a client's first and last
 * names (through the accounts API, as an admin adds a client), as case labels and case notes (the adviser's
 * details/), and typed as a Text answer, then shown in Chromium on the results, the adviser home, the calculation
 * screen and the comparison (whose message the server writes as HTML): each page shows them as text, and the
 * scripts they carry never run (`window.__xss` stays undefined, no dialog opens). The PDFs hold the case labels as
 * text (they leave client names out).
 */

if (!chromiumPath())
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');

const PASSWORD = 'a long enough password 1';
const FIRST_NAME = '<img src=x onerror=window.__xss=1>';
const LAST_NAME = '<script>window.__xss=1</script>';
// Case labels are at most 20 characters: script that fits, one that would open a dialog if it ran.
const LABELS = ['<script>x=1</script>', '<svg/onload=alert()>'];
const NOTES = '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe><img src=x onerror=window.__xss=1>\'; DROP TABLE clients; --';
const HOURS = '<img src=x onerror=window.__xss=1>';

let suite: Partial<BrowserSuite> = {};
let context: BrowserContext;
let page: Page;
let api: APIRequestContext;
let clientGuid = '';
const sessions: string[] = [];
let yourWorkPage = 0;
const dialogs: string[] = [];

const url = (path: string) => `${suite.server!.url}${path}`;

async function csrf(of: BrowserContext): Promise<string> {
  return (await of.cookies()).find((cookie) => cookie.name === 'csrf')!.value;
}

async function signIn(of: BrowserContext, email: string): Promise<void> {
  const response = await of.request.post(url('/api/account/sign-in'), { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
}

async function postAs(of: BrowserContext, path: string, data: object): Promise<Record<string, unknown>> {
  const response = await of.request.post(url(path), { data, headers: { 'X-CSRF-Token': await csrf(of) } });
  if (response.status() >= 300) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The page's text, and proof that nothing stored ran: no `window.__xss`, no dialog, no injected element. */
async function expectShownAsText(expected: string[]): Promise<void> {
  const missing = async () => {
    const shown = (await page.locator('body').textContent()) ?? '';
    return expected.filter((text) => !shown.includes(text));
  };
  await eventually(missing, [], 15_000);
  expect(await page.evaluate('typeof window.__xss')).toBe('undefined');
  expect(await page.evaluate(`document.querySelectorAll('img[src="x"], svg[onload], iframe[srcdoc], main script').length`)).toBe(0);
  expect(dialogs).toEqual([]);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${REPO_ROOT}/node_modules/pdfjs-dist/standard_fonts/`,
  }).promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  return text;
}

describeInChromium('stored script in Chromium', () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = suite.database!.url;
    let adviserUserId: string;
    try {
      adviserUserId = await withAccounts(async (accounts) => {
        const { organisationId } = await accounts.createOrganisationWithAdmin('Script Test Advice', {
          email: 'admin@script.example',
          displayName: 'Sam Admin',
          password: PASSWORD,
        });
        return accounts.addUserToOrganisation(organisationId, {
          email: 'adviser@script.example',
          displayName: 'Ada Adviser',
          password: PASSWORD,
          role: 'adviser',
        });
      });
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }

    // The admin adds the client with script for names, as the /account/ page does.
    const adminContext = await suite.browser!.newContext();
    await signIn(adminContext, 'admin@script.example');
    const added = await postAs(adminContext, '/api/account/clients', {
      firstName: FIRST_NAME,
      lastName: LAST_NAME,
      dateOfBirth: '07/03/1984',
      clientNumber: '<b>C-1</b>',
      adviserUserId,
    });
    clientGuid = (added.client as { clientGuid: string }).clientGuid;
    await adminContext.close();

    context = await suite.browser!.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, 'adviser@script.example');
    api = context.request;
    for (const label of LABELS) {
      const started = await postAs(context, '/api/intermediary/start/', {
        clientGuid,
        caseReference: label,
        isMobile: false,
        browserName: 'Chromium',
      });
      let session = started.session as string;
      let pageNumber = 1;
      for (const [index, [name, answers]] of SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.entries()) {
        if (name === 'your-work') yourWorkPage = pageNumber;
        const isLast = index === SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.length - 1;
        const response = await postAs(context, '/api/data/survey/', { session, page: pageNumber, action: isLast ? 4 : 2, ...answers });
        session = response.session as string;
        pageNumber = response.pageNumber as number;
      }
      await postAs(context, '/api/intermediary/details/', { session, caseLabel: label, caseNotes: NOTES });
      sessions.push(session);
    }
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await stopBrowserSuite(suite);
  });

  it('refuses script as a Text answer over the API, and shows the page error as text when it is typed', async () => {
    // Every Text question of the questionnaire is numeric, so script cannot be stored as an answer at all.
    const response = await api.post(url('/api/data/survey/'), {
      data: { session: sessions[0], page: yourWorkPage, action: 2, ClientWork: ['Employed'], ClientWorkHours: HOURS },
      headers: { 'X-CSRF-Token': await csrf(context) },
    });
    expect(response.status()).toBe(400);
    expect(JSON.stringify(await response.json())).not.toContain('<img');

    await page.goto(url(`/survey/${yourWorkPage}/${sessions[0]}`));
    await fillQuestion(page, 'ClientWorkHours', HOURS);
    expect(await pressNext(page)).toBe('errors');
    expect((await errorSummary(page)).length).toBeGreaterThan(0);
    await expectShownAsText([]);
  }, 60_000);

  it("shows the client's names on the results and what was told, never running them", async () => {
    await page.goto(url(`/result/${sessions[0]}`));
    await expectShownAsText([`${FIRST_NAME} ${LAST_NAME}`]);
    await page.getByRole('button', { name: 'See what you told us' }).first().click();
    await expectShownAsText(['Your work']);
    await screenshot(page, 'stored-script-results');
  }, 60_000);

  it('shows names, case labels and client number as text on the adviser home', async () => {
    await page.goto(url(`/adviser/?clientId=${clientGuid}`));
    await page.getByRole('heading', { name: 'Client Details' }).waitFor();
    await expectShownAsText([FIRST_NAME, LAST_NAME, '<b>C-1</b>', ...LABELS]);
  }, 60_000);

  it('shows the case label and notes as text on the calculation screen', async () => {
    await page.goto(url(`/adviser/calculation/${sessions[1]}`));
    await expectShownAsText([`${FIRST_NAME} ${LAST_NAME}`]);
    // The label and notes are shown as the values of the case details form's fields, where they are edited.
    await eventually(() => page.getByLabel('Case notes').first().inputValue(), NOTES);
    await eventually(() => page.getByLabel('Case label').first().inputValue(), LABELS[1]);
    await expectShownAsText([]);
    await screenshot(page, 'stored-script-calculation');
  }, 60_000);

  it("shows the comparison's server-written message with the labels as text", async () => {
    await page.goto(url(`/adviser/compare/${sessions.join(',')}?clientId=${clientGuid}`));
    // Both calculations are the same household: the message names both labels as tied.
    await expectShownAsText([...LABELS, 'leave the client with the same total income']);
    await screenshot(page, 'stored-script-compare');
  }, 60_000);

  it('writes them into the PDFs as text', async () => {
    const single = await api.get(url(`/api/intermediary/pdf/?clientGuid=${clientGuid}&session=${sessions[0]}`));
    expect(single.status()).toBe(200);
    const compared = await api.get(url(`/api/intermediary/pdf/?clientGuid=${clientGuid}&session=${sessions[0]}&session=${sessions[1]}`));
    expect(compared.status()).toBe(200);
    const text = (await pdfText(await single.body())) + (await pdfText(await compared.body()));
    // The PDFs name calculations by case label; they leave the client's name out.
    for (const stored of LABELS) expect(text.replace(/\s+/g, ' ')).toContain(stored);
    expect(text).toContain(`Under the Universal Credit system, ${LABELS.join(' and ')} leave the client with`);
  }, 60_000);
});
