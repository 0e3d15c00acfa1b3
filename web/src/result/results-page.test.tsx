import { jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { lastRatesHeldOf } from '../../../common/result/last-rates-held';
import { BENEFIT_TYPES, type ResultModel } from '../../../common/result/model';
import { readVisit } from '../../../common/visit';
import { testSiteConfig } from '../site/test-site-config';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import { installJsdomSupport } from '../survey/jsdom-support';
import { settle } from '../survey/render-page';
import { standInForEmailForm } from './email-stand-in';
import { betterOffMoreHours, legacyOnly, resultWith, SESSION, universalCreditOnly } from '../../../test/fixtures/web-result';

installJsdomSupport();
standInForEmailForm();
const { ResultsPage } = await import('./ResultsPage');

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on('POST', '/api/data/section', { status: 204, body: undefined })
    .on('POST', '/api/data/feedback', { status: 204, body: undefined });
  setScreenNarrow(false);
  window.history.replaceState(null, '', `/result/${SESSION}`);
});

/** jsdom has no layout: the screen width is whatever matchMedia says. */
function setScreenNarrow(isNarrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: isNarrow,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

function renderResults(result: ResultModel = resultWith(), search = '') {
  return render(
    <ResultsPage
      result={result}
      site={testSiteConfig}
      visit={readVisit(search)}
      search={search}
      onRecalculated={() => undefined}
      onFailed={() => undefined}
    />,
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Results sections' });
const section = (name: string) => within(nav()).getByRole('button', { name });
const benefit = (code: string, within: HTMLElement | Document = document) =>
  within.querySelector(`[data-benefit-code="${code}"]`) as HTMLElement;
const amountOf = (code: string, block: string) =>
  benefit(code, document.getElementById(block)!).querySelector('.benefit__amount')?.textContent;
const totalOf = (block: string) => document.getElementById(block)!.querySelector('.result-block__total')?.textContent;

describe('the sections', () => {
  it('offers the four sections in a menu, starting at Your results', () => {
    renderResults();
    expect(
      within(nav())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Your results', 'Extra help for you', 'See what you told us', 'Print or save results']);
    expect(section('Your results').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your results');
  });

  it('tells the server which section opens (1, 2, 3; none for Your results) and moves focus to its heading', async () => {
    renderResults();
    fireEvent.click(section('Extra help for you'));
    await settle();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Extra help for you');
    expect(document.activeElement).toBe(heading);
    expect(document.title).toBe('Extra help for you - Benefits Calculator');
    expect(section('Extra help for you').getAttribute('aria-current')).toBe('page');
    expect(section('Your results').getAttribute('aria-current')).toBeNull();

    fireEvent.click(section('See what you told us'));
    fireEvent.click(section('Print or save results'));
    fireEvent.click(section('Your results'));
    await settle();
    expect(api.callsTo('POST', '/api/data/section').map((call) => call.body)).toEqual([
      expect.objectContaining({ session: SESSION, sectionType: 1 }),
      expect.objectContaining({ session: SESSION, sectionType: 2 }),
      expect.objectContaining({ session: SESSION, sectionType: 3 }),
    ]);
  });

  it('carries on when the section call fails: nothing waits for it', async () => {
    api.on('POST', '/api/data/section', { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'down', errors: [] } });
    renderResults();
    fireEvent.click(section('See what you told us'));
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('See what you told us');
  });

  it('goes to extra help from the Extra Help for You button, and between sections with Back and Next', async () => {
    renderResults();
    fireEvent.click(screen.getByRole('button', { name: 'Extra Help for You' }));
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Extra help for you');
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('See what you told us');
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Print or save results');
    expect(screen.queryByRole('button', { name: /^Next/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Back/ }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('See what you told us');
    await settle();
    expect(api.callsTo('POST', '/api/data/section').map((call) => call.body?.sectionType)).toEqual([1, 2, 3, 2]);
  });

  it('lifts the chat icon above the bottom bar on a narrow screen only', () => {
    setScreenNarrow(true);
    const { unmount } = renderResults();
    expect(document.body.classList.contains('has-bottom-bar')).toBe(true);
    unmount();
    expect(document.body.classList.contains('has-bottom-bar')).toBe(false);
    setScreenNarrow(false);
    renderResults();
    expect(document.body.classList.contains('has-bottom-bar')).toBe(false);
  });

  it('scrolls to the element the address names after the hash', () => {
    const scrolled: string[] = [];
    const spy = jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    window.history.replaceState(null, '', `/result/${SESSION}#feedback`);
    renderResults();
    expect(scrolled).toEqual(['feedback']);
    spy.mockRestore();
  });

  it('opens the section that holds the element the hash names, then scrolls to it', () => {
    const scrolled: string[] = [];
    const spy = jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    for (const [anchor, title] of [
      ['download-results', 'Print or save results'],
      ['helpful-information', 'Extra help for you'],
      ['%E2%9C%93broken%', 'Your results'],
    ]) {
      scrolled.length = 0;
      window.history.replaceState(null, '', `/result/${SESSION}#${anchor}`);
      const { unmount } = renderResults();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      if (title !== 'Your results') expect(scrolled).toEqual([anchor]);
      unmount();
    }
    spy.mockRestore();
    window.history.replaceState(null, '', `/result/${SESSION}`);
  });
});

describe('after the last date the rates held cover', () => {
  it('says above the figures that they use last year’s rates, and why they may be a little low', () => {
    renderResults({ ...legacyOnly(), lastRatesHeld: lastRatesHeldOf('2027-03-31') });
    const note = screen.getByRole('region', { name: 'These figures use last year’s rates' });
    expect(note.textContent).toContain(
      'These figures use the benefit rates for April 2026 to March 2027, the latest the calculator holds.',
    );
    // Before the figures, so nobody reads an amount without it.
    expect(note.compareDocumentPosition(document.getElementById('legacy-benefits')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing of it while the rates held cover the date', () => {
    renderResults(legacyOnly());
    expect(screen.queryByTestId('last-rates-held')).toBeNull();
  });
});

describe('what is already got, and what Universal Credit pays after debts', () => {
  it('says beside each benefit whether it is already got or could be claimed, already got first, and what is paid after debts', () => {
    const result = universalCreditOnly();
    const benefits = result.benefits!;
    renderResults({
      ...result,
      benefits: {
        ...benefits,
        universalCredit: benefits.universalCredit.map((shown) =>
          shown.benefitCode === 'UNIVERSAL_CREDIT'
            ? {
                ...shown,
                claimStatus: 'COULD_CLAIM' as const,
                paidAfterDeductions: {
                  weeklyPayment: 150,
                  monthlyPayment: 650,
                  lines: [{ name: 'Repaying a Universal Credit advance', weeklyPayment: 9.23, monthlyPayment: 40 }],
                },
              }
            : { ...shown, claimStatus: 'ALREADY_GET' as const },
        ),
      },
    });
    const block = document.getElementById('universal-credit')!;
    const items = [...block.querySelectorAll('li.benefit')];
    expect(items.map((item) => item.querySelector('.benefit__claim')?.textContent).slice(0, 2)).toEqual([
      'You already get this',
      'You could claim this',
    ]);
    const universalCredit = benefit('UNIVERSAL_CREDIT');
    expect(universalCredit.querySelector('.benefit__paid')?.textContent).toContain('Paid after deductions for debts: £650.00 per month');
    expect(universalCredit.querySelector('.benefit__paid')?.textContent).toContain('Repaying a Universal Credit advance: £40.00 per month');
  });
});

describe('payments made once', () => {
  const grant = {
    benefitName: 'Sure Start Maternity Grant',
    benefitCode: 'SURE_START_MATERNITY_GRANT',
    amountShown: true,
    amount: 500,
    betterOffAmount: 500,
    parts: [{ name: 'Due 20 February 2027: 1 grant', amount: 500 }],
    link: 'https://www.gov.uk/sure-start-maternity-grant',
    howToClaim: { message: 'Claim with form SF100.' },
    messages: [
      { name: 'SURE_START_MATERNITY_GRANT-1', message: 'The Sure Start Maternity Grant is a one-off payment of £500.00 for each baby.' },
    ],
  };

  it('lists each lump sum after the weekly or monthly benefits, as paid once, and in no total', () => {
    const result = universalCreditOnly();
    renderResults({ ...result, benefits: { ...result.benefits!, oneOff: [grant] } });
    const section = screen.getByRole('region', { name: 'One-off payments you could get' });
    expect(section.textContent).toContain('They are not part of the totals above.');
    const item = section.querySelector('li.benefit[data-benefit-code="SURE_START_MATERNITY_GRANT"]')!;
    expect(item.querySelector('.benefit__amount')?.textContent).toBe('£500.00 once');
    expect(document.getElementById('universal-credit')!.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.getElementById('universal-credit')!.querySelector('[data-benefit-code="SURE_START_MATERNITY_GRANT"]')).toBeNull();
  });

  it('says a lump sum whose amount cannot be worked out may be paid, with no figure', () => {
    const result = universalCreditOnly();
    const funeral = {
      ...grant,
      benefitName: 'Funeral Expenses Payment',
      benefitCode: 'FUNERAL_EXPENSES_PAYMENT',
      amountShown: false,
      amount: 0,
      betterOffAmount: 0,
      parts: [],
    };
    renderResults({ ...result, benefits: { ...result.benefits!, oneOff: [funeral] } });
    expect(screen.getByRole('region', { name: 'One-off payments you could get' }).querySelector('.benefit__amount')?.textContent).toBe(
      'You may be entitled',
    );
  });

  it('has no such section when there is none', () => {
    renderResults(universalCreditOnly());
    expect(screen.queryByRole('region', { name: 'One-off payments you could get' })).toBeNull();
  });
});

describe('figures that depend on a right to reside', () => {
  function preSettled(who: 'YOU' | 'YOUR_PARTNER', notSure = false): ResultModel {
    const result = universalCreditOnly();
    const benefits = result.benefits!;
    return {
      ...result,
      rightToReside: { who, notSure },
      benefits: {
        ...benefits,
        universalCredit: benefits.universalCredit.map((shown) =>
          shown.benefitCode === 'UNIVERSAL_CREDIT' ? { ...shown, dependsOnRightToReside: true } : shown,
        ),
      },
    };
  }

  it('says so above the figures, with the usual ways of having one, and marks each amount that needs one', () => {
    renderResults(preSettled('YOU'));
    const note = screen.getByRole('region', { name: 'These amounts depend on your right to reside' });
    expect(note.textContent).toContain('With pre-settled status, you can get Universal Credit');
    expect(note.textContent).toContain('are working, or self-employed');
    expect(note.textContent).toContain('Looking for work is not enough on its own');
    expect(note.compareDocumentPosition(document.getElementById('universal-credit')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(benefit('UNIVERSAL_CREDIT').querySelector('.benefit__condition')?.textContent).toBe('Depends on a right to reside');
    expect(benefit('COUNCIL_TAX_REDUCTION').querySelector('.benefit__condition')).toBeNull();
  });

  it("speaks of the partner's right to reside when only theirs is in doubt, and of checking the status when not sure", () => {
    renderResults(preSettled('YOUR_PARTNER', true));
    const note = screen.getByRole('region', { name: "Universal Credit depends on your partner's right to reside" });
    expect(note.textContent).toContain('you would claim as a single person and get less');
    expect(note.textContent).toContain("You told us you are not sure of your partner's immigration status.");
  });

  it('says nothing of it otherwise', () => {
    renderResults(universalCreditOnly());
    expect(screen.queryByTestId('right-to-reside')).toBeNull();
    expect(document.querySelector('.benefit__condition')).toBeNull();
  });
});

describe('the period and the Universal Credit view', () => {
  it('shows weekly amounts by default, and monthly ones when chosen', () => {
    renderResults(legacyOnly());
    expect((screen.getByLabelText('Weekly') as HTMLInputElement).checked).toBe(true);
    expect(amountOf('HOUSING_BENEFIT', 'legacy-benefits')).toBe('£97.50 per week');
    expect(totalOf('legacy-benefits')).toBe('Total: £115.90 per week');
    fireEvent.click(screen.getByLabelText('Monthly'));
    expect(amountOf('HOUSING_BENEFIT', 'legacy-benefits')).toBe('£422.50 per month');
    expect(totalOf('legacy-benefits')).toBe('Total: £502.23 per month');
  });

  it('has no Universal Credit button or block for someone eligible for legacy benefits only', () => {
    renderResults(legacyOnly());
    expect(screen.queryByRole('button', { name: 'See your Universal Credit results' })).toBeNull();
    expect(document.getElementById('universal-credit')).toBeNull();
  });

  it('keeps Universal Credit behind a button when eligible for both, and shows everything monthly while it is open', () => {
    renderResults();
    const button = screen.getByRole('button', { name: 'See your Universal Credit results' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('universal-credit')).toBeNull();
    expect(amountOf('HOUSING_BENEFIT', 'legacy-benefits')).toBe('£97.50 per week');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toBe('Hide your Universal Credit results');
    expect(amountOf('UNIVERSAL_CREDIT', 'universal-credit')).toBe('£693.07 per month');
    expect(amountOf('COUNCIL_TAX_REDUCTION', 'universal-credit')).toBe('£79.73 per month');
    expect(totalOf('universal-credit')).toBe('Total: £772.80 per month');
    expect(amountOf('HOUSING_BENEFIT', 'legacy-benefits')).toBe('£422.50 per month');
    // Forced monthly: the choice gives way to a note saying why.
    expect(screen.queryByLabelText('Weekly')).toBeNull();
    expect(screen.getByText('Amounts are shown per month, because Universal Credit is worked out and paid monthly.')).toBeTruthy();

    fireEvent.click(button);
    expect(document.getElementById('universal-credit')).toBeNull();
    expect(amountOf('HOUSING_BENEFIT', 'legacy-benefits')).toBe('£97.50 per week');
  });

  it('shows Universal Credit straight away, monthly, for someone eligible for nothing else', () => {
    renderResults(universalCreditOnly());
    expect(screen.queryByRole('button', { name: 'See your Universal Credit results' })).toBeNull();
    expect(document.getElementById('legacy-benefits')).toBeNull();
    expect(amountOf('UNIVERSAL_CREDIT', 'universal-credit')).toBe('£693.07 per month');
    // The benefits that are not means-tested are listed with Universal Credit too.
    expect(amountOf('PIP', 'universal-credit')).toBe('You may be entitled');
  });

  it('opens the breakdown, monthly, and goes back to the result with focus on the Universal Credit block', async () => {
    renderResults(universalCreditOnly());
    fireEvent.click(screen.getByRole('button', { name: 'See how your Universal Credit is worked out' }));
    await settle();
    const breakdown = screen.getByRole('heading', { name: 'How your Universal Credit is worked out' });
    expect(document.activeElement).toBe(breakdown);
    expect(document.getElementById('legacy-benefits')).toBeNull();
    const rows = Array.from(document.querySelectorAll('.breakdown-table tbody tr'), (row) =>
      Array.from(row.children, (cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Maximum Universal Credit before deductions', '£951.87 per month'],
      ['Standard allowance', '£424.90 per month'],
      ['Housing costs', '£526.97 per month'],
      ['Total deductions', '£258.80 per month'],
      ['Earnings (55% taper)', '£258.80 per month'],
      ['Total Universal Credit', '£693.07 per month'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to your result' }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Universal Credit system benefits' }));
  });

  it('forces monthly when the breakdown opens, even after weekly was chosen', async () => {
    renderResults();
    fireEvent.click(screen.getByLabelText('Weekly'));
    fireEvent.click(screen.getByRole('button', { name: 'See your Universal Credit results' }));
    fireEvent.click(screen.getByRole('button', { name: 'See how your Universal Credit is worked out' }));
    expect(document.querySelector('.breakdown-table tbody tr td')?.textContent).toBe('£951.87 per month');
  });

  it('says when there is no breakdown for the calculation', () => {
    const result = universalCreditOnly();
    result.benefits!.universalCredit[0].showBreakdown = false;
    renderResults(result);
    fireEvent.click(screen.getByRole('button', { name: 'See how your Universal Credit is worked out' }));
    expect(screen.getByText('No universal credit breakdown found for this calculation')).toBeTruthy();
    expect(document.querySelector('.breakdown-table')).toBeNull();
  });
});

describe('the benefits', () => {
  it('never shows an amount for type 7, and none for type 4 in the normal view', () => {
    const result = legacyOnly();
    result.benefits!.meansTested[1] = {
      ...result.benefits!.meansTested[1],
      benefitType: BENEFIT_TYPES.onlyAfterChange,
      weeklyPayment: 18.4,
    };
    renderResults(result);
    expect(amountOf('PIP', 'legacy-benefits')).toBe('You may be entitled');
    expect(amountOf('COUNCIL_TAX_REDUCTION', 'legacy-benefits')).toBe('Only after the change');
    fireEvent.click(screen.getByLabelText('Monthly'));
    expect(amountOf('PIP', 'legacy-benefits')).toBe('You may be entitled');
  });

  it("says an award of nothing is not paid but worth claiming, never '£0.00' (Carer's Allowance's underlying entitlement)", () => {
    const result = legacyOnly();
    result.benefits!.meansTested[1] = { ...result.benefits!.meansTested[1], weeklyPayment: 0, monthlyPayment: 0 };
    renderResults(result);
    expect(amountOf('COUNCIL_TAX_REDUCTION', 'legacy-benefits')).toBe('Not paid, but worth claiming');
    fireEvent.click(screen.getByLabelText('Monthly'));
    expect(amountOf('COUNCIL_TAX_REDUCTION', 'legacy-benefits')).toBe('Not paid, but worth claiming');
    expect(amountOf('HOUSING_BENEFIT', 'legacy-benefits')).toBe('£422.50 per month');
  });

  it('lists means-tested and other benefits under their own headings, each with its reasons and how to claim', () => {
    renderResults(universalCreditOnly());
    const universalCredit = benefit('UNIVERSAL_CREDIT');
    const reasons = within(universalCredit).getByText('How we worked this out').closest('details')!;
    expect(reasons.open).toBe(false);
    expect(within(reasons).getByText('The standard allowance for a single person aged 25 or over is £424.90 a month.')).toBeTruthy();
    const claim = within(universalCredit).getByText('How to claim').closest('details')!;
    expect(within(claim).getByText(/call the Universal Credit helpline on 0800 328 5644/)).toBeTruthy();
    const link = within(claim).getByRole('link', { name: /^Find out more about Universal Credit/ });
    expect(link.getAttribute('href')).toBe('https://www.gov.uk/universal-credit');
    // A benefit without reasons has no empty 'How we worked this out'.
    expect(within(benefit('COUNCIL_TAX_REDUCTION')).queryByText('How we worked this out')).toBeNull();
  });

  it('in better-off mode shows the message, and each figure now and after the change', () => {
    renderResults(betterOffMoreHours());
    const summary = document.getElementById('better-off-summary')!;
    expect(within(summary).getByText('You would be £203.30 a week better off.')).toBeTruthy();
    const rows = Array.from(summary.querySelectorAll('tbody tr'), (row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Benefits', '£115.90 per week', '£199.20 per week'],
      ['Take-home pay', '£200.00 per week', '£320.00 per week'],
      ['Other income', '£0.00 per week', '£0.00 per week'],
      ['Total income', '£315.90 per week', '£519.20 per week'],
    ]);
    const carers = benefit('CARERS_ALLOWANCE', document.getElementById('legacy-benefits')!);
    expect(Array.from(carers.querySelectorAll('.benefit__amounts dd'), (cell) => cell.textContent)).toEqual([
      'Only after the change',
      '£83.30 per week',
    ]);
    expect(totalOf('legacy-benefits')).toBe('Total now£115.90 per weekTotal after the change£199.20 per week');
    fireEvent.click(screen.getByLabelText('Monthly'));
    expect(within(summary).getByText('You would be £880.97 a month better off.')).toBeTruthy();
  });
});

describe('the cards under the results', () => {
  it('offers the Warm Homes Network call back only when the household can have it', () => {
    const { unmount } = renderResults();
    const card = screen.getByRole('region', { name: 'Warm Homes Network' });
    expect(
      within(card)
        .getByRole('link', { name: /^Ask the Warm Homes Network to call you back/ })
        .getAttribute('href'),
    ).toBe('https://www.example.org/warm-homes-network');
    unmount();
    renderResults(resultWith({ variables: [{ name: 'WARM_HOMES_NETWORK_ELIGIBLE', weeklyValue: 'False', monthlyValue: 'False' }] }));
    expect(screen.queryByRole('region', { name: 'Warm Homes Network' })).toBeNull();
  });

  it('links to the survey with the calculation reference', () => {
    renderResults();
    const card = screen.getByRole('region', { name: 'Help us help others' });
    expect(
      within(card)
        .getByRole('link', { name: /^Take our short survey/ })
        .getAttribute('href'),
    ).toBe('https://www.example.org/calculator-survey?reference=K7MXQ2PA');
  });

  it('shows the helpline on a narrow screen, outside a portal, when the result allows it', () => {
    setScreenNarrow(true);
    const { unmount } = renderResults();
    const card = screen.getByRole('region', { name: 'Talk to our helpline' });
    expect(within(card).getByRole('link', { name: '0808 157 0192' }).getAttribute('href')).toBe('tel:08081570192');
    expect(within(card).getByText('Mon–Fri 9am–5pm')).toBeTruthy();
    unmount();

    for (const [result, search] of [
      [resultWith(), '?portal=true&id=cap_live'],
      [resultWith({ showHelpline: false }), ''],
    ] as const) {
      const view = renderResults(result, search);
      expect(screen.queryByRole('region', { name: 'Talk to our helpline' })).toBeNull();
      view.unmount();
    }
    setScreenNarrow(false);
    renderResults();
    expect(screen.queryByRole('region', { name: 'Talk to our helpline' })).toBeNull();
  });

  it('has no feedback card once feedback has been given', () => {
    renderResults(resultWith({ hasFeedback: true }));
    expect(screen.queryByRole('region', { name: 'Was this page helpful?' })).toBeNull();
  });
});

describe('extra help', () => {
  async function openExtraHelp(result: ResultModel) {
    renderResults(result);
    fireEvent.click(section('Extra help for you'));
    await settle();
  }

  it('has a button per category with how many items it holds, and shows the chosen category', async () => {
    const result = resultWith();
    result.extraHelps.extraHelps.push({
      ...result.extraHelps.extraHelps[0],
      name: 'warm-home-discount',
      title: 'Warm Home Discount',
      helpTitle: 'How to access support',
    });
    await openExtraHelp(result);
    const group = screen.getByRole('group', { name: 'Categories of extra help' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['Bills and energy (2)', 'true'],
      ['White goods and emergency grants (1)', 'false'],
    ]);
    const items = screen.getByRole('region', { name: 'Bills and energy' });
    expect(
      within(items)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Broadband and phone social tariffs', 'Warm Home Discount']);

    fireEvent.click(buttons[1]);
    expect(buttons[1].getAttribute('aria-pressed')).toBe('true');
    const grants = screen.getByRole('region', { name: 'White goods and emergency grants' });
    const help = within(grants).getByText('How to access foodbanks').closest('details')!;
    expect(help.open).toBe(false);
    expect(within(help).getByText('Contact your council, or find your nearest foodbank on the Trussell website.')).toBeTruthy();
  });

  it('shows 4 items a page, with Previous and Next, and starts a newly chosen category on its first page', async () => {
    const result = resultWith();
    const [first] = result.extraHelps.extraHelps;
    for (let number = 2; number <= 6; number += 1)
      result.extraHelps.extraHelps.push({ ...first, name: `scheme-${number}`, title: `Scheme ${number}` });
    await openExtraHelp(result);
    const titles = () =>
      within(screen.getByRole('region', { name: 'Bills and energy' }))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(titles()).toEqual(['Broadband and phone social tariffs', 'Scheme 2', 'Scheme 3', 'Scheme 4']);
    const pages = screen.getByRole('navigation', { name: 'Pages of Bills and energy' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(titles()).toEqual(['Scheme 5', 'Scheme 6']);
    expect(within(pages).getByText('Page 2 of 2')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('group', { name: 'Categories of extra help' })).getAllByRole('button')[1]);
    fireEvent.click(within(screen.getByRole('group', { name: 'Categories of extra help' })).getAllByRole('button')[0]);
    expect(titles()).toEqual(['Broadband and phone social tariffs', 'Scheme 2', 'Scheme 3', 'Scheme 4']);
  });

  it('always has the Helpful Information links, even with no extra help to suggest', async () => {
    await openExtraHelp(resultWith({ extraHelps: { showExtraHelp: false, extraHelps: [] } }));
    expect(screen.getByText('We did not find any extra help to suggest from your answers. The links below may still help.')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Helpful Information' });
    expect(
      within(card)
        .getByRole('link', { name: /^Search for grants you could get/ })
        .getAttribute('href'),
    ).toBe('https://grants-search.turn2us.org.uk/');
    expect(
      within(card)
        .getByRole('link', { name: /^Visit the Benefits Calculator website/ })
        .getAttribute('href'),
    ).toBe('https://www.example.org/');
  });
});

describe('see what you told us', () => {
  it('lists the answers by page, all closed, as prefix - value, with Edit answer links that keep the visit', async () => {
    renderResults(betterOffMoreHours(), '?id=cap_live');
    fireEvent.click(section('See what you told us'));
    await settle();
    const categories = Array.from(document.querySelectorAll('details.answers')) as HTMLDetailsElement[];
    expect(categories.map((category) => [category.querySelector('summary')?.textContent, category.open])).toEqual([
      ['Where you live', false],
      ['You and your partner', false],
      ['Your home', false],
      ['What if things changed? (the change you asked about)', false],
    ]);
    const home = categories[2];
    expect(within(home).getByText('How much rent do you pay?')).toBeTruthy();
    expect(within(home).getByText('Monthly - £750.00')).toBeTruthy();
    expect(within(categories[0]).getByText('Manchester')).toBeTruthy();
    const edit = within(home).getByRole('link', { name: /^Edit answer/ });
    expect(edit.getAttribute('href')).toBe(`/survey/14/${SESSION}?id=cap_live`);
    expect(categories[3].classList.contains('answers--better-off')).toBe(true);
    expect(within(categories[3]).queryByRole('link', { name: /^Edit answer/ })).toBeNull();
  });
});

describe('print or save', () => {
  it('has the reference, the PDF download with its size, and the e-mail form for this session and partner', async () => {
    renderResults(resultWith(), '?id=cap_live');
    fireEvent.click(section('Print or save results'));
    await settle();
    expect(screen.getByText('K7MXQ2PA')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download your results (PDF, about 400 KB)' })).toBeTruthy();
    expect(screen.getByText(/The file is about 400 KB\./)).toBeTruthy();
    expect(screen.getByTestId('email-calculation').textContent).toBe(`E-mail form for ${SESSION} from cap_live`);
  });
});

describe('test mode', () => {
  it('shows the XML trees, Invalid XML for one that does not parse, and the uplift list', () => {
    renderResults(
      resultWith({
        testing: {
          isTesting: true,
          xmlInput: '<household><adults><adult><age>34</age></adult></adults></household>',
          xmlOutput: '<result><benefit>',
          betterOffXmlInput: '',
          betterOffXmlOutput: '',
          uplift: [{ benefitName: 'Universal Credit', benefitCode: 'UNIVERSAL_CREDIT', weeklyPayment: 164.1, monthlyPayment: 711.1 }],
        },
      }),
    );
    const panel = screen.getByRole('region', { name: 'Testing' });
    const trees = Array.from(panel.querySelectorAll('.testing-panel__xml'), (details) => [
      details.querySelector('summary')?.textContent,
      details.querySelector('pre')?.textContent,
    ]);
    expect(trees).toEqual([
      ['Calculation input (XML)', '<household>\n  <adults>\n    <adult>\n      <age>34</age>\n    </adult>\n  </adults>\n</household>'],
      ['Calculation output (XML)', 'Invalid XML'],
    ]);
    expect(within(panel).getByText(/Universal Credit/).textContent).toBe(
      'Universal Credit (UNIVERSAL_CREDIT): £164.10 per week, £711.10 per month',
    );
    expect(within(panel).getByText('WARM_HOMES_NETWORK_ELIGIBLE')).toBeTruthy();
  });

  it('shows no testing panel without testing data', () => {
    renderResults();
    expect(screen.queryByRole('region', { name: 'Testing' })).toBeNull();
  });
});

describe('money', () => {
  it('is shown to the penny with the period', async () => {
    const { formatMoney } = await import('./money');
    expect(formatMoney(1234.5, 'weekly')).toBe('£1,234.50 per week');
    expect(formatMoney(693.07, 'monthly')).toBe('£693.07 per month');
    expect(formatMoney(0.1 + 0.2, 'weekly')).toBe('£0.30 per week');
    expect(formatMoney(0, 'monthly')).toBe('£0.00 per month');
  });
});
