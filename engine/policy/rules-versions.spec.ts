import type { PolicyEdit } from '../../common/policy/model.js';
import { CalculationOutOfRangeError } from '../core/entitlement-engine.js';
import { normaliseHousehold } from '../core/normalise.js';
import { diskFiles } from '../source-files.js';
import { RulesVersions, type PublishedChangeSet, type RulesFault } from './rules-versions.js';

/**
 * A published change set that throws at run time (issue 28): published through a path that bypasses the save checks,
 * it made every result fail. Results now fall back to the last rules version that worked (without it), the fault is
 * reported once, and every calculation after leaves it out.
 */

const files = diskFiles();
const ONE_CHILD = normaliseHousehold({
  country: 'ENGLAND',
  adults: [{ age: 30 }],
  children: [{ dateOfBirth: '2019-05-01' }],
  housing: { tenure: 'SOCIAL_RENT' },
});
const SOURCE = {
  title: 'HMRC, Child Benefit rates (gov.uk)',
  url: 'https://www.gov.uk/government/publications/rates-and-allowances-tax-credits-child-benefit-and-guardians-allowance/tax-credits-child-benefit-and-guardians-allowance',
};
/** A value that works: £28.10 a week for the eldest child. */
const GOOD: PolicyEdit = {
  kind: 'parameter-value',
  parameter: 'gov/hmrc/child_benefit/amount/eldest',
  from: '2026-04-06',
  value: 2810,
  source: SOURCE,
};
/** A rule the loaders let through that throws for every household: 'in' with a number. */
const BROKEN: PolicyEdit = {
  kind: 'rule',
  ruleset: 'child-benefit',
  rule: 'has-a-child',
  conditions: { all: [{ fact: 'qualifyingChildCount', operator: 'in', value: 3 }] },
};
const set = (id: number, seq: number, edits: PolicyEdit[], effectiveFrom = '2026-10-01'): PublishedChangeSet => ({
  id,
  seq,
  effectiveFrom,
  revertedFrom: null,
  edits,
});
const childBenefit = (result: { benefits: { code: string; weeklyPence: number }[] }) =>
  result.benefits.find((benefit) => benefit.code === 'CHILD_BENEFIT')!.weeklyPence;

describe('a published change set that throws when results are worked out', () => {
  it('falls back to the version without it, reports it once, and leaves it out from then on', async () => {
    const versions = new RulesVersions(files, [set(1, 1, [GOOD]), set(2, 2, [BROKEN])]);
    const faults: RulesFault[] = [];
    versions.onFault((fault) => faults.push(fault));
    // Before its date the broken change set is not in force: nothing to fall back from.
    expect(versions.calculateSync(ONE_CHILD, '2026-09-30').rulesVersion).toBe('2026-27');

    const result = versions.calculateSync(ONE_CHILD, '2026-12-01');
    expect(result.rulesVersion).toBe('2026-27+cs1');
    expect(childBenefit(result)).toBe(2810);
    expect(faults).toEqual([{ changeSet: 2, at: expect.any(String), errorName: 'TypeError', message: expect.stringContaining('indexOf') }]);

    // The next calculations, whichever way they are asked for, leave it out at once and report nothing more.
    expect((await versions.calculate(ONE_CHILD, '2026-12-02')).rulesVersion).toBe('2026-27+cs1');
    expect(childBenefit(await versions.calculateReference(ONE_CHILD, '2026-12-03'))).toBe(2810);
    expect(versions.versionOn('2026-12-01').sets.map(({ id }) => id)).toEqual([1]);
    expect(faults).toHaveLength(1);
    expect(versions.faultsFound.map(({ changeSet }) => changeSet)).toEqual([2]);
  }, 60_000);

  it('falls back with json-rules-engine too (the reference evaluator)', async () => {
    const versions = new RulesVersions(files, [set(2, 1, [BROKEN])]);
    const result = await versions.calculateReference(ONE_CHILD, '2026-12-01');
    expect(result.rulesVersion).toBe('2026-27');
    expect(versions.faultsFound.map(({ changeSet, errorName }) => [changeSet, errorName])).toEqual([[2, 'TypeError']]);
  }, 60_000);

  it('leaves out a change set another process found failing, without asking the rules again', () => {
    const failure = { at: '2026-12-01T10:00:00.000Z', errorName: 'TypeError', message: 'b.indexOf is not a function' };
    const versions = new RulesVersions(files, [{ ...set(2, 1, [BROKEN]), failure }]);
    expect(versions.versionOn('2026-12-01').sets).toEqual([]);
    expect(versions.faultsFound).toEqual([{ changeSet: 2, ...failure }]);
  });

  it('throws an error that is not the rules’ as it was: a date outside the rates held, or one the files alone give', () => {
    const versions = new RulesVersions(files, [set(2, 1, [BROKEN])]);
    expect(() => versions.calculateSync(ONE_CHILD, '2031-01-01')).toThrow(CalculationOutOfRangeError);
    // An engine fault that is not a change set's (here: a household the engine cannot read at all) is not blamed on one.
    const unreadable = { ...ONE_CHILD, adults: null } as unknown as typeof ONE_CHILD;
    expect(() => versions.calculateSync(unreadable, '2026-12-01')).toThrow(TypeError);
    expect(versions.faultsFound).toEqual([]);
  }, 60_000);
});

