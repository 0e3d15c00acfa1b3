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

const shown = (value: number) => ({ value, suppressed: false as const });
const SUPPRESSED = { value: null, suppressed: true as const };
const ADMIN = {
  signedIn: true,
  user: { userId: 'u1', displayName: 'Rita Admin', role: 'organisation-admin', organisationName: 'Riverside Advice' },
};
const ADVISER = { signedIn: true, user: { ...ADMIN.user, displayName: 'Adam Adviser', role: 'adviser' } };

/** A small advice centre's autumn: October too quiet to show, November busy; one API key. */
const FIGURES: ManagementInformationResponse = {
  from: '2026-10',
  to: '2026-11',
  scope: 'organisation',
  partner: null,
  months: [
    { month: '2026-10', started: SUPPRESSED, finished: SUPPRESSED, foundSomething: SUPPRESSED, foundSomethingPercent: SUPPRESSED },
    { month: '2026-11', started: shown(40), finished: shown(32), foundSomething: shown(24), foundSomethingPercent: shown(75) },
  ],
  totals: { started: shown(43), finished: shown(33), foundSomething: shown(24), foundSomethingPercent: shown(73) },
  benefits: [
    { code: 'UNIVERSAL_CREDIT', name: 'Universal Credit', calculations: shown(20), yearlyPence: shown(12_345_600) },
    { code: 'PENSION_CREDIT', name: 'Pension Credit', calculations: SUPPRESSED, yearlyPence: SUPPRESSED },
  ],
  apiKeys: [
    {
      name: 'Housing team website',
      prefix: 'bc_live_a1b2',
      revoked: false,
      days: [{ day: '2026-11-02', calls: shown(120), refused: SUPPRESSED }],
      totalCalls: shown(120),
      totalRefused: SUPPRESSED,
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

  it('shows each chart with a table of the same figures, <10 where a figure is suppressed', async () => {
    await renderScreen();
    expect(document.title).toBe('Management information - Benefits Calculator');
    expect(rowsOf('Calculations of your organisation’s clients, by the month they were started and finished')).toEqual([
      ['October 2026', '<10', '<10', '<10', '<10'],
      ['November 2026', '40', '32', '24', '75%'],
      ['Whole period', '43', '33', '24', '73%'],
    ]);
    expect(rowsOf('Estimated yearly entitlement found, by benefit')).toEqual([
      ['Universal Credit', '20', '£123,456'],
      ['Pension Credit', '<10', '<10'],
    ]);
    expect(rowsOf('Calls per API key and day')).toEqual([
      ['Housing team website (bc_live_a1b2…)', '2026-11-02', '120', '<10'],
      ['Housing team website (bc_live_a1b2…)', 'Whole period', '120', '<10'],
    ]);
    // A suppressed figure draws no column.
    expect(screen.getAllByTestId('mi-chart').map((chart) => chart.textContent)).toEqual([
      'Calculations started and finished each month: October 2026, November 2026 | Started none 40; Finished none 32; Found something to claim none 24',
      'Estimated yearly entitlement found per benefit: Universal Credit, Pension Credit | Estimated yearly entitlement 12345600 none',
      'Calls per API key over the period: Housing team website | Calls 120; Refused none',
    ]);
    expect(screen.getByRole('link', { name: 'Download these figures (CSV)' }).getAttribute('href')).toBe(
      `${MI_URL}/csv?from=2026-10&to=2026-11`,
    );
  });

  it('asks for another period, and links a refused month from the error summary to its field', async () => {
    await renderScreen();
    expect((screen.getByLabelText('From month') as HTMLInputElement).value).toBe('2026-10');
    api.on('GET', `${MI_URL}?from=2026-13&to=2026-11`, {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'The request has problems.',
        errors: [{ path: 'from', message: 'from must be a month written yyyy-mm.' }],
      },
    });
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    await waitFor(() => expect(screen.getByText(ERROR_SUMMARY_TITLE)).toBeTruthy());
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'from must be a month written yyyy-mm.' }).getAttribute('href')).toBe('#mi-from');
    expect(screen.getByLabelText('From month').getAttribute('aria-invalid')).toBe('true');

    api.on('GET', `${MI_URL}?from=2026-11&to=2026-11`, { status: 200, body: { ...FIGURES, from: '2026-11', months: [FIGURES.months[1]] } });
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    await waitFor(() => expect(screen.queryByText(ERROR_SUMMARY_TITLE)).toBeNull());
    expect(rowsOf('Calculations of your organisation’s clients, by the month they were started and finished')[0][0]).toBe('November 2026');
    expect(screen.getByRole('link', { name: 'Download these figures (CSV)' }).getAttribute('href')).toBe(
      `${MI_URL}/csv?from=2026-11&to=2026-11`,
    );
  });

  it('offers the portal the organisation runs, and shows and downloads its figures', async () => {
    api.on('GET', MI_URL, { status: 200, body: { ...FIGURES, partner: { id: 'cap_live', name: 'CAP' } } });
    await renderScreen();
    const portal = screen.getByLabelText('Visitors to your CAP portal');
    expect((screen.getByLabelText('Your organisation’s clients') as HTMLInputElement).checked).toBe(true);
    api.on('GET', `${MI_URL}?from=2026-10&to=2026-11&scope=partner`, {
      status: 200,
      body: { ...FIGURES, scope: 'partner', partner: { id: 'cap_live', name: 'CAP' }, apiKeys: [] },
    });
    fireEvent.click(portal);
    fireEvent.click(screen.getByRole('button', { name: 'Show figures' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download these figures (CSV)' }).getAttribute('href')).toBe(
        `${MI_URL}/csv?from=2026-10&to=2026-11&scope=partner`,
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
