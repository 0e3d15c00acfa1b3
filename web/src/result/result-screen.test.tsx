import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { testSiteConfig } from '../site/test-site-config';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import { installJsdomSupport } from '../survey/jsdom-support';
import { settle } from '../survey/render-page';
import { resetTestMode } from '../test-mode';
import { standInForEmailForm } from './email-stand-in';
import { resultWith, RESULT_URL, SESSION, universalCreditOnly } from '../../../test/fixtures/web-result';

installJsdomSupport();
standInForEmailForm();
const { default: ResultScreen } = await import('./ResultScreen');

const verificationRequired = {
  status: 403,
  body: { statusCode: 403, code: 'VERIFICATION_REQUIRED', message: 'Please check who you are.', errors: [] },
};
const notFound = {
  status: 404,
  body: { statusCode: 404, code: 'CALCULATION_NOT_FOUND', message: 'This calculation was not found.', errors: [] },
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('POST', '/api/data/error', { status: 204, body: undefined });
  localStorage.clear();
  act(() => resetTestMode());
});

async function renderScreen(search = '') {
  render(<ResultScreen session={SESSION} search={search} site={testSiteConfig} />);
  await settle();
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('loading the results', () => {
  it('shows the spinner, then the results, asking for the session with the partner and test flags', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    api.on('GET', `/api/data/result?session=${SESSION}&id=cap_live&test=false`, () => new Promise((resolve) => (answer = resolve)));
    render(<ResultScreen session={SESSION} search="?id=cap_live" site={testSiteConfig} />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    await act(async () => answer({ status: 200, body: resultWith() }));
    expect(heading()).toBe('Your results');
    expect(document.title).toBe('Your results - Benefits Calculator');
  });

  it('shows the error view, and reports the failure as a Result error, when the load fails', async () => {
    api.on('GET', RESULT_URL, { status: 503, body: { statusCode: 503, code: 'RATES_NOT_HELD', message: 'Rates not loaded', errors: [] } });
    await renderScreen();
    expect(heading()).toBe('Oops something went wrong');
    await settle();
    expect(api.callsTo('POST', '/api/data/error')[0].body).toMatchObject({ source: 'Result', session: SESSION });
  });

  it.each([
    ['the server has no such calculation (404)', notFound],
    ['the result is not valid', { status: 200, body: resultWith({ isValid: false }) }],
  ])('shows Calculation Not Found when %s, with a new calculation and the charity homepage', async (_case, answer) => {
    api.on('GET', RESULT_URL, answer);
    await renderScreen();
    expect(heading()).toBe('Calculation Not Found');
    expect(screen.getByText('This calculation was not found. Calculations older than 6 months need a new calculation.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new calculation' }).getAttribute('href')).toBe('/survey');
    expect(screen.getByRole('link', { name: 'Go to the Benefits Calculator homepage' }).getAttribute('href')).toBe(
      'https://www.example.org/',
    );
    expect(api.callsTo('POST', '/api/data/error')).toEqual([]);
  });

  it('shows only the out-of-date screen, each message with a Change Answer link to its page', async () => {
    const messages = [
      { message: 'Your rent needs checking.', pageNumber: 14, questionName: 'ClientRent' },
      { message: 'Your council tax band needs checking.', pageNumber: 15, questionName: 'ClientCouncilTaxBand' },
    ];
    api.on('GET', `/api/data/result?session=${SESSION}&id=cap_live&test=false`, {
      status: 200,
      body: resultWith({ isOutOfDate: true, messages, benefits: undefined }),
    });
    render(<ResultScreen session={SESSION} search="?id=cap_live" site={testSiteConfig} />);
    await settle();
    expect(heading()).toBe('Calculation out of date');
    const links = screen.getAllByRole('link', { name: /^Change Answer/ });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Change Answer: Your rent needs checking.', `/survey/14/${SESSION}?id=cap_live`],
      ['Change Answer: Your council tax band needs checking.', `/survey/15/${SESSION}?id=cap_live`],
    ]);
    expect(screen.queryByRole('navigation', { name: 'Results sections' })).toBeNull();
  });

  it('shows only the unanswered screen, each message with an Add Answer link', async () => {
    api.on('GET', RESULT_URL, {
      status: 200,
      body: resultWith({
        isUnanswered: true,
        messages: [{ message: 'How much rent do you pay?', pageNumber: 14, questionName: 'ClientRent' }],
      }),
    });
    await renderScreen();
    expect(heading()).toBe('Unanswered Questions');
    const link = screen.getByRole('link', { name: /^Add Answer/ });
    expect([link.textContent, link.getAttribute('href')]).toEqual(['Add Answer: How much rent do you pay?', `/survey/14/${SESSION}`]);
  });

  it('opens the identity check when another browser owns the calculation, and the results once the postcode is right', async () => {
    api.on('GET', RESULT_URL, verificationRequired).on('POST', '/api/data/verify', { status: 200, body: { valid: true } });
    await renderScreen();
    expect(heading()).toBe('Check who you are');
    api.on('GET', RESULT_URL, { status: 200, body: resultWith() });
    fireEvent.change(screen.getByLabelText('Postcode used in the calculation'), { target: { value: 'M1 1AE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await settle();
    await settle();
    expect(api.callsTo('POST', '/api/data/verify')[0].body).toMatchObject({ session: SESSION, postcode: 'M1 1AE' });
    expect(api.callsTo('GET', RESULT_URL)).toHaveLength(2);
    expect(heading()).toBe('Your results');
  });

  it('loads again when a tester gives the password on the page, so the testing data arrives', async () => {
    const url = `/api/data/result?session=${SESSION}&id=&test=true`;
    api.on('GET', url, { status: 200, body: resultWith() }).on('POST', '/api/data/test', { status: 200, body: { isTestModeValid: true } });
    render(<ResultScreen session={SESSION} search="?test=true" site={testSiteConfig} />);
    await settle();
    expect(screen.getByRole('heading', { name: 'Test Mode Verification' })).toBeTruthy();
    api.on('GET', url, {
      status: 200,
      body: resultWith({
        testing: {
          isTesting: true,
          xmlInput: '<household />',
          xmlOutput: '<result />',
          betterOffXmlInput: '',
          betterOffXmlOutput: '',
          uplift: [],
        },
      }),
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await settle();
    await settle();
    expect(api.callsTo('GET', url)).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Testing' })).toBeTruthy();
  });
});

describe('what the results say about rent and council tax', () => {
  const shortfall = {
    area: 'Leeds',
    basis: 'LOCAL_AUTHORITY' as const,
    summary:
      'Leeds, which we think covers all of Leeds (to be sure, check your postcode on the VOA’s LHA Direct): £775.00 a month for 2 bedrooms.',
    candidates: ['Leeds'],
    rate: 775,
    period: 'month' as const,
    highest: null,
    rateEstimated: false,
    pageNumber: null,
    rent: 1100,
    shortfall: 325,
    shortfallHelp: {
      from: 'Leeds council',
      scheme:
        'a Housing Payment from its Crisis and Resilience Fund (which replaced Discretionary Housing Payments in England in April 2026)',
      link: 'https://www.gov.uk/find-local-council',
    },
  };
  const noReduction = {
    benefitCode: 'COUNCIL_TAX_REDUCTION',
    benefitName: 'Council Tax Reduction',
    reason: 'Your income is too high for Council Tax Reduction.',
    messages: [{ name: 'COUNCIL_TAX_REDUCTION-1', message: 'Your council tax is £1,332.17 a year.' }],
    howToClaim: { message: 'Apply to your local council.' },
    link: 'https://www.gov.uk/apply-council-tax-reduction',
  };

  it('says the rent shortfall before the benefits, with the Discretionary Housing Payment and where to ask', async () => {
    api.on('GET', RESULT_URL, { status: 200, body: universalCreditOnly({ housingAllowance: shortfall }) });
    await renderScreen();
    const card = screen.getByRole('region', { name: 'Your rent is £325.00 a month more than the help with housing costs' });
    expect(card.textContent).toContain('Your rent is £1,100.00 a month');
    expect(card.textContent).toContain('Ask Leeds council for a Housing Payment from its Crisis and Resilience Fund');
    expect(
      within(card)
        .getByRole('link', { name: /Find your council/ })
        .getAttribute('href'),
    ).toBe('https://www.gov.uk/find-local-council');
    // Among the first things said: before the Universal Credit block.
    const universalCredit = screen.getByRole('region', { name: 'Universal Credit system benefits' });
    expect(card.compareDocumentPosition(universalCredit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing of a shortfall when there is none', async () => {
    api.on('GET', RESULT_URL, { status: 200, body: universalCreditOnly({ housingAllowance: { ...shortfall, rent: 700, shortfall: 0 } }) });
    await renderScreen();
    expect(screen.queryByText(/more than the help with housing costs/)).toBeNull();
  });

  it('lists Council Tax Reduction with the means-tested benefits when none is awarded, saying why', async () => {
    const awarded = universalCreditOnly().benefits!.universalCredit;
    const withoutReduction = awarded.filter((benefit) => benefit.benefitCode !== 'COUNCIL_TAX_REDUCTION');
    api.on('GET', RESULT_URL, {
      status: 200,
      body: universalCreditOnly({ councilTaxReductionNotAwarded: noReduction, benefits: { universalCredit: withoutReduction } }),
    });
    await renderScreen();
    const block = screen.getByRole('region', { name: 'Universal Credit system benefits' });
    const item = block.querySelector('[data-benefit-code="COUNCIL_TAX_REDUCTION"]') as HTMLElement;
    expect(within(item).getByRole('heading', { name: 'Council Tax Reduction' })).toBeTruthy();
    expect(item.textContent).toContain('Nothing');
    expect(item.textContent).toContain('Your income is too high for Council Tax Reduction.');
    expect(within(item).getByText('How we worked this out')).toBeTruthy();
  });
});
