import type { Frame, Locator, Page } from 'playwright-core';

/** A page, or the calculator inside a partner's iframe (test/browser/embed.browser.spec.ts). */
type Surface = Page | Frame;

/**
 * Drives the survey screen in Chromium as a person would: typing and clicking, never setting values behind the
 * page's back. Each question is found by its name (`data-question`) and filled according to its type
 * (`data-question-type`), so a walkthrough reads as a list of answers.
 */

export type MoneyValue = { amount: string; period: 'Weekly' | 'Monthly' | 'Yearly' };
export type PostcodeValue = string | { roughSleeping: 'England' | 'Northern Ireland' | 'Scotland' | 'Wales' };

/**
 * What a question takes: Radio and Select an option value; Text and Date the text typed (dates as dd/mm/yyyy);
 * Check the option values to tick; Postcode the postcode, or rough sleeping in a country; Money an amount and how
 * often; Council a band ('Band C').
 */
export type QuestionValue = string | string[] | MoneyValue | PostcodeValue;

export function question(page: Surface, name: string): Locator {
  return page.locator(`[data-question="${name}"]`);
}

async function typeInto(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(text);
}

/**
 * Ticks a radio or a checkbox with a click, as a person does, and waits up to 5 seconds for the page to show it ticked.
 * Playwright's check() reads the box at once after its click, and once, in a full run on a busy machine, found a radio
 * on a phone-sized page not yet ticked just after a date was typed: the answer reaches the box through rjsf's state and
 * the page's, so the wait is for the page's render, and a click the page truly ignores still fails here, named.
 */
export async function tick(input: Locator): Promise<void> {
  if (await input.isChecked()) return;
  await input.click();
  for (let waited = 0; !(await input.isChecked()); waited += 50) {
    if (waited >= 5000)
      throw new Error(`Clicking the ${(await input.getAttribute('value')) ?? 'box'} option did not tick it within 5 seconds.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function fillQuestion(page: Surface, name: string, value: QuestionValue): Promise<void> {
  const container = question(page, name);
  await container.waitFor();
  const type = await container.getAttribute('data-question-type');
  switch (type) {
    case 'Radio':
      await tick(container.locator(`input[type="radio"][value="${String(value)}"]`));
      return;
    case 'Select':
      await container.locator('select').selectOption(String(value));
      return;
    case 'Text':
    case 'Date':
      await typeInto(container.locator(`#q-${name}`), String(value));
      return;
    case 'Check': {
      const wanted = new Set(value as string[]);
      const boxes = container.locator('input[type="checkbox"]');
      for (let index = 0; index < (await boxes.count()); index += 1) {
        const box = boxes.nth(index);
        if (wanted.has((await box.getAttribute('value')) ?? '')) await tick(box);
      }
      return;
    }
    case 'Postcode': {
      const postcode = value as PostcodeValue;
      if (typeof postcode === 'string') {
        await typeInto(container.locator(`#q-${name}`), postcode);
      } else {
        await tick(container.getByLabel('I am homeless and sleeping rough'));
        await tick(container.getByRole('radio', { name: postcode.roughSleeping, exact: true }));
      }
      return;
    }
    case 'Money': {
      const money = value as MoneyValue;
      await typeInto(container.getByLabel('Amount in pounds'), money.amount);
      await tick(container.getByRole('radio', { name: money.period, exact: true }));
      return;
    }
    case 'Council': {
      const change = container.getByRole('button', { name: 'Change Band' });
      if (await change.count()) await change.click();
      await container.locator('select').selectOption(String(value));
      return;
    }
    case 'Label':
      return;
    default:
      throw new Error(`No question named ${name} with a known type on this page (found type ${String(type)}).`);
  }
}

/** Fills several questions in page order. */
export async function fillQuestions(page: Surface, answers: Record<string, QuestionValue>): Promise<void> {
  for (const [name, value] of Object.entries(answers)) await fillQuestion(page, name, value);
}

/** The page's h1. */
export async function pageTitle(page: Surface): Promise<string> {
  return ((await page.locator('h1').textContent()) ?? '').trim();
}

/**
 * Presses Next and waits for what follows: another page (its title differs), the results, or the error summary.
 * The buttons rest for 3 seconds after each press; the click waits for Next to be enabled again.
 */
export async function pressNext(page: Surface): Promise<'moved' | 'errors'> {
  const before = await pageTitle(page);
  const url = page.url();
  const next = page.getByRole('button', { name: 'Next', exact: true });
  // click() waits until the button is enabled again.
  await next.click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following problem(s)' });
  await Promise.race([
    summary.waitFor(),
    page.waitForFunction(
      ({ before, url }) => {
        const { document, location } = globalThis as unknown as PageGlobals;
        return document.querySelector('h1')?.textContent?.trim() !== before || location.href !== url;
      },
      { before, url },
    ),
  ]);
  return (await summary.count()) > 0 && (await pageTitle(page)) === before ? 'errors' : 'moved';
}

/** Presses Back and waits for the page before to be shown (its title differs). */
export async function pressBack(page: Page): Promise<void> {
  const before = await pageTitle(page);
  // click() waits until the button is enabled again.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.waitForFunction(
    (before) => (globalThis as unknown as PageGlobals).document.querySelector('h1')?.textContent?.trim() !== before,
    before,
  );
}

