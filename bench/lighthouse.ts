// npm run bench:lighthouse: Lighthouse's mobile run (its default: a mid-range phone on slow 4G, 150 ms round trips
// and 1.6 Mbit/s, with the CPU slowed 4x; simulated throttling) of the landing, survey, results and adviser pages of
// the built server, each with an empty cache. Reports per page the performance score, largest contentful paint (and
// what that element is), cumulative layout shift, total bytes and unused JavaScript; targets: performance at least 90,
// LCP under 2.5 s and CLS under 0.1 on every page. Each page runs LIGHTHOUSE_RUNS times (3 by default) and the median
// run by score is kept. Lighthouse drives the same Chromium as the browser tests (/usr/bin/chromium, or CHROMIUM_PATH)
// through chrome-launcher. Writes bench/results/lighthouse.json and each page's final screenshot to
// test-results/lighthouse/, to be looked at, with each page's full
// Lighthouse report (JSON).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { REPO_ROOT, startApiProcess } from '../test/support/api-process.js';
import { fullChromiumPath, launchChromium } from '../test/support/chromium.js';
import { answerQuestionnaire, seedDemo, signIn } from '../test/support/demo-adviser.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../test/support/households.js';
import { createTestDatabase } from '../test/support/test-database.js';
import { describeMachine } from './machine.js';
import { ensureBuilt, positiveNumberFromEnvironment, stopApi } from './server.js';

export const LIGHTHOUSE_TARGETS = { performance: 90, lcpMs: 2_500, cls: 0.1 };
const RUNS = positiveNumberFromEnvironment('LIGHTHOUSE_RUNS', 3);
const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/lighthouse.json');
const SCREENSHOTS = resolve(REPO_ROOT, 'test-results/lighthouse');
const KIB = 1024;

interface PageRun {
  performance: number;
  lcpMs: number;
  /** The element of the largest contentful paint, seen by the browser on a load of its own without throttling
   * (Lighthouse 13 no longer names it): its tag, id or class, and the start of its text. */
  lcpElement: string;
  cls: number;
  /** The elements that moved, largest shift first. */
  layoutShifts: { element: string; score: number }[];
  fcpMs: number;
  tbtMs: number;
  totalBytes: number;
  unusedJavaScriptBytes: number;
  /** The scripts with most unused bytes. */
  unusedJavaScript: { url: string; unusedBytes: number }[];
}

type Audits = Record<string, { numericValue?: number; details?: Record<string, unknown> }>;

/** The text Lighthouse gives for a node: its selector and a snippet of its HTML. */
function nodeLabel(node: unknown): string {
  const item = node as { selector?: string; snippet?: string } | undefined;
  return [item?.selector, item?.snippet].filter(Boolean).join(' ') || 'unknown';
}

function readRun(audits: Audits, score: number | null, lcpElement: string): PageRun {
  const shifts = (audits['layout-shifts']?.details?.items as { node?: unknown; score: number }[] | undefined) ?? [];
  const unused = (audits['unused-javascript']?.details?.items as { url: string; wastedBytes: number }[] | undefined) ?? [];
  return {
    performance: Math.round((score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue ?? NaN),
    lcpElement,
    cls: Math.round((audits['cumulative-layout-shift'].numericValue ?? NaN) * 1000) / 1000,
    layoutShifts: shifts.slice(0, 5).map((shift) => ({ element: nodeLabel(shift.node), score: Math.round(shift.score * 1000) / 1000 })),
    fcpMs: Math.round(audits['first-contentful-paint'].numericValue ?? NaN),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue ?? NaN),
    totalBytes: Math.round(audits['total-byte-weight'].numericValue ?? NaN),
    unusedJavaScriptBytes: unused.reduce((sum, item) => sum + item.wastedBytes, 0),
    unusedJavaScript: unused.slice(0, 5).map((item) => ({ url: new URL(item.url).pathname, unusedBytes: item.wastedBytes })),
  };
}

interface PaintedElement {
  tagName: string;
  id: string;
  classList: ArrayLike<string> & Iterable<string>;
  textContent: string | null;
}

