import { searchWithoutUnrecognisedPortal } from './portal';
import { testSiteConfig } from './test-site-config';

describe('searchWithoutUnrecognisedPortal', () => {
  const recognised = { ...testSiteConfig, portal: { partnerId: 'cap_live' } };
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
