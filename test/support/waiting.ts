import { expect } from '@jest/globals';
import { setTimeout as wait } from 'node:timers/promises';
import type { Locator } from 'playwright-core';

/**
 * Jest's expect has no Playwright matchers that retry, so browser tests wait with these: `eventually` reads until
 * the value is the one expected (compared as JSON), then fails with the last value read if it never is.
 */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
    } catch {
      last = undefined;
    }
    if (JSON.stringify(last) === JSON.stringify(expected) || Date.now() > until) break;
    await wait(100);
  }
  expect(last).toEqual(expected);
}

/** The text of the first element found, with runs of white space as one space; '' when there is none yet. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.first().textContent({ timeout: 1_000 })) ?? '').replace(/\s+/g, ' ').trim();
}
