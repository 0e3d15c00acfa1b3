/**
 * `npm run accounts:add-policy-staff`: adds a member of the charity's policy team, who keeps the rules and rates in
 * the policy workbench (/policy/), to an organisation made by `accounts:create-admin` (the charity's own). Asks for
 * what is not given:
 *
 *   npm run accounts:add-policy-staff -- --organisation "The charity" --email pat@charity.org.uk --name "Pat Policy"
 *
 * The password comes from POLICY_STAFF_PASSWORD or a prompt that does not show it; it is never printed or logged.
 * A change set needs a second member to approve it, so add at least two.
 */
import { ACCOUNT_LIMITS } from '../common/accounts/model.js';
import { ApiError } from '../api/src/errors/api-error.js';
import { argument, ask, stopAsking, withAccounts } from './accounts-context.js';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const organisation = argument('organisation') ?? (await ask('Organisation name (as made by accounts:create-admin): '));
const email = argument('email') ?? (await ask('E-mail address: '));
const displayName = argument('name') ?? (await ask('Name (as shown in the workbench and its audit): '));
const password =
  process.env.POLICY_STAFF_PASSWORD ?? (await ask(`Password (at least ${ACCOUNT_LIMITS.passwordMinLength} characters, not shown): `, true));
stopAsking();

if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > ACCOUNT_LIMITS.emailMaxLength)
  fail('The e-mail address is not in the right format, like name@example.org.');
if (!displayName || displayName.length > ACCOUNT_LIMITS.displayNameMaxLength)
  fail(`The name must be 1 to ${ACCOUNT_LIMITS.displayNameMaxLength} characters.`);
if (password.length < ACCOUNT_LIMITS.passwordMinLength || password.length > ACCOUNT_LIMITS.passwordMaxLength)
  fail(`The password must be ${ACCOUNT_LIMITS.passwordMinLength} to ${ACCOUNT_LIMITS.passwordMaxLength} characters long.`);

try {
  const added = await withAccounts(async (accounts) => {
    const found = await accounts.organisationIdsNamed(organisation);
    if (found.length !== 1) return found.length;
    await accounts.addUserToOrganisation(found[0], { email, displayName, password, role: 'policy-staff' });
    return 1;
  });
  if (added !== 1)
    fail(
      added === 0
        ? `There is no organisation named "${organisation}": make it with npm run accounts:create-admin.`
        : `More than one organisation is named "${organisation}".`,
    );
  console.log(`Added ${displayName} to the policy team. They sign in at /account/ and find the workbench at /policy/.`);
} catch (error) {
  if (error instanceof ApiError) fail(error.body.message);
  throw error;
}
