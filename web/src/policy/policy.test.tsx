import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CaseEdit, ChangeSetDetail, ImpactReport, ParameterSummary } from './policy-api';
import { ERROR_SUMMARY_TITLE } from '../shared/ErrorSummary';
import { installFakeApi } from '../survey/fake-api';
import { installJsdomSupport } from '../survey/jsdom-support';

// ApexCharts draws with SVG measurements jsdom does not have; a stand-in shows what the chart was given.
jest.unstable_mockModule('./ImpactChart', () => ({
  default: ({ bands }: { bands: { label: string; households: number }[] }) => (
    <p data-testid="impact-chart">{bands.map((band) => `${band.label}: ${band.households}`).join(', ')}</p>
  ),
}));
const { ChangeSetPage } = await import('./ChangeSetPage');
const { default: CaseForm, expectedFigures } = await import('./CaseForm');
const { default: ImpactView } = await import('./ImpactView');
const { describeEdit, valueFromText, formatValue, todayIso } = await import('./policy-text');
const { conditionLeaves, withLeaves, leafValue } = await import('./rule-conditions');

const ELDEST = 'gov/hmrc/child_benefit/amount/eldest';
const OTHER = 'gov/hmrc/child_benefit/amount/other_children';
const PARAMETERS: ParameterSummary[] = [
  {
    name: ELDEST,
    label: 'Child Benefit: eldest or only child',
    unit: 'pence a week',
    yearDecision: 'uprated',
    period: 'week',
    latest: { from: '2026-04-06', value: 2705 },
  },
  {
    name: OTHER,
    label: 'Child Benefit: each other child',
    unit: 'pence a week',
    yearDecision: 'uprated',
    period: 'week',
    latest: { from: '2026-04-06', value: 1790 },
  },
  {
    name: 'gov/dwp/universal_credit/means_test/taper',
    label: 'Universal Credit taper',
    unit: 'basis points',
    yearDecision: 'not-money',
    period: 'none',
    latest: { from: '2025-04-07', value: 5500 },
  },
];
const byName = new Map(PARAMETERS.map((parameter) => [parameter.name, parameter]));

const PERSON_A = { id: 'a', name: 'Asha Policy' };
const DIGEST = 'a'.repeat(64);
const PERSON_B = { id: 'b', name: 'Ben Second' };

function changeSet(changes: Partial<ChangeSetDetail> = {}): ChangeSetDetail {
  return {
    id: 7,
    title: 'Uprating April 2027',
    status: 'draft',
    author: PERSON_A,
    approver: null,
    effectiveFrom: null,
    revertedFrom: null,
    editCount: 1,
    updatedAt: '2026-11-27T09:00:00Z',
    isStopped: false,
    isFailing: false,
    hasPendingRequest: false,
    reason: 'CPI of 3.8% for the weekly benefits.',
    edits: [{ kind: 'parameter-value', parameter: ELDEST, from: '2027-04-06', value: 2810, source: null }],
    version: 2,
    digest: DIGEST,
    contributors: [PERSON_A],
    problems: [{ edit: 0, field: 'source', message: 'The value needs its official source before it is published.' }],
    canApprove: false,
    cannotApproveBecause: 'You started this change set, so another member of the policy team must approve it.',
    approvalChecks: [
      { name: 'no-problems', met: false, text: 'Put right the 1 problem listed at the top.' },
      { name: 'checks-run', met: true, text: 'The checks were run on this version (version 2) against the rules published now.' },
    ],
    lapsedApproval: null,
    pendingRequest: null,
    canConfirmRequest: false,
    changedAgainBy: [],
    changesAgain: [],
    stopped: null,
    failure: null,
    audit: [{ at: '2026-11-27T09:00:00Z', actor: PERSON_A, action: 'created', detail: 'Started' }],
    lastCasesRun: null,
    lastImpact: null,
    ...changes,
  };
}

const RULESETS = [
  { folder: 'child-benefit', title: 'Child Benefit', benefit: 'CHILD_BENEFIT', description: 'Child Benefit.', rules: 4, cases: 3 },
];

function fakeApi(detail: ChangeSetDetail) {
  return installFakeApi()
    .on('GET', '/api/policy/change-sets/7', { status: 200, body: detail })
    .on('GET', '/api/policy/parameters', { status: 200, body: { parameters: PARAMETERS } })
    .on('GET', '/api/policy/rulesets', { status: 200, body: { rulesets: RULESETS } })
    .on('POST', '/api/data/error', { status: 204, body: undefined });
}

