import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CaseloadClientRow } from '../../../common/adviser/caseload';
import { ERROR_SUMMARY_TITLE } from '../shared/ErrorSummary';
import { installFakeApi } from '../survey/fake-api';
import { bandCounts, DEFAULT_ORDER, gainersAndLosers, nextOrder, sortedRows } from './caseload-table';
import CaseloadScreen, { changeText, dateHint, provisionalText } from './CaseloadScreen';

const amounts = (before: number, after: number) => ({
  beforeWeeklyPence: before,
  beforeMonthlyPence: before * 4,
  afterWeeklyPence: after,
  afterMonthlyPence: after * 4,
});

function client(displayName: string, change: number | null, childBenefit = 0): CaseloadClientRow {
  return {
    clientGuid: displayName,
    displayName,
    session: `${displayName}-session`,
    savedOn: '2026-11-27',
    problem: change === null ? 'not-finished' : null,
    benefits: change === null ? {} : { CHILD_BENEFIT: amounts(2705, 2705 + childBenefit) },
    total: change === null ? null : amounts(10_000, 10_000 + change),
  };
}

const rows = [client('Bea', 500, -100), client('ade', -2500), client('Cal', null), client('Dan', 0, 100)];

describe('the caseload table', () => {
  it('puts the biggest losers first by default, and clients with no figures last whichever way', () => {
    expect(sortedRows(rows, DEFAULT_ORDER, 'weekly').map((row) => row.displayName)).toEqual(['ade', 'Dan', 'Bea', 'Cal']);
    expect(sortedRows(rows, { column: 'total', direction: 'descending' }, 'weekly').map((row) => row.displayName)).toEqual([
      'Bea',
      'Dan',
      'ade',
      'Cal',
    ]);
  });

  it('sorts by a benefit, a client who does not get it counting as no change', () => {
    const order = { column: { benefit: 'CHILD_BENEFIT' }, direction: 'ascending' } as const;
    expect(sortedRows(rows, order, 'weekly').map((row) => row.displayName)).toEqual(['Bea', 'ade', 'Dan', 'Cal']);
  });

  it('sorts names whatever their case, and turns round on a second click', () => {
    const byName = nextOrder(DEFAULT_ORDER, 'client');
    expect(byName).toEqual({ column: 'client', direction: 'ascending' });
    expect(sortedRows(rows, byName, 'weekly').map((row) => row.displayName)).toEqual(['ade', 'Bea', 'Cal', 'Dan']);
    expect(nextOrder(byName, 'client')).toEqual({ column: 'client', direction: 'descending' });
    expect(nextOrder(byName, { benefit: 'CHILD_BENEFIT' })).toEqual({ column: { benefit: 'CHILD_BENEFIT' }, direction: 'ascending' });
  });

  it('counts gainers and losers in bands of a week’s or a month’s change', () => {
    expect(gainersAndLosers(rows, 'weekly')).toEqual({ gain: 1, lose: 1, same: 1, none: 1 });
    expect(bandCounts(rows, 'weekly').map(({ label, count }) => `${label}: ${count}`)).toEqual([
      'Lose more than £20: 1',
      'Lose £5 to £20: 0',
      'Lose up to £5: 0',
      'No change: 1',
      'Gain up to £5: 1',
      'Gain £5 to £20: 0',
      'Gain more than £20: 0',
    ]);
    // A month's £100 loss is more than £80; its £20 gain is 'up to £20'.
    expect(bandCounts(rows, 'monthly').map(({ count }) => count)).toEqual([1, 0, 0, 1, 1, 0, 0]);
  });

  it('writes a change with its sign', () => {
    expect([changeText(100), changeText(-2505), changeText(0)]).toEqual(['+£1.00', '-£25.05', '£0.00']);
  });

  it('says why the date filled in is the one it is', () => {
    expect(dateHint({ defaultDate: '2027-04-06', ratesHeldUntil: '2028-03-31' })).toBe(
      'We have filled in 6 April 2027, the first day of the next rates.',
    );
    expect(dateHint({ defaultDate: '2027-03-31', ratesHeldUntil: '2027-03-31' })).toBe(
      'We have filled in 31 March 2027, the last day of the rates we hold: next April’s rates are not added yet.',
    );
  });
});