/** The largest contentful paint's element, from the browser's own PerformanceObserver on a plain load of the page. */
async function largestPaintElement(context: BrowserContext, url: string): Promise<string> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    return await page.evaluate(
      () =>
        new Promise<string>((resolveElement) => {
          new PerformanceObserver((list) => {
            // (No DOM types in the benches' tsconfig: the entry's element is described by the little read from it.)
            const entry = list.getEntries().at(-1) as unknown as { element?: PaintedElement | null } | undefined;
            const element = entry?.element;
            if (!element) return resolveElement('none');
            const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.classList.length ? `.${[...element.classList].join('.')}` : ''}`;
            resolveElement(`${name} "${(element.textContent ?? '').trim().slice(0, 60)}"`);
          }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
        }),
    );
  } finally {
    await page.close();
  }
}

/** Lighthouse's screenshots are JPEG data URLs; saved as PNG (drawn by Chromium) so any viewer opens them. */
async function savePng(context: BrowserContext, dataUrl: string, path: string): Promise<void> {
  const page = await context.newPage();
  await page.setContent(`<img src="${dataUrl}" style="display:block">`);
  await page.locator('img').screenshot({ path });
  await page.close();
}

const meets = (run: PageRun) =>
  run.performance >= LIGHTHOUSE_TARGETS.performance && run.lcpMs < LIGHTHOUSE_TARGETS.lcpMs && run.cls < LIGHTHOUSE_TARGETS.cls;

ensureBuilt();
const executablePath = fullChromiumPath();
if (!executablePath) throw new Error('Chromium is not installed (apt-get install -y chromium), or set CHROMIUM_PATH.');
const database = await createTestDatabase();
const api = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url });
const chrome = await launch({
  chromePath: executablePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--disable-sync'],
});
const pages: Record<string, PageRun & { url: string; runs: number[] }> = {};
try {
  const [{ version }] = await database.query<{ version: string }>('SHOW server_version');

  // The visitor whose results are shown and the signed-in demo adviser, set up in a separate browser.
  const browserId = `browser_${Date.now()}_lighthouse`;
  const setup = await launchChromium();
  const owner = await setup.newContext();
  const session = await answerQuestionnaire(owner, api.url, browserId, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
  await seedDemo(database);
  const adviser = await setup.newContext();
  await signIn(adviser, api.url);
  const cookies = await adviser.cookies();
  await setup.close();

  // Lighthouse's own storage reset would clear the visitor's browser id; so it is off, and each run instead starts
  // with the browser's cache cleared here, as a first visit would. The adviser's cookies make the adviser page.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  const tab = await context.newPage();
  await tab.goto(`${api.url}/accuracy`);
  await tab.evaluate((id) => localStorage.setItem('browserId', id), browserId);
  const cdp = await context.newCDPSession(tab);

  mkdirSync(SCREENSHOTS, { recursive: true });
  const addresses = { landing: '/', survey: '/survey', results: `/result/${session}`, adviser: '/adviser/' };
  for (const [name, path] of Object.entries(addresses)) {
    // Signed in only for the adviser page: the landing page sends a signed-in adviser on to the adviser area.
    if (name === 'adviser') await context.addCookies(cookies);
    const runs: PageRun[] = [];
    const lcpElement = await largestPaintElement(context, `${api.url}${path}`);
    for (let run = 0; run < RUNS; run++) {
      await cdp.send('Network.clearBrowserCache');
      const result = await lighthouse(
        `${api.url}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
        undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${path}.`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${path}: ${lhr.runtimeError.message}`);
      runs.push(readRun(lhr.audits as unknown as Audits, lhr.categories.performance.score, lcpElement));
      const finalShot = (lhr.audits['final-screenshot']?.details as { data?: string } | undefined)?.data;
      if (run === 0) {
        // The whole report too, for the profile behind a figure (open it in Lighthouse's viewer).
        writeFileSync(join(SCREENSHOTS, `${name}.json`), JSON.stringify(lhr));
        if (finalShot) await savePng(context, finalShot, join(SCREENSHOTS, `${name}.png`));
      }
    }
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
    pages[name] = { url: path.replace(session, ':session'), ...median, runs: runs.map((run) => run.performance) };
  }
  await browser.close();

  const report = {
    benchmark: 'Lighthouse mobile (slow 4G, 4x CPU slowdown, simulated), built server, empty cache; the median run by score',
    date: new Date().toISOString(),
    machine: describeMachine(version),
    settings: {
      lighthouse: (JSON.parse(readFileSync(resolve(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string })
        .version,
      runsPerPage: RUNS,
      chromium: executablePath,
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    },
    results: pages,
    target: { ...LIGHTHOUSE_TARGETS, met: Object.values(pages).every(meets) },
  };
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nLighthouse mobile - ${report.date}\nMachine       ${report.machine.cpuModel}, ${report.machine.cores} cores; ${RUNS} runs a page, median`,
  );
  for (const [name, page] of Object.entries(pages)) {
    console.log(
      `${name.padEnd(13)} performance ${String(page.performance).padStart(3)} (runs ${page.runs.join(', ')}), LCP ${(page.lcpMs / 1000).toFixed(1)} s, ` +
        `CLS ${page.cls.toFixed(3)}, ${Math.round(page.totalBytes / KIB)} KiB, unused JS ${Math.round(page.unusedJavaScriptBytes / KIB)} KiB; ` +
        `LCP element ${page.lcpElement.slice(0, 80)}`,
    );
  }
  console.log(
    `Target        performance at least ${LIGHTHOUSE_TARGETS.performance}, LCP under ${LIGHTHOUSE_TARGETS.lcpMs / 1000} s, CLS under ${LIGHTHOUSE_TARGETS.cls} on every page: ${report.target.met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `bench: written to ${RESULTS_FILE.replace(`${REPO_ROOT}/`, '')}; screenshots in ${SCREENSHOTS.replace(`${REPO_ROOT}/`, '')}/`,
  );
} finally {
  chrome.kill();
  await stopApi(api);
  await database.drop();
}
