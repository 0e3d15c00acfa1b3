/**
 * `npm run accounts:add-policy-staff` and `npm run accounts:add-service-admin`: add one of the charity's own staff to
 * an organisation made by `accounts:create-admin` (the charity's own). Policy staff keep the rules and rates in the
 * policy workbench (/policy/); service administrators register the partners whose sites show the calculator
 * (/account/partners). Asks for what is not given:
 *
 *   npm run accounts:add-policy-staff -- --organisation "The charity" --email pat@charity.org.uk --name "Pat Policy"
 *
 * The password comes from POLICY_STAFF_PASSWORD (or SERVICE_ADMIN_PASSWORD) or a prompt that does not show it; it is
 * never printed or logged. A change set or a partner's registration needs a second person to approve it, so add at
 * least two of each.
 */
import { ACCOUNT_LIMITS, type AccountRole } from '../common/accounts/model.js';
import { ApiError } from '../api/src/errors/api-error.js';
import { argument, ask, stopAsking, withAccounts } from './accounts-context.js';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const STAFF = {
  'policy-staff': {
    passwordVariable: 'POLICY_STAFF_PASSWORD',
    added: (name: string) => `Added ${name} to the policy team. They sign in at /account/ and find the workbench at /policy/.`,
  },
  'service-admin': {
    passwordVariable: 'SERVICE_ADMIN_PASSWORD',
    added: (name: string) =>
      `Added ${name} as a service administrator. They sign in at /account/ and register partners at /account/partners.`,
  },
} satisfies Partial<Record<AccountRole, unknown>>;

const role = argument('role');
if (role !== 'policy-staff' && role !== 'service-admin') fail('--role must be policy-staff or service-admin.');
const staff = STAFF[role];

const organisation = argument('organisation') ?? (await ask('Organisation name (as made by accounts:create-admin): '));
const email = argument('email') ?? (await ask('E-mail address: '));
const displayName = argument('name') ?? (await ask('Name (as shown in the workbench and its audit): '));
const password =
  process.env[staff.passwordVariable] ??
  (await ask(`Password (at least ${ACCOUNT_LIMITS.passwordMinLength} characters, not shown): `, true));
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
    await accounts.addUserToOrganisation(found[0], { email, displayName, password, role });
    return 1;
  });
  if (added !== 1)
    fail(
      added === 0
        ? `There is no organisation named "${organisation}": make it with npm run accounts:create-admin.`
        : `More than one organisation is named "${organisation}".`,
    );
  console.log(staff.added(displayName));
} catch (error) {
  if (error instanceof ApiError) fail(error.body.message);
  throw error;
}
