import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ManagementInformationResponse } from '../../../common/accounts/management-information';
import { matchRoute } from '../app/routes';
import { ERROR_SUMMARY_TITLE } from '../shared/ErrorSummary';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import type { ChartSeries } from './ManagementInformationChart';

// ApexCharts draws with SVG measurements jsdom does not have; a stand-in shows what each chart was given.
jest.unstable_mockModule('./ManagementInformationChart', () => ({
  default: ({ title, categories, series }: { title: string; categories: string[]; series: ChartSeries[] }) => (
    <p data-testid="mi-chart">
      {title}: {categories.join(', ')} |{' '}
      {series.map((one) => `${one.name} ${one.data.map((value) => value ?? 'none').join(' ')}`).join('; ')}
    </p>
  ),
}));
const { default: AccountScreen } = await import('./AccountScreen');

const shown = (value: number) => ({ value, withheld: null });
const FEWER_THAN_10 = { value: null, withheld: 'fewer-than-10' as const };
const TOO_FEW = { value: null, withheld: 'too-few' as const };
const REVEALS = { value: null, withheld: 'would-reveal-another' as const };
const NONE = { started: shown(0), finished: shown(0), foundSomething: shown(0), foundSomethingPercent: null };
const ADMIN = {
  signedIn: true,
  user: { userId: 'u1', displayName: 'Rita Admin', role: 'organisation-admin', organisationName: 'Riverside Advice' },
};
const ADVISER = { signedIn: true, user: { ...ADMIN.user, displayName: 'Adam Adviser', role: 'adviser' } };

/**
 * A small advice centre's year so far: nothing until September, September too quiet to show and October's
 * calculations withheld so the year's total cannot give September's back, November busy; one API key.
 */
const FIGURES: ManagementInformationResponse = {
  year: '2026-27',
  from: '2026-04',
  to: '2027-03',
  scope: 'organisation',
  partner: null,
  months: [
    ...['2026-04', '2026-05', '2026-06', '2026-07', '2026-08'].map((month) => ({ month, ...NONE })),
    {
      month: '2026-09',
      started: FEWER_THAN_10,
      finished: FEWER_THAN_10,
      foundSomething: FEWER_THAN_10,
      foundSomethingPercent: TOO_FEW,
    },
    { month: '2026-10', started: REVEALS, finished: REVEALS, foundSomething: REVEALS, foundSomethingPercent: REVEALS },
    { month: '2026-11', started: shown(40), finished: shown(30), foundSomething: shown(25), foundSomethingPercent: shown(83) },
    ...['2026-12', '2027-01', '2027-02', '2027-03'].map((month) => ({ month, ...NONE })),
  ],
  totals: { started: shown(60), finished: shown(45), foundSomething: shown(35), foundSomethingPercent: shown(78) },
  benefits: [
    { code: 'UNIVERSAL_CREDIT', name: 'Universal Credit', calculations: shown(20), yearlyPence: shown(12_000_000) },
    { code: 'PENSION_CREDIT', name: 'Pension Credit', calculations: FEWER_THAN_10, yearlyPence: TOO_FEW },
    { code: 'WINTER_FUEL_PAYMENT', name: 'Winter Fuel Payment', calculations: shown(0), yearlyPence: shown(0) },
  ],
  apiKeys: [
    {
      name: 'Housing team website',
      prefix: 'bc_live_a1b2',
      revoked: false,
      days: [{ day: '2026-11-02', calls: 120, refused: 3 }],
      totalCalls: 120,
      totalRefused: 3,
    },
  ],
};

const MI_URL = '/api/account/management-information';
let api: FakeApi;

beforeEach(() => {
  api = installFakeApi().on('GET', '/api/account/me', { status: 200, body: ADMIN }).on('GET', MI_URL, { status: 200, body: FIGURES });
});

async function renderScreen() {
  await act(async () => {
    render(<AccountScreen route={{ view: 'managementInformation' }} pathname="/account/management-information" search="" />);
  });
  await screen.findByRole('heading', { level: 2, name: 'Calculations by month' });
}

