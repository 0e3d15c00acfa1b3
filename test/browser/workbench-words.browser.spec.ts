import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT, type ApiProcess } from '../support/api-process.js';
import { describeViolations, findAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { chromiumPath, describeInChromium, screenshot } from '../support/chromium.js';
import { csrfHeaders, seedDemo, signIn } from '../support/demo-adviser.js';
import { plainEnglishProblems } from '../support/plain-english.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * Issue 30, point 4: every page of the policy workbench speaks plain English. The test reads every page a policy
 * officer can open (the home page, the tree of rates with its folders at each depth and a rate of each unit, every ruleset's page, and
 * a change set holding an edit of each kind with its forms open; the checks and impact are read in policy.browser.spec.ts) and fails on a parameter's
 * path outside its detail line, an amount in pence, a date written yyyy-mm-dd, a source file's name, a ruleset's
 * folder name or "repository" (test/support/plain-english.ts). axe checks one page of each kind.
 */

if (!chromiumPath()) {
  console.warn('Browser tests SKIPPED: no Chromium at /usr/bin/chromium. Install it with apt-get install -y chromium (.ci/run does).');
}

const POLICY_ONE = { email: 'policy.one@demo-advice.example', password: 'demo-adviser-2026' };
const SOURCE = {
  title: 'DWP, Benefit and pension rates 2026 to 2027 (gov.uk)',
  url: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2026-to-2027',
};

let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;
let officer: BrowserContext;
let page: Page;

beforeAll(async () => {
  if (!chromiumPath()) return;
  ({ database, server, browser } = await startBrowserSuite());
  await seedDemo(database);
  officer = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  await signIn(officer, server.url, POLICY_ONE);
  page = await officer.newPage();
}, 180_000);

afterAll(async () => {
  await officer?.close();
  await stopBrowserSuite({ database, server, browser });
});

async function api<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response =
    method === 'GET'
      ? await officer.request.get(`${server.url}${path}`)
      : await officer.request.post(`${server.url}${path}`, { data, headers: await csrfHeaders(officer), timeout: 120_000 });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** What axe finds on the page as it is, each with the page it is on. */
async function accessibilityProblems(): Promise<string[]> {
  const violations = await findAccessibilityViolations(page);
  return violations.length === 0 ? [] : [`${new URL(page.url()).pathname}: ${describeViolations(violations)}`];
}

/** Opens the page and returns what in its words is not plain English, each problem with the page it is on. */
async function problemsOn(path: string, waitFor = 'main h1'): Promise<string[]> {
  await page.goto(`${server.url}${path}`);
  await page.locator(waitFor).first().waitFor();
  await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
  return (await plainEnglishProblems(page)).map((problem) => `${path}: ${problem}`);
}

describeInChromium('the words of the policy workbench', () => {
  it('are plain English on the home page, the tree of rates, its folders at each depth, a rate of each unit, and every ruleset', async () => {
    const problems = await problemsOn('/policy/', '[data-testid="policy-status"]');
    problems.push(...(await accessibilityProblems()));

    // The whole tree is on the first page, each folder and rate by its name in words. A folder's page reads alike at
    // every depth: each body's own (gov/dwp...) and the deepest folder under each are read. A parameter's page adds
    // its history, sources and notes, which read alike for every parameter of a unit: one of each unit is read.
    const { parameters } = await api<{ parameters: { name: string; unit: string }[] }>('GET', '/api/policy/parameters');
    const bodies = new Map<string, string>();
    for (const { name } of parameters) {
      const folder = name.split('/').slice(0, -1).join('/');
      const body = folder.split('/').slice(0, 2).join('/');
      const deepest = bodies.get(body);
      if (!deepest || deepest.split('/').length < folder.split('/').length) bodies.set(body, folder);
    }
    problems.push(...(await problemsOn('/policy/parameters/')), ...(await accessibilityProblems()));
    for (const folder of new Set([...bodies.keys(), ...bodies.values()]))
      problems.push(...(await problemsOn(`/policy/parameters/${folder}`)));
    const oneOfEachUnit = new Map(parameters.map((parameter) => [parameter.unit, parameter.name]));
    for (const name of oneOfEachUnit.values()) problems.push(...(await problemsOn(`/policy/parameters/${name}`)));
    problems.push(...(await accessibilityProblems()));

    const { rulesets } = await api<{ rulesets: { folder: string }[] }>('GET', '/api/policy/rulesets');
    // Every ruleset's words; axe on two, as every ruleset's page is the same page.
    for (const [index, { folder }] of rulesets.entries()) {
      problems.push(...(await problemsOn(`/policy/rulesets/${folder}`)));
      if (index < 2) problems.push(...(await accessibilityProblems()));
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('are plain English on a change set with an edit of each kind, its forms open, and on one with problems', async () => {
    const started = async (title: string) =>
      (await api<{ id: number }>('POST', '/api/policy/change-sets', { title, reason: 'The rates announced for April 2027.' })).id;
    const id = await started('Next year’s rates');
    const energy = JSON.parse(readFileSync(join(REPO_ROOT, 'definitions/extra-help/categories/energy.json'), 'utf8')) as {
      items: Record<string, unknown>[];
    };
    const edits: unknown[] = [
      { kind: 'parameter-value', parameter: 'gov/hmrc/child_benefit/amount/eldest', from: '2027-04-12', value: 2810, source: SOURCE },
      { kind: 'parameter-value', parameter: 'gov/dwp/carers_allowance/rate', from: '2027-04-12', value: 8975, source: null },
      { kind: 'question', page: 'where-you-live', question: 'ClientPostcode', text: 'What is the postcode of your home?' },
      { kind: 'extra-help-item', category: 'energy', item: { ...energy.items[0], text: `${String(energy.items[0].text)} Ask early.` } },
      {
        kind: 'rule',
        ruleset: 'child-benefit',
        rule: 'has-a-child',
        conditions: { all: [{ fact: 'qualifyingChildCount', operator: 'greaterThanInclusive', value: 1 }] },
      },
      {
        kind: 'case',
        ruleset: 'child-benefit',
        case: {
          name: 'One child in December: the eldest rate only',
          date: '2026-12-01',
          household: {
            country: 'ENGLAND',
            adults: [{ dateOfBirth: '1990-05-01' }],
            children: [{ dateOfBirth: '2019-03-02' }],
            housing: { tenure: 'PRIVATE_RENT' },
          },
          expected: { CHILD_BENEFIT: { eligible: true, weekly: 27.05, monthly: 117.22 } },
          workings: '27.05 a week for the eldest child; 27.05 x 52 / 12 = 117.216 = 117.22 a month.',
        },
      },
    ];
    for (const edit of edits) await api('POST', `/api/policy/change-sets/${id}/edits`, { edit });
    // The checks and the impact as shown are read in the workbench's own test (policy.browser.spec.ts), which runs them.

    const path = `/policy/change-sets/${id}`;
    const problems = await problemsOn(path, '[data-testid="edits"]');
    await screenshot(page, 'workbench-words-change-set');
    // Every form open, as an officer adding to it sees them.
    for (const summary of await page.locator('details.policy-disclosure > summary').all()) await summary.click();
    problems.push(...(await plainEnglishProblems(page)).map((problem) => `${path} (forms open): ${problem}`));
    problems.push(...(await accessibilityProblems()));

    // A change set that moves the rates held on a year before the year's values are given: its problems name the rates.
    const early = await started('The rates held for next year');
    await api('POST', `/api/policy/change-sets/${early}/edits`, { edit: { kind: 'rates-held', until: '2028-04-02' } });
    problems.push(...(await problemsOn(`/policy/change-sets/${early}`)), ...(await accessibilityProblems()));
    await screenshot(page, 'workbench-words-problems');
    expect(problems).toEqual([]);
  }, 300_000);
});
