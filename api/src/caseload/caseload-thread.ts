import { Tinypool } from 'tinypool';
import { RulesVersions } from '../../../engine/policy/rules-versions.js';
import { diskFiles } from '../../../engine/source-files.js';
import { loadSurveyDefinition } from '../questionnaire/survey-definitions.js';
import { compileSurvey } from '../questionnaire/survey-flow.js';
import { recalculateClient } from './caseload-figures.js';
import type { ThreadData, ThreadReply, ThreadRequest } from './caseload-threads.js';

/**
 * A caseload worker thread (CaseloadThreads, a tinypool pool): loads the rules versions and the questionnaire once,
 * then recalculates the chunks of clients it is sent, answering each with its outcomes. A client that fails is that
 * client's outcome only.
 */
const { definitionsDir, published, approved } = Tinypool.workerData as ThreadData;
// The same rules versions as the process that started the thread: the files, with the published change sets over them.
const engine = new RulesVersions(diskFiles(), published);
// The run's date is worked out with the change set approved and not yet published it was asked to use, if any.
const atRunDate = approved ? engine.withApproved(approved) : engine;
const survey = compileSurvey(await loadSurveyDefinition(definitionsDir));

/** tinypool's handler: one chunk of clients. */
export default function recalculateChunk(request: ThreadRequest): ThreadReply {
  const outcomes: ThreadReply['outcomes'] = [];
  for (const { calculation, environment } of request.items) {
    try {
      const outcome = recalculateClient(engine, survey, calculation, environment, request.atDate, atRunDate);
      outcomes.push(
        outcome.problem === null ? { problem: null, benefits: [...outcome.benefits], total: outcome.total } : { problem: outcome.problem },
      );
    } catch (error) {
      outcomes.push({ problem: 'error', errorName: error instanceof Error ? error.name : typeof error });
    }
  }
  return { outcomes };
}
