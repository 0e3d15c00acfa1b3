import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ukToday } from '../../common/dates/uk-today.js';
import type { ApiProcess } from '../support/api-process.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { expectPlainEnglish } from '../support/plain-english.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { chromiumPath, describeInChromium, fillDate, screenshot } from '../support/chromium.js';
import { adviserCalculation, seedDemo, signIn } from '../support/demo-adviser.js';
import { LONE_PARENT_SOCIAL_RENTER } from '../support/households.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * The policy workbench in Chromium (issues 19 and 28), the whole path on the production build: a member of the policy
 * team signs in, starts a change set, uprates three rates with the uprating helper and gives each its source, adds a
 * hand-worked case from the household form, runs the checks and the impact; the page tells the author why they cannot
 * approve it; a second member approves the version checked and publishes it for a date ahead; and an adviser's
 * caseload at that date shows a client's Child Benefit change, with no deploy. Then one member asks for it to be
 * withdrawn and the other confirms; and a published change set that fails (written past every check) shows at the
 * top of the workbench and is stopped in an emergency with a reason. Each page passes axe and speaks plain English.
 */

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

const POLICY_ONE = { email: 'policy.one@demo-advice.example', password: 'demo-adviser-2026' };
const POLICY_TWO = { email: 'policy.two@demo-advice.example', password: 'demo-adviser-2026' };
const RATES = ['gov/hmrc/child_benefit/amount/eldest', 'gov/hmrc/child_benefit/amount/other_children', 'gov/dwp/carers_allowance/rate'];
const SOURCE = {
  title: 'HMRC, Child Benefit and Carer’s Allowance rates (gov.uk)',
  url: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2026-to-2027/proposed-benefit-and-pension-rates-2026-to-2027',
};

