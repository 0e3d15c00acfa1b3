/**
 * The one list of web domains a rate may cite. Every rate, threshold and scheme under `rulesets/` is cited to the
 * instrument or the official publication it comes from (the law, the department's rates paper, the council's own
 * scheme), never to a news report, an advice site or another model's files, even when that is where the figure was
 * first read: a reader checking a figure must land on the text that makes it law. The parameter loader, the Local
 * Housing Allowance loader and the Council Tax Reduction loader all refuse a citation outside this list.
 *
 * A domain matches itself and its subdomains (`www.gov.uk`, `assets.publishing.service.gov.uk`), never a name that
 * merely ends in the same letters (`notgov.uk`, `gov.uk.example.com`).
 */

export interface OfficialDomain {
  domain: string;
  /** Only names below the domain are official (one council's site each), not the domain itself. */
  subdomainsOnly?: true;
  why: string;
}

export const OFFICIAL_SOURCE_DOMAINS: readonly OfficialDomain[] = [
  {
    domain: 'gov.uk',
    why:
      "The UK government's own domain, issued only to public bodies: GOV.UK (DWP's 'Benefit and pension rates' papers, HMRC's rates pages, " +
      'the published LHA tables on assets.publishing.service.gov.uk), legislation.gov.uk (the Acts, regulations and up-rating orders), ' +
      "the Valuation Office's lha-direct.voa.gov.uk, ons.gov.uk, nidirect.gov.uk, the Housing Executive's nihe.gov.uk, and every council's own *.gov.uk site (its Council Tax Reduction scheme, its LHA page).",
  },
  {
    domain: 'gov.scot',
    why: "The Scottish Government's domain: gov.scot and Social Security Scotland (socialsecurity.gov.scot), for Scottish benefits and Scottish Council Tax Reduction.",
  },
  {
    domain: 'nhs.uk',
    why:
      "The NHS's own domain, issued only to NHS bodies: the NHS Business Services Authority (nhsbsa.nhs.uk), which runs help with health costs " +
      'and the Low Income Scheme and publishes their limits, and the Healthy Start scheme it runs for the Department of Health and Social Care (healthystart.nhs.uk).',
  },
  {
    domain: 'parliament.scot',
    why:
      "The Scottish Parliament's domain: its Official Report (where a minister states the year's up-rating of Scottish payments) and its " +
      "committees' reports on draft Scottish regulations, which quote the amounts the regulations set.",
  },
  { domain: 'mygov.scot', why: "The Scottish Government's public information service for Scottish benefits and council tax." },
  { domain: 'gov.wales', why: "The Welsh Government's domain, for Welsh Council Tax Reduction and council tax levels." },
  { domain: 'llyw.cymru', why: "The Welsh Government's Welsh-language domain (the same publications as gov.wales)." },
  {
    domain: 'moderngov.co.uk',
    subdomainsOnly: true,
    why:
      "Councils' committee-papers systems: <council>.moderngov.co.uk is the council's own publication of its cabinet and full-council " +
      'papers (the host of the ModernGov system many councils use), where the adopted Council Tax Reduction scheme is published as the decision ' +
      "document. Only a council's own subdomain counts, never the vendor's site.",
  },
  {
    domain: 'nomisweb.co.uk',
    why: "Nomis, the Office for National Statistics' official labour-market and population statistics service (population estimates used only to rank councils, never a rate).",
  },
];

/** The host of an http(s) address in lower case, or undefined when it is not one. */
function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.hostname.toLowerCase().replace(/\.$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/** True when `url` is an http(s) address on an official domain (see OFFICIAL_SOURCE_DOMAINS). */
export function isOfficialSource(url: string): boolean {
  const host = hostOf(url);
  if (host === undefined) return false;
  return OFFICIAL_SOURCE_DOMAINS.some(({ domain, subdomainsOnly }) => (host === domain && !subdomainsOnly) || host.endsWith(`.${domain}`));
}

/** The problem with a citation's address for the loaders' messages, or undefined when it is official. */
export function officialSourceProblem(url: string): string | undefined {
  if (isOfficialSource(url)) return undefined;
  const host = hostOf(url) ?? url;
  return (
    `cites ${host}, which is not an official source: cite the law (legislation.gov.uk), the official publication (GOV.UK, ` +
    `Social Security Scotland, the Scottish or Welsh Government) or the council's own scheme, as listed in engine/parameters/official-sources.ts`
  );
}
