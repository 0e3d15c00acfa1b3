/**
 * `npm run accounts:link-partner -- --organisation "CAP" --partner cap_live`: links an organisation (made by
 * `accounts:create-admin`) to the partner portal it runs (a file of definitions/partners/, or a partner registered in
 * the account area), so that its admins see the
 * management information of the calculations made in that portal as well as their own clients'. `--partner none`
 * unlinks it.
 */
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { partnersInForce } from '../api/src/partners/partner-register.js';
import { approvedChanges } from '../api/src/partners/partners.service.js';
import { loadSiteConfig } from '../api/src/site/site-definitions.js';
import { argument, ask, stopAsking, withAccounts, withAccountsContext } from './accounts-context.js';

const organisation = argument('organisation') ?? (await ask('Organisation name (as made by accounts:create-admin): '));
const partner = argument('partner') ?? (await ask('Partner id (as the partners page lists it, or none): '));
stopAsking();

const site = await loadSiteConfig(resolve('definitions'), null);
const partners = await withAccountsContext(async (context) =>
  partnersInForce(site.partners, await approvedChanges(context.get(DataSource))),
);
if (partner !== 'none' && !Object.hasOwn(partners, partner)) {
  console.error(`There is no partner "${partner}" (there are: ${Object.keys(partners).sort().join(', ')}).`);
  process.exit(2);
}
const found = await withAccounts(async (accounts) => {
  const ids = await accounts.organisationIdsNamed(organisation);
  if (ids.length === 1) await accounts.linkPartner(ids[0], partner === 'none' ? null : partner);
  return ids.length;
});
if (found !== 1) {
  console.error(
    found === 0 ? `There is no organisation named "${organisation}".` : `More than one organisation is named "${organisation}".`,
  );
  process.exit(2);
}
console.log(
  partner === 'none'
    ? `"${organisation}" runs no partner portal now.`
    : `"${organisation}" now sees the management information of the ${partner} portal.`,
);
