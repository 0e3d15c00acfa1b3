import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import type {
  ChangeSetDetail,
  ImpactPart,
  ParameterSummary,
  ParameterView,
  PolicyStatus,
  RulesetView,
  StoredImpactPart,
} from './policy-api';
import { installFakeApi } from '../survey/fake-api';
import { installJsdomSupport } from '../survey/jsdom-support';

// The chart is drawn by ApexCharts, which jsdom cannot lay out; it is checked in the browser, not here.
jest.unstable_mockModule('./ImpactChart', () => ({ default: () => <p>Chart</p> }));
const { default: PolicyScreen } = await import('./PolicyScreen');

/** WCAG 2.2 A and AA rules that need no layout (jsdom has none, so colour contrast is left to the browser tests). */
async function violations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

const ELDEST = 'gov/hmrc/child_benefit/amount/eldest';
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
    name: 'gov/dwp/universal_credit/means_test/taper',
    label: 'Universal Credit taper',
    unit: 'basis points',
    yearDecision: 'not-money',
    period: 'none',
    latest: { from: '2025-04-07', value: 5500 },
  },
];
const SOURCE = { title: 'Benefit and pension rates 2026 to 2027', url: 'https://www.gov.uk/rates' };
const PARAMETER: ParameterView = {
  name: ELDEST,
  label: 'Child Benefit: eldest or only child',
  description: 'The weekly rate for the eldest or only child.',
  unit: 'pence a week',
  period: 'week',
  legislation: { title: 'Child Benefit (Rates) Regulations 2006', url: 'https://www.legislation.gov.uk/uksi/2006/965' },
  uprating: { rounding: 'nearest-5p', reason: 'Child Benefit rates are rounded to the nearest 5p.' },
  values: [{ from: '2026-04-06', value: 2705, source: SOURCE }],
  cases: [{ ruleset: 'child-benefit', rulesetTitle: 'Child Benefit', name: 'One child' }],
  rules: [{ ruleset: 'child-benefit', rulesetTitle: 'Child Benefit', rule: 'has-a-child' }],
};
const RULESET: RulesetView = {
  folder: 'child-benefit',
  title: 'Child Benefit',
  benefit: 'CHILD_BENEFIT',
  description: 'Child Benefit is paid for each child.',
  legislation: [SOURCE],
  facts: [{ name: 'qualifyingChildCount', meaning: 'How many children live in the household.' }],
  rules: [
    {
      name: 'has-a-child',
      description: 'Paid when a child lives in the household.',
      priority: null,
      sentences: [
        { depth: 0, text: 'Applies when all of these hold:' },
        { depth: 1, text: 'the number of qualifying children is more than 0' },
        { depth: 1, text: 'any of these:' },
        { depth: 2, text: 'income is less than the threshold' },
      ],
      conditions: {
        all: [
          { fact: 'qualifyingChildCount', operator: 'greaterThan', value: 0 },
          { any: [{ fact: 'income', operator: 'lessThan', value: { fact: 'parameter', params: { name: ELDEST } } }] },
        ],
      },
      event: { type: 'eligible' },
      parameters: [ELDEST],
    },
  ],
  cases: [{ file: 'child-benefit.json', name: 'One child', date: '2026-11-21', workings: '27.05 a week.' }],
};
const STATUS: PolicyStatus = {
  rulesVersionToday: '2026-27+cs3',
  ratesHeld: { state: 'running-out', lastDateHeld: '2027-03-31', daysLeft: 42 },
  failing: [{ id: 4, title: 'Pension age rule', at: '2026-11-28T09:00:00Z', message: 'b.indexOf is not a function', isStopped: false }],
  stopped: [
    { id: 2, title: 'Taper to 45%', at: '2026-11-20T09:00:00Z', reason: 'Announced in error.', by: { id: 'a', name: 'Asha Policy' } },
  ],
  published: [{ id: 3, title: 'Taper to 50%', effectiveFrom: '2099-12-01', revertedFrom: null, files: 'not-exported', differences: [] }],
};
const PERSON = { id: 'a', name: 'Asha Policy' };
const SUMMARY = {
  id: 7,
  title: 'Uprating April 2027',
  status: 'draft' as const,
  author: PERSON,
  approver: null,
  effectiveFrom: null,
  revertedFrom: null,
  editCount: 1,
  updatedAt: '2026-11-27T09:00:00Z',
  isStopped: false,
  isFailing: false,
  hasPendingRequest: false,
};
const PART: ImpactPart = {
  households: 10,
  notWorkedOut: 0,
  notWorkedOutReasons: [],
  amountsNotKnown: [],
  changed: 4,
  gainers: 4,
  losers: 0,
  typicalGainMonthlyPence: 417,
  typicalLossMonthlyPence: null,
  totalYearlyChangePence: 20_000,
  benefits: [
    { code: 'CHILD_BENEFIT', name: 'Child Benefit', householdsChanged: 4, yearlyChangePence: 20_000, typicalMonthlyChangePence: 417 },
  ],
  distribution: [
    { label: 'No change', fromPence: 0, toPence: 1, households: 6 },
    { label: 'Up to £10 a month more', fromPence: 1, toPence: 1000, households: 4 },
  ],
};
const shown = (value: number) => ({ value, withheld: null });
const TOO_FEW = { value: null, withheld: 'too-few' as const };
/** The kept calculations under the disclosure control: some figures rounded, some withheld with their reasons. */
const STORED: StoredImpactPart = {
  households: shown(40),
  notWorkedOut: TOO_FEW,
  changed: shown(15),
  gainers: { value: null, withheld: 'would-reveal-another' },
  losers: TOO_FEW,
  totalYearlyChangePence: shown(0),
  benefits: [{ code: 'CHILD_BENEFIT', name: 'Child Benefit', householdsChanged: shown(15), yearlyChangePence: shown(0) }],
  distribution: [
    { label: 'No change, or under £1 a month', fromPence: -99, toPence: 100, households: shown(25) },
    { label: '£1 to £10 a month more', fromPence: 100, toPence: 1000, households: shown(15) },
    { label: '£10 to £50 a month more', fromPence: 1000, toPence: 5000, households: TOO_FEW },
  ],
};
const DETAIL: ChangeSetDetail = {
  ...SUMMARY,
  reason: 'CPI of 3.8%.',
  edits: [{ kind: 'parameter-value', parameter: ELDEST, from: '2027-04-06', value: 2810, source: null }],
  version: 3,
  digest: 'b'.repeat(64),
  contributors: [PERSON],
  problems: [{ edit: 0, field: 'source', message: 'The value needs its source.' }],
  canApprove: true,
  cannotApproveBecause: null,
  approvalChecks: [
    { name: 'no-problems', met: false, text: 'Put right the 1 problem listed at the top.' },
    { name: 'checks-run', met: true, text: 'The checks were run on this version (version 3) against the rules published now.' },
  ],
  lapsedApproval: { by: { id: 'b', name: 'Ben Second' }, at: '2026-11-27T09:10:00Z' },
  pendingRequest: null,
  canConfirmRequest: false,
  changedAgainBy: [],
  changesAgain: [],
  stopped: null,
  failure: null,
  audit: [{ at: '2026-11-27T09:00:00Z', actor: PERSON, action: 'created', detail: 'Started' }],
  lastCasesRun: {
    ranAt: '2026-11-27T09:05:00Z',
    total: 2,
    passed: 1,
    failed: 1,
    cases: [
      { file: 'child-benefit.json', name: 'One child', date: '2027-05-01', origin: 'files', passed: true, problems: [], benefits: [] },
      {
        file: 'workbench.json',
        name: 'Two children',
        date: '2027-05-01',
        origin: 'change-set',
        passed: false,
        problems: ['CHILD_BENEFIT weekly: expected 46.70, got 46.65'],
        benefits: [
          {
            code: 'CHILD_BENEFIT',
            name: 'Child Benefit',
            eligible: true,
            weeklyPence: 4665,
            monthlyPence: 20215,
            rules: ['has-a-child'],
            parameters: [
              { name: ELDEST, label: 'Child Benefit: eldest or only child', unit: 'pence a week', value: 2810, from: '2027-04-06' },
            ],
          },
        ],
      },
    ],
  },
  lastImpact: {
    ranAt: '2026-11-27T09:06:00Z',
    date: '2027-04-06',
    dateNotes: [
      'The published rates run to 31 March 2027, so each household is compared with them as results show them now: the last rates held.',
    ],
    sample: { ...PART, seed: 42, examples: [] },
    stored: STORED,
    sampleMs: 1000,
    storedMs: 20,
  },
};

