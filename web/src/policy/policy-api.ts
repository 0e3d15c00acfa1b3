import type {
  CasesRunReport,
  ChangeSetDetail,
  ChangeSetSummary,
  CreateChangeSetRequest,
  ImpactReport,
  ParameterSummary,
  ParameterView,
  PolicyEdit,
  PolicySearchHit,
  PolicyStatus,
  RulesetSummary,
  RulesetView,
  UpratingRequest,
  UpratingResponse,
} from '../../../common/policy/model';
import { ApiRequestError, deleteJson, getJson, postJson, putJson } from '../api/client';

/** The calls of the policy workbench (issue 19), one a function, each to /api/policy/. */

const base = '/api/policy';
const changeSet = (id: number) => `${base}/change-sets/${id}`;

export const loadStatus = () => getJson<PolicyStatus>(`${base}/status`);
export const loadRulesets = () => getJson<{ rulesets: RulesetSummary[] }>(`${base}/rulesets`);
export const loadRuleset = (folder: string) => getJson<RulesetView>(`${base}/rulesets/${encodeURIComponent(folder)}`);
export const loadParameters = () => getJson<{ parameters: ParameterSummary[] }>(`${base}/parameters`);
export const loadParameter = (name: string) => getJson<ParameterView>(`${base}/parameter?${new URLSearchParams({ name }).toString()}`);
export const searchPolicy = (q: string) => getJson<{ hits: PolicySearchHit[] }>(`${base}/search?${new URLSearchParams({ q }).toString()}`);
export const loadHouseholdSchema = () => getJson<Record<string, unknown>>(`${base}/household-schema`);

export const loadChangeSets = () => getJson<{ changeSets: ChangeSetSummary[] }>(`${base}/change-sets`);
export const createChangeSet = (request: CreateChangeSetRequest) => postJson<ChangeSetDetail>(`${base}/change-sets`, { ...request });
export const loadChangeSet = (id: number) => getJson<ChangeSetDetail>(changeSet(id));

export const addEdit = (id: number, edit: PolicyEdit) => postJson<ChangeSetDetail>(`${changeSet(id)}/edits`, { edit });
export const replaceEdit = (id: number, index: number, edit: PolicyEdit) =>
  putJson<ChangeSetDetail>(`${changeSet(id)}/edits/${index}`, { edit });
export const removeEdit = (id: number, index: number) => deleteJson<ChangeSetDetail>(`${changeSet(id)}/edits/${index}`);

export const proposeUprating = (request: UpratingRequest) => postJson<UpratingResponse>(`${base}/uprating`, { ...request });
export const runCases = (id: number) => postJson<CasesRunReport>(`${changeSet(id)}/cases-run`, {});
export const runImpact = (id: number, date: string) => postJson<ImpactReport>(`${changeSet(id)}/impact`, { date });

export const approveChangeSet = (id: number) => postJson<ChangeSetDetail>(`${changeSet(id)}/approve`, {});
export const publishChangeSet = (id: number, effectiveFrom: string) =>
  postJson<ChangeSetDetail>(`${changeSet(id)}/publish`, { effectiveFrom });
export const withdrawChangeSet = (id: number) => postJson<ChangeSetDetail>(`${changeSet(id)}/withdraw`, {});
export const revertChangeSet = (id: number, from: string) => postJson<ChangeSetDetail>(`${changeSet(id)}/revert`, { from });

/** Policy staff only: anyone else gets 403 NO_ACCESS, and the screen shows No Access. */
export function isPolicyNoAccess(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return false;
  const body = error.errorBody as { code?: unknown } | null;
  return body?.code === undefined || body.code === 'NO_ACCESS';
}
