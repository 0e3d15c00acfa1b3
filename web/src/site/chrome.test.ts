import { readVisit } from '../../../common/visit';
import { visibleChrome } from './chrome';
import { readSiteConfig } from './site-config';
import { testSiteConfig } from './test-site-config';

describe('visibleChrome', () => {
  it('shows everything on the public site, but no chat unless a chat script is configured', () => {
    expect(visibleChrome(readVisit(''), testSiteConfig)).toEqual({
      header: true,
      footer: true,
      chat: false,
      poweredBy: true,
      icons: true,
      helpline: true,
    });
    expect(visibleChrome(readVisit(''), { ...testSiteConfig, chatScriptUrl: 'https://chat.example.org/w.js' }).chat).toBe(true);
  });

  it('hides what the partner’s definition lists in its portal', () => {
    const withChat = { ...testSiteConfig, chatScriptUrl: 'https://chat.example.org/w.js' };
    expect(visibleChrome(readVisit('?portal=true&id=cap_live'), withChat)).toEqual({
      header: false,
      footer: false,
      chat: false,
      poweredBy: true,
      icons: true,
      helpline: true,
    });
  });

  it('hides all of it in the portal of a partner it does not know', () => {
    expect(Object.values(visibleChrome(readVisit('?portal=true&id=someone_else'), testSiteConfig)).some(Boolean)).toBe(false);
  });

  it('does not hide anything for a partner link outside a portal', () => {
    expect(visibleChrome(readVisit('?id=cap_live'), testSiteConfig).header).toBe(true);
  });
});

describe('readSiteConfig', () => {
  it('reads the JSON block the server writes into the page', () => {
    document.head.innerHTML = `<script id="site-config" type="application/json">${JSON.stringify(testSiteConfig)}</script>`;
    expect(readSiteConfig(document)).toEqual(testSiteConfig);
  });

  it('says so when the page was not served by the API', () => {
    document.head.innerHTML = '';
    expect(() => readSiteConfig(document)).toThrow('The page has no #site-config settings; it must be served by the API.');
  });
});
