import { DEFINITIONS_DIR } from './site.module.js';
import { contrastRatio, loadSiteConfig, parseCharity, parsePartner, WEB_PUBLIC_DIR } from './site-definitions.js';

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

  it('hide the header, footer, chat, powered-by footer, icons and helpline in every partner portal', async () => {
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
    logo: '/partners/cap_live.svg',
    accentColour: '#0b5394',
    helpline: { phoneNumber: '0800 328 0006', openingHours: 'Monday to Friday, 9am to 5pm' },
    links: [{ text: 'Debt help', url: 'https://www.cap.example/debt-help' }],
    benefits: { hide: ['WINTER_FUEL_PAYMENT'] },
    extraHelp: { hide: ['water'] },
  };
  const names = { extraHelpCategories: ['energy', 'water'], publicDir: WEB_PUBLIC_DIR };

  it('keeps the portal’s name, logo, accent colour, helpline, links and switches', () => {
    const partner = parsePartner(valid, 'definitions/partners/cap_live.json', names);
    expect(partner).toMatchObject({
      logo: '/partners/cap_live.svg',
      accentColour: '#0b5394',
      helpline: { phoneNumber: '0800 328 0006' },
      links: [{ text: 'Debt help', url: 'https://www.cap.example/debt-help' }],
      benefits: { hide: ['WINTER_FUEL_PAYMENT'] },
      extraHelp: { hide: ['water'] },
    });
  });

  it('refuses an accent colour that white text cannot be read on, naming the field and the contrast', () => {
    // #0b5394 is 7.8:1 with white; #3d8fd6, a lighter blue, is 3.4:1.
    expect(contrastRatio('#0b5394', '#ffffff')).toBeGreaterThan(7);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(() => parsePartner({ ...valid, accentColour: '#3d8fd6' }, 'cap_live.json', names)).toThrow(
      'cap_live.json: accentColour #3d8fd6 has a contrast of 3.44:1 with white text; it needs at least 4.5:1 (choose a darker colour).',
    );
    // #767676 is the lightest grey that passes.
    expect(parsePartner({ ...valid, accentColour: '#767676' }, 'cap_live.json', names).accentColour).toBe('#767676');
  });

  it('refuses a hidden benefit or extra-help category the calculator does not have, and a logo that is not a file', () => {
    expect(() =>
      parsePartner(
        { ...valid, benefits: { hide: ['WINTER_FUEL'] }, extraHelp: { hide: ['gas'] }, logo: '/partners/nobody.svg' },
        'cap_live.json',
        names,
      ),
    ).toThrow(
      [
        'cap_live.json: logo /partners/nobody.svg is not a file of web/public.',
        `cap_live.json: benefits.hide[0] "WINTER_FUEL" is not one of the calculator's benefit codes`,
      ].join('\n'),
    );
    expect(() => parsePartner({ ...valid, extraHelp: { hide: ['gas'] } }, 'cap_live.json', names)).toThrow(
      'cap_live.json: extraHelp.hide[0] "gas" is not an extra-help category (known: energy, water).',
    );
    expect(() => parsePartner({ ...valid, logo: 'https://cdn.example/logo.svg' }, 'cap_live.json', names)).toThrow(
      'cap_live.json: logo must be a path under web/public such as /partners/cap_live.svg.',
    );
  });

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
        'cap_live.json: origins[0] must be a web address that starts with https://',
      );
    }
    expect(() => parsePartner({ ...valid, origins: undefined }, 'cap_live.json')).toThrow(
      'cap_live.json: origins is required: a list of the origins',
    );
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