beforeAll(installJsdomSupport);
beforeEach(() => {
  installFakeApi()
    .on('POST', '/api/data/error', { status: 204, body: undefined })
    .on('GET', '/api/policy/status', { status: 200, body: STATUS })
    .on('GET', '/api/policy/change-sets', { status: 200, body: { changeSets: [SUMMARY] } })
    .on('GET', '/api/policy/rulesets', {
      status: 200,
      body: {
        rulesets: [
          { folder: 'child-benefit', title: 'Child Benefit', benefit: 'CHILD_BENEFIT', description: 'Child Benefit', rules: 1, cases: 1 },
        ],
      },
    })
    .on('GET', '/api/policy/rulesets/child-benefit', { status: 200, body: RULESET })
    .on('GET', '/api/policy/parameters', { status: 200, body: { parameters: PARAMETERS } })
    .on('GET', `/api/policy/parameter?name=${encodeURIComponent(ELDEST)}`, { status: 200, body: PARAMETER })
    .on('GET', '/api/policy/change-sets/7', { status: 200, body: DETAIL });
});

describe('the policy workbench meets WCAG 2.2 AA (rules that need no layout)', () => {
  it('the home page, with its start form showing errors', async () => {
    render(<PolicyScreen route={{ view: 'home' }} />);
    await screen.findByRole('heading', { level: 1, name: 'Policy workbench' });
    const inForce = screen.getByTestId('policy-status').textContent;
    expect(inForce).toContain('Results today use the 2026 to 2027 rules and rates, with published policy change 3.');
    expect(inForce).toContain('Taper to 50%: takes effect on 1 December 2099, for results on that date and after.');
    // Where the change sets are written down is the operators' business, never the policy officer's page.
    expect(inForce).not.toMatch(/repository|files|cs3/);
    expect(screen.getByTestId('policy-failing').textContent).toContain('Pension age rule');
    expect(screen.getByTestId('policy-stopped').textContent).toContain('Announced in error.');
    expect(screen.getByRole('heading', { name: 'The benefit rates run out in 42 days' })).toBeTruthy();
    expect(screen.getByTestId('policy-rates-held').textContent).toContain('The rates held cover dates up to 31 March 2027.');
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Start the change set' }));
    expect(screen.getByRole('link', { name: 'Enter a title for the change set.' })).toBeTruthy();
    expect(await violations()).toEqual([]);
  });

  it('a ruleset, with a rule’s edit form open', async () => {
    render(<PolicyScreen route={{ view: 'ruleset', folder: 'child-benefit' }} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('income is less than the threshold').closest('ul')?.parentElement?.textContent).toContain('any of these:');
    fireEvent.click(screen.getByRole('button', { name: /^Edit this rule in a change set\W+has-a-child$/ }));
    await screen.findByLabelText('Change set');
    expect((screen.getByLabelText('Value (a parameter (by name))') as HTMLInputElement).value).toBe(ELDEST);
    expect(await violations()).toEqual([]);
  });

  it('the parameter tree and a parameter’s page with its add form', async () => {
    const { unmount } = render(<PolicyScreen route={{ view: 'parameters', name: null }} />);
    await screen.findByTestId('parameter-tree');
    expect(screen.getByRole('link', { name: 'Child Benefit: eldest or only child' }).getAttribute('href')).toBe(
      `/policy/parameters/${ELDEST}`,
    );
    expect(await violations()).toEqual([]);
    unmount();
    render(<PolicyScreen route={{ view: 'parameters', name: ELDEST }} />);
    await screen.findByRole('heading', { level: 1, name: 'Child Benefit: eldest or only child' });
    expect(screen.getByRole('row', { name: /6 April 2026/ }).textContent).toContain('£27.05 a week');
    fireEvent.click(screen.getByRole('button', { name: 'Add a dated value' }));
    await screen.findByLabelText('Change set');
    expect(await violations()).toEqual([]);
  });

  it('a change set with its cases run and impact, what approval needs and a lapsed approval', async () => {
    render(<PolicyScreen route={{ view: 'changeSet', id: 7 }} />);
    await screen.findByRole('heading', { level: 1, name: 'Uprating April 2027' });
    expect(screen.getByText('1 of 2 cases passed')).toBeTruthy();
    expect(screen.getByTestId('approval-lapsed')).toBeTruthy();
    await screen.findByTestId('impact');
    expect(await violations()).toEqual([]);
  });

  it('a published change set that is failing, with a request waiting and the emergency stop showing its error', async () => {
    installFakeApi()
      .on('POST', '/api/data/error', { status: 204, body: undefined })
      .on('GET', '/api/policy/parameters', { status: 200, body: { parameters: PARAMETERS } })
      .on('GET', '/api/policy/rulesets', {
        status: 200,
        body: {
          rulesets: [
            { folder: 'child-benefit', title: 'Child Benefit', benefit: 'CHILD_BENEFIT', description: 'Child Benefit', rules: 1, cases: 1 },
          ],
        },
      })
      .on('GET', '/api/policy/change-sets/7', {
        status: 200,
        body: {
          ...DETAIL,
          status: 'published',
          effectiveFrom: '2026-01-05',
          problems: [],
          approvalChecks: [],
          lapsedApproval: null,
          isFailing: true,
          failure: { at: '2026-11-28T09:00:00Z', message: 'b.indexOf is not a function' },
          pendingRequest: {
            kind: 'revert',
            from: '2030-01-01',
            reason: 'Wrong rate.',
            by: { id: 'b', name: 'Ben Second' },
            at: '2026-11-28T09:01:00Z',
          },
          canConfirmRequest: true,
        },
      });
    render(<PolicyScreen route={{ view: 'changeSet', id: 7 }} />);
    await screen.findByTestId('change-set-failing');
    expect(screen.getByRole('button', { name: 'Confirm the revert' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop it now' }));
    expect(screen.getByRole('link', { name: /Say why/ })).toBeTruthy();
    expect(await violations()).toEqual([]);
  });
});

describe('when a published change set applies, in words', () => {
  it('to come, in force, and undone', async () => {
    const { whenPublishedApplies } = await import('./PolicyHome');
    const today = '2027-04-12';
    expect(whenPublishedApplies({ effectiveFrom: '2027-05-01', revertedFrom: null }, today)).toBe(
      'takes effect on 1 May 2027, for results on that date and after',
    );
    expect(whenPublishedApplies({ effectiveFrom: '2027-04-06', revertedFrom: null }, today)).toBe('in force since 6 April 2027');
    expect(whenPublishedApplies({ effectiveFrom: '2027-04-06', revertedFrom: '2027-06-01' }, today)).toBe(
      'in force since 6 April 2027, until it is undone on 1 June 2027',
    );
  });
});
