import { renderIndexHtml, renderSiteConfigScript, SITE_CONFIG_PLACEHOLDER, type SiteConfig } from './site.js';

const settings: SiteConfig = {
  charity: {
    name: 'Test charity',
    homepageUrl: 'https://charity.example/',
    donateUrl: 'https://charity.example/donate',
    navigation: [],
    informationPages: { text: 'Benefits guides', url: 'https://charity.example/guides' },
    memberLogin: { text: 'Log in', signedInText: 'Your account', url: '/account/sign-in', returnUrlParameter: 'returnUrl' },
    footerLinks: [],
    socialLinks: [],
    mailingListSignupUrl: 'https://charity.example/signup',
    registration: 'Registered charity',
    copyrightYear: 2025,
    fundraisingRegulatorUrl: 'https://www.fundraisingregulator.org.uk/',
    helpline: { phoneNumber: '0808 157 0192', openingHours: 'Mon–Fri 9am–5pm' },
    resultsLinks: {
      warmHomesCallBack: { text: 'Ask for a call back', url: 'https://charity.example/warm-homes' },
      grantsSearch: { text: 'Search for grants', url: 'https://charity.example/grants' },
      feedbackSurvey: { text: 'Take our survey', url: 'https://charity.example/survey', referenceParameter: 'reference' },
    },
  },
  partners: {},
  chatScriptUrl: null,
  testMode: false,
};

describe('renderSiteConfigScript', () => {
  it('writes the settings as a JSON data block that reads back unchanged', () => {
    const html = renderSiteConfigScript(settings);
    const json = html.replace(/^<script id="site-config" type="application\/json">/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json)).toEqual(settings);
  });

  it('cannot be broken out of by a value that contains a closing script tag', () => {
    const hostile = { ...settings, charity: { ...settings.charity, name: '</script><script>alert(1)</script><!--' } };
    const html = renderSiteConfigScript(hostile);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const json = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(JSON.parse(json).charity.name).toBe('</script><script>alert(1)</script><!--');
  });
});

describe('renderIndexHtml', () => {
  it('replaces the marker in the page with the settings', () => {
    const page = renderIndexHtml(`<head>${SITE_CONFIG_PLACEHOLDER}</head>`, settings);
    expect(page).toMatch(/^<head><script id="site-config"/);
    expect(page).not.toContain(SITE_CONFIG_PLACEHOLDER);
  });

  it('refuses a page without the marker rather than serving a page with no settings', () => {
    expect(() => renderIndexHtml('<head></head>', settings)).toThrow(/no <!--site-config--> marker/);
  });
});
