import type { SiteConfig } from '../../../common/site';

/** Site settings for component tests: the shape the server writes into the page. */
export const testSiteConfig: SiteConfig = {
  charity: {
    name: 'Benefits Calculator',
    homepageUrl: 'https://www.example.org/',
    donateUrl: 'https://www.example.org/donate',
    navigation: [
      { text: 'Get support', url: 'https://www.example.org/get-support' },
      { text: 'Get involved', url: 'https://www.example.org/get-involved' },
      { text: 'Policy Campaigns & research', url: 'https://www.example.org/policy' },
      { text: 'Services for organisations', url: 'https://www.example.org/services' },
      { text: 'About us', url: 'https://www.example.org/about-us' },
    ],
    informationPages: {
      text: 'Read our guides to benefits and support',
      url: 'https://www.example.org/get-support/information-and-guides',
    },
    memberLogin: { text: 'Log in', signedInText: 'Your account', url: '/account/sign-in', returnUrlParameter: 'returnUrl' },
    footerLinks: [
      { text: 'News', url: 'https://www.example.org/news' },
      { text: 'Privacy policy', url: 'https://www.example.org/privacy-policy' },
    ],
    socialLinks: [{ text: 'Facebook', url: 'https://www.facebook.com/' }],
    mailingListSignupUrl: 'https://www.example.org/newsletter-signup',
    registration: 'Run by a charity registered in England and Wales and in Scotland.',
    copyrightYear: 2025,
    fundraisingRegulatorUrl: 'https://www.fundraisingregulator.org.uk/',
    helpline: { phoneNumber: '0808 157 0192', openingHours: 'Mon–Fri 9am–5pm' },
    resultsLinks: {
      warmHomesCallBack: { text: 'Ask the Warm Homes Network to call you back', url: 'https://www.example.org/warm-homes-network' },
      grantsSearch: { text: 'Search for grants you could get', url: 'https://grants-search.turn2us.org.uk/' },
      feedbackSurvey: { text: 'Take our short survey', url: 'https://www.example.org/calculator-survey', referenceParameter: 'reference' },
    },
  },
  partners: {
    cap_live: {
      id: 'cap_live',
      name: 'CAP',
      checkboxIcon: { shape: 'round', colour: '#0b5394' },
      origins: ['https://www.cap.example'],
      hiddenInPortal: ['header', 'footer', 'chat'],
      logo: '/partners/cap_live.svg',
      accentColour: '#0b5394',
      helpline: { phoneNumber: '0800 328 0006', openingHours: 'Monday to Friday, 9am to 5pm' },
      links: [{ text: 'Debt help', url: 'https://www.cap.example/debt-help' }],
      benefits: { hide: [] },
      extraHelp: { hide: [] },
    },
  },
  chatScriptUrl: null,
  testMode: true,
};
