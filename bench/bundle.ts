// npm run bench:bundle: the JavaScript each main page makes the browser fetch before it can be used, as
// sent and gzipped, measured in Chromium against the built server (test/support/first-load.ts): the landing page,
// the questionnaire's first page, the results, the adviser home and the comparison. The target (issue 18) is under
// 150 KB gzipped for the landing and survey pages, and the chart library (apexcharts) fetched on the compare page only;
// test/api/web-budget.e2e.spec.ts keeps both in `npm test`. Writes bench/results/bundle.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { REPO_ROOT, startApiProcess } from '../test/support/api-process.js';
import { launchChromium } from '../test/support/chromium.js';
import { adviserCalculation, answerQuestionnaire, seedDemo, signIn } from '../test/support/demo-adviser.js';
import { measureFirstLoad, type FirstLoad } from '../test/support/first-load.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../test/support/households.js';
import { createTestDatabase } from '../test/support/test-database.js';
import { describeMachine } from './machine.js';
import { ensureBuilt, stopApi } from './server.js';

const TARGET_GZIP_BYTES = 150 * 1024;
const RESULTS_FILE = resolve(REPO_ROOT, 'bench/results/bundle.json');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

ensureBuilt();
const database = await createTestDatabase();
const api = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url });
const browser = await launchChromium();
const pages: Record<string, FirstLoad> = {};
try {
  const [{ version }] = await database.query<{ version: string }>('SHOW server_version');
  const browserId = `browser_${Date.now()}_bundle01`;
  const owner = await browser.newContext();
  const session = await answerQuestionnaire(owner, api.url, browserId, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
  await owner.close();
  const clientGuid = await seedDemo(database);

  // A fresh context for each page, so nothing comes from the cache: what a first visit fetches.
  const visitor = async (measure: (context: Awaited<ReturnType<typeof browser.newContext>>) => Promise<FirstLoad>) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(`localStorage.setItem('browserId', ${JSON.stringify(browserId)})`);
    try {
      return await measure(context);
    } finally {
      await context.close();
    }
  };
  pages.landing = await visitor((context) => measureFirstLoad(context, `${api.url}/`, 'Benefits Calculator'));
  pages.survey = await visitor((context) => measureFirstLoad(context, `${api.url}/survey`, 'Where you live'));
  pages.results = await visitor((context) => measureFirstLoad(context, `${api.url}/result/${session}`, 'Your results'));
  // The adviser pages: signed in as the demo adviser, with two calculations of one client to compare.
  const adviser = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(adviser, api.url);
  const first = await adviserCalculation(adviser, api.url, clientGuid, 'Bench first', SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
  const second = await adviserCalculation(adviser, api.url, clientGuid, 'Bench second', SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
  const state = await adviser.storageState();
  await adviser.close();
  const signedIn = async (path: string, heading: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: state });
    try {
      return await measureFirstLoad(context, `${api.url}${path}`, heading, 2_000);
    } finally {
      await context.close();
    }
  };
  pages.adviserHome = await signedIn('/adviser/', 'Adviser Area');
  pages.compare = await signedIn(
    `/adviser/compare/${first},${second}?clientId=${clientGuid}&session=${first}&session=${second}`,
    'Compare Calculations',
  );

  const report = {
    benchmark: 'First-load JavaScript per page, Chromium against the built server, empty cache',
    date: new Date().toISOString(),
    machine: describeMachine(version),
    settings: {
      measured: 'every script response from opening the page until its h1 shows; gzip level 9 of each body',
      viewport: '1280x900',
    },
    results: Object.fromEntries(
      Object.entries(pages).map(([name, load]) => [
        name,
        {
          firstLoadBytes: load.bytes,
          firstLoadGzipBytes: load.gzipBytes,
          scripts: load.scripts.map((script) => ({ path: script.path, bytes: script.bytes, gzipBytes: script.gzipBytes })),
          laterScripts: load.later.map((script) => ({ path: script.path, bytes: script.bytes, gzipBytes: script.gzipBytes })),
          apexchartsFetched: [...load.scripts, ...load.later].some((script) => script.hasApexCharts),
        },
      ]),
    ),
    target: {
      firstLoadGzipBytes: TARGET_GZIP_BYTES,
      met:
        pages.landing.gzipBytes < TARGET_GZIP_BYTES &&
        pages.survey.gzipBytes < TARGET_GZIP_BYTES &&
        ['landing', 'survey', 'results', 'adviserHome'].every(
          (name) => ![...pages[name].scripts, ...pages[name].later].some((script) => script.hasApexCharts),
        ),
    },
  };
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    [
      '',
      `First-load JavaScript - ${report.date}`,
      `Machine       ${report.machine.cpuModel}, ${report.machine.cores} cores; Chromium, empty cache`,
    ].join('\n'),
  );
  for (const [name, result] of Object.entries(report.results)) {
    console.log(
      `${name.padEnd(13)} ${kb(result.firstLoadGzipBytes).padStart(9)} gzipped (${kb(result.firstLoadBytes)} as sent) in ${result.scripts.length} scripts; apexcharts ${result.apexchartsFetched ? 'fetched' : 'not fetched'}`,
    );
  }
  console.log(
    `Target        landing and survey under ${kb(TARGET_GZIP_BYTES)} gzipped, apexcharts on the compare page only: ${report.target.met ? 'met' : 'NOT met'}`,
  );
  console.log(`bench: written to ${RESULTS_FILE.replace(`${REPO_ROOT}/`, '')}`);
} finally {
  await browser.close();
  await stopApi(api);
  await database.drop();
}
