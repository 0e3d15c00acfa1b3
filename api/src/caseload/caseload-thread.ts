import { parentPort, workerData } from 'node:worker_threads';
import { RulesVersions, type PublishedChangeSet } from '../../../engine/policy/rules-versions.js';
import { diskFiles } from '../../../engine/source-files.js';
import { loadSurveyDefinition } from '../questionnaire/survey-definitions.js';
import { compileSurvey } from '../questionnaire/survey-flow.js';
import { recalculateClient } from './caseload-figures.js';
import type { ThreadReply, ThreadRequest } from './caseload-threads.js';

/**
 * A caseload worker thread (CaseloadThreads): loads the rules versions and the questionnaire once, then recalculates the
 * chunks of clients it is sent, answering each with its outcomes. A client that fails is that client's outcome only.
 */
const { definitionsDir, published } = workerData as { definitionsDir: string; published: PublishedChangeSet[] };
// The same rules versions as the process that started the thread: the files, with the published change sets over them.
const engine = new RulesVersions(diskFiles(), published);
const survey = compileSurvey(await loadSurveyDefinition(definitionsDir));

parentPort!.on('message', (request: ThreadRequest) => {
  void (async () => {
    const outcomes: ThreadReply['outcomes'] = [];
    for (const { calculation, environment } of request.items) {
      try {
        const outcome = recalculateClient(engine, survey, calculation, environment, request.atDate);
        outcomes.push(
          outcome.problem === null
            ? { problem: null, benefits: [...outcome.benefits], total: outcome.total }
            : { problem: outcome.problem },
        );
      } catch (error) {
        outcomes.push({ problem: 'error', errorName: error instanceof Error ? error.name : typeof error });
      }
    }
    parentPort!.postMessage({ id: request.id, outcomes } satisfies ThreadReply);
  })();
});
parentPort!.postMessage({ ready: true });
