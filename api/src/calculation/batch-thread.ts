import { parentPort, workerData } from 'node:worker_threads';
import { RulesVersions, type PublishedChangeSet, type RulesFault } from '../../../engine/policy/rules-versions.js';
import { diskFiles } from '../../../engine/source-files.js';
import { batchLine } from './batch-lines.js';
import { CalculationRequests } from './calculation-answer.js';
import type { BatchThreadReply, BatchThreadRequest } from './batch-threads.js';

/**
 * A batch thread (BatchThreads): the rules versions of the process that started it, loaded once, working out chunks
 * of batch households into their NDJSON lines, so that the API's event loop only writes them. What it finds goes back
 * with each chunk: a published change set that throws (the process records it once), and faults of the engine on one
 * household (logged by the process, without the household).
 */
const { published } = workerData as { published: PublishedChangeSet[] };
const versions = new RulesVersions(diskFiles(), published);
const requests = new CalculationRequests(versions);
let faultsFound: RulesFault[] = [];
let applyingKnownFaults = false;
versions.onFault((fault) => {
  if (!applyingKnownFaults) faultsFound.push(fault);
});
const encoder = new TextEncoder();

parentPort!.on('message', (request: BatchThreadRequest) => {
  if (request.rules) {
    versions.setPublished(request.rules.published);
    applyingKnownFaults = true;
    for (const fault of request.rules.faults) versions.markFailed(fault);
    applyingKnownFaults = false;
  }
  const householdFaults: string[] = [];
  const text = request.items
    .map((item) =>
      batchLine(requests, item, request.today, (error) =>
        householdFaults.push(`The calculator failed on household ${item.index} of a batch: ${(error as Error).stack ?? String(error)}`),
      ),
    )
    .join('');
  const bytes = encoder.encode(text);
  const reply: BatchThreadReply = { id: request.id, bytes, rulesFaults: faultsFound, householdFaults };
  faultsFound = [];
  parentPort!.postMessage(reply, [bytes.buffer as ArrayBuffer]);
});
parentPort!.postMessage({ ready: true });
