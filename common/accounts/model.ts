/**
 * The account area's wire shapes and texts (accounts under /account/), shared by the API and the web
 * pages so that both say the same thing.
 */
/**
 * The kinds of account: advisers see their organisation's clients, organisation admins also manage them; the charity's
 * policy staff keep the rules and rates, and its service administrators register partners.
 */
export const ACCOUNT_ROLES = ['adviser', 'organisation-admin', 'policy-staff', 'service-admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Roles an organisation admin may give to the people they add. Policy staff are added by the charity. */
export const ADDABLE_ROLES = ['adviser', 'organisation-admin'] as const;
export type AddableRole = (typeof ADDABLE_ROLES)[number];

export const ROLE_NAMES: Record<AccountRole, string> = {
  adviser: 'Adviser',
  'organisation-admin': 'Organisation admin',
  'policy-staff': 'Policy staff',
  'service-admin': 'Service administrator',
};

/** The cookie the web app reads to send the X-CSRF-Token header on every POST (double submit). */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

export const ACCOUNT_LIMITS = {
  emailMaxLength: 254,
  displayNameMaxLength: 100,
  passwordMinLength: 12,
  passwordMaxLength: 200,
  nameMaxLength: 100,
  clientNumberMaxLength: 50,
  organisationNameMaxLength: 200,
} as const;

export const ACCOUNT_MESSAGES = {
  policyStaffOnly: "Only the charity's policy staff can use the policy workbench. Sign in with a policy staff account.",
  serviceAdminOnly: "Only the charity's service administrators can register partners. Sign in with a service administrator account.",
  signInFailed: 'The e-mail address or password is not right.',
  emailRequired: 'Enter your e-mail address.',
  passwordRequired: 'Enter your password.',
  emailInvalid: 'Enter an e-mail address in the right format, like name@example.org.',
  emailTaken: 'There is already an account with this e-mail address.',
  tooManyTakenAddresses:
    'You have tried too many e-mail addresses that already have an account. Please wait an hour before adding anyone else.',
  displayNameRequired: 'Enter the name to show for this person.',
  passwordTooShort: 'The password must be at least 12 characters long.',
  passwordTooLong: 'The password must be no more than 200 characters long.',
  roleInvalid: 'Choose adviser or organisation admin.',
  firstNameRequired: 'Enter the client’s first name.',
  lastNameRequired: 'Enter the client’s last name.',
  nameTooLong: 'A name must be no more than 100 characters long.',
  dateOfBirthInvalid: 'Enter the date of birth as DD/MM/YYYY, like 14/03/1987.',
  dateOfBirthInFuture: 'The date of birth must be in the past.',
  clientNumberTooLong: 'The client number must be no more than 50 characters long.',
  adviserInvalid: 'Choose an adviser from your organisation.',
  adviserNotYours: 'An adviser adds and keeps clients as their own: ask your organisation admin to give a client to another adviser.',
  clientNotFound: 'This client was not found in your organisation.',
  notSignedIn: 'You need to sign in to the adviser area to see this.',
  adminOnly: 'Only an organisation admin can do this.',
  csrfFailed: 'This page was open too long or the request came from another site. Reload the page and try again.',
  userAdded: 'The account has been added.',
  clientAdded: 'The client has been added.',
  clientUpdated: 'The client has been updated.',
} as const;

/** Said when a locked account tries to sign in; the lock lasts 15 minutes after the 5th wrong password. */
export function accountLockedMessage(minutesLeft: number): string {
  const minutes = Math.max(1, Math.ceil(minutesLeft));
  return `This account is locked because the password was not right 5 times in a row. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export interface AccountUser {
  userId: string;
  displayName: string;
  role: AccountRole;
  organisationName: string;
}

/** GET /api/account/me and the answer to sign-in and sign-out. */
export interface AccountStatus {
  signedIn: boolean;
  user: AccountUser | null;
}

/** A member of the admin's organisation, as the admin pages list them. */
export interface OrganisationMember {
  userId: string;
  displayName: string;
  email: string;
  role: AccountRole;
}

export interface MembersResponse {
  members: OrganisationMember[];
}

/** A client as the admin's add and edit forms see it. */
export interface AccountClient {
  clientGuid: string;
  firstName: string;
  lastName: string;
  /** DD/MM/YYYY. */
  dateOfBirth: string;
  clientNumber: string;
  adviserUserId: string;
  adviserName: string;
}

export interface AccountClientsResponse {
  clients: AccountClient[];
}

export interface AccountClientResponse {
  client: AccountClient;
}

/** DD/MM/YYYY to YYYY-MM-DD, or null when it is not a real calendar date. */
export function isoDateOf(ddmmyyyy: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

/** YYYY-MM-DD to DD/MM/YYYY. */
export function ukDateOf(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}
