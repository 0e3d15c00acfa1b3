import type { components } from '../api/openapi';
import { ApiRequestError, api, dataOf } from '../api/client';

type Schemas = components['schemas'];

// The workbench's answers and edits, as the API's document describes them (web/src/api/openapi.d.ts, generated from
// api/openapi.json, whose schemas implement common/policy/model.ts): the screens read these, not a copy.
export type PolicyStatus = Schemas['PolicyStatusDto'];
export type RulesetSummary = Schemas['RulesetSummaryDto'];
export type RulesetView = Schemas['RulesetViewDto'];
export type RuleView = Schemas['RuleViewDto'];
export type ParameterSummary = Schemas['ParameterSummaryDto'];
export type ParameterView = Schemas['ParameterViewDto'];
export type PolicySearchHit = Schemas['PolicySearchHitDto'];
export type ChangeSetSummary = Schemas['ChangeSetSummaryDto'];
export type ChangeSetDetail = Schemas['ChangeSetDetailDto'];
export type PendingRequest = Schemas['PendingRequestDto'];
export type EditProblem = Schemas['EditProblemDto'];
export type UpratingResponse = Schemas['UpratingResponseDto'];
export type CasesRunReport = Schemas['CasesRunReportDto'];
export type CaseRunResult = Schemas['CaseRunResultDto'];
export type ImpactReport = Schemas['ImpactReportDto'];
/** The impact over generated households, without the sample's own seed and examples. */
export type ImpactPart = Omit<Schemas['ImpactSampleDto'], 'seed' | 'examples'>;
export type StoredImpactPart = Schemas['StoredImpactPartDto'];
export type ImpactBand = Schemas['ImpactBandDto'];
export type PolicyEdit = Schemas['EditDto']['edit'];
export type ParameterValueEdit = Schemas['ParameterValueEditDto'];
export type LhaRatesHeldEdit = Schemas['LhaRatesHeldEditDto'];
export type QuestionEdit = Schemas['QuestionEditDto'];
export type CaseEdit = Schemas['CaseEditDto'];
export type ExtraHelpCatalogue = Schemas['ExtraHelpCatalogueDto'];
export type CouncilSchemeHeld = Schemas['CouncilSchemeHeldDto'];
/** The request bodies, without the browser id the client adds to every one. */
export type CreateChangeSetRequest = Omit<Schemas['CreateChangeSetDto'], 'browserId'>;
export type UpratingRequest = Omit<Schemas['UpratingDto'], 'browserId'>;

/** The calls of the policy workbench (issue 19), one a function, each to /api/policy/. */

// Path parameters are text in the document, as in the URL.
const changeSet = (id: number) => ({ params: { path: { id: String(id) } } });
const edit = (id: number, index: number) => ({ params: { path: { id: String(id), index: String(index) } } });

export const loadStatus = () => dataOf<PolicyStatus>(api.GET('/api/policy/status'));
export const loadRulesets = () => dataOf<{ rulesets: RulesetSummary[] }>(api.GET('/api/policy/rulesets'));
export const loadRuleset = (folder: string) =>
  dataOf<RulesetView>(api.GET('/api/policy/rulesets/{folder}', { params: { path: { folder } } }));
export const loadParameters = () => dataOf<{ parameters: ParameterSummary[] }>(api.GET('/api/policy/parameters'));
export const loadParameter = (name: string) => dataOf<ParameterView>(api.GET('/api/policy/parameter', { params: { query: { name } } }));
export const searchPolicy = (q: string) => dataOf<{ hits: PolicySearchHit[] }>(api.GET('/api/policy/search', { params: { query: { q } } }));
export const loadExtraHelp = () => dataOf<ExtraHelpCatalogue>(api.GET('/api/policy/extra-help'));
/** A council's own Council Tax Reduction scheme for each year held (404 COUNCIL_SCHEME_NOT_HELD when it has none). */
export const loadCouncilScheme = (authority: string) =>
  dataOf<CouncilSchemeHeld>(api.GET('/api/policy/council-tax-schemes', { params: { query: { authority } } }));
