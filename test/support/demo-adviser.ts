import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/accounts/model.js';
import { REPO_ROOT } from './api-process.js';
import type { TestDatabase } from './test-database.js';

/**
 * The demo organisation of `npm run accounts:seed-demo` (scripts/seed-demo.ts) and calculations (a visitor's or an
 * adviser's) made over HTTP in a browser context, for tests and benches that need the adviser pages to show something but do not
 * test how an adviser makes it (test/browser/adviser.browser.spec.ts does that through the screens).
 */
export const DEMO_ADVISER = { email: 'adviser.one@demo-advice.example', password: 'demo-adviser-2026' };
export const DEMO_ADMIN_EMAIL = 'admin@demo-advice.example';

/**
 * Runs the demo seed on a database the server has migrated; returns Amara Okafor's client id (Alex Adviser's client).
 * The suites make their own calculations, so by default the seed's demo calculations are left out.
 */
export async function seedDemo(database: TestDatabase, { withCalculations = false } = {}): Promise<string> {
  const script = [
    '--import',
    './scripts/register-typescript.mjs',
    'scripts/seed-demo.ts',
    ...(withCalculations ? [] : ['--accounts-only']),
  ];
  await promisify(execFile)(process.execPath, script, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: database.url, NODE_ENV: 'development' },
  });
  const [client] = await database.query<{ id: string }>(`SELECT id FROM clients WHERE first_name = 'Amara' AND last_name = 'Okafor'`);
  return client.id;
}

/** The CSRF token a signed-in context must echo on every POST; none when not signed in. */
export async function csrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === CSRF_COOKIE);
  return cookie ? { [CSRF_HEADER]: cookie.value } : {};
}

async function postJson(context: BrowserContext, url: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await context.request.post(url, { data, headers: await csrfHeaders(context) });
  if (response.status() !== 200) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Signs the context in (its cookies then carry the account session). */
export async function signIn(
  context: BrowserContext,
  serverUrl: string,
  account: { email: string; password: string } = DEMO_ADVISER,
): Promise<void> {
  const response = await context.request.post(`${serverUrl}/api/account/sign-in`, { data: account });
  if (response.status() !== 200) throw new Error(`Signing in as ${account.email} answered ${response.status()}: ${await response.text()}`);
}

/**
 * Starts a calculation for the client as the signed-in adviser and answers it page by page through the survey
 * API (answers as test/support/households.ts gives them), finishing on the last page. Returns its session.
 */
export async function adviserCalculation(
  context: BrowserContext,
  serverUrl: string,
  clientGuid: string,
  caseReference: string,
  pages: [string, Record<string, unknown>][],
): Promise<string> {
  const browserId = `browser_${Date.now()}_adviser1`;
  const { session } = (await postJson(context, `${serverUrl}/api/intermediary/start`, { browserId, clientGuid, caseReference })) as {
    session: string;
  };
  return answerQuestionnaire(context, serverUrl, browserId, pages, session);
}

/**
 * Answers a questionnaire through the survey API as one browser (`browserId`), from page 1 of `session` or of a
 * new calculation, checking the server moves to each page expected; the last page finishes it unless `finish` is
 * false (then the calculation waits on the page after). Returns the session.
 * (test/support/questionnaire-api.ts does the same with supertest inside Jest; this runs in a bench too.)
 */
export async function answerQuestionnaire(
  context: BrowserContext,
  serverUrl: string,
  browserId: string,
  pages: [string, Record<string, unknown>][],
  session: string | null = null,
  finish = true,
): Promise<string> {
  const first = await context.request.get(`${serverUrl}/api/data/survey${session ? `/1/${session}` : ''}`);
  let current = (await first.json()) as { pageNumber: number; session: string | null; page: { name: string } };
  for (const [index, [name, answers]] of pages.entries()) {
    if (current.page.name !== name) throw new Error(`Expected the page ${name}, but the server gave ${current.page.name}.`);
    const action = finish && index === pages.length - 1 ? 4 : 2;
    current = (await postJson(context, `${serverUrl}/api/data/survey/`, {
      browserId,
      session,
      page: current.pageNumber,
      action,
      ...answers,
    })) as typeof current;
    session = current.session;
  }
  if (!session) throw new Error('The server gave no session.');
  return session;
}