/**
 * The page's globals the predicates below read, typed here because this file has no DOM types. The predicates are
 * functions, not strings: a string predicate needs eval, which the app's Content-Security-Policy refuses.
 */
type PageGlobals = { document: { querySelector(selector: string): { textContent: string | null } | null }; location: { href: string } };

/** Waits until the first element matching `selector` reads `text` (trimmed). */
export async function waitForTextOf(page: Surface, selector: string, text: string, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    ({ selector, text }) => (globalThis as unknown as PageGlobals).document.querySelector(selector)?.textContent?.trim() === text,
    { selector, text },
    { timeout: timeoutMs },
  );
}

/**
 * Closes the pop-up that choosing some options opens ('Important information about your answer') with its Close
 * button, and returns the message it showed.
 */
export async function closePopUp(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Important information about your answer' });
  await dialog.waitFor();
  const message = ((await dialog.locator('.modal__body').textContent()) ?? '').trim();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  return message;
}

/** The messages in the error summary, in order. */
export async function errorSummary(page: Surface): Promise<string[]> {
  return page.locator('.error-summary li').allTextContents();
}

/**
 * Opens the questionnaire at `surveyUrl` and answers every page as a person would, pressing Next after each and
 * expecting to move on; `beforeQuestion` runs before a question is answered (to look at it, or to press Next
 * without it first), `beforeNext` once a page's answers are given. Ends on the results and returns the calculation's
 * session from the address.
 */
export async function walkToResults(
  page: Page,
  surveyUrl: string,
  pages: readonly [string, Record<string, QuestionValue>][],
  beforeQuestion?: (page: Page, questionName: string) => Promise<void>,
  beforeNext?: (page: Page, pageName: string) => Promise<void>,
): Promise<string> {
  await page.goto(surveyUrl);
  for (const [index, [name, answers]] of pages.entries()) {
    for (const [questionName, value] of Object.entries(answers)) {
      if (beforeQuestion) await beforeQuestion(page, questionName);
      await fillQuestion(page, questionName, value);
    }
    if (beforeNext) await beforeNext(page, name);
    if (index < pages.length - 1) {
      const outcome = await pressNext(page);
      if (outcome !== 'moved') throw new Error(`Page '${name}' did not move on: ${(await errorSummary(page)).join(' | ')}`);
    }
  }
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForURL(/\/result\//);
  await waitForTextOf(page, '#result-section-title', 'Your results', 15_000);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/**
 * On a finished calculation's 'See what you told us': opens the category, follows the edit link of the first question
 * matching `question`, changes it (`change`) and presses 'Save and see results', which goes straight back to the results.
 */
export async function changeOneAnswer(on: Page, category: string, question: RegExp, change: () => Promise<void>): Promise<void> {
  await on.getByRole('heading', { name: 'See what you told us' }).first().waitFor();
  await on.locator('summary', { hasText: category }).click();
  await on
    .getByRole('link', { name: new RegExp(`^Edit answer\\s*: .*${question.source}`, question.flags) })
    .first()
    .click();
  await on.waitForURL(/\/survey\/\d+\//);
  await change();
  await on.getByRole('button', { name: 'Save and see results' }).click();
}
