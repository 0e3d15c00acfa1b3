import { SITE_CONFIG_ELEMENT_ID } from '../../../common/site';
import { portalPassOnThisPage, searchWithoutUnrecognisedPortal } from './portal';
import { testSiteConfig } from './test-site-config';

describe('searchWithoutUnrecognisedPortal', () => {
  const recognised = { ...testSiteConfig, portal: { partnerId: 'cap_live', pass: '1795262400.pass' } };
  const unrecognised = { ...testSiteConfig, portal: null };

  it('keeps the portal the server recognised', () => {
    expect(searchWithoutUnrecognisedPortal('?portal=true&id=cap_live&ref=leaflet', recognised)).toBeNull();
  });

  it('drops a portal the server did not recognise, keeping the partner id and the rest', () => {
    expect(searchWithoutUnrecognisedPortal('?portal=true&id=cap_live&ref=leaflet', unrecognised)).toBe('?id=cap_live&ref=leaflet');
    expect(searchWithoutUnrecognisedPortal('?portal=true&id=dfl_live', recognised)).toBe('?id=dfl_live');
    expect(searchWithoutUnrecognisedPortal('?portal=true', unrecognised)).toBe('');
  });

  it('leaves an address with no portal as it is', () => {
    expect(searchWithoutUnrecognisedPortal('?id=cap_live', unrecognised)).toBeNull();
  });
});

describe('portalPassOnThisPage', () => {
  afterEach(() => document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove());

  function serveSettings(portal: unknown) {
    const element = document.createElement('script');
    element.id = SITE_CONFIG_ELEMENT_ID;
    element.type = 'application/json';
    element.textContent = JSON.stringify({ ...testSiteConfig, portal });
    document.body.append(element);
  }

  it('is the pass the server gave the page inside the partner’s frame', () => {
    serveSettings({ partnerId: 'cap_live', pass: '1795262400.abc' });
    expect(portalPassOnThisPage()).toBe('1795262400.abc');
  });

  it('is null on any other page, or with no settings at all', () => {
    serveSettings(null);
    expect(portalPassOnThisPage()).toBeNull();
    document.getElementById(SITE_CONFIG_ELEMENT_ID)?.remove();
    expect(portalPassOnThisPage()).toBeNull();
  });
});