beforeAll(installJsdomSupport);

const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
/** Types a date into a GOV.UK date field (the group named by its legend) as a person would: 6, 4, 2027. */
const changeDate = (container: HTMLElement, name: string, iso: string) => {
  const group = within(container).getByRole('group', { name });
  const [year, month, day] = iso.split('-');
  change(within(group).getByLabelText('Day'), String(Number(day)));
  change(within(group).getByLabelText('Month'), String(Number(month)));
  change(within(group).getByLabelText('Year'), year);
};

describe('the words of the workbench', () => {
  it('describes a dated value with the value before, the period and a missing source', () => {
    expect(describeEdit({ kind: 'parameter-value', parameter: ELDEST, from: '2027-04-06', value: 2810, source: null }, byName)).toBe(
      'Child Benefit: eldest or only child from 6 April 2027: £27.05 to £28.10 a week (source needed)',
    );
    expect(
      describeEdit(
        {
          kind: 'parameter-value',
          parameter: 'gov/dwp/universal_credit/means_test/taper',
          from: '2027-04-01',
          value: 5000,
          source: { title: 'SI', url: 'https://x' },
        },
        byName,
      ),
    ).toBe('Universal Credit taper from 1 April 2027: 55% to 50%');
    expect(describeEdit({ kind: 'rates-held', until: '2028-03-31' }, byName)).toBe('Rates held until 31 March 2028');
  });

  it('reads pounds typed as whole pence exactly, and a percentage as basis points', () => {
    expect(valueFromText('28.10', 'pence a week')).toEqual({ value: 2810 });
    expect(valueFromText('£1,000.29', 'pence a month')).toEqual({ value: 100029 });
    expect(valueFromText('0.295', 'pence a week')).toEqual({ error: 'Enter an amount in pounds, such as 28.10.' });
    expect(valueFromText('12.5', 'basis points')).toEqual({ value: 1250 });
    expect(valueFromText('', 'count')).toEqual({ value: null });
    expect(formatValue(100029, 'pence a month')).toBe('£1,000.29 a month');
  });

  it('puts a rule’s changed leaf conditions back where they were, parameters by name', () => {
    const conditions = {
      all: [
        { fact: 'qualifyingChildCount', operator: 'greaterThan', value: 0 },
        { any: [{ fact: 'income', operator: 'lessThan', value: { fact: 'parameter', params: { name: 'gov/hmrc/x/threshold' } } }] },
      ],
    };
    const leaves = conditionLeaves(conditions);
    expect(leaves.map((leaf) => [leaf.path.join('.'), leaf.kind, leaf.text])).toEqual([
      ['all.0', 'number', '0'],
      ['all.1.any.0', 'parameter', 'gov/hmrc/x/threshold'],
    ]);
    const changed = [
      { ...leaves[0], operator: 'greaterThanInclusive', text: '2' },
      { ...leaves[1], text: 'gov/hmrc/x/other' },
    ];
    const values = changed.map((leaf) => ({ ...leaf, value: (leafValue(leaf) as { value: unknown }).value }));
    expect(withLeaves(conditions, values)).toEqual({
      all: [
        { fact: 'qualifyingChildCount', operator: 'greaterThanInclusive', value: 2 },
        { any: [{ fact: 'income', operator: 'lessThan', value: { fact: 'parameter', params: { name: 'gov/hmrc/x/other' } } }] },
      ],
    });
  });
});

