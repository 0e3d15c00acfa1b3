import type { Browser, Page } from 'playwright-core';
import { hashPassword } from '../../api/src/accounts/password.js';
import type { ApiProcess } from '../support/api-process.js';
import { expectNoAccessibilityViolations } from '../support/axe.js';
import { startBrowserSuite, stopBrowserSuite } from '../support/browser-suite.js';
import { describeInChromium, screenshot } from '../support/chromium.js';
import type { TestDatabase } from '../support/test-database.js';

const PASSWORD = 'a long enough password 1';
let database: TestDatabase;
let server: ApiProcess;
let browser: Browser;

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describeInChromium('accounts in Chromium', () => {
  beforeAll(async () => {
    ({ database, server, browser } = await startBrowserSuite());
    const [organisation] = await database.query<{ id: string }>(
      `INSERT INTO organisations (name) VALUES ('Riverside Advice') RETURNING id`,
    );
    const passwordHash = await hashPassword(PASSWORD);
    await database.query(
      `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, 'admin@riverside.example', $2, 'organisation-admin', 'Rita Admin'), ($1, 'adviser@riverside.example', $2, 'adviser', 'Adam Adviser')`,
      [organisation.id, passwordHash],
    );
  }, 120_000);

  afterAll(() => stopBrowserSuite({ database, server, browser }));

  it('signs in from the header’s login link, which then reads Your account, and comes back to the page, which sends an adviser on to /adviser/; then signs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(`${server.url}/account/?returnUrl=%2F`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectNoAccessibilityViolations(page);

    // A wrong password: the summary takes focus and links to the e-mail field.
    await signIn(page, 'adviser@riverside.example', 'not the password');
    await page.getByText('Please correct the following problem(s)').waitFor();
    expect(await page.locator('.error-summary li').allTextContents()).toEqual(['The e-mail address or password is not right.']);
    expect(await page.locator('*:focus').getAttribute('class')).toBe('error-summary');
    await expectNoAccessibilityViolations(page);
    await screenshot(page, 'account-sign-in-refused-1280');

    // Back on the landing page, which now knows an adviser (GET /api/intermediary/index/) and sends them on to /adviser/.
    await signIn(page, 'Adviser@Riverside.example');
    await page.waitForURL(`${server.url}/adviser/`);
    // The header's login link now says where it leads.
    await page.getByRole('banner').getByRole('link', { name: 'Your account' }).waitFor();
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'account_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate<string>('document.cookie')).toMatch(/csrf=/);
    expect(await page.evaluate<string>('document.cookie')).not.toMatch(/account_session/);

    await page.goto(`${server.url}/account/`);
    await page.getByText('You are signed in as').waitFor();
    expect(await page.locator('main').textContent()).toContain('Adam Adviser (Adviser) at Riverside Advice');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'account_session')).toBe(false);
    await page.close();
  });

  it('lets an organisation admin add a client and edit it, meeting WCAG 2.2 AA', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 720 } });
    await page.goto(`${server.url}/account/clients/new`);
    await signIn(page, 'admin@riverside.example');
    await page.waitForURL(`${server.url}/account/clients/new`);
    await page.getByRole('heading', { name: 'Add New Client' }).waitFor();
    await page.getByLabel('Adviser').locator('option', { hasText: 'Adam Adviser' }).waitFor({ state: 'attached' });

    await page.getByRole('button', { name: 'Add client' }).click();
    expect(await page.locator('.error-summary li').allTextContents()).toEqual([
      'Enter the client’s first name.',
      'Enter the client’s last name.',
      'Enter the date of birth as DD/MM/YYYY, like 14/03/1987.',
      'Choose an adviser from your organisation.',
    ]);
    await expectNoAccessibilityViolations(page);

    await page.getByLabel('First name').fill('Jane');
    await page.getByLabel('Last name').fill('Doe');
    await page.getByLabel('Date of birth').fill('14/03/1987');
    await page.getByLabel('Adviser').selectOption({ label: 'Adam Adviser' });
    await page.getByRole('button', { name: 'Add client' }).click();
    await page.getByText('The client has been added.').waitFor();
    expect(await page.locator('html').evaluate((root) => root.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'account-client-added-320');

    await page.getByRole('link', { name: 'Edit Jane Doe' }).click();
    await page.getByRole('heading', { name: 'Edit Client' }).waitFor();
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('14/03/1987');
    await page.getByLabel('First name').fill('Janet');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The client has been updated.').waitFor();
    await expectNoAccessibilityViolations(page);
    expect(await database.query(`SELECT first_name FROM clients`)).toEqual([{ first_name: 'Janet' }]);
    await page.close();
  });
});
