import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import type { FieldError } from '../../../common/errors.js';
import type { CharityDetails, PartnerDefinition, SiteConfig, SiteLink } from '../../../common/site.js';
import { BENEFIT_CODES } from '../../../engine/core/benefit.js';
import { Contract } from '../../../engine/schemas/json-schema.js';

/** Where a partner's logo path points: the web app's public assets, which the build copies as they are. */
export const WEB_PUBLIC_DIR = resolve('web/public');

/** What a partner file is checked against besides its schema: the names its switches may use. */
export interface PartnerNames {
  extraHelpCategories: readonly string[];
  /** The folder a logo path is under; null leaves the file unchecked (a unit test's partner). */
  publicDir: string | null;
}

/** WCAG 2.2's relative luminance of a #rrggbb colour. */
function luminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(colour.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

/** Normal-size text needs 4.5:1 (WCAG 2.2, 1.4.3); the portal writes white text on the accent colour. */
export const MINIMUM_CONTRAST = 4.5;

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

/** A definitions file's JSON; a file that cannot be read or parsed stops the start, naming it as `shownAs`. */
export async function readDefinitionJson(file: string, shownAs: string): Promise<unknown> {
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

/**
 * Every problem of a partner's definition, each with its field: the schema's, and the checks above and below. The same
 * for a partner file and for a partner registered in the account area (api/src/partners/).
 */
export function partnerProblems(json: unknown, file: string, names: PartnerNames | null = null): FieldError[] {
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
            message:
              'must be a web address that starts with https://, such as https://www.partner.example, with nothing after the site’s name (no page, no slash at the end).',
          });
      });
    more.push(...switchProblems(partner, names));
  }
  return PARTNER.problemsWith(json, more);
}

export function parsePartner(json: unknown, file: string, names: PartnerNames | null = null): PartnerDefinition {
  const problems = partnerProblems(json, file, names);
  if (problems.length > 0) throw DefinitionError.listing(file, problems);
  return partnerOf(json as PartnerDefinition);
}

/** A checked partner's definition with only its own fields, copied. */
export function partnerOf(checked: PartnerDefinition): PartnerDefinition {
  const { id, name, checkboxIcon, origins, hiddenInPortal, logo, accentColour, helpline, links, benefits, extraHelp } = checked;
  return {
    id,
    name,
    checkboxIcon: { shape: checkboxIcon.shape, colour: checkboxIcon.colour },
    origins,
    hiddenInPortal,
    logo,
    accentColour,
    helpline: { phoneNumber: helpline.phoneNumber, openingHours: helpline.openingHours },
    links: links.map(link),
    benefits: { hide: [...benefits.hide] },
    extraHelp: { hide: [...extraHelp.hide] },
  };
}

type Problem = { segments: (string | number)[]; message: string };

/**
 * What the schema cannot say: the accent colour is readable with white text on it, the logo is a file of the web
 * app, and each hidden benefit or extra-help category is one the calculator has (a misspelt code would hide nothing).
 */
function switchProblems(partner: Partial<Record<keyof PartnerDefinition, unknown>>, names: PartnerNames | null): Problem[] {
  const problems: Problem[] = [];
  const colour = partner.accentColour;
  if (typeof colour === 'string' && /^#[0-9a-fA-F]{6}$/.test(colour)) {
    const ratio = contrastRatio(colour, '#ffffff');
    if (ratio < MINIMUM_CONTRAST)
      problems.push({
        segments: ['accentColour'],
        message: `${colour} has a contrast of ${ratio.toFixed(2)}:1 with white text; it needs at least ${MINIMUM_CONTRAST}:1 (choose a darker colour).`,
      });
  }
  if (
    names?.publicDir &&
    typeof partner.logo === 'string' &&
    partner.logo.startsWith('/partners/') &&
    !partner.logo.includes('..') &&
    !existsSync(join(names.publicDir, partner.logo))
  )
    problems.push({ segments: ['logo'], message: `${partner.logo} is not a file of web/public.` });
  const hidden = (field: 'benefits' | 'extraHelp', known: readonly string[], what: string) => {
    const hide = (partner[field] as { hide?: unknown } | undefined)?.hide;
    if (!Array.isArray(hide)) return;
    hide.forEach((value: unknown, index) => {
      if (typeof value === 'string' && !known.includes(value))
        problems.push({ segments: [field, 'hide', index], message: `"${value}" is not ${what} (known: ${known.join(', ')}).` });
    });
  };
  hidden('benefits', BENEFIT_CODES, "one of the calculator's benefit codes");
  if (names) hidden('extraHelp', names.extraHelpCategories, 'an extra-help category');
  return problems;
}

/** The extra-help categories' names, from definitions/extra-help/extra-help.json. */
export async function extraHelpCategoriesOf(definitionsDir: string): Promise<string[]> {
  const file = join(definitionsDir, 'extra-help', 'extra-help.json');
  const index = (await readDefinitionJson(file, file)) as { categories?: unknown };
  return Array.isArray(index.categories) ? index.categories.filter((name): name is string => typeof name === 'string') : [];
}

/**
 * Reads `site.json` and every `partners/*.json` from the definitions folder, then any partner files of
 * `extraPartnersDir` (EXTRA_PARTNERS_DIR: a portal tried out locally, or the embed test's partner on another port);
 * testing mode is off unless said.
 */
export async function loadSiteConfig(
  definitionsDir: string,
  chatScriptUrl: string | null,
  testMode = false,
  extraPartnersDir: string | null = null,
): Promise<SiteConfig> {
  const shown = (file: string) => relative(process.cwd(), file);
  const siteFile = join(definitionsDir, 'site.json');
  const charity = parseCharity(await readDefinitionJson(siteFile, shown(siteFile)), shown(siteFile));
  const names: PartnerNames = { extraHelpCategories: await extraHelpCategoriesOf(definitionsDir), publicDir: WEB_PUBLIC_DIR };
  const partners: Record<string, PartnerDefinition> = {};
  for (const partnersDir of [join(definitionsDir, 'partners'), ...(extraPartnersDir ? [extraPartnersDir] : [])]) {
    const partnerFiles = (await readdir(partnersDir)).filter((name) => name.endsWith('.json')).sort();
    for (const name of partnerFiles) {
      const file = join(partnersDir, name);
      const partner = parsePartner(await readDefinitionJson(file, shown(file)), shown(file), names);
      if (Object.hasOwn(partners, partner.id)) throw new DefinitionError(shown(file), `partner "${partner.id}" is defined twice.`);
      partners[partner.id] = partner;
    }
  }
  return { charity, partners, chatScriptUrl, testMode };
}
