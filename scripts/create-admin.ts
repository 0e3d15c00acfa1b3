/**
 * `npm run accounts:create-admin`: makes an organisation and its first admin, who then adds the advisers and
 * clients at /account/. Asks for what is not given:
 *
 *   npm run accounts:create-admin -- --organisation "Riverside Advice" --email admin@riverside.org.uk --name "Rita Patel"
 *
 * The password comes from ADMIN_PASSWORD or a prompt that does not show it; it is never printed or logged.
 */
import { ACCOUNT_LIMITS } from '../common/accounts/model.js';
import { ApiError } from '../api/src/errors/api-error.js';
import { argument, ask, stopAsking, withAccounts } from './accounts-context.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const organisation = argument('organisation') ?? (await ask('Organisation name: '));
const email = argument('email') ?? (await ask('Admin e-mail address: '));
const displayName = argument('name') ?? (await ask('Admin name (as shown in the adviser area): '));
const password =
  process.env.ADMIN_PASSWORD ?? (await ask(`Password (at least ${ACCOUNT_LIMITS.passwordMinLength} characters, not shown): `, true));
stopAsking();

if (!organisation || organisation.length > ACCOUNT_LIMITS.organisationNameMaxLength)
  fail(`The organisation name must be 1 to ${ACCOUNT_LIMITS.organisationNameMaxLength} characters.`);
if (!EMAIL_PATTERN.test(email) || email.length > ACCOUNT_LIMITS.emailMaxLength)
  fail('The e-mail address is not in the right format, like name@example.org.');
if (!displayName || displayName.length > ACCOUNT_LIMITS.displayNameMaxLength)
  fail(`The admin name must be 1 to ${ACCOUNT_LIMITS.displayNameMaxLength} characters.`);
if (password.length < ACCOUNT_LIMITS.passwordMinLength || password.length > ACCOUNT_LIMITS.passwordMaxLength) {
  fail(`The password must be ${ACCOUNT_LIMITS.passwordMinLength} to ${ACCOUNT_LIMITS.passwordMaxLength} characters long.`);
}

try {
  await withAccounts((accounts) => accounts.createOrganisationWithAdmin(organisation, { email, displayName, password }));
  console.log(`Made the organisation "${organisation}" and its admin. Sign in at /account/ with ${email.trim().toLowerCase()}.`);
} catch (error) {
  if (error instanceof ApiError) fail(error.body.message);
  throw error;
}
