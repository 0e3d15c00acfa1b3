import type {
  CasesRunReport,
  ChangeSetDetail,
  ChangeSetSummary,
  CreateChangeSetRequest,
  ImpactReport,
  ParameterSummary,
  ParameterView,
  PendingRequest,
  PolicyEdit,
  PolicySearchHit,
  PolicyStatus,
  RulesetSummary,
  RulesetView,
  UpratingRequest,
  UpratingResponse,
} from '../../../common/policy/model';
import { answerOf, api, ApiRequestError } from '../api/client';

/** The calls of the policy workbench (issue 19), one a function, each to /api/policy/. */

// Path parameters are text in the document, as in the URL.
const changeSet = (id: number) => ({ params: { path: { id: String(id) } } });
const edit = (id: number, index: number) => ({ params: { path: { id: String(id), index: String(index) } } });

export const loadStatus = () => answerOf<PolicyStatus>(api.GET('/api/policy/status'));
export const loadRulesets = () => answerOf<{ rulesets: RulesetSummary[] }>(api.GET('/api/policy/rulesets'));
export const loadRuleset = (folder: string) =>
  answerOf<RulesetView>(api.GET('/api/policy/rulesets/{folder}', { params: { path: { folder } } }));
export const loadParameters = () => answerOf<{ parameters: ParameterSummary[] }>(api.GET('/api/policy/parameters'));
export const loadParameter = (name: string) => answerOf<ParameterView>(api.GET('/api/policy/parameter', { params: { query: { name } } }));
export const searchPolicy = (q: string) =>
  answerOf<{ hits: PolicySearchHit[] }>(api.GET('/api/policy/search', { params: { query: { q } } }));
export const loadHouseholdSchema = () => answerOf<Record<string, unknown>>(api.GET('/api/policy/household-schema'));

export const loadChangeSets = () => answerOf<{ changeSets: ChangeSetSummary[] }>(api.GET('/api/policy/change-sets'));
export const createChangeSet = (request: CreateChangeSetRequest) =>
  answerOf<ChangeSetDetail>(api.POST('/api/policy/change-sets', { body: { ...request } }));
export const loadChangeSet = (id: number) => answerOf<ChangeSetDetail>(api.GET('/api/policy/change-sets/{id}', changeSet(id)));

export const addEdit = (id: number, change: PolicyEdit) =>
  answerOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/edits', { ...changeSet(id), body: { edit: { ...change } } }));
export const replaceEdit = (id: number, index: number, change: PolicyEdit) =>
  answerOf<ChangeSetDetail>(api.PUT('/api/policy/change-sets/{id}/edits/{index}', { ...edit(id, index), body: { edit: { ...change } } }));
export const removeEdit = (id: number, index: number) =>
  answerOf<ChangeSetDetail>(api.DELETE('/api/policy/change-sets/{id}/edits/{index}', edit(id, index)));

export const proposeUprating = (request: UpratingRequest) =>
  answerOf<UpratingResponse>(api.POST('/api/policy/uprating', { body: { ...request } }));
export const runCases = (id: number) => answerOf<CasesRunReport>(api.POST('/api/policy/change-sets/{id}/cases-run', changeSet(id)));
export const runImpact = (id: number, date: string) =>
  answerOf<ImpactReport>(api.POST('/api/policy/change-sets/{id}/impact', { ...changeSet(id), body: { date } }));

/** Approves the edits as shown: `digest` is the one the page showed (ChangeSetDetail.digest). */
export const approveChangeSet = (id: number, digest: string) =>
  answerOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/approve', { ...changeSet(id), body: { digest } }));
export const publishChangeSet = (id: number, effectiveFrom: string, digest: string) =>
  answerOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/publish', { ...changeSet(id), body: { effectiveFrom, digest } }));
/** Asks for a withdrawal, which a second member confirms. */
export const askWithdrawal = (id: number, reason: string) =>
  answerOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/withdraw', { ...changeSet(id), body: { reason } }));
/** Asks for a revert from a date, which a second member confirms. */
export const askRevert = (id: number, from: string, reason: string) =>
  answerOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/revert', { ...changeSet(id), body: { from, reason } }));
/** Confirms the request another member made, named as it was shown. */
export const confirmRequest = (id: number, request: PendingRequest) =>
  answerOf<ChangeSetDetail>(
    api.POST('/api/policy/change-sets/{id}/confirm', { ...changeSet(id), body: { kind: request.kind, from: request.from } }),
  );
export const cancelRequest = (id: number) =>
  answerOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/cancel-request', changeSet(id)));
/** The emergency stop: out of force from today, by one member, with a reason. */
export const stopChangeSet = (id: number, reason: string) =>
  answerOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/stop', { ...changeSet(id), body: { reason } }));

/** Policy staff only: anyone else gets 403 NO_ACCESS, and the screen shows No Access. */
export function isPolicyNoAccess(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return false;
  const body = error.errorBody as { code?: unknown } | null;
  return body?.code === undefined || body.code === 'NO_ACCESS';
}