const rowsOf = (caption: string) =>
  [...screen.getByText(caption).closest('table')!.querySelectorAll('tbody tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  );

describe('the management information screen', () => {
  it('is at /account/management-information, linked from an admin’s account page', async () => {
    expect(matchRoute('/account/management-information')).toEqual({ page: 'account', account: { view: 'managementInformation' } });
    await act(async () => {
      render(<AccountScreen route={{ view: 'home' }} pathname="/account/" search="" />);
    });
    expect(screen.getByRole('link', { name: 'Management information' }).getAttribute('href')).toBe('/account/management-information');
  });

  it('shows each chart with a table of the same figures, 0 for none and each withheld figure saying why', async () => {
    await renderScreen();
    expect(document.title).toBe('Management information - Benefits Calculator');
    const calculations = rowsOf(
      'Calculations of your organisation’s clients, by the month they were started and finished, April 2026 to March 2027',
    );
    expect(calculations).toHaveLength(13);
    expect(calculations[0]).toEqual(['April 2026', '0', '0', '0', 'none finished']);
    expect(calculations.slice(5, 8)).toEqual([
      ['September 2026', 'fewer than 10', 'fewer than 10', 'fewer than 10', 'withheld: too few'],
      ['October 2026', ...Array(4).fill('withheld: would reveal another figure')],
      ['November 2026', '40', '30', '25', '83%'],
    ]);
    expect(calculations[12]).toEqual(['Whole year', '60', '45', '35', '78%']);
    // Money is never 'fewer than 10': withheld, saying so.
    expect(rowsOf('Estimated yearly entitlement found, by benefit, April 2026 to March 2027')).toEqual([
      ['Universal Credit', '20', '£120,000'],
      ['Pension Credit', 'fewer than 10', 'withheld: too few'],
      ['Winter Fuel Payment', '0', '£0'],
    ]);
    // The API keys' calls are the organisation's own: exact.
    expect(rowsOf('Calls per API key and day')).toEqual([
      ['Housing team website (bc_live_a1b2…)', '2026-11-02', '120', '3'],
      ['Housing team website (bc_live_a1b2…)', 'Whole year', '120', '3'],
    ]);
    // A withheld figure draws no column.
    const charts = screen.getAllByTestId('mi-chart').map((chart) => chart.textContent);
    expect(charts[0]).toContain('Started 0 0 0 0 0 none none 40 0 0 0 0');
    expect(charts[1]).toBe(
      'Estimated yearly entitlement found per benefit: Universal Credit, Pension Credit, Winter Fuel Payment | Estimated yearly entitlement 12000000 none 0',
    );
    expect(charts[2]).toBe('Calls per API key over the year: Housing team website | Calls 120; Refused 3');
    expect(screen.getByRole('link', { name: 'Download these figures (CSV)' }).getAttribute('href')).toBe(`${MI_URL}/csv?year=2026-27`);
    // How the figures protect people, in plain words.
    expect(screen.getByText(/a count of 1 to 9 is shown as ‘fewer than 10’, and 0 means none/)).toBeTruthy();
    expect(screen.getByText(/amounts of money to a multiple of £10,000/)).toBeTruthy();
  });

  it('asks for another year, one of those offered, and shows it', async () => {
    await renderScreen();
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    expect(year.value).toBe('2026-27');
    expect([...year.options].map((option) => option.textContent)).toEqual([
      'April 2026 to March 2027',
      'April 2025 to March 2026',
      'April 2024 to March 2025',
    ]);
    const lastYear = {
      ...FIGURES,
      year: '2025-26',
      from: '2025-04',
      to: '2026-03',
      months: FIGURES.months.map((month, index) => ({ ...month, month: `${index < 9 ? '2025' : '2026'}-${month.month.slice(5)}` })),
    };
    api.on('GET', `${MI_URL}?year=2025-26`, { status: 200, body: lastYear });
    fireEvent.change(year, { target: { value: '2025-26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download these figures (CSV)' }).getAttribute('href')).toBe(`${MI_URL}/csv?year=2025-26`),
    );
    expect(
      rowsOf('Calculations of your organisation’s clients, by the month they were started and finished, April 2025 to March 2026')[0]![0],
    ).toBe('April 2025');
    // The years offered stay the same.
    expect((screen.getByLabelText('Year') as HTMLSelectElement).options[0]!.value).toBe('2026-27');
  });

  it('links a refusal from the error summary to the year', async () => {
    await renderScreen();
    api.on('GET', `${MI_URL}?year=2025-26`, {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'The request has problems.',
        errors: [{ path: 'year', message: 'year must be a year written like 2026-27 (April 2026 to March 2027).' }],
      },
    });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2025-26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    await waitFor(() => expect(screen.getByText(ERROR_SUMMARY_TITLE)).toBeTruthy());
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getByRole('link', { name: 'year must be a year written like 2026-27 (April 2026 to March 2027).' })
        .getAttribute('href'),
    ).toBe('#mi-year');
    expect(screen.getByLabelText('Year').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers the portal the organisation runs, and shows and downloads its figures', async () => {
    api.on('GET', MI_URL, { status: 200, body: { ...FIGURES, partner: { id: 'cap_live', name: 'CAP' } } });
    await renderScreen();
    const portal = screen.getByLabelText('Visitors to your CAP portal');
    expect((screen.getByLabelText('Your organisation’s clients') as HTMLInputElement).checked).toBe(true);
    api.on('GET', `${MI_URL}?year=2026-27&scope=partner`, {
      status: 200,
      body: { ...FIGURES, scope: 'partner', partner: { id: 'cap_live', name: 'CAP' }, apiKeys: [] },
    });
    fireEvent.click(portal);
    fireEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download these figures (CSV)' }).getAttribute('href')).toBe(
        `${MI_URL}/csv?year=2026-27&scope=partner`,
      ),
    );
  });

  it('offers no choice to an organisation that runs no portal', async () => {
    await renderScreen();
    expect(screen.queryByText('Whose calculations')).toBeNull();
  });

  it('has no WCAG A or AA problems jsdom can find', async () => {
    await renderScreen();
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
      resultTypes: ['violations'],
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('tells an adviser it is for organisation admins, and asks the API for no figures', async () => {
    api.on('GET', '/api/account/me', { status: 200, body: ADVISER });
    await act(async () => {
      render(<AccountScreen route={{ view: 'managementInformation' }} pathname="/account/management-information" search="" />);
    });
    expect(screen.getByText(/Only an organisation admin can .* see the management information/)).toBeTruthy();
    expect(api.callsTo('GET', MI_URL)).toEqual([]);
  });
});