describe('the caseload screen', () => {
  const RUNS = { defaultDate: '2027-03-31', ratesHeldFrom: '2025-04-07', ratesHeldUntil: '2027-03-31', runs: [], changeSets: [] };

  it('fills in the date offered, and links a refused date from the error summary to the field', async () => {
    const api = installFakeApi()
      .on('GET', '/api/adviser/caseload-runs', { status: 200, body: RUNS })
      .on('POST', '/api/adviser/caseload-runs', {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'The request has problems.',
          errors: [{ path: 'date', message: 'Choose a date from 7 April 2025 to 31 March 2027: the rates held cover those dates only.' }],
        },
      });
    render(<CaseloadScreen search="" />);
    const group = await screen.findByRole('group', { name: 'Date to work out the calculations at' });
    const [day, month, year] = ['Day', 'Month', 'Year'].map((label) => within(group).getByLabelText(label) as HTMLInputElement);
    expect([day.value, month.value, year.value]).toEqual(['31', '3', '2027']);
    expect(screen.getByText(/the last day of the rates we hold/)).toBeTruthy();

    // A date that is not a real one is stopped here, with GOV.UK's words, before anything is sent.
    fireEvent.change(day, { target: { value: '31' } });
    fireEvent.change(month, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start caseload run' }));
    expect(
      (await screen.findByRole('link', { name: 'The date to work out the calculations at must be a real date' })).getAttribute('href'),
    ).toBe('#caseload-date');
    expect(api.callsTo('POST', '/api/adviser/caseload-runs')).toHaveLength(0);

    fireEvent.change(day, { target: { value: '1' } });
    fireEvent.change(month, { target: { value: '1' } });
    fireEvent.change(year, { target: { value: '2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start caseload run' }));
    await waitFor(() => expect(screen.getByText(ERROR_SUMMARY_TITLE)).toBeTruthy());
    const link = await screen.findByRole('link', { name: /Choose a date from 7 April 2025/ });
    expect(link.getAttribute('href')).toBe('#caseload-date');
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/adviser/caseload-runs')[0].body).toMatchObject({ date: '2024-01-01' });
  });

  it('offers a change set approved but not yet published, with its own dates, and says its figures are provisional', async () => {
    const changeSet = { id: 12, title: 'Benefit rates from April 2027', defaultDate: '2027-04-12', ratesHeldUntil: '2028-04-09' };
    const run = {
      id: '6f1c1a56-3d5b-4bb0-9d49-1d1b1d5e3a11',
      atDate: '2027-04-12',
      status: 'queued',
      rulesVersion: '2027-28+cs12',
      provisional: { inForceFrom: null, approvedNotPublished: { changeSet: 12, title: 'Benefit rates from April 2027' } },
      total: 0,
      done: 0,
      failed: 0,
      createdAt: '2026-11-30T10:00:00.000Z',
      finishedAt: null,
    };
    const api = installFakeApi()
      .on('GET', '/api/adviser/caseload-runs', { status: 200, body: { ...RUNS, changeSets: [changeSet] } })
      .on('POST', '/api/adviser/caseload-runs', { status: 202, body: { run } })
      .on('GET', `/api/adviser/caseload-run?id=${run.id}`, { status: 200, body: { run, benefits: [], clients: [] } });
    render(<CaseloadScreen search="" />);
    const rules = await screen.findByRole('group', { name: 'Rules and rates to use' });
    expect((within(rules).getByLabelText('The published rules and rates') as HTMLInputElement).checked).toBe(true);
    const group = screen.getByRole('group', { name: 'Date to work out the calculations at' });
    const year = within(group).getByLabelText('Year') as HTMLInputElement;
    expect(year.value).toBe('2027');

    // Chosen, its first day is filled in and the dates it covers are given.
    fireEvent.click(within(rules).getByLabelText('With “Benefit rates from April 2027” (approved, not yet published)'));
    const day = within(group).getByLabelText('Day') as HTMLInputElement;
    expect([day.value, (within(group).getByLabelText('Month') as HTMLInputElement).value]).toEqual(['12', '4']);
    expect(screen.getByText(/You can choose any date from 7 April 2025 to 9 April 2028/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start caseload run' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/adviser/caseload-runs')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/adviser/caseload-runs')[0].body).toMatchObject({ date: '2027-04-12', changeSet: 12 });
    const card = await screen.findByTestId('caseload-provisional');
    expect(card.textContent).toContain(
      'They use “Benefit rates from April 2027”, a change the policy team has approved but not yet published',
    );
  });

  it('says which provisional figures are which', () => {
    const approvedNotPublished = { changeSet: 12, title: 'Benefit rates from April 2027' };
    expect(provisionalText({ inForceFrom: '2027-04-12', approvedNotPublished: null })).toBe(
      'They use rates announced to take effect on 12 April 2027, which are not yet in force and may still change before then.',
    );
    expect(provisionalText({ inForceFrom: '2027-04-12', approvedNotPublished })).toBe(
      'They use “Benefit rates from April 2027”, a change the policy team has approved but not yet published: it may still change, or be withdrawn, before it is. They use rates announced to take effect on 12 April 2027, which are not yet in force and may still change before then.',
    );
  });
});
