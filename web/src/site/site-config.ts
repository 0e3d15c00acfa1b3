import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../../common/site';

/** The settings the server wrote into the page (see common/site.ts). */
export function readSiteConfig(document: Document = window.document): SiteConfig {
  const element = document.getElementById(SITE_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error(`The page has no #${SITE_CONFIG_ELEMENT_ID} settings; it must be served by the API.`);
  return JSON.parse(element.textContent) as SiteConfig;
}
