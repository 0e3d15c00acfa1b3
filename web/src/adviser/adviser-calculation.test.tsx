import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ADVISER_LIMITS, ADVISER_MESSAGES } from '../../../common/adviser/model';
import { testSiteConfig } from '../site/test-site-config';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import { settle } from '../survey/render-page';
import AdviserCalculationScreen from './AdviserCalculationScreen';
import { adviserCalculation, CALCULATION_URL, CLIENT_GUID, noAccess, serverFailure, SESSION } from '../../../test/fixtures/web-adviser';

let api: FakeApi;
let visited: string[];

beforeEach(() => {
  visited = [];
  api = installFakeApi().on('POST', '/api/data/error', { status: 204, body: undefined });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function answerWith(overrides: Parameters<typeof adviserCalculation>[0] = {}) {
  api.on('GET', CALCULATION_URL, {
    status: 200,
    body: { isValid: true, isIntermediary: true, calculation: adviserCalculation(overrides) },
  });
}

async function renderScreen() {
  render(<AdviserCalculationScreen session={SESSION} site={testSiteConfig} navigate={(url) => visited.push(url)} />);
  await settle();
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const section = (name: string) => screen.queryByRole('heading', { level: 2, name })?.closest('details') ?? null;
const rowsOf = (details: Element) =>
  [...details.querySelectorAll('tr')]
    .slice(1)
    .map((row) => [row.querySelector('th')!.firstChild!.textContent!.trim(), row.querySelector('td')!.textContent]);

describe('loading a client calculation', () => {
  it('shows No Access when the calculation call answers 403', async () => {
    api.on('GET', CALCULATION_URL, noAccess);
    await renderScreen();
    expect(heading()).toBe('No Access');
  });

  it('shows the generic error view for any other failure', async () => {
    api.on('GET', CALCULATION_URL, serverFailure);
    await renderScreen();
    expect(heading()).toBe('Oops something went wrong');
  });

  it('lists lump sums apart, each paid once, and none when there are none', async () => {
    answerWith({
      oneOff: [
        { benefitName: 'Sure Start Maternity Grant', amount: 500, amountShown: true },
        { benefitName: 'Funeral Expenses Payment', amount: 0, amountShown: false },
      ],
    });
    await renderScreen();
    expect(rowsOf(section('One-off payments')!)).toEqual([
      ['Sure Start Maternity Grant', '£500.00'],
      ['Funeral Expenses Payment', 'May be entitled: amount not known'],
    ]);
  });

  it('says beside a benefit that the client already gets it, and what Universal Credit pays after debts', async () => {
    answerWith({
      universalCredit: [
        {
          benefitName: 'Universal Credit',
          weeklyPayment: 180.25,
          monthlyPayment: 781.08,
          claimStatus: 'ALREADY_GET',
          paidAfterDeductions: { weeklyPayment: 171.02, monthlyPayment: 741.08 },
        },
      ],
    });
    await renderScreen();
    const row = section('Universal Credit system benefits')!.querySelector('tbody tr')!;
    expect(row.querySelector('th')!.textContent).toBe('Universal Credit (you already get this)');
    expect(row.querySelector('td')!.textContent).toBe('£180.25 per week (paid after debts: £171.02 per week)');
  });

  it('has no one-off payments section when there are none', async () => {
    answerWith();
    await renderScreen();
    expect(section('One-off payments')).toBeNull();
  });

  it('shows the details open, with the breadcrumb back to the client', async () => {
    answerWith();
    await renderScreen();
    expect(heading()).toBe('Client calculation REF001');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Adviser Home' }).getAttribute('href')).toBe(`/adviser/?clientId=${CLIENT_GUID}`);
    expect(within(breadcrumb).getByText('REF001').getAttribute('aria-current')).toBe('page');
    const details = section('Calculation details')!;
    expect(details.hasAttribute('open')).toBe(true);
    expect([...details.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`)).toEqual([
      'Date created: 02/11/2026',
      'Date modified: 05/11/2026',
      'Client: Jo Bloggs',
      'Complete: Yes',
    ]);
    expect((screen.getByRole('textbox', { name: 'Case label' }) as HTMLInputElement).value).toBe('Part-time work');
    expect((screen.getByRole('textbox', { name: 'Case notes' }) as HTMLTextAreaElement).value).toBe('Asked about moving to UC.');
  });
});

describe('a complete calculation', () => {
  it('shows both systems with totals, weekly by default, then monthly', async () => {
    answerWith();
    await renderScreen();
    const legacy = section('Legacy benefit and pension age benefits')!;
    expect(
      within(legacy)
        .getByRole('link', { name: /Go to results screen/ })
        .getAttribute('href'),
    ).toBe(`/result/${SESSION}`);
    expect(rowsOf(legacy)).toEqual([
      ['Housing Benefit', '£95.50 per week'],
      ['Child Benefit', '£26.05 per week'],
      ['Benefit Total', '£121.55 per week'],
      ['Other Income', '£200.00 per week'],
      ['Total Income', '£321.55 per week'],
    ]);
    const universalCredit = section('Universal Credit system benefits')!;
    expect(rowsOf(universalCredit).map(([name]) => name)).toEqual([
      'Universal Credit',
      'Child Benefit',
      'Benefit Total',
      'Other Income',
      'Total Income',
    ]);

    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(rowsOf(universalCredit)).toEqual([
      ['Universal Credit', '£781.08 per month'],
      ['Child Benefit', '£112.88 per month'],
      ['Benefit Total', '£893.96 per month'],
      ['Other Income', '£866.67 per month'],
      ['Total Income', '£1,760.63 per month'],
    ]);
    expect(section('Calculation Answers')).not.toBeNull();
    expect(screen.getByText('How old are you?')).toBeTruthy();
  });

  it('explains Total Income in a tooltip the keyboard can open', async () => {
    answerWith({ isEligibleForUc: false });
    await renderScreen();
    const tip = screen.getByRole('button', { name: 'About Total Income' });
    expect(tip.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(tip);
    expect(screen.getByText(/easiest way to see which case leaves the client with the highest income/)).toBeTruthy();
    fireEvent.keyDown(tip, { key: 'Escape' });
    expect(tip.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows only the systems the household is eligible under', async () => {
    answerWith({ isEligibleForLb: false });
    await renderScreen();
    expect(section('Legacy benefit and pension age benefits')).toBeNull();
    expect(section('Universal Credit system benefits')).not.toBeNull();
  });

  it('offers edit, start new, duplicate, download, back and delete', async () => {
    answerWith();
    await renderScreen();
    expect(screen.getByRole('link', { name: 'Edit calculation' }).getAttribute('href')).toBe('/survey/3/session-1');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(`/adviser/?clientId=${CLIENT_GUID}`);
    for (const name of ['Start new calculation for this client', 'Duplicate calculation', 'Download PDF', 'Delete calculation']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });
});

describe('an incomplete calculation', () => {
  it('shows only the details, edit, start new, back and delete', async () => {
    answerWith({ isComplete: false });
    await renderScreen();
    expect(section('Legacy benefit and pension age benefits')).toBeNull();
    expect(section('Universal Credit system benefits')).toBeNull();
    expect(section('Calculation Answers')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Weekly' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate calculation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit calculation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete calculation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start new calculation for this client' })).toBeTruthy();
  });
});

describe('the case label and notes', () => {
  async function save(label: string, notes?: string) {
    fireEvent.change(screen.getByRole('textbox', { name: 'Case label' }), { target: { value: label } });
    if (notes !== undefined) fireEvent.change(screen.getByRole('textbox', { name: 'Case notes' }), { target: { value: notes } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await settle();
  }

  it('checks the label and the notes before sending them', async () => {
    answerWith();
    await renderScreen();
    await save('');
    expect(screen.getByRole('link', { name: ADVISER_MESSAGES.caseLabelRequired })).toBeTruthy();
    await save('x'.repeat(ADVISER_LIMITS.caseLabelMaxLength + 1), 'n'.repeat(ADVISER_LIMITS.caseNotesMaxLength + 1));
    expect(screen.getByRole('link', { name: ADVISER_MESSAGES.caseLabelTooLong })).toBeTruthy();
    const notesLink = screen.getByRole('link', { name: ADVISER_MESSAGES.caseNotesTooLong });
    expect(notesLink.getAttribute('href')).toBe(`#${screen.getByRole('textbox', { name: 'Case notes' }).id}`);
    expect(api.callsTo('POST', '/api/intermediary/details')).toEqual([]);
  });

  it('says the details were updated when the server accepts them', async () => {
    answerWith();
    api.on('POST', '/api/intermediary/details', { status: 200, body: { isValid: true } });
    await renderScreen();
    await save('Full-time work', 'Starts in January.');
    expect(api.callsTo('POST', '/api/intermediary/details')[0].body).toMatchObject({
      session: SESSION,
      caseLabel: 'Full-time work',
      caseNotes: 'Starts in January.',
    });
    expect(screen.getByText(ADVISER_MESSAGES.detailsUpdated)).toBeTruthy();
  });

  it('says there was a problem when the server answers isValid false', async () => {
    answerWith();
    api.on('POST', '/api/intermediary/details', { status: 200, body: { isValid: false } });
    await renderScreen();
    await save('Full-time work');
    expect(screen.getByText(ADVISER_MESSAGES.detailsNotUpdated).getAttribute('role')).toBe('alert');
    expect(screen.queryByText(ADVISER_MESSAGES.detailsUpdated)).toBeNull();
  });
});

describe('the adviser actions', () => {
  it('duplicates under a new label and opens the list of the copy’s answers, each linking to its page', async () => {
    answerWith();
    api.on('POST', '/api/intermediary/duplicate', { status: 200, body: { isValid: true, session: 'copy-session' } });
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate calculation' }));
    const dialog = screen.getByRole('dialog', { name: 'Duplicate calculation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duplicate calculation' }));
    expect(within(dialog).getByRole('link', { name: ADVISER_MESSAGES.caseLabelRequiredToStart })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Case label' }), { target: { value: 'With rent rise' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duplicate calculation' }));
    await settle();
    expect(api.callsTo('POST', '/api/intermediary/duplicate')[0].body).toMatchObject({
      clientGuid: CLIENT_GUID,
      session: SESSION,
      caseReference: 'With rent rise',
    });
    expect(visited).toEqual(['/result/copy-session#answers-list']);
  });

  it('deletes after confirming and returns to the client on the adviser home', async () => {
    answerWith();
    api.on('POST', '/api/intermediary/delete', { status: 200, body: { isValid: true } });
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Delete calculation' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete calculation' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(api.callsTo('POST', '/api/intermediary/delete')[0].body).toMatchObject({ session: SESSION });
    expect(visited).toEqual([`/adviser/?clientId=${CLIENT_GUID}`]);
  });

  it('shows No Access when an action answers 403', async () => {
    answerWith();
    api.on('POST', '/api/intermediary/delete', noAccess);
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Delete calculation' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(heading()).toBe('No Access');
  });
});

describe('the PDF download', () => {
  const PDF_URL = `/api/intermediary/pdf/?clientGuid=${CLIENT_GUID}&session=${SESSION}&period=weekly`;
  let saved: { fileName: string }[];
  let pdfAnswer: () => Promise<Response>;

  beforeEach(() => {
    saved = [];
    const fakeFetch = globalThis.fetch;
    globalThis.fetch = ((url: string, init: RequestInit) =>
      url.startsWith('/api/intermediary/pdf/')
        ? (api.calls.push({ method: 'GET', url, headers: {}, body: null }), pdfAnswer())
        : fakeFetch(url, init)) as typeof fetch;
    URL.createObjectURL = () => 'blob:adviser-pdf';
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ fileName: this.download });
    });
  });

  async function pass(ms: number) {
    await act(async () => {
      await jest.advanceTimersByTimeAsync(ms);
    });
  }

  it('shows Downloading... please wait, then PDF downloaded for 4 seconds, always asking for the weekly PDF', async () => {
    let deliver!: (response: Response) => void;
    pdfAnswer = () => new Promise((resolve) => (deliver = resolve));
    answerWith();
    await renderScreen();
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    const button = screen.getByRole('button', { name: 'Download PDF' });
    fireEvent.click(button);
    expect(screen.getByText('Downloading... please wait')).toBeTruthy();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(api.calls.filter((call) => call.url === PDF_URL)).toHaveLength(1);

    await act(async () =>
      deliver({ ok: true, status: 200, blob: async () => new Blob(['%PDF'], { type: 'application/pdf' }) } as Response),
    );
    await pass(0);
    expect(screen.getByText('PDF downloaded')).toBeTruthy();
    expect(saved).toEqual([{ fileName: `${testSiteConfig.charity.name} Benefit Results.pdf` }]);
    await pass(3999);
    expect(screen.getByText('PDF downloaded')).toBeTruthy();
    await pass(1);
    expect(screen.queryByText('PDF downloaded')).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });

  it('goes back to normal with an alert when the server does not send the file', async () => {
    pdfAnswer = async () => ({ ok: false, status: 500, blob: async () => new Blob([]) }) as Response;
    answerWith();
    await renderScreen();
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await pass(0);
    expect(screen.getByText(ADVISER_MESSAGES.pdfFailed)).toBeTruthy();
    expect(screen.queryByText('Downloading... please wait')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download PDF' }).getAttribute('aria-disabled')).toBeNull();
    expect(saved).toEqual([]);
  });
});
