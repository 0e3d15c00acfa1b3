import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import {
  CHECKBOX_ICON_SHAPES,
  CHROME_PARTS,
  type CharityDetails,
  type PartnerDefinition,
  type SiteConfig,
  type SiteLink,
} from '../../../common/site.js';

export class DefinitionError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'DefinitionError';
  }
}

type Json = Record<string, unknown>;

/** Reads the fields of one JSON definition, naming the file and field of anything missing or malformed. */
class DefinitionReader {
  constructor(private readonly file: string) {}

  object(value: unknown, path: string): Json {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new DefinitionError(this.file, `${path || 'the file'} must be a JSON object.`);
    return value as Json;
  }

  text(from: Json, key: string, path = key): string {
    const value = from[key];
    if (typeof value !== 'string' || value.trim() === '') throw new DefinitionError(this.file, `${path} must be non-empty text.`);
    return value;
  }

  wholeNumber(from: Json, key: string): number {
    const value = from[key];
    if (!Number.isInteger(value)) throw new DefinitionError(this.file, `${key} must be a whole number.`);
    return value as number;
  }

  oneOf<T extends string>(from: Json, key: string, allowed: readonly T[], path = key): T {
    const value = this.text(from, key, path);
    if (!allowed.includes(value as T)) throw new DefinitionError(this.file, `${path} must be one of ${allowed.join(', ')}.`);
    return value as T;
  }

  list(from: Json, key: string): unknown[] {
    const value = from[key];
    if (!Array.isArray(value)) throw new DefinitionError(this.file, `${key} must be a list.`);
    return value;
  }

  link(value: unknown, path: string): SiteLink {
    const link = this.object(value, path);
    return { text: this.text(link, 'text', `${path}.text`), url: this.text(link, 'url', `${path}.url`) };
  }

  links(from: Json, key: string): SiteLink[] {
    return this.list(from, key).map((item, index) => this.link(item, `${key}[${index}]`));
  }
}

async function readJson(file: string, shownAs: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new DefinitionError(shownAs, error instanceof SyntaxError ? `is not valid JSON (${error.message}).` : 'cannot be read.');
  }
}

export function parseCharity(json: unknown, file: string): CharityDetails {
  const read = new DefinitionReader(file);
  const site = read.object(json, '');
  const login = read.object(site.memberLogin, 'memberLogin');
  const helpline = read.object(site.helpline, 'helpline');
  const links = read.object(site.resultsLinks, 'resultsLinks');
  const survey = read.object(links.feedbackSurvey, 'resultsLinks.feedbackSurvey');
  return {
    name: read.text(site, 'name'),
    homepageUrl: read.text(site, 'homepageUrl'),
    donateUrl: read.text(site, 'donateUrl'),
    navigation: read.links(site, 'navigation'),
    informationPages: read.link(site.informationPages, 'informationPages'),
    memberLogin: {
      ...read.link(login, 'memberLogin'),
      returnUrlParameter: read.text(login, 'returnUrlParameter', 'memberLogin.returnUrlParameter'),
      signedInText: read.text(login, 'signedInText', 'memberLogin.signedInText'),
    },
    footerLinks: read.links(site, 'footerLinks'),
    socialLinks: read.links(site, 'socialLinks'),
    mailingListSignupUrl: read.text(site, 'mailingListSignupUrl'),
    registration: read.text(site, 'registration'),
    copyrightYear: read.wholeNumber(site, 'copyrightYear'),
    fundraisingRegulatorUrl: read.text(site, 'fundraisingRegulatorUrl'),
    helpline: {
      phoneNumber: read.text(helpline, 'phoneNumber', 'helpline.phoneNumber'),
      openingHours: read.text(helpline, 'openingHours', 'helpline.openingHours'),
    },
    resultsLinks: {
      warmHomesCallBack: read.link(links.warmHomesCallBack, 'resultsLinks.warmHomesCallBack'),
      grantsSearch: read.link(links.grantsSearch, 'resultsLinks.grantsSearch'),
      feedbackSurvey: {
        ...read.link(survey, 'resultsLinks.feedbackSurvey'),
        referenceParameter: read.text(survey, 'referenceParameter', 'resultsLinks.feedbackSurvey.referenceParameter'),
      },
    },
  };
}

/**
 * A partner origin goes into the Content-Security-Policy's frame-ancestors as it is, so it must be exactly an
 * origin: https (plain http only for localhost, to try a portal locally), a host, an optional port, nothing else.
 */
function parseOrigin(value: unknown, path: string, file: string): string {
  let url: URL | null = null;
  if (typeof value === 'string') {
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
  }
  const local = url?.hostname === 'localhost' || url?.hostname === '127.0.0.1';
  if (!url || url.origin !== value || !(url.protocol === 'https:' || (url.protocol === 'http:' && local))) {
    throw new DefinitionError(file, `${path} must be an https origin such as https://www.partner.example (no path, no trailing slash).`);
  }
  return url.origin;
}

export function parsePartner(json: unknown, file: string): PartnerDefinition {
  const read = new DefinitionReader(file);
  const partner = read.object(json, '');
  const id = read.text(partner, 'id');
  if (id !== basename(file, '.json')) throw new DefinitionError(file, `id "${id}" must match the file name.`);
  const icon = read.object(partner.checkboxIcon, 'checkboxIcon');
  const colour = read.text(icon, 'colour', 'checkboxIcon.colour');
  if (!/^#[0-9a-fA-F]{6}$/.test(colour)) throw new DefinitionError(file, 'checkboxIcon.colour must be a colour such as #0b5394.');
  const hidden = read
    .list(partner, 'hiddenInPortal')
    .map((part, index) => read.oneOf({ part }, 'part', CHROME_PARTS, `hiddenInPortal[${index}]`));
  const origins = read.list(partner, 'origins').map((origin, index) => parseOrigin(origin, `origins[${index}]`, file));
  return {
    id,
    name: read.text(partner, 'name'),
    checkboxIcon: { shape: read.oneOf(icon, 'shape', CHECKBOX_ICON_SHAPES, 'checkboxIcon.shape'), colour },
    origins,
    hiddenInPortal: hidden,
  };
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
