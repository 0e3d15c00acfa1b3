import { DEFINITIONS_DIR } from './site.module.js';
import { loadSiteConfig, parseCharity, parsePartner } from './site-definitions.js';

describe('the definitions shipped in definitions/', () => {
  it('load: the charity chrome and the four partner portals', async () => {
    const config = await loadSiteConfig(DEFINITIONS_DIR, null);
    expect(Object.keys(config.partners)).toEqual(['cap_live', 'dfl_live', 'local_london_live', 'retail_trust_live']);
    expect(config.charity.navigation.map((link) => link.text)).toEqual([
      'Get support',
      'Get involved',
      'Policy Campaigns & research',
      'Services for organisations',
      'About us',
    ]);
    expect(config.charity.copyrightYear).toBe(2025);
    expect(config.chatScriptUrl).toBeNull();
  });

  it('hide the header, footer, chat, powered-by footer, icons and helpline in every partner portal (spec 001 §1)', async () => {
    const { partners } = await loadSiteConfig(DEFINITIONS_DIR, null);
    for (const partner of Object.values(partners)) {
      expect([...partner.hiddenInPortal].sort()).toEqual(['chat', 'footer', 'header', 'helpline', 'icons', 'poweredBy']);
    }
  });
});

describe('parsePartner', () => {
  const valid = {
    id: 'cap_live',
    name: 'CAP',
    checkboxIcon: { shape: 'round', colour: '#0b5394' },
    origins: ['https://www.cap.example'],
    hiddenInPortal: ['header'],
  };

  it('names the file and field of a part of the page it does not know', () => {
    expect(() => parsePartner({ ...valid, hiddenInPortal: ['header', 'sidebar'] }, 'definitions/partners/cap_live.json')).toThrow(
      'definitions/partners/cap_live.json: hiddenInPortal[1] must be one of header, footer, chat, poweredBy, icons, helpline.',
    );
  });

  it('insists the id matches the file name, so ?id= always finds the file', () => {
    expect(() => parsePartner(valid, 'definitions/partners/dfl_live.json')).toThrow(
      'dfl_live.json: id "cap_live" must match the file name.',
    );
  });

  it('checks the checkbox icon colour', () => {
    expect(() => parsePartner({ ...valid, checkboxIcon: { shape: 'round', colour: 'blue' } }, 'cap_live.json')).toThrow(
      'checkboxIcon.colour must be a colour such as #0b5394.',
    );
  });

  it('keeps the origins that may frame the calculator, and refuses anything that is not exactly an https origin', () => {
    expect(
      parsePartner({ ...valid, origins: ['https://www.cap.example', 'https://portal.cap.example:8443'] }, 'cap_live.json').origins,
    ).toEqual(['https://www.cap.example', 'https://portal.cap.example:8443']);
    expect(parsePartner({ ...valid, origins: ['http://localhost:8080'] }, 'cap_live.json').origins).toEqual(['http://localhost:8080']);
    // Each of these would widen or break the frame-ancestors directive the origins are written into.
    for (const bad of [
      'http://www.cap.example',
      'https://www.cap.example/',
      'https://www.cap.example/portal',
      '*',
      "https://a.example 'unsafe-inline'",
      'www.cap.example',
      42,
    ]) {
      expect(() => parsePartner({ ...valid, origins: [bad] }, 'cap_live.json')).toThrow(
        'cap_live.json: origins[0] must be an https origin',
      );
    }
    expect(() =>
      parsePartner({ id: 'cap_live', name: 'CAP', checkboxIcon: valid.checkboxIcon, hiddenInPortal: [] }, 'cap_live.json'),
    ).toThrow('cap_live.json: origins is required: a list of the origins');
  });
});

describe('parseCharity', () => {
  it('names a missing field', () => {
    expect(() => parseCharity({ name: 'x' }, 'definitions/site.json')).toThrow('definitions/site.json: memberLogin is required.');
  });

  it('lists every problem, a line each, naming the file and the field', async () => {
    const { charity } = await loadSiteConfig(DEFINITIONS_DIR, null);
    const broken = { ...charity, copyrightYear: '2025', helpline: { phoneNumber: ' ' }, colour: 'red' };
    expect(() => parseCharity(broken, 'definitions/site.json')).toThrow(
      [
        'definitions/site.json: colour is not a known field (allowed: name, homepageUrl, donateUrl, navigation, informationPages, memberLogin, footerLinks, socialLinks, mailingListSignupUrl, registration, copyrightYear, fundraisingRegulatorUrl, helpline, resultsLinks).',
        'definitions/site.json: copyrightYear must be a whole number.',
        'definitions/site.json: helpline.phoneNumber must be non-empty text.',
        'definitions/site.json: helpline.openingHours is required.',
      ].join('\n'),
    );
  });
});
