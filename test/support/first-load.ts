import { gzipSync } from 'node:zlib';
import type { BrowserContext, Response } from 'playwright-core';

/**
 * The JavaScript a page makes the browser fetch before a person can use it: every script
 * response from opening the address until the page's h1 (or the heading asked for) shows, with each one's size
 * as sent and gzipped (level 9, as a server or CDN would send it). What loads later, such as a chart the person
 * has not asked for yet, is not first-load JavaScript, but it is still listed in `later` so a test can see it.
 */
export interface ScriptSize {
  /** The path, e.g. /static/index-DP1mQxnT.js. */
  path: string;
  bytes: number;
  gzipBytes: number;
  /** The script contains apexcharts, the compare page's chart library. */
  hasApexCharts: boolean;
}

export interface FirstLoad {
  url: string;
  scripts: ScriptSize[];
  bytes: number;
  gzipBytes: number;
  /** Scripts fetched after the heading showed, until `settleMs` later. */
  later: ScriptSize[];
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '');

async function sizeOf(response: Response): Promise<ScriptSize> {
  const body = await response.body();
  return {
    path: new URL(response.url()).pathname,
    bytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
    // The library's own source names itself many times over; a chunk that merely imports it names a file.
    hasApexCharts: /apexcharts/i.test(body.toString('utf8')),
  };
}

/**
 * Opens `url` in a new page of `context` (its cache empty: a fresh context has none) and measures the scripts
 * fetched until `heading` is the h1's text (any h1 when not given), then for `settleMs` more.
 */
export async function measureFirstLoad(context: BrowserContext, url: string, heading?: string, settleMs = 1_000): Promise<FirstLoad> {
  const page = await context.newPage();
  const before: Promise<ScriptSize>[] = [];
  const after: Promise<ScriptSize>[] = [];
  let shown = false;
  page.on('response', (response) => {
    if (isScript(response)) (shown ? after : before).push(sizeOf(response));
  });
  try {
    await page.goto(url);
    // A locator, not waitForFunction: the app's Content-Security-Policy forbids the eval that a string predicate needs.
    const h1 = heading === undefined ? page.locator('h1').first() : page.getByRole('heading', { level: 1, name: heading, exact: true });
    await h1.waitFor({ timeout: 20_000 });
    shown = true;
    await page.waitForTimeout(settleMs);
    const scripts = await Promise.all(before);
    return {
      url,
      scripts,
      bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      later: await Promise.all(after),
    };
  } finally {
    await page.close();
  }
}
