import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { QUESTION_TYPES, type QuestionTypeName, type QuestionView, type SurveyPageResponse } from '../../common/survey/model.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import type { ApiProcess } from '../support/api-process.js';
import { chromiumPath, describeInChromium, screenshot, SCREENSHOT_DIR } from '../support/chromium.js';
import { BANDS_SCRIPT, runDataScript } from '../../api/src/lookup/data-script.js';
import { singleRenterTyped } from '../support/households.js';
import { errorSummary, fillQuestion, fillQuestions, pageTitle, pressBack, pressNext, question } from '../support/survey-driver.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import type { TestDatabase } from '../support/test-database.js';

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

const PHONE = { width: 375, height: 812 };
const TEST_MODE_PASSWORD = 'a-browser-test-password';
const DESKTOP = { width: 1280, height: 900 };
const SESSION_PATH = /^\/survey\/(\d+)\/([0-9a-f-]{36})$/;

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  await page.locator('h1').waitFor();
  return page;
}

async function focusedId(page: Page): Promise<string> {
  // A string, so this file needs no DOM types.
  return page.evaluate<string>("document.activeElement?.id || document.activeElement?.className || ''");
}

/* ---- A page of every question type, served in place of the API's, to see each one drawn ---- */

const yesNo = [
  { value: 'Yes', text: 'Yes' },
  { value: 'No', text: 'No' },
];

function view(name: string, type: QuestionTypeName, extra: Partial<QuestionView>, value: QuestionView['answer']['value']): QuestionView {
  return {
    name,
    text: `${name}?`,
    questionType: QUESTION_TYPES[type],
    answer: { value },
    originalShowHide: '',
    parseShowHide: null,
    show: true,
    valid: true,
    error: '',
    showHide: '',
    ...extra,
  };
}

const GALLERY_SESSION = '5b9f3c1e-2d4a-4c6b-8e7f-0a1b2c3d4e5f';
const galleryPage: SurveyPageResponse = {
  isValid: true,
  showHelpline: true,
  showWebchat: false,
  pageNumber: 4,
  session: GALLERY_SESSION,
  token: 'GALL3RY1',
  isIntermediary: false,
  client: null,
  hasPostcode: true,
  canSeeResults: false,
  page: {
    name: 'gallery',
    title: 'Every kind of question',
    text: 'One of each question type, as the questionnaire draws them.',
    headerType: 'Money',
    progress: 45,
    isExitPage: false,
    showHide: '',
    fields: [
      {
        show: true,
        questions: [
          view('Intro', 'Label', { text: 'This label question only tells the person something; it has no answer.' }, null),
          view(
            'ClientHasPartner',
            'Radio',
            {
              text: 'Do you live with a partner?',
              required: true,
              validation: 'Whether you live with a partner',
              options: yesNo,
              helpText: 'A partner is someone you live with as a couple.',
              toolTip: 'What counts as a partner?',
            },
            '',
          ),
          view(
            'ClientTenure',
            'Select',
            {
              text: 'How do you rent or own your home?',
              subtext: 'Choose the closest.',
              options: [
                { value: 'SocialRent', text: 'Council or housing association' },
                { value: 'PrivateRent', text: 'Private landlord' },
                { value: 'Owner', text: 'I own it' },
              ],
            },
            '',
          ),
          view('ClientName', 'Text', { text: 'What is your first name?', noteText: 'We only use it on this page.' }, ''),
          view(
            'ClientCaringHours',
            'Text',
            {
              text: 'How many hours a week do you care?',
              isNumeric: true,
              pattern: '^[0-9]{0,3}$',
              required: true,
              validation: 'Hours of caring',
            },
            '',
          ),
        ],
      },
      {
        show: true,
        questions: [
          view(
            'PartnerDob',
            'Date',
            {
              text: 'What is your partner’s date of birth?',
              subtext: 'For example, 27/03/1985',
              required: true,
              validation: 'Your partner’s date of birth',
            },
            '',
          ),
          view(
            'ClientBenefits',
            'Check',
            {
              text: 'Which of these do you get?',
              options: [
                { value: 'PIP', text: 'Personal Independence Payment' },
                { value: 'DLA', text: 'Disability Living Allowance' },
                { value: 'CA', text: 'Carer’s Allowance', popUp: 'Carer’s Allowance counts as income for most other benefits.' },
                { value: 'None of the above', text: 'None of the above' },
              ],
            },
            [],
          ),
          view(
            'ClientEarnings',
            'Money',
            { text: 'How much do you earn after tax?', required: true, validation: 'Your earnings' },
            { weekly: null, monthly: null, yearly: null, period: '' },
          ),
          view(
            'SecondPostcode',
            'Postcode',
            { text: 'What is the postcode where you stay?', validation: 'Postcode', pattern: '^[A-Za-z0-9 ]{0,10}$' },
            { postcode: '', authority: '', authorityCode: '', country: '', latitude: null, longitude: null, option: false },
          ),
          view(
            'ClientCouncilTaxBand',
            'Council',
            {
              text: 'What is your council tax band?',
              country: 'England',
              bandLookup: true,
              postcodePage: 1,
              helpText: 'Your band is on your council tax bill.',
              toolTip: 'Where can I find my band?',
            },
            '',
          ),
        ],
      },
    ],
  },
};