describe('the change set page', () => {
  it('describes each edit, lists what stops publishing, and shows a refused value at its field', async () => {
    const api = fakeApi(changeSet()).on('POST', '/api/policy/change-sets/7/edits', {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'The edit has problems.',
        errors: [{ path: 'edit.source.url', message: 'The source must be on gov.uk or legislation.gov.uk.' }],
      },
    });
    render(<ChangeSetPage id={7} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Uprating April 2027' })).toBeTruthy();
    expect(
      within(screen.getByTestId('edit-0')).getByText(
        'Child Benefit: eldest or only child from 6 April 2027: £27.05 to £28.10 a week (source needed)',
      ),
    ).toBeTruthy();
    expect(within(screen.getByTestId('change-set-problems')).getByRole('link').getAttribute('href')).toBe('#edit-0');

    const form = screen.getByTestId('value-edit-form');
    change(within(form).getByLabelText('Parameter'), OTHER);
    changeDate(form, 'From', '2027-04-06');
    change(within(form).getByLabelText('Value in pounds a week'), '18.60');
    change(within(form).getByLabelText('Title of the source'), 'Benefit rates 2027 to 2028');
    change(within(form).getByLabelText('Address of the source (https://...)'), 'https://example.com/rates');
    fireEvent.click(within(form).getByRole('button', { name: 'Add the value' }));

    await waitFor(() => expect(within(form).getByText(ERROR_SUMMARY_TITLE)).toBeTruthy());
    const link = within(form).getByRole('link', { name: 'The source must be on gov.uk or legislation.gov.uk.' });
    expect(link.getAttribute('href')).toBe('#value-edit-source-url');
    expect(within(form).getByLabelText('Address of the source (https://...)').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/policy/change-sets/7/edits')[0].body).toMatchObject({
      edit: {
        kind: 'parameter-value',
        parameter: OTHER,
        from: '2027-04-06',
        value: 1860,
        source: { title: 'Benefit rates 2027 to 2028', url: 'https://example.com/rates' },
      },
    });
  });

  it('works out uprated values and adds the ones kept, without a source', async () => {
    const added = changeSet({ edits: [], problems: [] });
    const api = fakeApi(changeSet({ edits: [], problems: [] }))
      .on('POST', '/api/policy/uprating', {
        status: 200,
        body: {
          proposals: [
            {
              parameter: ELDEST,
              label: 'Child Benefit: eldest or only child',
              unit: 'pence a week',
              current: { from: '2026-04-06', value: 2705 },
              proposed: 2810,
              rounding: 'nearest-5p',
              roundingReason: 'Child Benefit rates are rounded to the nearest 5p.',
            },
            {
              parameter: OTHER,
              label: 'Child Benefit: each other child',
              unit: 'pence a week',
              current: { from: '2026-04-06', value: 1790 },
              proposed: 1860,
              rounding: 'nearest-5p',
              roundingReason: 'Child Benefit rates are rounded to the nearest 5p.',
            },
          ],
          skipped: [],
        },
      })
      .on('POST', '/api/policy/change-sets/7/edits', { status: 200, body: added });
    render(<ChangeSetPage id={7} />);
    const helper = await screen.findByTestId('uprating');
    change(within(helper).getByLabelText('Filter the parameters'), 'child_benefit');
    expect(within(helper).queryByLabelText(/Universal Credit taper/)).toBeNull();
    fireEvent.click(within(helper).getByRole('button', { name: 'Tick all shown' }));
    change(within(helper).getByLabelText('Uprating percentage'), '3.8');
    changeDate(helper, 'New values from', '2027-04-06');
    fireEvent.click(within(helper).getByRole('button', { name: 'Work out the new values' }));

    const table = await within(helper).findByTestId('uprating-proposals');
    expect(api.callsTo('POST', '/api/policy/uprating')[0].body).toMatchObject({
      parameters: [ELDEST, OTHER],
      percent: '3.8',
      from: '2027-04-06',
    });
    expect(within(table).getByText('£28.10 a week')).toBeTruthy();
    expect(within(table).getAllByText('Child Benefit rates are rounded to the nearest 5p.')).toHaveLength(2);
    fireEvent.click(within(table).getByLabelText('Keep Child Benefit: each other child'));
    fireEvent.click(within(helper).getByRole('button', { name: 'Add these to the change set' }));

    await waitFor(() => expect(screen.getByText(/Added 1 value without a source/)).toBeTruthy());
    const sent = api.callsTo('POST', '/api/policy/change-sets/7/edits').map((call) => call.body?.edit);
    expect(sent).toEqual([{ kind: 'parameter-value', parameter: ELDEST, from: '2027-04-06', value: 2810, source: null }]);
  });

  it('never offers Approve to a member who changed the change set, saying why, and approves the version shown', async () => {
    fakeApi(
      changeSet({
        canApprove: false,
        cannotApproveBecause: 'You changed this change set, so another member of the policy team must approve it.',
      }),
    );
    const { unmount } = render(<ChangeSetPage id={7} />);
    await screen.findByRole('heading', { level: 1, name: 'Uprating April 2027' });
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.getByTestId('cannot-approve').textContent).toBe(
      'You changed this change set, so another member of the policy team must approve it.',
    );
    // What approval needs, each line saying whether it is done.
    expect(
      within(screen.getByTestId('approval-needs'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Not yet: Put right the 1 problem listed at the top.',
      'Done: The checks were run on this version (version 2) against the rules published now.',
    ]);
    unmount();

    const api = fakeApi(changeSet({ canApprove: true, cannotApproveBecause: null, problems: [] }))
      .on('POST', '/api/policy/change-sets/7/approve', {
        status: 200,
        body: changeSet({ status: 'approved', approver: PERSON_B, canApprove: false, cannotApproveBecause: null }),
      })
      .on('POST', '/api/policy/change-sets/7/publish', {
        status: 200,
        body: changeSet({ status: 'published', effectiveFrom: '2027-04-06' }),
      });
    render(<ChangeSetPage id={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve version 2 of this change set' }));
    await waitFor(() => expect(screen.getByTestId('change-set-status').textContent).toBe('Approved, not yet published'));
    expect(api.callsTo('POST', '/api/policy/change-sets/7/approve').map((call) => call.body?.digest)).toEqual([DIGEST]);
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    changeDate(document.body, 'Effective from', '2027-04-06');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/policy/change-sets/7/publish')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/policy/change-sets/7/publish')[0].body).toMatchObject({ effectiveFrom: '2027-04-06', digest: DIGEST });
  });

  it('says when an approval lapsed, and shows a stale approval refused at the actions', async () => {
    fakeApi(
      changeSet({
        canApprove: true,
        cannotApproveBecause: null,
        problems: [],
        lapsedApproval: { by: PERSON_B, at: '2026-11-28T10:00:00Z' },
      }),
    ).on('POST', '/api/policy/change-sets/7/approve', {
      status: 409,
      body: {
        statusCode: 409,
        code: 'CHANGE_SET_CHANGED',
        message: 'This change set has changed since you read it (it is now version 3): read it again, then approve what it says now.',
        errors: [],
      },
    });
    render(<ChangeSetPage id={7} />);
    expect((await screen.findByTestId('approval-lapsed')).textContent).toContain(
      'Ben Second approved an earlier version on 28 November 2026 at 10:00. It was changed after that, so it needs approving again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve version 2 of this change set' }));
    expect(await screen.findByRole('link', { name: /has changed since you read it/ })).toBeTruthy();
  });

  it('links a published change set both ways to those that change again what it set, and those it changes again', async () => {
    fakeApi(
      changeSet({
        status: 'published',
        effectiveFrom: '2027-04-12',
        problems: [],
        approvalChecks: [],
        cannotApproveBecause: null,
        changesAgain: [{ id: 3, title: 'Rates for 2027 to 2028' }],
        changedAgainBy: [{ id: 9, title: 'Child Benefit corrected' }],
      }),
    );
    const { unmount } = render(<ChangeSetPage id={7} />);
    const again = await screen.findByTestId('changes-again');
    expect(within(again).getByRole('link', { name: 'Rates for 2027 to 2028' }).getAttribute('href')).toBe('/policy/change-sets/3');
    const by = screen.getByTestId('changed-again-by');
    expect(within(by).getByRole('link', { name: 'Child Benefit corrected' }).getAttribute('href')).toBe('/policy/change-sets/9');
    unmount();
  });

  it('asks for a revert with a reason, and lets only another member confirm it', async () => {
    const published = changeSet({
      status: 'published',
      effectiveFrom: '2026-01-05',
      problems: [],
      approvalChecks: [],
      cannotApproveBecause: null,
    });
    const pending = {
      kind: 'revert' as const,
      from: '2030-01-01',
      reason: 'The rate was announced in error.',
      by: PERSON_A,
      at: '2026-11-28T09:00:00Z',
    };
    const api = fakeApi(published).on('POST', '/api/policy/change-sets/7/revert', {
      status: 200,
      body: { ...published, pendingRequest: pending, canConfirmRequest: false },
    });
    const { unmount } = render(<ChangeSetPage id={7} />);
    const form = await screen.findByTestId('ask-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Ask for it to be reverted' }));
    expect(await screen.findByRole('link', { name: /Say why/ })).toBeTruthy();
    changeDate(form, 'Stop applying it from', '2030-01-01');
    change(within(form).getByLabelText('Why'), 'The rate was announced in error.');
    fireEvent.click(within(form).getByRole('button', { name: 'Ask for it to be reverted' }));
    const box = await screen.findByTestId('pending-request');
    expect(api.callsTo('POST', '/api/policy/change-sets/7/revert')[0].body).toMatchObject({
      from: '2030-01-01',
      reason: 'The rate was announced in error.',
    });
    expect(box.textContent).toContain('You asked for this, so another member of the policy staff must confirm it.');
    expect(within(box).queryByRole('button', { name: 'Confirm the revert' })).toBeNull();
    unmount();

    const other = fakeApi({ ...published, pendingRequest: pending, canConfirmRequest: true }).on(
      'POST',
      '/api/policy/change-sets/7/confirm',
      {
        status: 200,
        body: { ...published, status: 'reverted', revertedFrom: '2030-01-01' },
      },
    );
    render(<ChangeSetPage id={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm the revert' }));
    await waitFor(() => expect(screen.getByTestId('change-set-status').textContent).toBe('Reverted'));
    expect(other.callsTo('POST', '/api/policy/change-sets/7/confirm')[0].body).toMatchObject({ kind: 'revert', from: '2030-01-01' });
  });

  it('shows a failing change set and stops it with a reason, from today', async () => {
    const failing = changeSet({
      status: 'published',
      effectiveFrom: '2026-01-05',
      problems: [],
      approvalChecks: [],
      cannotApproveBecause: null,
      isFailing: true,
      failure: { at: '2026-11-28T09:00:00Z', message: 'b.indexOf is not a function' },
    });
    const api = fakeApi(failing).on('POST', '/api/policy/change-sets/7/stop', {
      status: 200,
      body: {
        ...failing,
        status: 'reverted',
        revertedFrom: todayIso(),
        isStopped: true,
        stopped: { by: PERSON_A, at: '2026-11-28T09:05:00Z', reason: 'Every result fails.' },
      },
    });
    render(<ChangeSetPage id={7} />);
    expect((await screen.findByTestId('change-set-failing')).textContent).toContain('results are worked out with the rules without it');
    const form = screen.getByTestId('stop-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Stop it now' }));
    expect(await screen.findByRole('link', { name: /Say why/ })).toBeTruthy();
    expect(api.callsTo('POST', '/api/policy/change-sets/7/stop')).toHaveLength(0);
    change(within(form).getByLabelText('Why it must stop now'), 'Every result fails.');
    fireEvent.click(within(form).getByRole('button', { name: 'Stop it now' }));
    expect((await screen.findByTestId('change-set-stopped')).textContent).toContain('Asha Policy stopped it');
    expect(api.callsTo('POST', '/api/policy/change-sets/7/stop')[0].body).toMatchObject({ reason: 'Every result fails.' });
  });

  it('shows No Access to anyone but policy staff', async () => {
    installFakeApi()
      .on('GET', '/api/policy/change-sets/7', {
        status: 403,
        body: { statusCode: 403, code: 'NO_ACCESS', message: 'Policy staff only.', errors: [] },
      })
      .on('GET', '/api/policy/parameters', {
        status: 403,
        body: { statusCode: 403, code: 'NO_ACCESS', message: 'Policy staff only.', errors: [] },
      })
      .on('GET', '/api/policy/rulesets', {
        status: 403,
        body: { statusCode: 403, code: 'NO_ACCESS', message: 'Policy staff only.', errors: [] },
      });
    render(<ChangeSetPage id={7} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'No Access' })).toBeTruthy();
  });
});

