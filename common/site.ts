/**
 * The site's settings that the web app needs before it draws anything: the charity's own links and texts (the
 * header, footer and helpline around every page), the partner portals, and the optional third-party chat script. They come from
 * `definitions/site.json`, `definitions/partners/*.json` and configuration; the server writes them into the
 * page as a JSON data block, so the header or footer never flashes up inside a partner's portal.
 */

export interface SiteLink {
  text: string;
  url: string;
}

export interface CharityDetails {
  name: string;
  homepageUrl: string;
  donateUrl: string;
  /** The main navigation: Get support, Get involved, Policy Campaigns & research, Services for organisations, About us. */
  navigation: SiteLink[];
  /** The charity's own pages about benefits and other help, linked from the landing page's third card. */
  informationPages: SiteLink;
  /**
   * The member-area login; the page the visitor was on is passed back to it as a return URL. While an adviser is
   * signed in the same link reads `signedInText`.
   */
  memberLogin: SiteLink & { returnUrlParameter: string; signedInText: string };
  /** News, policy, accessibility, cookie, privacy and terms links. */
  footerLinks: SiteLink[];
  socialLinks: SiteLink[];
  /** Where the mailing-list signup form posts; the charity's mailing provider keeps the list, not this product. */
  mailingListSignupUrl: string;
  registration: string;
  copyrightYear: number;
  fundraisingRegulatorUrl: string;
  /** The charity's free helpline, shown on the results page on a phone outside a portal. */
  helpline: { phoneNumber: string; openingHours: string };
  /**
   * Where the results page links: the Warm Homes Network call back, a grants search, and the
   * 'Help us help others' survey, which is given the calculation reference in its `referenceParameter`.
   */
  resultsLinks: { warmHomesCallBack: SiteLink; grantsSearch: SiteLink; feedbackSurvey: SiteLink & { referenceParameter: string } };
}

/** The parts of the page a partner portal can hide. */
export const CHROME_PARTS = ['header', 'footer', 'chat', 'poweredBy', 'icons', 'helpline'] as const;
export type ChromePart = (typeof CHROME_PARTS)[number];

export const CHECKBOX_ICON_SHAPES = ['square', 'round'] as const;
export type CheckboxIconShape = (typeof CHECKBOX_ICON_SHAPES)[number];

export interface PartnerDefinition {
  /** The id partners put in the query string (`?id=cap_live`); also the file name. */
  id: string;
  name: string;
  /** The partner's checkbox icons: the shape of the box and the colour of the tick. */
  checkboxIcon: { shape: CheckboxIconShape; colour: string };
  /**
   * The origins (scheme, host and port, e.g. `https://www.partner.example`) of the partner's pages that show the
   * calculator in an iframe: the only sites besides ours that the Content-Security-Policy lets frame it.
   */
  origins: string[];
  /** What the partner's portal hides when the calculator is shown with `portal=true`. */
  hiddenInPortal: ChromePart[];
  /** The partner's logo: a path under the web app's public assets (`web/public`), such as `/partners/cap_live.svg`. */
  logo: string;
  /**
   * The partner's colour in its portal: the bar with its logo (white text on it) and the buttons. The loader refuses a
   * colour with a contrast below 4.5:1 against white, so text on it stays readable (WCAG 2.2, 1.4.3).
   */
  accentColour: string;
  /** The partner's own helpline, shown in its portal in place of the charity's. */
  helpline: { phoneNumber: string; openingHours: string };
  /** The partner's own pages, linked from the bar of its portal. */
  links: SiteLink[];
  /** Benefits (the engine's benefit codes) not shown in this partner's portal. */
  benefits: { hide: string[] };
  /** Extra-help categories (their names in definitions/extra-help/extra-help.json) not shown in this partner's portal. */
  extraHelp: { hide: string[] };
}

/**
 * The partner whose portal this page is in, as the server recognised it from the frame's request (never from the
 * query string alone: see docs/security.md 'Partner portals'). Null on every other page.
 */
export interface PortalRecognition {
  partnerId: string;
  /**
   * The portal pass (api/src/site/portal-pass.ts): the web app sends it with the questionnaire's first POST, and only
   * with it is the calculation credited to the partner's portal.
   */
  pass: string;
}

export interface SiteConfig {
  charity: CharityDetails;
  partners: Record<string, PartnerDefinition>;
  /** A third-party chat script; null (the default) loads no chat at all. */
  chatScriptUrl: string | null;
  /**
   * Testing mode is on (TEST_MODE_PASSWORD is set). Off, `?test=true` changes nothing: no password is asked and no
   * testing details are shown.
   */
  testMode: boolean;
  /** Set by the server per page: the partner portal this page was recognised as being shown in. */
  portal?: PortalRecognition | null;
}

export const SITE_CONFIG_ELEMENT_ID = 'site-config';
/** The marker in `web/index.html` that the server replaces with the settings. */
export const SITE_CONFIG_PLACEHOLDER = '<!--site-config-->';

// JSON inside <script> must not be able to close the element or open a comment, whatever the settings hold.
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

function escapeForScript(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function renderSiteConfigScript(config: SiteConfig): string {
  return `<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">${escapeForScript(JSON.stringify(config))}</script>`;
}

export function renderIndexHtml(template: string, config: SiteConfig): string {
  if (!template.includes(SITE_CONFIG_PLACEHOLDER)) {
    throw new Error(`The web app's index.html has no ${SITE_CONFIG_PLACEHOLDER} marker for the site settings.`);
  }
  return template.replace(SITE_CONFIG_PLACEHOLDER, () => renderSiteConfigScript(config));
}
