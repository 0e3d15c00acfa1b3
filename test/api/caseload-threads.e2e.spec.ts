import { join } from 'node:path';
import { ukToday } from '../../common/dates/uk-today.js';
import { recalculateClient, type StoredCalculation } from '../../api/src/caseload/caseload-figures.js';
import { CaseloadThreads, hasCompiledThread } from '../../api/src/caseload/caseload-threads.js';
import { DEFINITIONS_DIR } from '../../api/src/site/site.module.js';
import { loadSurveyDefinition } from '../../api/src/questionnaire/survey-definitions.js';
import { compileSurvey } from '../../api/src/questionnaire/survey-flow.js';
import { loadEntitlementEngine } from '../../engine/load.js';
import { REPO_ROOT } from '../support/api-process.js';
import { LONE_PARENT_SOCIAL_RENTER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';

/**
 * A big caseload run is spread over worker threads (api/src/caseload/caseload-threads.ts), which run the compiled
 * build (`npm run build`, as `npm test` does first). Their outcomes must be exactly those of the main thread's path.
 */

const THREAD_FILE = join(REPO_ROOT, 'dist/server/api/src/caseload/caseload-thread.js');
const AT_DATE = '2025-12-01';
const environment = { today: ukToday(), nationalLivingWageHourlyPence: 1271, lhaAreaChoice: null };

function calculationOf(pages: [string, Record<string, unknown>][], isFinished = true): StoredCalculation {
  return {
    answers: Object.assign({}, ...pages.map(([, answers]) => answers)) as StoredCalculation['answers'],
    completedPages: pages.map(([name]) => name),
    isFinished,
    savedOn: ukToday(),
  };
}

const calculations = [
  calculationOf(LONE_PARENT_SOCIAL_RENTER),
  calculationOf(SINGLE_PRIVATE_RENTER_WORKING_PART_TIME),
  calculationOf(LONE_PARENT_SOCIAL_RENTER, false),
];

let threads: CaseloadThreads;

beforeAll(() => {
  if (!hasCompiledThread(THREAD_FILE)) throw new Error(`${THREAD_FILE} is missing: run npm run build first (npm test does).`);
  threads = new CaseloadThreads(2, DEFINITIONS_DIR, [], null, THREAD_FILE);
});

afterAll(() => threads?.close());

describe('caseload worker threads', () => {
  it('give each client exactly the outcome the main thread gives, on both threads at once', async () => {
    const engine = loadEntitlementEngine();
    const survey = compileSurvey(await loadSurveyDefinition(DEFINITIONS_DIR));
    const expected = [];
    for (const calculation of calculations) expected.push(recalculateClient(engine, survey, calculation, environment, AT_DATE));
    const items = calculations.map((calculation) => ({ calculation, environment }));
    const [first, second] = await Promise.all([threads.recalculate(AT_DATE, items), threads.recalculate(AT_DATE, items)]);
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    // And the figures are the law's: the lone parent's Child Benefit was £1.00 a week less in 2025/26.
    const [loneParent, , unfinished] = first;
    expect(loneParent.benefits?.get('CHILD_BENEFIT')).toMatchObject({ beforeWeeklyPence: 2705, afterWeeklyPence: 2605 });
    expect(unfinished).toEqual({ problem: 'not-finished' });
  });

  it('work the run’s date out with a change set approved and not yet published, the figures as saved without it', async () => {
    const approved = {
      id: 41,
      title: 'Child Benefit from today',
      digest: 'test',
      edits: [
        {
          kind: 'parameter-value' as const,
          parameter: 'gov/hmrc/child_benefit/amount/eldest',
          from: ukToday(),
          value: 2810,
          source: { title: 'HMRC, Child Benefit rates (gov.uk)', url: 'https://www.gov.uk/child-benefit/what-youll-get' },
        },
      ],
    };
    const withApproved = new CaseloadThreads(1, DEFINITIONS_DIR, [], approved, THREAD_FILE);
    try {
      const [loneParent] = await withApproved.recalculate(ukToday(), [{ calculation: calculations[0], environment }]);
      expect(loneParent.benefits?.get('CHILD_BENEFIT')).toMatchObject({ beforeWeeklyPence: 2705, afterWeeklyPence: 2810 });
    } finally {
      await withApproved.close();
    }
  });

  it('end when closed, and a chunk sent then fails rather than waiting for ever', async () => {
    await threads.close();
    await expect(threads.recalculate(AT_DATE, [{ calculation: calculations[0], environment }])).rejects.toThrow();
  });
});