describe('the hand-worked case form', () => {
  const SCHEMA = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['country'],
    properties: { country: { title: 'Country', type: 'string', enum: ['ENGLAND', 'WALES'], 'x-errorMessage': 'must be a nation.' } },
  };

  it('turns the pounds typed into the expected figures of a case edit', async () => {
    installFakeApi()
      .on('GET', '/api/policy/rulesets', {
        status: 200,
        body: {
          rulesets: [
            { folder: 'child-benefit', title: 'Child Benefit', benefit: 'CHILD_BENEFIT', description: 'Child Benefit', rules: 4, cases: 3 },
          ],
        },
      })
      .on('GET', '/api/policy/household-schema', { status: 200, body: SCHEMA });
    const sent: CaseEdit[] = [];
    render(
      <CaseForm
        onSubmit={async (edit) => void sent.push(edit)}
        onFailure={(error) => {
          throw error;
        }}
      />,
    );
    const form = await screen.findByTestId('case-edit-form');
    change(within(form).getByLabelText('Name of the case'), 'One child: the eldest rate only');
    changeDate(form, 'Date it is worked out at', '2027-05-01');
    // rjsf's select holds each option's index as its value.
    const country = within(form).getByLabelText(/Country/);
    change(country, within(country).getByRole('option', { name: 'ENGLAND' }).getAttribute('value')!);
    const figures = within(form).getByTestId('case-expected-0');
    expect((within(figures).getByLabelText('Benefit code') as HTMLInputElement).value).toBe('CHILD_BENEFIT');
    change(within(figures).getByLabelText('Eligible'), 'yes');
    change(within(figures).getByLabelText('Weekly amount in pounds'), '28.10');
    change(within(figures).getByLabelText('Monthly amount in pounds'), '£121.77');
    change(within(form).getByLabelText('Workings'), '28.10 x 52 / 12 = 121.766 = 121.77 a month.');
    fireEvent.click(within(form).getByRole('button', { name: 'Add the case' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      kind: 'case',
      ruleset: 'child-benefit',
      case: {
        name: 'One child: the eldest rate only',
        date: '2027-05-01',
        household: { country: 'ENGLAND' },
        expected: { CHILD_BENEFIT: { eligible: true, weekly: 28.1, monthly: 121.77 } },
        workings: '28.10 x 52 / 12 = 121.766 = 121.77 a month.',
      },
    });
  });

  it('refuses figures it cannot read, at their fields', () => {
    expect(expectedFigures([{ code: 'CHILD_BENEFIT', eligible: '', weekly: '28.105', monthly: '' }])).toEqual({
      errors: [
        { targetId: 'case-edit-expected-0-weekly', message: 'Enter the weekly amount in pounds, such as 27.05.' },
        { targetId: 'case-edit-expected-0-weekly', message: 'Give figures 1 an amount or whether it is paid.' },
      ],
    });
    expect(expectedFigures([{ code: 'pip', eligible: 'no', weekly: '', monthly: '0' }])).toEqual({
      expected: { PIP: { eligible: false, monthly: 0 } },
    });
  });
});