describe('a result worked out with a change set published ahead of its date (issue 30, point 2)', () => {
  const TODAY = '2026-11-30';
  const ahead = (today = TODAY) =>
    new RulesVersions(files, [set(1, 1, [GOOD], '2026-10-01'), set(3, 2, [{ ...GOOD, value: 2900 }], '2027-01-04')], {
      today: () => today,
    });

  it('is provisional until the day the last change set it used takes effect, whichever way it is asked for', async () => {
    const versions = ahead();
    const later = versions.calculateSync(ONE_CHILD, '2027-01-04');
    const provisional = { inForceFrom: '2027-01-04', approvedNotPublished: null };
    expect([later.rulesVersion, childBenefit(later), later.provisional]).toEqual(['2026-27+cs1+cs3', 2900, provisional]);
    expect((await versions.calculateReference(ONE_CHILD, '2027-02-01')).provisional).toEqual(provisional);
    expect(versions.provisionalOf('2026-27+cs1+cs3')).toEqual(provisional);
  }, 60_000);

  it('is not provisional when every change set it used is in force today, or it used none', () => {
    const versions = ahead();
    // Change set 1 took effect on 1 October 2026, before today: in force, so today's figures are not provisional.
    expect(versions.calculateSync(ONE_CHILD, TODAY).provisional).toBeNull();
    expect(versions.calculateSync(ONE_CHILD, '2026-09-30').provisional).toBeNull();
    expect(versions.provisionalOf('2026-27')).toBeNull();
    // On 4 January 2027 itself the change set is in force: the same date's figures are no longer provisional.
    expect(ahead('2027-01-04').calculateSync(ONE_CHILD, '2027-01-04').provisional).toBeNull();
  }, 60_000);
});

describe('a change set approved but not yet published, asked for by number (issue 30, point 2)', () => {
  const TODAY = '2026-11-30';
  const published = () => new RulesVersions(files, [set(1, 1, [GOOD], '2026-10-01')], { today: () => TODAY });
  /** A rate announced for 4 January 2027 (£29.00 a week), in a change set with no date until it is published. */
  const APRIL: PolicyEdit = { ...GOOD, from: '2027-01-04', value: 2900 };
  const approved = { id: 7, title: 'Child Benefit from January', edits: [APRIL], digest: 'd1' };

  it('is laid over the published rules as if published today: each edit from its own date, every figure marked', () => {
    const versions = published();
    const view = versions.withApproved(approved);
    const january = view.calculateSync(ONE_CHILD, '2027-01-04');
    expect([january.rulesVersion, childBenefit(january)]).toEqual(['2026-27+cs1+cs7', 2900]);
    expect(january.provisional).toEqual({ inForceFrom: null, approvedNotPublished: { changeSet: 7, title: 'Child Benefit from January' } });
    // Before its edits' dates the figures are today's, still marked: they were worked out with it.
    const today = view.calculateSync(ONE_CHILD, TODAY);
    expect([today.rulesVersion, childBenefit(today), today.provisional?.approvedNotPublished?.changeSet]).toEqual([
      '2026-27+cs1+cs7',
      2810,
      7,
    ]);
    // Before today it is not laid at all: those dates' rules are the published ones.
    expect(view.calculateSync(ONE_CHILD, '2026-11-01')).toMatchObject({ rulesVersion: '2026-27+cs1', provisional: null });
  }, 60_000);

  it('leaves the published rules alone, and is loaded once for each approval', () => {
    const versions = published();
    const view = versions.withApproved(approved);
    expect(versions.withApproved({ ...approved })).toBe(view);
    // Approved again after an edit (another digest): another version.
    expect(versions.withApproved({ ...approved, digest: 'd2' })).not.toBe(view);
    expect(versions.calculateSync(ONE_CHILD, '2027-01-04')).toMatchObject({ rulesVersion: '2026-27+cs1', provisional: null });
    expect(childBenefit(versions.calculateSync(ONE_CHILD, '2027-01-04'))).toBe(2810);
    // Published since, the published change sets changed: the views are loaded afresh.
    versions.setPublished([set(1, 1, [GOOD], '2026-10-01')]);
    expect(versions.withApproved(approved)).not.toBe(view);
  }, 60_000);

  it('is left out, with its problems, when it no longer fits the rules published since', () => {
    const view = published().withApproved({ ...approved, edits: [{ ...APRIL, parameter: 'gov/hmrc/child_benefit/amount/nobody' }] });
    expect(view.versionOn(TODAY).sets.map(({ id }) => id)).toEqual([1]);
    expect(view.problemsOf(7)).not.toEqual([]);
  }, 60_000);
});
