import { existsSync, mkdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { REPO_ROOT } from './api-process.js';

export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'screenshots');

/**
 * What the suites launch: Debian's headless shell of its Chromium (apt-get install -y chromium-headless-shell;
 * .ci/run installs it), the old headless mode that Playwright itself runs headless pages in, without the full
 * browser's window and UI machinery: the results and survey suites took 79 busy CPU-seconds on it instead of 148 on
 * the full browser's headless mode, with the same Blink and V8. CHROMIUM_PATH names another; without the shell, the
 * full Chromium.
 */
export function chromiumPath(): string | null {
  return (
    [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
      (path) => path && existsSync(path),
    ) ?? null
  );
}

/** Debian's full Chromium (apt-get install -y chromium), or the one CHROMIUM_PATH names: Lighthouse drives a whole browser. */
export function fullChromiumPath(): string | null {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path && existsSync(path)) ?? null;
}

// Without the background-networking switches Chromium keeps trying to reach Google's servers, which this
// closed network refuses. Without site isolation a page and its frames share one renderer process: the suites
// test pages, not Chromium's process model, and on CI's 2 cores the browser tier takes about 15% less CPU for it.
// Without V8's optimising compiler (--no-opt; the interpreter and the baseline compiler still run) the short-lived
// pages do not pay for optimising code they leave a moment later: the households walk took 205 CPU-seconds
// instead of 222 to 227, and the axe sweep, which runs axe-core's heavy JavaScript, 209 instead of 203.
const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,IsolateOrigins,Translate,OptimizationHints,MediaRouter',
  '--js-flags=--no-opt',
];

/** A /dev/shm this small (a container's default is 64 MB) makes Chromium crash: it then shares memory through /tmp. */
const SMALL_SHARED_MEMORY_BYTES = 512 * 1024 * 1024;

function sharedMemorySwitches(): string[] {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize < SMALL_SHARED_MEMORY_BYTES ? ['--disable-dev-shm-usage'] : [];
  } catch {
    return ['--disable-dev-shm-usage'];
  }
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed (apt-get install -y chromium-headless-shell).');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_SWITCHES, ...sharedMemorySwitches()] });
}

/** `describe`, or `describe.skip` when there is no Chromium, so the suite says it was skipped. */
// Outside Jest (a bench imports launchChromium) there is no `describe`, and this is never used.
export const describeInChromium =
  typeof describe === 'undefined' ? (undefined as unknown as typeof describe) : chromiumPath() ? describe : describe.skip;

/**
 * A full-page screenshot into SCREENSHOT_DIR, to be looked at; none with SCREENSHOTS=off, as in CI, where nobody
 * looks at them and the some 150 of them took about 100 of the CPU-seconds of the suite's 30 minutes.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS === 'off') return;
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Types an ISO date into a GOV.UK date field, the group its legend names, as a person would: 12, 4, 2027. */
export async function fillDate(within: Page | Locator, name: string, isoDate: string): Promise<void> {
  const group = within.getByRole('group', { name, exact: true });
  const [year, month, day] = isoDate.split('-');
  await group.getByLabel('Day', { exact: true }).fill(String(Number(day)));
  await group.getByLabel('Month', { exact: true }).fill(String(Number(month)));
  await group.getByLabel('Year', { exact: true }).fill(year);
}