describe('the impact view', () => {
  const TOO_FEW = { value: null, withheld: 'too-few' as const };
  const shown = (value: number) => ({ value, withheld: null });
  const part = {
    households: 1000,
    notWorkedOut: 2,
    notWorkedOutReasons: [
      {
        reason:
          'The Local Housing Allowance rates held for Universal Credit end on 31 March 2027, so a private tenant’s rent cannot be capped after that.',
        nextStep: 'Choose a date up to 31 March 2027.',
        households: 2,
      },
    ],
    amountsNotKnown: [],
    changed: 420,
    gainers: 400,
    losers: 20,
    typicalGainMonthlyPence: 325,
    typicalLossMonthlyPence: -273,
    totalYearlyChangePence: 1_234_500,
    benefits: [
      {
        code: 'CHILD_BENEFIT',
        name: 'Child Benefit',
        householdsChanged: 400,
        yearlyChangePence: 1_300_000,
        typicalMonthlyChangePence: 325,
      },
      {
        code: 'UNIVERSAL_CREDIT',
        name: 'Universal Credit',
        householdsChanged: 20,
        yearlyChangePence: -65_500,
        typicalMonthlyChangePence: -273,
      },
    ],
    distribution: [
      { label: '£10 or more a month less', fromPence: null, toPence: -1000, households: 20 },
      { label: 'No change', fromPence: 0, toPence: 1, households: 578 },
      { label: 'Up to £10 a month more', fromPence: 1, toPence: 1000, households: 400 },
    ],
  };
  const REPORT: ImpactReport = {
    ranAt: '2026-11-27T10:00:00Z',
    date: '2027-04-06',
    dateNotes: ['This change set holds rates up to 31 March 2027, so no household can be worked out with it on 6 April 2027.'],
    sample: {
      ...part,
      seed: 42,
      examples: [
        {
          seed: 42017,
          description: 'Couple, 34, renting privately in Wales, 2 children',
          monthlyChangePence: 455,
          benefits: [{ code: 'CHILD_BENEFIT', name: 'Child Benefit', beforeMonthlyPence: 19_339, afterMonthlyPence: 19_794 }],
        },
      ],
    },
    stored: {
      households: { value: 0, withheld: null },
      notWorkedOut: TOO_FEW,
      changed: TOO_FEW,
      gainers: TOO_FEW,
      losers: TOO_FEW,
      totalYearlyChangePence: TOO_FEW,
      benefits: [],
      distribution: [],
    },
    sampleMs: 3200,
    storedMs: 10,
  };

  it('shows the sample’s changes by benefit, its distribution as a table beside the chart, and its examples', async () => {
    render(<ImpactView report={REPORT} />);
    const sample = screen.getByTestId('impact-sample');
    expect(
      within(sample).getByText(
        '420 of the 998 households worked out change (42.1%): 400 gain (40.1%), typically +£3.25 a month, and 20 lose (2%), typically -£2.73 a month. 2 could not be worked out at this date.',
      ),
    ).toBeTruthy();
    // Why those 2 could not, and what to do.
    expect(within(sample).getByTestId('impact-sample-not-worked-out').textContent).toContain(
      '2 households: The Local Housing Allowance rates held for Universal Credit end on 31 March 2027, so a private tenant’s rent cannot be capped after that. Choose a date up to 31 March 2027.',
    );
    // Why, and what to do, above the figures.
    expect(screen.getByTestId('impact-date-notes').textContent).toContain('This change set holds rates up to 31 March 2027');
    const byBenefit = within(sample).getByRole('table', { name: /change by benefit/ });
    const rows = within(byBenefit)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Benefit', 'Households whose amount changes', 'Typical change a month'],
      ['Child Benefit', '400 (40.1%)', '+£3.25'],
      ['Universal Credit', '20 (2%)', '-£2.73'],
    ]);
    const bands = within(sample).getByRole('table', { name: /households by change in benefits a month/ });
    expect(within(bands).getByRole('rowheader', { name: 'No change' }).nextSibling?.textContent).toBe('578');
    expect((await within(sample).findByTestId('impact-chart')).textContent).toContain('Up to £10 a month more: 400');
    expect(screen.getByText(/Couple, 34, renting privately in Wales/).closest('li')?.textContent).toContain('+£4.55 a month');
    expect(within(screen.getByTestId('impact-stored')).getByText('No households to work out.')).toBeTruthy();
  });

  it('shows the kept calculations’ figures rounded, and each withheld one with its reason, never a count of 0', () => {
    const REVEALS = { value: null, withheld: 'would-reveal-another' as const };
    render(
      <ImpactView
        report={{
          ...REPORT,
          stored: {
            households: shown(1235),
            notWorkedOut: TOO_FEW,
            changed: shown(60),
            gainers: REVEALS,
            losers: TOO_FEW,
            totalYearlyChangePence: shown(-2_000_000),
            benefits: [{ code: 'UNIVERSAL_CREDIT', name: 'Universal Credit', householdsChanged: shown(60), yearlyChangePence: REVEALS }],
            distribution: [
              { label: '£10 to £50 a month less', fromPence: -4999, toPence: -999, households: shown(60) },
              { label: 'No change, or under £1 a month', fromPence: -99, toPence: 100, households: shown(1175) },
              { label: '£1 to £10 a month more', fromPence: 100, toPence: 1000, households: TOO_FEW },
            ],
          },
        }}
      />,
    );
    const stored = screen.getByTestId('impact-stored');
    expect(within(stored).getByRole('heading', { name: 'Real calculations still held (about 1,235)' })).toBeTruthy();
    expect([...within(stored).getByTestId('impact-stored-summary').querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Households whose benefits change: 60',
      'Households that gain: withheld: would reveal another figure',
      'Households that lose: withheld: too few',
      'Total change: −£20,000 a year',
      'Could not be worked out at this date: withheld: too few',
    ]);
    const byBenefit = within(stored).getByRole('table', { name: /change by benefit/ });
    expect(
      within(byBenefit)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Benefit', 'Households changed', 'Total change a year'],
      ['Universal Credit', '60', 'withheld: would reveal another figure'],
      ['Every other benefit', 'withheld: changed for fewer than 10 households each, or none'],
      ['All benefits', '60', '−£20,000'],
    ]);
    const bands = within(stored).getByRole('table', { name: /households by change in benefits a month/ });
    expect(within(bands).getByRole('rowheader', { name: '£1 to £10 a month more' }).nextSibling?.textContent).toBe('withheld: too few');
  });

  it('says no figure of the change is shown when the draft changes fewer than 10 kept calculations, or none', () => {
    render(
      <ImpactView
        report={{
          ...REPORT,
          stored: { ...REPORT.stored, households: shown(15), distribution: [] },
        }}
      />,
    );
    expect(screen.getByTestId('impact-stored-suppressed').textContent).toContain('fewer than 10 of these households, or none');
  });
});

