import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComparisonColumn } from '../../../common/adviser/model';
import { lastRatesHeldOf } from '../../../common/result/last-rates-held';
import { installFakeApi, type FakeApi } from '../survey/fake-api';
import { settle } from '../survey/render-page';
import { CLIENT_GUID, compareResponse, noAccess, serverFailure } from '../../../test/fixtures/web-adviser';
import { compareChart } from './compare-chart-options';

// ApexCharts draws with SVG measurements jsdom does not have; a stand-in shows what the chart was given.
jest.unstable_mockModule('./CompareChart', () => ({
  default: ({ columns, period }: { columns: ComparisonColumn[]; period: string }) => (
    <p data-testid="compare-chart">
      {period} chart of {columns.map((column) => column.name).join(', ')}
    </p>
  ),
}));
const { default: CompareScreen, sanitisedHtml } = await import('./CompareScreen');

const SEARCH = `?clientId=${CLIENT_GUID}&session=s1&session=s2`;
const COMPARE_URL = `/api/intermediary/compare?clientGuid=${CLIENT_GUID}&session=s1&session=s2`;

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi().on('POST', '/api/data/error', { status: 204, body: undefined });
});
afterEach(() => jest.useRealTimers());

async function renderCompare(search = SEARCH) {
  render(<CompareScreen sessions="s1,s2" search={search} />);
  await settle();
  await settle();
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const sectionOf = (name: string) => screen.queryByRole('heading', { level: 2, name })?.closest('details') ?? null;
function tableOf(name: string): string[][] {
  return [...sectionOf(name)!.querySelectorAll('tr')].map((row) =>
    [...row.children].map((cell) => (cell.firstChild?.textContent ?? '').trim()),
  );
}

describe('loading a comparison', () => {
  it('asks for the client and each session, and shows No Access on 403', async () => {
    api.on('GET', COMPARE_URL, noAccess);
    await renderCompare();
    expect(heading()).toBe('No Access');
    expect(api.callsTo('GET', COMPARE_URL)).toHaveLength(1);
  });

  it('shows the generic error view for any other failure', async () => {
    api.on('GET', COMPARE_URL, serverFailure);
    await renderCompare();
    expect(heading()).toBe('Oops something went wrong');
  });

  it('shows the breadcrumb, the intro and both sections open', async () => {
    api.on('GET', COMPARE_URL, { status: 200, body: compareResponse() });
    await renderCompare();
    expect(heading()).toBe('Compare Calculations');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Adviser Home' }).getAttribute('href')).toBe(`/adviser/?clientId=${CLIENT_GUID}`);
    expect(screen.getByText('This page allows you to compare benefit income and total income for different cases.')).toBeTruthy();
    expect(sectionOf('Legacy Benefits and Pension age benefits')!.hasAttribute('open')).toBe(true);
    expect(sectionOf('Universal Credit System')!.hasAttribute('open')).toBe(true);
    expect(screen.getAllByTestId('compare-chart').map((chart) => chart.textContent)).toEqual([
      'weekly chart of Part-time work, Full-time work',
      'weekly chart of Part-time work, Full-time work',
    ]);
    expect(screen.getByRole('link', { name: 'Back to adviser home' }).getAttribute('href')).toBe(`/adviser/?clientId=${CLIENT_GUID}`);
    expect(screen.queryByTestId('last-rates-held')).toBeNull();
  });

  it('says first when the figures use last year’s rates, and nothing of it otherwise', async () => {
    api.on('GET', COMPARE_URL, { status: 200, body: { ...compareResponse(), lastRatesHeld: lastRatesHeldOf('2027-03-31') } });
    await renderCompare();
    expect(screen.getByRole('region', { name: 'These figures use last year’s rates' }).textContent).toContain(
      'the benefit rates for April 2026 to March 2027',
    );
  });

  it('hides a section whose show flag is false or that has no weekly data', async () => {
    api.on('GET', COMPARE_URL, { status: 200, body: compareResponse({ lb: { show: false }, uc: { weeklyData: [] } }) });
    await renderCompare();
    expect(sectionOf('Legacy Benefits and Pension age benefits')).toBeNull();
    expect(sectionOf('Universal Credit System')).toBeNull();
  });
});

describe('the comparison tables', () => {
  it("lists the categories except Total Income, then the totals, with '-' for a calculation that is not eligible", async () => {
    api.on('GET', COMPARE_URL, { status: 200, body: compareResponse() });
    await renderCompare();
    expect(tableOf('Legacy Benefits and Pension age benefits')).toEqual([
      ['', 'Part-time work', 'Full-time work'],
      ['Housing Benefit', '£95.50', '-'],
      ['Child Benefit', '£26.05', '-'],
      ['Benefit Total', '£121.55', '-'],
      ['Other Income', '£200.00', '-'],
      ['Total Income', '£321.55', '-'],
      ['After rent and council tax', '£171.55', '-'],
    ]);
    expect(tableOf('Universal Credit System')[5]).toEqual(['Total Income', '£321.55', '£446.05']);
    expect(tableOf('Universal Credit System')[6]).toEqual(['After rent and council tax', '£171.55', '£296.05']);
    const tip = within(sectionOf('Universal Credit System')!).getByRole('button', { name: 'About Total Income' });
    fireEvent.click(tip);
    expect(within(sectionOf('Universal Credit System')!).getByText(/total of all benefits and other income/)).toBeTruthy();
  });

  it('shows the monthly figures and chart when Monthly is chosen', async () => {
    api.on('GET', COMPARE_URL, { status: 200, body: compareResponse() });
    await renderCompare();
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(tableOf('Universal Credit System')[5]).toEqual(['Total Income', '£643.10', '£892.10']);
    expect(screen.getAllByTestId('compare-chart')[0].textContent).toBe('monthly chart of Part-time work, Full-time work');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/api/intermediary/pdf/?clientGuid=${CLIENT_GUID}&session=s1&session=s2&period=monthly`,
    );
  });
});

describe("the server's messages", () => {
  it('are shown as HTML with script and event handlers removed', async () => {
    const hostile =
      '<p>Compare <strong>carefully</strong></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">';
    api.on('GET', COMPARE_URL, { status: 200, body: compareResponse({ uc: { messageHtml: hostile } }) });
    await renderCompare();
    expect(screen.getByText('carefully').tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(sanitisedHtml(hostile)).not.toMatch(/script|onerror/);
  });
});

describe('the chart', () => {
  const columns = compareResponse().uc.weeklyData;
  it('starts the axis at 0, names the period, and shows tooltips to 2 decimals', () => {
    const weekly = compareChart(columns, 'weekly');
    expect(weekly.options.yaxis).toMatchObject({ min: 0, title: { text: 'Weekly household income (£)' } });
    expect(compareChart(columns, 'monthly').options.yaxis).toMatchObject({ title: { text: 'Monthly household income (£)' } });
    const formatter = (weekly.options.tooltip!.y as { formatter(value: number): string }).formatter;
    expect(formatter(121.5)).toBe('£121.50');
    expect(weekly.series).toEqual([
      { name: 'Benefit Total', data: [121.55, 26.05] },
      { name: 'Other Income', data: [200, 420] },
    ]);
  });
});

describe('the compare PDF link', () => {
  it('is downloading for 5 seconds, then downloaded for 4, and blocks clicks meanwhile', async () => {
    api.on('GET', COMPARE_URL, { status: 200, body: compareResponse() });
    await renderCompare();
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    const link = screen.getByRole('link', { name: 'Download PDF' });
    expect(link.getAttribute('href')).toBe(`/api/intermediary/pdf/?clientGuid=${CLIENT_GUID}&session=s1&session=s2&period=weekly`);
    // A first click is left to the browser to follow; a click while busy is stopped. The window listener, last to
    // hear the click, notes whether the page stopped it, then stops it itself (jsdom cannot follow links).
    const stoppedByPage: boolean[] = [];
    const noteAndStop = (event: Event) => {
      stoppedByPage.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', noteAndStop);
    fireEvent.click(link);
    expect(screen.getByText('Downloading... please wait')).toBeTruthy();
    expect(link.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(link);
    window.removeEventListener('click', noteAndStop);
    expect(stoppedByPage).toEqual([false, true]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByText('PDF downloaded')).toBeTruthy();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4000);
    });
    expect(screen.queryByText('PDF downloaded')).toBeNull();
    expect(link.getAttribute('aria-disabled')).toBeNull();
  });
});

describe('an address the adviser home cannot make', () => {
  it.each([
    ['no client', '?session=s1&session=s2'],
    ['one calculation', `?clientId=${CLIENT_GUID}&session=s1`],
    ['7 calculations', `?clientId=${CLIENT_GUID}${[1, 2, 3, 4, 5, 6, 7].map((index) => `&session=s${index}`).join('')}`],
  ])('shows Page Not Found for %s, without calling the server', async (_case, search) => {
    await renderCompare(search);
    expect(heading()).toBe('Page Not Found');
    expect(api.calls.filter((call) => call.url.startsWith('/api/intermediary/'))).toEqual([]);
  });
});
