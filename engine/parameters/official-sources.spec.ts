/**
 * Every rate is cited to the instrument or the official publication, never to a news report, an advice site or
 * another model's files: the domain list, and a sweep of every citation shipped under rulesets/.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { OFFICIAL_SOURCE_DOMAINS, isOfficialSource } from './official-sources.js';

describe('official sources', () => {
  it('accepts GOV.UK, legislation.gov.uk, HMRC, councils, the devolved governments, Social Security Scotland and the NHS', () => {
    for (const url of [
      'https://www.gov.uk/government/publications/benefit-and-pension-rates-2026-to-2027/proposed-benefit-and-pension-rates-2026-to-2027',
      'https://www.legislation.gov.uk/uksi/2013/376/regulation/36',
      'https://assets.publishing.service.gov.uk/media/69d654a2e1430e837a86f64a/england-rates-2026-to-2027.csv',
      'https://lha-direct.voa.gov.uk/',
      'https://www.nihe.gov.uk/housing-help/local-housing-allowance/current-lha-rent-levels',
      'http://www.falkirk.gov.uk/services/council-tax/',
      'https://www.socialsecurity.gov.scot/guidance-resources/guidance/overview-of-scottish-child-payment',
      'https://www.gov.scot/publications/council-tax-datasets/',
      'https://www.gov.wales/council-tax-levels-april-2026-march-2027-html',
      'https://barnet.moderngov.co.uk/documents/s94210/Appendix%20O%20-%20202627%20Council%20Tax%20Support%20Scheme.pdf',
      'https://www.nhsbsa.nhs.uk/help-nhs-prescription-costs/universal-credit',
      'https://www.healthystart.nhs.uk/',
    ]) {
      expect([url, isOfficialSource(url)]).toEqual([url, true]);
    }
  });

  it('refuses news and advice sites, other models, look-alike names and anything not a web address', () => {
    for (const url of [
      'https://www.upday.com/uk/cost-of-living/dwp-confirms-new-benefit-rates',
      'https://www.brumdaily.uk/pension-credit',
      'https://www.homecare.co.uk/advice/pension-credit-how-much-is-it-and-can-i-get-it',
      'https://www.europesays.com/uk/?p=223908',
      'https://github.com/PolicyEngine/policyengine-uk/blob/main/policyengine_uk/parameters/gov/dwp/carers_allowance/min_hours.yaml',
      'https://askcpag.org.uk/?id=-267269',
      'https://www.benefitsandwork.co.uk/news/benefits-uprating-amounts-for-2026-to-2027',
      'https://www.citizensadvice.org.uk/benefits/',
      'https://moderngov.co.uk/',
      'https://notgov.uk/rates',
      'https://notnhs.uk/healthy-start',
      'https://gov.uk.example.com/rates',
      'https://www.gov.uk@example.com/rates',
      'ftp://www.gov.uk/rates',
      'www.gov.uk/rates',
    ]) {
      expect([url, isOfficialSource(url)]).toEqual([url, false]);
    }
  });

  it('says why each domain is on the list', () => {
    for (const { domain, why } of OFFICIAL_SOURCE_DOMAINS) expect([domain, why.length > 40]).toEqual([domain, true]);
  });
});

/** Every `url` in a JSON value, with its JSON path. */
function urlsIn(value: unknown, path: string): { path: string; url: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => urlsIn(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'url' && typeof inner === 'string' ? [{ path: `${path}.${key}`, url: inner }] : urlsIn(inner, `${path}.${key}`),
  );
}

describe('every citation shipped under rulesets/', () => {
  const root = resolve('rulesets');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((path) => path.endsWith('.json')).sort();

  it("cites an official source (rates, Local Housing Allowance tables, Band D, councils' schemes, cases)", () => {
    expect(files.length).toBeGreaterThan(200);
    const cited = files.flatMap((file) => urlsIn(JSON.parse(readFileSync(join(root, file), 'utf8')), file));
    expect(cited.length).toBeGreaterThan(500);
    expect(cited.filter(({ url }) => !isOfficialSource(url)).map(({ path, url }) => `${path}: ${url}`)).toEqual([]);
  });
});