describe('the rule’s edit form', () => {
  it('adds a rule edit with the changed condition put back in place', async () => {
    const { RulesetPage } = await import('./RulesetPage');
    const conditions = {
      all: [
        { fact: 'qualifyingChildCount', operator: 'greaterThan', value: 0 },
        {
          fact: 'highestAdultIncomeYearlyPence',
          operator: 'lessThan',
          value: { fact: 'parameter', params: { name: 'gov/hmrc/x/threshold' } },
        },
      ],
    };
    const api = installFakeApi()
      .on('GET', '/api/policy/rulesets/child-benefit', {
        status: 200,
        body: {
          folder: 'child-benefit',
          title: 'Child Benefit',
          benefit: 'CHILD_BENEFIT',
          description: 'Child Benefit.',
          legislation: [],
          facts: [
            { name: 'qualifyingChildCount', meaning: 'Children' },
            { name: 'highestAdultIncomeYearlyPence', meaning: 'Income' },
          ],
          rules: [
            {
              name: 'has-a-child',
              description: 'Paid for a child.',
              priority: null,
              sentences: [{ depth: 0, text: 'Applies when all of these hold:' }],
              conditions,
              event: { type: 'eligible' },
              parameters: ['gov/hmrc/x/threshold'],
            },
          ],
          cases: [],
        },
      })
      .on('GET', '/api/policy/change-sets', {
        status: 200,
        body: { changeSets: [changeSet({ status: 'published' }), { ...changeSet(), id: 9, title: 'Two-child limit' }] },
      })
      .on('GET', '/api/policy/parameters', { status: 200, body: { parameters: PARAMETERS } })
      .on('POST', '/api/policy/change-sets/9/edits', { status: 200, body: { ...changeSet(), id: 9, title: 'Two-child limit' } });
    render(<RulesetPage folder="child-benefit" />);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit this rule in a change set\W+has-a-child$/ }));
    const form = await screen.findByTestId('rule-edit-form');
    // Only drafts take edits: the published change set is not offered.
    expect(
      within(await within(form).findByLabelText('Change set'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Two-child limit (1 edit)']);
    change(form.querySelector('#rule-edit-conditions-all-0-operator')!, 'greaterThanInclusive');
    change(form.querySelector('#rule-edit-conditions-all-0-value')!, '2');
    fireEvent.click(within(form).getByRole('button', { name: 'Add the rule change' }));
    expect(await screen.findByText('The rule’s new conditions were added to ‘Two-child limit’.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/policy/change-sets/9/edits')[0].body?.edit).toEqual({
      kind: 'rule',
      ruleset: 'child-benefit',
      rule: 'has-a-child',
      conditions: { all: [{ fact: 'qualifyingChildCount', operator: 'greaterThanInclusive', value: 2 }, conditions.all[1]] },
    });
  });
});