/** A date a fortnight ahead (UK), yyyy-mm-dd: the change set applies from it. */
function fortnightAhead(): string {
  const date = new Date(`${ukToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 14);
  return date.toISOString().slice(0, 10);
}
const EFFECTIVE = fortnightAhead();

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
let author: BrowserContext;
let page: Page;
let changeSetUrl: string;

beforeAll(async () => {
  if (!chromiumPath()) return;
  ({ database, server, browser } = await startBrowserSuite());
  const amara = await seedDemo(database);
  const adviser = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  await signIn(adviser, server.url);
  await adviserCalculation(adviser, server.url, amara, 'Policy check', LONE_PARENT_SOCIAL_RENTER);
  await adviser.close();
  author = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  await signIn(author, server.url, POLICY_ONE);
  page = await author.newPage();
}, 180_000);

afterAll(async () => {
  await author?.close();
  await stopBrowserSuite({ database, server, browser });
});

describeInChromium('the policy workbench', () => {
  it('opens on the rules in force today, and starts a change set', async () => {
    await page.goto(`${server.url}/policy/`);
    await page.getByTestId('policy-status').waitFor();
    expect(await page.getByTestId('policy-status').textContent()).toContain('Results today use the 2026 to 2027 rules and rates');
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);
    await page.getByText('Start a change set').click();
    const start = page.getByTestId('start-change-set');
    await start.getByLabel('Title').fill('Child Benefit and Carer’s Allowance from mid-year');
    await start.getByLabel('Reason').fill('An in-year uprating of 3.8% announced by the government, from the date given.');
    await page.getByRole('button', { name: 'Start the change set' }).click();
    await page.waitForURL(/\/policy\/change-sets\/\d+$/);
    changeSetUrl = page.url();
    await screenshot(page, 'policy-change-set-new');
  }, 90_000);

  it('uprates three rates with the uprating helper, then gives each value its official source', async () => {
    page.setDefaultTimeout(15_000);
    await page.getByTestId('add-uprating').locator('summary').click();
    const helper = page.getByTestId('uprating');
    for (const name of RATES) {
      await helper.getByLabel('Filter the parameters').fill(name);
      await page.locator(`[id="uprate-${name}"]`).check();
    }
    await helper.getByLabel('Uprating percentage').fill('3.8');
    await fillDate(helper, 'New values from', EFFECTIVE);
    await helper.getByRole('button', { name: 'Work out the new values' }).click();
    const proposals = page.getByTestId('uprating-proposals');
    await proposals.waitFor();
    expect(await proposals.locator('tbody tr').count()).toBe(3);
    // £27.05 x 1.038 = £28.0779, to the nearest 5p: £28.10.
    expect(await proposals.textContent()).toContain('£28.10');
    await screenshot(page, 'policy-uprating');
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);
    await page.getByRole('button', { name: 'Add these to the change set' }).click();
    await page.getByTestId('edit-2').waitFor();
    expect(await page.getByTestId('change-set-problems').textContent()).toContain('needs its official source');

    for (const index of [1, 2, 3]) {
      await page.getByRole('button', { name: new RegExp(`^Change edit ${index}:`) }).click();
      const form = page.getByTestId(`edit-${index - 1}-form-form`);
      await form.getByLabel('Title of the source').fill(SOURCE.title);
      await form.getByLabel('Address of the source (https://...)').fill(SOURCE.url);
      await form.getByRole('button', { name: 'Save the change' }).click();
      await form.waitFor({ state: 'detached' });
    }
    await page.waitForFunction(() => !document.querySelector('[data-testid="change-set-problems"]'));
  }, 90_000);

  it('changes an extra-help item in a form: its words, the nations, and who it is for in words, money in pounds and rates by name', async () => {
    await page.getByTestId('add-extra-help').locator('summary').click();
    const form = page.getByTestId('extra-help-edit-form');
    await form.getByLabel('Category').selectOption({ label: 'Health costs' });
    await form.getByLabel('Item', { exact: true }).selectOption({ label: 'Healthy Start' });
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('Healthy Start');
    // The rates the words show are named by their labels, not their files.
    expect(await form.getByLabel('What it is and roughly how much').inputValue()).toContain('[Healthy Start: a child under this age]');
    // Who it is for, as its file holds it: any of three groups, the first comparing take-home pay with a rate.
    const group = form.getByTestId('condition-group-0');
    expect(await group.getByLabel('About').first().locator('option:checked').textContent()).toBe(
      'The calculation found a Universal Credit award above nil.',
    );
    expect(await form.getByTestId('condition-0-1').getByLabel('Compared with').locator('option:checked').textContent()).toMatch(
      /^The rate: /,
    );
    // A fourth way in: a household with take-home pay of at most £1,000.00 a month, typed in pounds.
    await form.getByRole('button', { name: 'Add a condition', exact: true }).click();
    const added = form.getByTestId('condition-3');
    await added.getByLabel('About').selectOption('earnedIncomeMonthlyPence');
    await added.getByLabel('Which').selectOption('atMost');
    await added.getByLabel('Amount, in pounds').fill('1,000 pounds');
    await form.getByRole('button', { name: 'Change the item' }).click();
    await page.getByRole('link', { name: 'Enter an amount in pounds for condition 4, such as 1,250.00, or choose a rate.' }).waitFor();
    await added.getByLabel('Amount, in pounds').fill('1,000.00');
    await page.getByRole('link', { name: /^Say where the figure in condition 4 comes from/ }).waitFor();
    await added.getByLabel('Where the figure comes from').fill('The scheme’s own limit, for this test.');
    await form.getByLabel('Wales').check();
    await screenshot(page, 'policy-extra-help-form');
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);
    await form.getByRole('button', { name: 'Change the item' }).click();
    await page.getByTestId('edits').getByText('Extra help, health: Healthy Start').waitFor();
  }, 60_000);

  it('adds a hand-worked case from the household form, and runs every case with the draft', async () => {
    page.setDefaultTimeout(15_000);
    await page.getByTestId('add-case').locator('summary').click();
    const form = page.getByTestId('case-edit-form');
    await form.waitFor();
    await form.getByLabel('Benefit', { exact: true }).selectOption('child-benefit');
    await form.getByLabel('Name of the case').fill('One child after the mid-year uprating');
    await fillDate(form, 'Date it is worked out at', EFFECTIVE);
    // The household in the form made from the calculation API's schema: a lone parent of 30 with one child.
    await page.locator('#case-edit-case-household_country').selectOption('ENGLAND');
    await page.locator('#case-edit-case-household_adults_0_age').fill('30');
    await page.locator('#case-edit-case-household_children__add').click();
    await page.locator('#case-edit-case-household_children_0_dateOfBirth').fill('2019-05-01');
    await page.locator('#case-edit-case-household_housing_tenure').selectOption('SOCIAL_RENT');
    await form.getByLabel('Benefit code').fill('CHILD_BENEFIT');
    await form.getByLabel('Eligible').selectOption('yes');
    await form.getByLabel('Weekly amount in pounds').fill('28.10');
    await form.getByLabel('Workings').fill('27.05 x 1.038 = 28.0779, rounded to the nearest 5p: 28.10 a week for the eldest child.');
    await screenshot(page, 'policy-case-form');
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);
    await form.getByRole('button', { name: 'Add the case' }).click();
    await page.getByTestId('edit-4').waitFor();

    await page.getByRole('button', { name: 'Run the checks' }).click();
    const run = page.getByTestId('cases-run');
    await run.waitFor({ timeout: 60_000 });
    await page.getByTestId('sample-run').waitFor();
    expect(await page.getByTestId('cases-new-failures').textContent()).toBe(
      'No case that passes with the published rules fails with this change set.',
    );
    expect(await page.getByTestId('sample-run').textContent()).toMatch(/None of the [\d,]+ generated households failed\./);
    // The new case passes with the draft (28.10 a week from the date), shown with the change set's own cases.
    const own = run.locator('table', { hasText: 'This change set’s own cases, which passed' });
    expect(await own.locator('tbody tr', { hasText: 'One child after the mid-year uprating' }).textContent()).toContain('Passed');
    expect(await run.textContent()).toMatch(/\d+ of \d+ cases passed/);
    await screenshot(page, 'policy-cases-run');
  }, 90_000);

  it('runs the impact over 10,000 generated households and the calculations kept', async () => {
    await fillDate(page, 'Date to work the impact out at', EFFECTIVE);
    await page.getByRole('button', { name: 'Run the impact' }).click();
    const impact = page.getByTestId('impact');
    await impact.waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="impact"] svg.apexcharts-svg').first().waitFor();
    expect(await page.getByTestId('impact-sample').textContent()).toContain('10,000');
    // One calculation is kept: too few to show any figure of.
    await page.getByTestId('impact-stored-suppressed').waitFor();
    await screenshot(page, 'policy-impact');
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);
    // Its author cannot approve it: the workbench does not offer to, and says why.
    expect(await page.getByTestId('approve').count()).toBe(0);
    expect(await page.getByTestId('cannot-approve').textContent()).toBe(
      'You started this change set, so another member of the policy team must approve it.',
    );
    await page.getByTestId('approval-needs').scrollIntoViewIfNeeded();
    await screenshot(page, 'policy-cannot-approve');
  }, 90_000);

  it('is approved by a second member and published for a date ahead', async () => {
    const reviewer = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    try {
      await signIn(reviewer, server.url, POLICY_TWO);
      const review = await reviewer.newPage();
      await review.goto(changeSetUrl);
      // What approval needs is met: the checks were run on this version.
      await review.getByTestId('approval-needs').waitFor();
      expect(await review.getByTestId('approval-needs').locator('li.policy-checks__unmet').count()).toBe(0);
      await review.getByTestId('approve').click();
      await review.getByTestId('publish').waitFor();
      await fillDate(review, 'Effective from', EFFECTIVE);
      await review.getByTestId('publish').click();
      await review.getByTestId('change-set-status').filter({ hasText: 'Published' }).waitFor();
      await screenshot(review, 'policy-published');
      await expectNoAccessibilityViolations(review);
      await expectPlainEnglish(review);
      await review.goto(`${server.url}/policy/`);
      expect(await review.getByTestId('policy-status').textContent()).toContain('takes effect on');
    } finally {
      await reviewer.close();
    }
  }, 90_000);

  it("changes an adviser's caseload at that date, and not before it", async () => {
    const adviser = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    try {
      await signIn(adviser, server.url);
      const caseload = await adviser.newPage();
      for (const [date, change] of [
        [ukToday(), '£0.00'],
        [EFFECTIVE, '+£1.05'],
      ]) {
        await caseload.goto(`${server.url}/adviser/caseload`);
        await fillDate(caseload, 'Date to work out the calculations at', date);
        await caseload.getByRole('button', { name: 'Start caseload run' }).click();
        await caseload.waitForURL(/\/adviser\/caseload\?run=/);
        await caseload.locator('table.caseload-table').waitFor({ timeout: 60_000 });
        const headers = await caseload.locator('table.caseload-table thead th').allTextContents();
        const childBenefit = headers.findIndex((text) => text.startsWith('Child Benefit'));
        const amara = caseload.locator('table.caseload-table tbody tr', { hasText: 'Amara Okafor' });
        expect({ date, change: (await amara.locator('th, td').nth(childBenefit).textContent())?.trim() }).toEqual({ date, change });
      }
      await screenshot(caseload, 'policy-caseload-after');
    } finally {
      await adviser.close();
    }
  }, 90_000);

  it('withdraws it only when a second member confirms what the first asked for, with a reason', async () => {
    page.setDefaultTimeout(15_000);
    await page.goto(changeSetUrl);
    const ask = page.getByTestId('ask-form');
    await ask.getByRole('button', { name: 'Ask for it to be withdrawn' }).click();
    // The reason is required: the error summary links to the field. The summary takes the focus as it appears (an
    // effect after it is drawn), so the link is followed once it has: on a busy machine it could come after the click.
    await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary') === true);
    await page.getByRole('link', { name: /Say why/ }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('request-reason');
    await ask.getByLabel('Why').fill('The government has postponed the in-year uprating.');
    await ask.getByRole('button', { name: 'Ask for it to be withdrawn' }).click();
    const pending = page.getByTestId('pending-request');
    await pending.waitFor();
    expect(await pending.textContent()).toContain('You asked for this, so another member of the policy staff must confirm it.');
    expect(await page.getByTestId('change-set-status').textContent()).toBe('Published');
    await screenshot(page, 'policy-withdrawal-asked');
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);

    const reviewer = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    try {
      await signIn(reviewer, server.url, POLICY_TWO);
      const review = await reviewer.newPage();
      await review.goto(changeSetUrl);
      expect(await review.getByTestId('pending-request').textContent()).toContain('The government has postponed the in-year uprating.');
      await review.getByRole('button', { name: 'Confirm the withdrawal' }).click();
      await review.getByTestId('change-set-status').filter({ hasText: 'Withdrawn before its date' }).waitFor();
    } finally {
      await reviewer.close();
    }
  }, 90_000);

  it('shows a published change set that fails at the top of the workbench, and stops it in an emergency from today', async () => {
    page.setDefaultTimeout(15_000);
    // Published past every check (straight into the database): 'in' with a number, which fails for everyone.
    const [{ id }] = await database.query<{ id: number }>(
      `INSERT INTO policy_change_sets (title, reason, status, edits, author_name, effective_from, published_seq)
       VALUES ('Child Benefit rule (broken)', 'Written past the checks.', 'published', $1::jsonb, 'Someone', $2,
               (SELECT coalesce(max(published_seq), 0) + 1 FROM policy_change_sets)) RETURNING id`,
      [
        JSON.stringify([
          {
            kind: 'rule',
            ruleset: 'child-benefit',
            rule: 'has-a-child',
            conditions: { all: [{ fact: 'qualifyingChildCount', operator: 'in', value: 3 }] },
          },
        ]),
        ukToday(),
      ],
    );
    // Results are worked out (without it) once the server has read it (every 10 s) and a calculation has failed with it.
    let health: { status?: string } = {};
    for (let deadline = Date.now() + 30_000; health.status !== 'degraded' && Date.now() < deadline;) {
      const answer = await fetch(`${server.url}/api/v1/calculations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          date: ukToday(),
          household: {
            country: 'ENGLAND',
            adults: [{ age: 30 }],
            children: [{ dateOfBirth: '2019-05-01' }],
            housing: { tenure: 'SOCIAL_RENT' },
          },
        }),
      });
      expect(answer.status).toBe(200);
      health = (await (await fetch(`${server.url}/api/health`)).json()) as { status?: string };
      if (health.status !== 'degraded') await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(health.status).toBe('degraded');

    await page.goto(`${server.url}/policy/`);
    const failing = page.getByTestId('policy-failing');
    await failing.waitFor();
    expect(await failing.textContent()).toContain('Child Benefit rule (broken)');
    await screenshot(page, 'policy-home-failing');
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);

    await failing.getByRole('link', { name: 'Child Benefit rule (broken)' }).click();
    await page.waitForURL(new RegExp(`/policy/change-sets/${id}$`));
    await page.getByTestId('change-set-failing').waitFor();
    const stop = page.getByTestId('stop-form');
    await stop.getByLabel('Why it must stop now').fill('Every Child Benefit result fails with it.');
    await stop.getByRole('button', { name: 'Stop it now' }).click();
    const stopped = page.getByTestId('change-set-stopped');
    await stopped.waitFor();
    expect(await stopped.textContent()).toContain('Every Child Benefit result fails with it.');
    expect(await page.getByTestId('change-set-status').textContent()).toBe('Reverted');
    await screenshot(page, 'policy-stopped');
    await expectNoAccessibilityViolations(page);
    await expectPlainEnglish(page);
    await page.goto(`${server.url}/policy/`);
    await page.getByTestId('policy-stopped').waitFor();
    expect(await page.getByTestId('policy-failing').count()).toBe(0);
    expect(((await (await fetch(`${server.url}/api/health`)).json()) as { status: string }).status).toBe('ok');
  }, 90_000);
});
