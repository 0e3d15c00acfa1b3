import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import type { ComparisonColumn } from '../../../common/adviser/model';
import { testSiteConfig } from '../site/test-site-config';
import { installFakeApi } from '../survey/fake-api';
import { settle } from '../survey/render-page';
import {
  ACCESS_URL,
  adviserCalculation,
  CALCULATION_URL,
  calculationRow,
  CLIENT_GUID,
  CLIENT_URL,
  compareResponse,
  LONE_PARENT_CLIENT,
  SESSION,
} from '../../../test/fixtures/web-adviser';

// The chart is drawn by ApexCharts, which jsdom cannot lay out; it is checked in the browser, not here.
jest.unstable_mockModule('./CompareChart', () => ({
  default: ({ columns }: { columns: ComparisonColumn[] }) => <p>Chart of {columns.length} calculations</p>,
}));
const { default: AdviserHome } = await import('./AdviserHome');
const { default: AdviserCalculationScreen } = await import('./AdviserCalculationScreen');
const { default: CompareScreen } = await import('./CompareScreen');

/** WCAG 2.2 A and AA rules that need no layout (jsdom has none, so colour contrast is left to the browser tests). */
async function violations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

beforeEach(() => {
  installFakeApi()
    .on('POST', '/api/data/error', { status: 204, body: undefined })
    .on('GET', ACCESS_URL, { status: 200, body: { isIntermediary: true } })
    .on('GET', '/api/intermediary/clients?search=&searchType=user', {
      status: 200,
      body: { isIntermediary: true, searchClients: [LONE_PARENT_CLIENT] },
    })
    .on('GET', CLIENT_URL, {
      status: 200,
      body: { isIntermediary: true, client: LONE_PARENT_CLIENT, calculations: [calculationRow(1), calculationRow(2, false)] },
    })
    .on('GET', CALCULATION_URL, { status: 200, body: { isValid: true, isIntermediary: true, calculation: adviserCalculation() } })
    .on('GET', `/api/intermediary/compare?clientGuid=${CLIENT_GUID}&session=s1&session=s2`, { status: 200, body: compareResponse() });
});

describe('the adviser screens meet WCAG 2.2 AA (rules that need no layout)', () => {
  it('the adviser home with a client, and its start dialog showing an error', async () => {
    render(<AdviserHome search={`?clientId=${CLIENT_GUID}`} />);
    await settle();
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Start new calculation for this client' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start calculation' }));
    expect(await violations()).toEqual([]);
  });

  it('the calculation detail', async () => {
    render(<AdviserCalculationScreen session={SESSION} site={testSiteConfig} />);
    await settle();
    expect(await violations()).toEqual([]);
  });

  it('the comparison', async () => {
    render(<CompareScreen sessions="s1,s2" search={`?clientId=${CLIENT_GUID}&session=s1&session=s2`} />);
    await settle();
    await settle();
    expect(await violations()).toEqual([]);
  });
});