describe('the extra-help item form', () => {
  it('keeps an item’s household amount, which the form does not edit, when it changes the item', async () => {
    const { ExtraHelpForm } = await import('./ExtraHelpItemForm');
    const forHousehold = {
      text: 'For the children you told us about, that is {{amount}} a week.',
      amount: [{ parameter: 'gov/social_security_scotland/best_start_foods/amount/standard', times: 'childrenAgedOneOrTwo' }],
    };
    installFakeApi().on('GET', '/api/policy/extra-help', {
      status: 200,
      body: {
        categories: [
          {
            name: 'health',
            title: 'Health',
            items: [
              {
                name: 'best-start-foods',
                title: 'Best Start Foods',
                text: 'A payment card for healthy food.',
                howToAccess: 'Apply to Social Security Scotland.',
                nations: ['SCOTLAND'],
                condition: { all: [{ fact: 'getsUniversalCredit', operator: 'equal', value: true }] },
                source: { title: 'Best Start Foods (mygov.scot)', url: 'https://www.mygov.scot/best-start-grant-best-start-foods' },
                forHousehold,
              },
            ],
          },
        ],
        facts: [{ name: 'getsUniversalCredit', type: 'boolean', values: null, label: 'Gets Universal Credit', pounds: false }],
      },
    });
    const sent: unknown[] = [];
    render(
      <ExtraHelpForm
        parameters={PARAMETERS}
        onSubmit={async (edit) => void sent.push(edit)}
        onFailure={(error) => {
          throw error;
        }}
      />,
    );
    const form = await screen.findByTestId('extra-help-edit-form');
    change(within(form).getByLabelText('Item'), 'best-start-foods');
    change(within(form).getByLabelText('What it is and roughly how much'), 'A payment card for healthy food and milk.');
    fireEvent.click(within(form).getByRole('button', { name: 'Change the item' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      kind: 'extra-help-item',
      category: 'health',
      item: { name: 'best-start-foods', text: 'A payment card for healthy food and milk.', forHousehold },
    });
  });
});
