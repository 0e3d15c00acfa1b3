import type { AccountClientResponse, AccountStatus, MembersResponse, OrganisationMember } from '../../../common/accounts/model';
import type { ApiKeySecretResponse, ApiKeysResponse, ApiKeyView } from '../../../common/api-keys/model';
import type { FieldError } from '../../../common/errors';
import { isErrorResponse } from '../../../common/errors';
import { ApiRequestError, getJson, postJson } from '../api/client';
import { announcingAccountChange } from './account-state';

export const accountStatus = () => getJson<AccountStatus>('/api/account/me');
export const signIn = (email: string, password: string) =>
  announcingAccountChange(postJson<AccountStatus>('/api/account/sign-in', { email, password }));
export const signOut = () => announcingAccountChange(postJson<AccountStatus>('/api/account/sign-out', {}));
export const organisationMembers = () => getJson<MembersResponse>('/api/account/users');
export const addMember = (member: { email: string; displayName: string; password: string; role: string }) =>
  postJson<OrganisationMember>('/api/account/users', member);
export const apiKeys = () => getJson<ApiKeysResponse>('/api/account/api-keys');
export const createApiKey = (name: string) => postJson<ApiKeySecretResponse>('/api/account/api-keys', { name });
export const rotateApiKey = (id: string) => postJson<ApiKeySecretResponse>(`/api/account/api-keys/${encodeURIComponent(id)}/rotate`, {});
export const revokeApiKey = (id: string) => postJson<ApiKeyView>(`/api/account/api-keys/${encodeURIComponent(id)}/revoke`, {});
export const accountClient = (clientGuid: string) =>
  getJson<AccountClientResponse>(`/api/account/clients/${encodeURIComponent(clientGuid)}`);

export interface ClientForm {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  clientNumber: string;
  adviserUserId: string;
}

export function saveClient(clientGuid: string | null, client: ClientForm): Promise<AccountClientResponse> {
  const url = clientGuid ? `/api/account/clients/${encodeURIComponent(clientGuid)}` : '/api/account/clients';
  return postJson<AccountClientResponse>(url, { ...client });
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

/** 403 NO_ACCESS: not signed in, or not allowed (spec 001 §3 'No Access'). */
export function isNoAccess(error: unknown): boolean {
  return (
    error instanceof ApiRequestError && error.status === 403 && isErrorResponse(error.errorBody) && error.errorBody.code === 'NO_ACCESS'
  );
}