function json(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

async function openGallery(viewport = DESKTOP, bands?: unknown): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.route(/\/api\/data\/survey(\/|$)/, (route) => json(route, 200, galleryPage));
  if (bands !== undefined) await page.route('**/api/data/bands', (route) => json(route, 200, bands));
  await page.goto(`${server.url}/survey/4/${GALLERY_SESSION}`);
  await page.getByRole('heading', { name: 'Every kind of question' }).waitFor();
  return page;
}

describeInChromium('the survey screen in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite({ TEST_MODE_PASSWORD }));
  }, 120_000);

  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it('opens the testing panels and the Next page link only after the test-mode password', async () => {
    const page = await open('/survey?test=true');
    const gate = page.getByRole('region', { name: 'Test Mode Verification' });
    await gate.waitFor();
    expect(await page.getByText('parseShowHide').count()).toBe(0);
    await expectNoAccessibilityViolations(page);
    await gate.getByLabel('Password').fill('not the password');
    await gate.getByRole('button', { name: 'Verify' }).click();
    await gate.getByText('Incorrect password. Please try again.').waitFor();
    await expectNoAccessibilityViolations(page);

    await gate.getByLabel('Password').fill(TEST_MODE_PASSWORD);
    await gate.getByRole('button', { name: 'Verify' }).click();
    await gate.getByText('Test mode verified.', { exact: false }).waitFor();
    // Each question's panel: its name, then (opened) its rule, the parsed rule and which parts are true.
    await page.getByText('Testing: ClientPostcode').click();
    await page.getByText('parseShowHide').first().waitFor();
    expect(await page.getByText('Next page', { exact: true }).count()).toBe(1);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'survey-test-mode');
    await page.close();
  });

  it('starts at /survey with page 1, and lists the problems, each linked to its field', async () => {
    const page = await open('/survey?id=cap_live');
    expect(await pageTitle(page)).toBe('Where you live');
    expect(await page.getByText('Your Progress').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    expect(await page.getByText('Required questions are marked with an asterisk').isVisible()).toBe(true);
    await screenshot(page, 'survey-page-1');

    expect(await pressNext(page)).toBe('errors');
    expect(await errorSummary(page)).toEqual(['Postcode is required.']);
    expect(await focusedId(page)).toContain('error-summary');
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'survey-page-1-errors');
    await page.getByRole('link', { name: 'Postcode is required.' }).click();
    expect(await focusedId(page)).toBe('q-ClientPostcode');
    await page.close();
  });

  it('checks the postcode with the server, moves on to page 2 and its address, and comes back with Back', async () => {
    const page = await open('/survey?id=cap_live');
    await fillQuestion(page, 'ClientPostcode', 'ZZ1 1ZZ');
    expect(await pressNext(page)).toBe('errors');
    expect(await errorSummary(page)).toEqual(['Postcode is invalid. Enter a full UK postcode, like LS1 4AP.']);

    await fillQuestion(page, 'ClientPostcode', 'sw1a 1aa');
    expect(await page.locator('#q-ClientPostcode').inputValue()).toBe('SW1A 1AA');
    expect(await pressNext(page)).toBe('moved');
    expect(await pageTitle(page)).toBe('You and your partner');
    const address = new URL(page.url());
    expect(address.pathname).toMatch(SESSION_PATH);
    expect(address.search).toBe('?id=cap_live');
    expect(await page.getByText('Your Progress').isVisible()).toBe(true);

    // PartnerDob shows only once the person says they have a partner.
    expect(await question(page, 'PartnerDob').count()).toBe(0);
    await fillQuestion(page, 'ClientDob', '27/03/1985');
    expect(await page.locator('#q-ClientDob').inputValue()).toBe('27/03/1985');
    await fillQuestion(page, 'ClientHasPartner', 'Yes');
    await question(page, 'PartnerDob').waitFor();
    expect(await pressNext(page)).toBe('errors');
    expect(await errorSummary(page)).toEqual(["Your partner's date of birth is required."]);
    await screenshot(page, 'survey-page-2-errors');

    // Typing digits only: the mask puts the slashes in.
    await fillQuestion(page, 'PartnerDob', '01021990');
    expect(await page.locator('#q-PartnerDob').inputValue()).toBe('01/02/1990');
    expect(await pressNext(page)).toBe('moved');
    const third = await pageTitle(page);
    expect(third).not.toBe('You and your partner');
    await screenshot(page, 'survey-page-3');

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'You and your partner' }).waitFor();
    // Back to answers given in this tab: they show in place, ready to change, not behind the privacy notice.
    expect(await page.getByText("You've already answered this question.").count()).toBe(0);
    expect(await page.locator('#q-ClientDob').inputValue()).toBe('27/03/1985');
    expect(await page.locator('#q-PartnerDob').inputValue()).toBe('01/02/1990');
    expect(await page.locator('input[value="Yes"]').first().isChecked()).toBe(true);
    await screenshot(page, 'survey-back-answers-in-place');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Where you live' }).waitFor();
    expect(await page.locator('#q-ClientPostcode').inputValue()).toBe('SW1A 1AA');
    await fillQuestion(page, 'ClientPostcode', 'SW1A 2AA');
    expect(await pressNext(page)).toBe('moved');
    expect(await pageTitle(page)).toBe('You and your partner');

    // Opened afresh (a reload, as someone else at the screen would), dates of birth already given are private: only
    // that they were answered shows.
    await page.reload();
    await page.getByRole('heading', { name: 'You and your partner' }).waitFor();
    expect(await question(page, 'ClientDob').getByText("You've already answered this question.").isVisible()).toBe(true);
    expect(await page.locator('input[value="Yes"]').first().isChecked()).toBe(true);
    await screenshot(page, 'survey-privacy-notice');
    await question(page, 'ClientDob').getByRole('button', { name: 'Change your answer' }).click();
    expect(await focusedId(page)).toBe('q-ClientDob');
    expect(await page.locator('#q-ClientDob').inputValue()).toBe('');

    // The browser's own Back button goes to the address before (page 1, left with Next), and loads it.
    await page.goBack();
    await page.getByRole('heading', { name: 'Where you live' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/survey\/1\//);
    await page.close();
  }, 60_000);

  it('draws every question type on a phone and on a wide screen, without accessibility problems', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'wide'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await openGallery(viewport);
      await expectNoAccessibilityViolations(page);
      await screenshot(page, `survey-question-types-${suffix}`);
      await page.close();
    }
  });

  it('works each question type by typing and clicking', async () => {
    const page = await openGallery();
    await fillQuestion(page, 'ClientEarnings', { amount: '100', period: 'Weekly' });
    expect(await page.getByTestId('ClientEarnings-figures').textContent()).toBe('£100 a week, £433.33 a month, £5,200 a year');
    await question(page, 'ClientEarnings').getByRole('radio', { name: 'Monthly' }).check();
    expect(await page.getByTestId('ClientEarnings-figures').textContent()).toBe('£23.08 a week, £100 a month, £1,200 a year');
    await question(page, 'ClientEarnings').screenshot({ path: `${SCREENSHOT_DIR}/survey-question-money.png` });

    await fillQuestion(page, 'ClientBenefits', ['PIP', 'DLA']);
    await fillQuestion(page, 'ClientBenefits', ['None of the above']);
    expect(
      await question(page, 'ClientBenefits')
        .locator('input:checked')
        .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('value'))),
    ).toEqual(['None of the above']);
    await question(page, 'ClientBenefits').screenshot({ path: `${SCREENSHOT_DIR}/survey-question-check.png` });

    await fillQuestion(page, 'ClientCaringHours', '35h');
    expect(await page.locator('#q-ClientCaringHours').inputValue()).toBe('35');

    await fillQuestion(page, 'SecondPostcode', { roughSleeping: 'Wales' });
    await question(page, 'SecondPostcode').screenshot({ path: `${SCREENSHOT_DIR}/survey-question-postcode-rough-sleeping.png` });
    await fillQuestion(page, 'SecondPostcode', 'CF10 1AA');
    expect(await question(page, 'SecondPostcode').getByLabel('I am homeless and sleeping rough').isChecked()).toBe(false);

    await question(page, 'ClientHasPartner').getByRole('button', { name: 'What counts as a partner?' }).click();
    expect(await page.getByText('A partner is someone you live with as a couple.').isVisible()).toBe(true);
    await question(page, 'ClientHasPartner').screenshot({ path: `${SCREENSHOT_DIR}/survey-question-radio-help.png` });

    await question(page, 'ClientBenefits').getByLabel('Carer’s Allowance').check();
    const dialog = page.getByRole('dialog', { name: 'Important information about your answer' });
    await dialog.waitFor();
    await screenshot(page, 'survey-pop-up');
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await focusedId(page)).toBe('q-ClientBenefits-2');

    await page.getByRole('button', { name: 'Next' }).click();
    expect(await errorSummary(page)).toEqual(['Whether you live with a partner is required.', 'Your partner’s date of birth is required.']);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'survey-question-types-errors');
    await page.close();
  }, 60_000);

  it('looks up the council tax band from the address, ten addresses a page', async () => {
    const addresses = Array.from({ length: 24 }, (_, index) => ({
      id: index + 1,
      line1: `${index + 1} Station Road, Anytown`,
      band: 'ABCDEFGH'[index % 8],
    }));
    const page = await openGallery(PHONE, { valid: true, value: addresses });
    const council = question(page, 'ClientCouncilTaxBand');
    await council.locator('select').selectOption('Look this up for me');
    // The answer moves straight on to the next step, so the radio itself never stays ticked: click, not check.
    await council.getByLabel('Yes, I would like to tell you my address').click();
    await council.getByRole('table', { name: 'Choose your address' }).waitFor();
    expect(await council.locator('tbody tr').count()).toBe(10);
    await council.screenshot({ path: `${SCREENSHOT_DIR}/survey-council-addresses-phone.png` });
    await council.getByRole('button', { name: 'Page 3' }).click();
    await council.getByRole('button', { name: 'Select 23 Station Road, Anytown' }).click();
    expect(await council.locator('.council__band').textContent()).toBe('Your council tax band: Band G');
    await council.screenshot({ path: `${SCREENSHOT_DIR}/survey-council-selected.png` });
    await page.close();

    const unavailable = await openGallery(DESKTOP, { valid: false, value: null });
    const failing = question(unavailable, 'ClientCouncilTaxBand');
    await failing.locator('select').selectOption('Look this up for me');
    await failing.getByLabel('Yes, I would like to tell you my address').click();
    await failing.getByText(/Currently we cannot look up your council tax band/).waitFor();
    await failing.screenshot({ path: `${SCREENSHOT_DIR}/survey-council-unavailable.png` });
    await unavailable.close();
  });

  it('asks the council tax band of an English home with no dead end: bands A to H, how to find it, and the look-up only once addresses are loaded', async () => {
    const page = await open('/survey');
    for (const [name, answers] of singleRenterTyped()) {
      if (name === 'council-tax') break;
      await fillQuestions(page, answers);
      expect(await pressNext(page)).toBe('moved');
    }
    expect(await pageTitle(page)).toBe('Council tax');
    await fillQuestion(page, 'ClientCouncilTaxLiable', 'Yes');
    const council = question(page, 'ClientCouncilTaxBand');
    const bands = council.locator('select');
    await bands.waitFor();
    // A fresh database has no addresses: no look-up (it could only say it found none), and no band I outside Wales.
    expect(await bands.locator('option').allTextContents()).toEqual([
      'Please select',
      'Band A',
      'Band B',
      'Band C',
      'Band D',
      'Band E',
      'Band F',
      'Band G',
      'Band H',
      "I don't know my band",
    ]);
    const govUk = council.getByRole('link', { name: /Check your Council Tax band on GOV\.UK/ });
    expect(await govUk.getAttribute('href')).toBe('https://www.gov.uk/council-tax-bands');
    expect(await council.getByText('Your band is on your council tax bill.', { exact: false }).first().isVisible()).toBe(true);
    await expectNoAccessibilityViolations(page);
    await council.screenshot({ path: `${SCREENSHOT_DIR}/survey-council-band-england-no-addresses.png` });
    await screenshot(page, 'survey-council-tax-fresh-install');

    // Not knowing the band is an answer, and the questionnaire moves on.
    await fillQuestion(page, 'ClientCouncilTaxBand', 'NotKnown');
    expect(await pressNext(page)).toBe('moved');
    expect(await pageTitle(page)).not.toBe('Council tax');

    // The operator loads real band data for the postcode (`npm run data:bands`): now the look-up is offered, once.
    const file = join(await mkdtemp(join(tmpdir(), 'bands-')), 'bands.csv');
    await writeFile(file, 'postcode,address,band\nM1 1AD,2 Example Street,C\nM1 1AD,10 Example Street,D\n');
    expect(
      await runDataScript(
        BANDS_SCRIPT,
        [file],
        { DATABASE_URL: database.url },
        { log: () => undefined, error: (line) => console.error(line) },
      ),
    ).toBe(0);
    await pressBack(page);
    expect(await pageTitle(page)).toBe('Council tax');
    const choices = await council.locator('select option').allTextContents();
    expect(choices.filter((text) => text === 'Look this up for me')).toHaveLength(1);
    expect(choices).not.toContain('Band I');
    await council.locator('select').selectOption({ label: 'Look this up for me' });
    await council.getByLabel('Yes, I would like to tell you my address').click();
    await council.getByRole('table', { name: 'Choose your address' }).waitFor();
    expect(await council.locator('tbody tr td:first-child').allTextContents()).toEqual(['2 Example Street', '10 Example Street']);
    await council.screenshot({ path: `${SCREENSHOT_DIR}/survey-council-band-england-addresses.png` });
    await council.getByRole('button', { name: 'Select 10 Example Street' }).click();
    expect(await council.locator('.council__band').textContent()).toBe('Your council tax band: Band D');
    expect(await pressNext(page)).toBe('moved');
    await page.close();
  }, 180_000);

  it('asks another browser for the postcode before opening a calculation, with a countdown after a wrong one', async () => {
    const owner = await open('/survey');
    await fillQuestion(owner, 'ClientPostcode', 'SW1A 1AA');
    expect(await pressNext(owner)).toBe('moved');
    const path = new URL(owner.url()).pathname;
    await owner.close();

    const context = await browser.newContext({ viewport: PHONE });
    const stranger = await context.newPage();
    await stranger.goto(`${server.url}${path}`);
    await stranger.getByRole('heading', { name: 'Check who you are' }).waitFor();
    await expectNoAccessibilityViolations(stranger);
    await screenshot(stranger, 'survey-identity-check');
    const postcode = stranger.getByLabel('Postcode used in the calculation');
    await postcode.fill('M1 1AE');
    await stranger.getByRole('button', { name: 'Continue' }).click();
    await stranger.getByText('Incorrect postcode. Please check the correct postcode and try again.').waitFor();
    expect(await stranger.getByText(/Try again in \d seconds\.\.\./).isVisible()).toBe(true);
    await screenshot(stranger, 'survey-identity-check-wrong-postcode');
    await stranger.getByText(/Try again in/).waitFor({ state: 'detached', timeout: 7000 });
    await postcode.fill('sw1a 1aa');
    await stranger.getByRole('button', { name: 'Continue' }).click();
    await stranger.getByRole('heading', { name: 'You and your partner' }).waitFor();
    await context.close();
  }, 60_000);
});
