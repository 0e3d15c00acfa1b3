import type { CasesRunReport } from '../../common/policy/model.js';
import { changeSetDigest } from './change-set-digest.js';
import { approvalChecks, unmetCheck, whyNotApprover, withContributor } from './four-eyes.js';

const PAT = { id: 'pat', name: 'Pat Policy' };
const QUINN = { id: 'quinn', name: 'Quinn Policy' };
const EDIT = { kind: 'rates-held', until: '2027-03-31' } as const;

describe('who may approve a change set', () => {
  it('never the member who started it, nor any who changed its edits, and says why in plain English', () => {
    const changeSet = { authorId: 'pat', contributors: withContributor(withContributor([PAT], QUINN), QUINN) };
    expect(changeSet.contributors).toEqual([PAT, QUINN]);
    expect(whyNotApprover('pat', changeSet)).toEqual({
      code: 'OWN_CHANGE_SET',
      message: expect.stringContaining('You started this change set'),
    });
    expect(whyNotApprover('quinn', changeSet)).toEqual({
      code: 'CHANGED_CHANGE_SET',
      message: 'You changed this change set, so another member of the policy team must approve it.',
    });
    expect(whyNotApprover('rex', changeSet)).toBeNull();
  });
});

describe('the digest an approval names', () => {
  it('is the same for the same edits however their keys are ordered, and changes with any edit or another change set', () => {
    const digest = changeSetDigest(1, [EDIT]);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(changeSetDigest(1, [{ until: '2027-03-31', kind: 'rates-held' }])).toBe(digest);
    expect(changeSetDigest(1, [{ ...EDIT, until: '2027-03-30' }])).not.toBe(digest);
    expect(changeSetDigest(2, [EDIT])).not.toBe(digest);
  });
});

describe('what an approval needs', () => {
  const digest = changeSetDigest(1, [EDIT]);
  const run = (overrides: Partial<CasesRunReport> = {}): CasesRunReport => ({
    ranAt: '2026-11-29T10:00:00.000Z',
    total: 300,
    passed: 300,
    failed: 0,
    cases: [],
    digest,
    version: 2,
    comparedWith: 'published',
    newFailures: 0,
    sample: { households: 2000, seed: 1, failed: 0, failures: [] },
    ...overrides,
  });
  const checks = (lastRun: CasesRunReport | null, problems = 0) =>
    approvalChecks({ problems, digest, version: 2, publishedRules: 'published', lastRun });

  it('is met by a run of exactly these edits against the rules published now, with nothing newly failing', () => {
    expect(unmetCheck(checks(run()))).toBeNull();
  });

  it('says what to run or put right when it is not', () => {
    expect(unmetCheck(checks(null))!.text).toContain('run the checks');
    expect(unmetCheck(checks(run({ digest: changeSetDigest(1, []), version: 1 })))!.text).toBe(
      'The checks were last run on version 1, and this is version 2: run the checks again.',
    );
    expect(unmetCheck(checks(run({ comparedWith: 'published+cs4' })))!.text).toContain('Another change set has been published');
    expect(unmetCheck(checks(run({ newFailures: 2 })))!.text).toContain('2 hand-worked cases');
    expect(unmetCheck(checks(run({ sample: { households: 2000, seed: 1, failed: 3, failures: [] } })))!.text).toContain(
      'The rules failed for 3 generated households of 2,000',
    );
    expect(unmetCheck(checks(run(), 1))!.name).toBe('no-problems');
  });
});
