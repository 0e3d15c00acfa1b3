import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import type { FieldError } from '../../../common/errors.js';
import type { CharityDetails, PartnerDefinition, SiteConfig, SiteLink } from '../../../common/site.js';
import { Contract } from '../../../engine/schemas/json-schema.js';

export class DefinitionError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'DefinitionError';
  }

  /** Every problem of one file, a line each: `definitions/site.json: helpline.phoneNumber must be non-empty text.` */
  static listing(file: string, problems: readonly FieldError[]): DefinitionError {
    return new DefinitionError(file, problems.map((problem) => problem.message).join(`\n${file}: `));
  }
}

/**
 * The shape of `site.json` and of a partner file, written once as JSON Schema (`definitions/schemas/site.schema.json`,
 * `partner.schema.json`) and checked with ajv. The code adds only that a partner's id is its file's name and that each
 * origin is exactly an origin.
 */
const knownFields = (allowed: readonly string[]) => `is not a known field (allowed: ${allowed.join(', ')}).`;
const SITE = Contract.named('site.schema.json', knownFields);
const PARTNER = Contract.named('partner.schema.json', knownFields);

async function readJson(file: string, shownAs: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new DefinitionError(shownAs, error instanceof SyntaxError ? `is not valid JSON (${error.message}).` : 'cannot be read.');
  }
}

const link = ({ text, url }: SiteLink): SiteLink => ({ text, url });

export function parseCharity(json: unknown, file: string): CharityDetails {
  const problems = SITE.problems(json);
  if (problems.length > 0) throw DefinitionError.listing(file, problems);
  const site = json as CharityDetails;
  const { memberLogin, helpline, resultsLinks } = site;
  return {
    name: site.name,
    homepageUrl: site.homepageUrl,
    donateUrl: site.donateUrl,
    navigation: site.navigation.map(link),
    informationPages: link(site.informationPages),
    memberLogin: {
      ...link(memberLogin),
      returnUrlParameter: memberLogin.returnUrlParameter,
      signedInText: memberLogin.signedInText,
    },
    footerLinks: site.footerLinks.map(link),
    socialLinks: site.socialLinks.map(link),
    mailingListSignupUrl: site.mailingListSignupUrl,
    registration: site.registration,
    copyrightYear: site.copyrightYear,
    fundraisingRegulatorUrl: site.fundraisingRegulatorUrl,
    helpline: { phoneNumber: helpline.phoneNumber, openingHours: helpline.openingHours },
    resultsLinks: {
      warmHomesCallBack: link(resultsLinks.warmHomesCallBack),
      grantsSearch: link(resultsLinks.grantsSearch),
      feedbackSurvey: { ...link(resultsLinks.feedbackSurvey), referenceParameter: resultsLinks.feedbackSurvey.referenceParameter },
    },
  };
}

/**
 * A partner origin goes into the Content-Security-Policy's frame-ancestors as it is, so it must be exactly an
 * origin: https (plain http only for localhost, to try a portal locally), a host, an optional port, nothing else.
 * The schema gives the form; only the URL parser can say it is written exactly as the browser writes the origin
 * (no default port, the host in lower case...).
 */
function isExactOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  return url.origin === value && (url.protocol === 'https:' || (url.protocol === 'http:' && local));
}

export function parsePartner(json: unknown, file: string): PartnerDefinition {
  const partner = json as Partial<Record<keyof PartnerDefinition, unknown>>;
  const more: { segments: (string | number)[]; message: string }[] = [];
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    if (typeof partner.id === 'string' && partner.id !== basename(file, '.json'))
      more.push({ segments: ['id'], message: `"${partner.id}" must match the file name.` });
    if (Array.isArray(partner.origins))
      partner.origins.forEach((origin: unknown, index) => {
        if (typeof origin === 'string' && !isExactOrigin(origin))
          more.push({
            segments: ['origins', index],
            message: 'must be an https origin such as https://www.partner.example (no path, no trailing slash).',
          });
      });
  }
  const problems = PARTNER.problemsWith(json, more);
  if (problems.length > 0) throw DefinitionError.listing(file, problems);
  const { id, name, checkboxIcon, origins, hiddenInPortal } = json as PartnerDefinition;
  return { id, name, checkboxIcon: { shape: checkboxIcon.shape, colour: checkboxIcon.colour }, origins, hiddenInPortal };
}

/** Reads `site.json` and every `partners/*.json` from the definitions folder; testing mode is off unless said. */
export async function loadSiteConfig(definitionsDir: string, chatScriptUrl: string | null, testMode = false): Promise<SiteConfig> {
  const shown = (file: string) => relative(process.cwd(), file);
  const siteFile = join(definitionsDir, 'site.json');
  const charity = parseCharity(await readJson(siteFile, shown(siteFile)), shown(siteFile));
  const partnersDir = join(definitionsDir, 'partners');
  const partnerFiles = (await readdir(partnersDir)).filter((name) => name.endsWith('.json')).sort();
  const partners: Record<string, PartnerDefinition> = {};
  for (const name of partnerFiles) {
    const file = join(partnersDir, name);
    const partner = parsePartner(await readJson(file, shown(file)), shown(file));
    partners[partner.id] = partner;
  }
  return { charity, partners, chatScriptUrl, testMode };
}
