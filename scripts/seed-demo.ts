/**
 * `npm run accounts:seed-demo`: a demo organisation for development, 'Demo Advice Centre', with an admin, two
 * advisers and six made-up clients split between the advisers, each of the four of working age with a finished
 * calculation (so the caseload and compare screens show something on a fresh install), and prints how to sign in.
 * Refuses to run in production, where a known password would be an open door. Running it again changes nothing.
 * `-- --accounts-only` leaves the calculations out (the tests that make their own use it).
 */
import { DataSource } from 'typeorm';
import { newCalculationReference } from '../api/src/calculations/calculation-reference.js';
import { money, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../test/support/households.js';
import { withAccounts, withAccountsContext } from './accounts-context.js';

if (process.env.NODE_ENV === 'production') {
  console.error('accounts:seed-demo makes accounts with a published password, so it does not run when NODE_ENV=production.');
  process.exit(2);
}

const ORGANISATION = 'Demo Advice Centre';
// Published on purpose: this is the demo's password, printed below.
const DEMO_PASSWORD = 'demo-adviser-2026';
const ADMIN = { email: 'admin@demo-advice.example', displayName: 'Dee Admin' };
const ADVISERS = [
  { email: 'adviser.one@demo-advice.example', displayName: 'Alex Adviser' },
  { email: 'adviser.two@demo-advice.example', displayName: 'Bo Adviser' },
];
// The charity's policy team, who keep the rules and rates in the policy workbench (/policy/): two, so that one can
// approve what the other wrote.
// And its service administrators, who register partners (/account/partners): two, for the same reason.
const CHARITY_STAFF = [
  { email: 'policy.one@demo-advice.example', displayName: 'Pat Policy', role: 'policy-staff' },
  { email: 'policy.two@demo-advice.example', displayName: 'Quinn Policy', role: 'policy-staff' },
  { email: 'service.one@demo-advice.example', displayName: 'Sam Service', role: 'service-admin' },
  { email: 'service.two@demo-advice.example', displayName: 'Tove Service', role: 'service-admin' },
] as const;
const STAFF_PLACES = {
  'policy-staff': 'policy staff: the policy workbench at /policy/',
  'service-admin': 'service administrator: partners at /account/partners',
} as const;
// Made-up people: none of these is anyone's real name and date of birth together.
const CLIENTS = [
  { firstName: 'Amara', lastName: 'Okafor', dateOfBirth: '12/04/1985', clientNumber: 'DAC-001' },
  { firstName: 'Ben', lastName: 'Hughes', dateOfBirth: '03/09/1962', clientNumber: 'DAC-002' },
  { firstName: 'Carys', lastName: 'Evans', dateOfBirth: '27/01/1994', clientNumber: 'DAC-003' },
  { firstName: 'Dev', lastName: 'Sharma', dateOfBirth: '15/06/1978', clientNumber: 'DAC-004' },
  { firstName: 'Eilidh', lastName: 'MacLeod', dateOfBirth: '30/11/1955', clientNumber: 'DAC-005' },
  { firstName: 'Femi', lastName: 'Adeyemi', dateOfBirth: '08/02/2001', clientNumber: 'DAC-006' },
];

const made = await withAccounts(async (accounts) => {
  if (await accounts.isEmailTaken(ADMIN.email)) return false;
  const { organisationId, userId } = await accounts.createOrganisationWithAdmin(ORGANISATION, { ...ADMIN, password: DEMO_PASSWORD });
  const admin = { userId, organisationId, role: 'organisation-admin' as const, displayName: ADMIN.displayName };
  const adviserIds: string[] = [];
  for (const adviser of ADVISERS)
    adviserIds.push(await accounts.addUserToOrganisation(organisationId, { ...adviser, password: DEMO_PASSWORD, role: 'adviser' }));
  for (const [index, client] of CLIENTS.entries())
    await accounts.addClient(admin, { ...client, adviserUserId: adviserIds[index % adviserIds.length] });
  return true;
});

// Added on their own, so that a demo organisation seeded before the workbench existed gets them too.
const staffAdded = await withAccounts(async (accounts) => {
  const [organisation] = await accounts.organisationIdsNamed(ORGANISATION);
  let added = 0;
  for (const member of CHARITY_STAFF) {
    if (!organisation || (await accounts.isEmailTaken(member.email))) continue;
    await accounts.addUserToOrganisation(organisation, { ...member, password: DEMO_PASSWORD });
    added += 1;
  }
  return added;
});

// A finished calculation for each client of working age who has none: the single private renter of the tests, with
// the client's date of birth and their own pay, answered as the questionnaire stores it (every page it asks).
const WORKING_AGE_PAY: Record<string, string> = { 'DAC-001': '850', 'DAC-003': '1250', 'DAC-004': '400', 'DAC-006': '1600' };
const accountsOnly = process.argv.slice(2).includes('--accounts-only');
const calculationsAdded = accountsOnly
  ? 0
  : await withAccountsContext(async (context) => {
      const database = context.get(DataSource);
      const clients = await database.query<{ id: string; adviser_id: string; client_number: string; date_of_birth: string }[]>(
        `SELECT c.id, c.adviser_id, c.client_number, to_char(c.date_of_birth, 'DD/MM/YYYY') AS date_of_birth
       FROM clients c JOIN organisations o ON o.id = c.organisation_id
      WHERE o.name = $1 AND NOT EXISTS (SELECT 1 FROM calculation_sessions s WHERE s.client_id = c.id)`,
        [ORGANISATION],
      );
      let added = 0;
      for (const client of clients) {
        const pay = WORKING_AGE_PAY[client.client_number];
        if (!pay) continue;
        const pages = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([name, answers]): [string, Record<string, unknown>] => [
          name,
          {
            ...answers,
            ...('ClientDob' in answers ? { ClientDob: client.date_of_birth } : {}),
            ...('ClientEarnings' in answers ? { ClientEarnings: money(pay, 'Monthly') } : {}),
          },
        ]);
        await database.query(
          `INSERT INTO calculation_sessions (reference, client_id, adviser_user_id, case_label, answers, completed_pages, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())`,
          [
            newCalculationReference(),
            client.id,
            client.adviser_id,
            'Part-time work',
            JSON.stringify(Object.assign({}, ...pages.map(([, answers]) => answers))),
            pages.map(([name]) => name),
          ],
        );
        added += 1;
      }
      return added;
    });

console.log(made ? `Made the demo organisation "${ORGANISATION}".` : `The demo organisation "${ORGANISATION}" is already there.`);
if (calculationsAdded > 0) console.log(`Added a finished calculation for ${calculationsAdded} demo clients.`);
console.log(`Sign in at /account/ with any of these, password ${DEMO_PASSWORD}:`);
console.log(`  ${ADMIN.email}  (organisation admin)`);
for (const adviser of ADVISERS) console.log(`  ${adviser.email}  (adviser, 3 clients)`);
for (const member of CHARITY_STAFF) console.log(`  ${member.email}  (${STAFF_PLACES[member.role]})`);
if (staffAdded > 0) console.log(`Added ${staffAdded} of the charity's staff.`);
