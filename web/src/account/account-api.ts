import type {
  AccountClientResponse,
  AccountStatus,
  AddableRole,
  MembersResponse,
  OrganisationMember,
} from '../../../common/accounts/model';
import type { ApiKeySecretResponse, ApiKeysResponse, ApiKeyView } from '../../../common/api-keys/model';
import type { FieldError } from '../../../common/errors';
import type { PartnerProposal, PartnerProposalRequest, PartnersResponse } from '../../../common/partners/model';
import { isErrorResponse } from '../../../common/errors';
import { answerOf, api, ApiRequestError } from '../api/client';
import { announcingAccountChange } from './account-state';

export const accountStatus = () => answerOf<AccountStatus>(api.GET('/api/account/me'));
export const signIn = (email: string, password: string) =>
  announcingAccountChange(answerOf<AccountStatus>(api.POST('/api/account/sign-in', { body: { email, password } })));
export const signOut = () => announcingAccountChange(answerOf<AccountStatus>(api.POST('/api/account/sign-out', { body: {} })));
export const organisationMembers = () => answerOf<MembersResponse>(api.GET('/api/account/users'));
export const addMember = (member: { email: string; displayName: string; password: string; role: AddableRole }) =>
  answerOf<OrganisationMember>(api.POST('/api/account/users', { body: member }));
export const apiKeys = () => answerOf<ApiKeysResponse>(api.GET('/api/account/api-keys'));
export const createApiKey = (key: { name: string; dailyQuota: number; perMinute: number }) =>
  answerOf<ApiKeySecretResponse>(api.POST('/api/account/api-keys', { body: key }));
export const rotateApiKey = (id: string) =>
  answerOf<ApiKeySecretResponse>(api.POST('/api/account/api-keys/{id}/rotate', { params: { path: { id } }, body: {} }));
export const revokeApiKey = (id: string) =>
  answerOf<ApiKeyView>(api.POST('/api/account/api-keys/{id}/revoke', { params: { path: { id } }, body: {} }));
export const accountClient = (clientGuid: string) =>
  answerOf<AccountClientResponse>(api.GET('/api/account/clients/{clientGuid}', { params: { path: { clientGuid } } }));

export const partners = () => answerOf<PartnersResponse>(api.GET('/api/partners'));
export const proposePartner = (proposal: PartnerProposalRequest) =>
  answerOf<PartnerProposal>(api.POST('/api/partners/proposals', { body: { ...proposal } }));
export const proposePartnerRemoval = (partnerId: string) =>
  answerOf<PartnerProposal>(api.POST('/api/partners/removals/{partnerId}', { params: { path: { partnerId } }, body: {} }));
export const decidePartnerChange = (reference: string, decision: 'approve' | 'reject') =>
  answerOf<PartnersResponse>(
    decision === 'approve'
      ? api.POST('/api/partners/proposals/{reference}/approve', { params: { path: { reference } }, body: {} })
      : api.POST('/api/partners/proposals/{reference}/reject', { params: { path: { reference } }, body: {} }),
  );

export interface ClientForm {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  clientNumber: string;
  adviserUserId: string;
}

export function saveClient(clientGuid: string | null, client: ClientForm): Promise<AccountClientResponse> {
  return answerOf<AccountClientResponse>(
    clientGuid
      ? api.POST('/api/account/clients/{clientGuid}', { params: { path: { clientGuid } }, body: { ...client } })
      : api.POST('/api/account/clients', { body: { ...client } }),
  );
}

/**
 * The problems of a refused form, each linked to a field: the API's field errors where it names fields this form
 * has, otherwise its message against the first field.
 */
export function problemsOf(
  error: unknown,
  fieldIds: Record<string, string>,
  fallbackFieldId: string,
): { targetId: string; message: string }[] {
  const body = error instanceof ApiRequestError ? error.errorBody : null;
  if (!isErrorResponse(body)) return [{ targetId: fallbackFieldId, message: 'Sorry, something went wrong. Please try again.' }];
  const named = body.errors.filter((fieldError: FieldError) => fieldIds[fieldError.path]);
  if (named.length > 0) return named.map((fieldError) => ({ targetId: fieldIds[fieldError.path], message: fieldError.message }));
  return [{ targetId: fallbackFieldId, message: body.message }];
}

/** 403 NO_ACCESS: not signed in, or not allowed. */
export function isNoAccess(error: unknown): boolean {
  return (
    error instanceof ApiRequestError && error.status === 403 && isErrorResponse(error.errorBody) && error.errorBody.code === 'NO_ACCESS'
  );
}