export const loadHouseholdSchema = () => dataOf<Record<string, unknown>>(api.GET('/api/policy/household-schema'));

export const loadChangeSets = () => dataOf<{ changeSets: ChangeSetSummary[] }>(api.GET('/api/policy/change-sets'));
export const createChangeSet = (request: CreateChangeSetRequest) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets', { body: { ...request } }));
/** Opens the year after the rates held: every rate carried forward, to confirm (issue 30, point 1). */
export const openNextYear = (reason: string) => dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/new-year', { body: { reason } }));
/** Uprates the dated values at these places by a percentage, each from last year's value with its own rounding. */
export const uprateEdits = (id: number, edits: number[], percent: string) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/uprate', { ...changeSet(id), body: { edits, percent } }));
/** Gives the dated values at these places one official source. */
export const sourceEdits = (id: number, edits: number[], source: { title: string; url: string }) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/source', { ...changeSet(id), body: { edits, ...source } }));
export const loadChangeSet = (id: number) => dataOf<ChangeSetDetail>(api.GET('/api/policy/change-sets/{id}', changeSet(id)));

export const addEdit = (id: number, change: PolicyEdit) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/edits', { ...changeSet(id), body: { edit: { ...change } } }));
export const replaceEdit = (id: number, index: number, change: PolicyEdit) =>
  dataOf<ChangeSetDetail>(api.PUT('/api/policy/change-sets/{id}/edits/{index}', { ...edit(id, index), body: { edit: { ...change } } }));
export const removeEdit = (id: number, index: number) =>
  dataOf<ChangeSetDetail>(api.DELETE('/api/policy/change-sets/{id}/edits/{index}', edit(id, index)));

export const proposeUprating = (request: UpratingRequest) =>
  dataOf<UpratingResponse>(api.POST('/api/policy/uprating', { body: { ...request } }));
export const runCases = (id: number) => dataOf<CasesRunReport>(api.POST('/api/policy/change-sets/{id}/cases-run', changeSet(id)));
export const runImpact = (id: number, date: string) =>
  dataOf<ImpactReport>(api.POST('/api/policy/change-sets/{id}/impact', { ...changeSet(id), body: { date } }));

/** Approves the edits as shown: `digest` is the one the page showed (ChangeSetDetail.digest). */
export const approveChangeSet = (id: number, digest: string) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/approve', { ...changeSet(id), body: { digest } }));
export const publishChangeSet = (id: number, effectiveFrom: string, digest: string) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/publish', { ...changeSet(id), body: { effectiveFrom, digest } }));
/** Asks for a withdrawal, which a second member confirms. */
export const askWithdrawal = (id: number, reason: string) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/withdraw', { ...changeSet(id), body: { reason } }));
/** Asks for a revert from a date, which a second member confirms. */
export const askRevert = (id: number, from: string, reason: string) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/revert', { ...changeSet(id), body: { from, reason } }));
/** Confirms the request another member made, named as it was shown. */
export const confirmRequest = (id: number, request: PendingRequest) =>
  dataOf<ChangeSetDetail>(
    api.POST('/api/policy/change-sets/{id}/confirm', { ...changeSet(id), body: { kind: request.kind, from: request.from } }),
  );
export const cancelRequest = (id: number) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/cancel-request', changeSet(id)));
/** The emergency stop: out of force from today, by one member, with a reason. */
export const stopChangeSet = (id: number, reason: string) =>
  dataOf<ChangeSetDetail>(api.POST('/api/policy/change-sets/{id}/stop', { ...changeSet(id), body: { reason } }));

/** Policy staff only: anyone else gets 403 NO_ACCESS, and the screen shows No Access. */
export function isPolicyNoAccess(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return false;
  const body = error.errorBody as { code?: unknown } | null;
  return body?.code === undefined || body.code === 'NO_ACCESS';
}
