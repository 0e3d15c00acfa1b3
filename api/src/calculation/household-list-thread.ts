import { parentPort, workerData } from 'node:worker_threads';
import { findHouseholds, type HouseholdListLimits } from './household-list.js';

/**
 * The batch parser's thread (HouseholdListParser): finds the households of one large batch body at a time, so that
 * the API's event loop serves everyone else meanwhile. It answers with byte ranges only; the body stays with the
 * caller, which parses each household when its turn comes.
 */
const limits = workerData as HouseholdListLimits;
parentPort!.on('message', ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  const list = findHouseholds(bytes, limits);
  parentPort!.postMessage({ id, list }, list.ok ? [list.ranges.buffer as ArrayBuffer] : []);
});
