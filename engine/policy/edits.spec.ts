import type { ParameterValueEdit, PolicyEdit } from '../../common/policy/model.js';
import { normaliseHousehold } from '../core/normalise.js';
import { diskFiles, overlayFiles } from '../source-files.js';
import { applyChangeSet, editedPart, editTarget, publishingProblems } from './edits.js';
import { planExport, readScheduledChanges } from './export.js';
import { repositoryRulesVersions } from './repository.js';
import { RulesVersions } from './rules-versions.js';

const files = diskFiles();
const ELDEST = 'gov/hmrc/child_benefit/amount/eldest';
const SOURCE = {
  title: 'HMRC, Child Benefit rates (gov.uk)',
  url: 'https://www.gov.uk/government/publications/rates-and-allowances-tax-credits-child-benefit-and-guardians-allowance/tax-credits-child-benefit-and-guardians-allowance',
};
/** A correction of the 2026/27 rate: £27.05 a week becomes £28.10. */
const CORRECTION: ParameterValueEdit = { kind: 'parameter-value', parameter: ELDEST, from: '2026-04-06', value: 2810, source: SOURCE };
const ONE_CHILD = normaliseHousehold({
  country: 'ENGLAND',
  adults: [{ age: 30 }],
  children: [{ dateOfBirth: '2019-05-01' }],
  housing: { tenure: 'SOCIAL_RENT' },
});
const childBenefitWeekly = (versions: Pick<RulesVersions, 'calculateSync'>, date: string) =>
  versions.calculateSync(ONE_CHILD, date).benefits.find((benefit) => benefit.code === 'CHILD_BENEFIT')!.weeklyPence;

describe('a change set laid over the files', () => {
  it('makes the edit, loads, and works out the new figure', () => {
    const applied = applyChangeSet(files, [CORRECTION]);
    expect(applied.problems).toEqual([]);
    expect([...applied.changed.keys()]).toEqual([`rulesets/parameters/${ELDEST}.json`]);
    expect(applied.engine!.calculateSync(ONE_CHILD, '2026-12-01').benefits.find((b) => b.code === 'CHILD_BENEFIT')!.weeklyPence).toBe(2810);
  });

  it('refuses a value of the wrong kind, an unknown parameter and an unofficial source, each at its field', () => {
    const edits = [
      { ...CORRECTION, value: '28.10' },
      { ...CORRECTION, parameter: 'gov/hmrc/child_benefit/amount/nobody' },
      { ...CORRECTION, source: { title: 'A news story', url: 'https://news.example.com/child-benefit' } },
    ] as unknown as PolicyEdit[];
    const { problems, engine } = applyChangeSet(files, edits);
    expect(engine).toBeNull();
    expect(problems.map(({ edit, field }) => [edit, field])).toEqual([
      [0, 'value'],
      [1, 'parameter'],
      [2, 'source.url'],
    ]);
    expect(problems[1].message).toContain('There is no parameter named gov/hmrc/child_benefit/amount/nobody');
  });

  it('reports what the loader finds at the edit that changed the file: a value for a unit that takes none', () => {
    const { problems } = applyChangeSet(files, [{ ...CORRECTION, value: true }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ edit: 0, field: 'value' });
  });

  it("checks a rule's conditions as the ruleset loader does: a fact the benefit does not provide is named", () => {
    const edit: PolicyEdit = {
      kind: 'rule',
      ruleset: 'child-benefit',
      rule: 'has-a-child',
      conditions: { all: [{ fact: 'numberOfPets', operator: 'greaterThan', value: 0 }] },
    };
    const { problems } = applyChangeSet(files, [edit, { ...edit, rule: 'no-such-rule' }]);
    expect(problems.find((problem) => problem.edit === 0)).toMatchObject({ field: 'conditions' });
    expect(problems.find((problem) => problem.edit === 0)!.message).toContain('numberOfPets');
    expect(problems.find((problem) => problem.edit === 1)).toMatchObject({ field: 'rule' });
  });

  it('lets a draft hold a value without its source, but not be published so', () => {
    const draft = { ...CORRECTION, source: null };
    expect(applyChangeSet(files, [draft]).problems).toEqual([]);
    expect(publishingProblems([draft])).toEqual([expect.objectContaining({ edit: 0, field: 'source' })]);
    expect(publishingProblems([CORRECTION])).toEqual([]);
  });

  it('checks a new case as the case files are checked, naming the field', () => {
    const { problems } = applyChangeSet(files, [
      {
        kind: 'case',
        ruleset: 'child-benefit',
        case: { name: 'No figures', date: '2026-12-01', household: {}, expected: {}, workings: 'x' },
      },
    ]);
    expect(problems[0]).toMatchObject({ edit: 0 });
    expect(problems[0].field).toMatch(/^case/);
  });
});

describe('the rules versions', () => {
  const published = [{ id: 7, seq: 1, effectiveFrom: '2027-01-04', revertedFrom: null, edits: [CORRECTION] }];

  it('apply a published change set from its date only, and name it in the rules version', () => {
    const versions = new RulesVersions(files, published, { today: () => '2026-11-27' });
    expect(childBenefitWeekly(versions, '2026-12-01')).toBe(2705);
    expect(childBenefitWeekly(versions, '2027-01-04')).toBe(2810);
    expect(versions.calculateSync(ONE_CHILD, '2026-12-01').rulesVersion).toBe('2026-27');
    expect(versions.calculateSync(ONE_CHILD, '2027-01-04').rulesVersion).toBe('2026-27+cs7');
  });

  it('stop applying a reverted change set from its revert date', () => {
    const versions = new RulesVersions(files, [{ ...published[0], revertedFrom: '2027-02-01' }]);
    expect(childBenefitWeekly(versions, '2027-01-31')).toBe(2810);
    expect(childBenefitWeekly(versions, '2027-02-01')).toBe(2705);
  });
});

describe('rules:export', () => {
  it('writes a change set in force into the files, and the files alone then give what the published rules gave', () => {
    const inForce = [{ id: 3, seq: 1, effectiveFrom: '2026-11-27', revertedFrom: null, edits: [CORRECTION] }];
    const server = new RulesVersions(files, inForce);
    const plan = planExport(files, inForce, '2026-11-27');
    expect(plan.written).toEqual([3]);
    const exported = overlayFiles(files, new Map([...plan.writes].map(([path, text]) => [path, text!])));
    const fresh = repositoryRulesVersions(exported);
    for (const date of ['2026-11-27', '2027-03-31'])
      expect(fresh.calculateSync(ONE_CHILD, date).benefits).toEqual(server.calculateSync(ONE_CHILD, date).benefits);
    // Exported again, nothing changes.
    expect([...planExport(exported, inForce, '2026-11-27').writes].every(([path, text]) => exported.read(path) === text)).toBe(true);
  });

  it('schedules a change set whose date is ahead, which a fresh load applies from that date', () => {
    const ahead = [{ id: 4, seq: 1, effectiveFrom: '2027-01-04', revertedFrom: null, edits: [CORRECTION], title: 'Correct Child Benefit' }];
    const plan = planExport(files, ahead, '2026-11-27');
    expect(plan.scheduled).toEqual([4]);
    expect([...plan.writes.keys()]).toEqual(['rulesets/scheduled/2027-01-04-cs4.json']);
    const exported = overlayFiles(files, new Map([...plan.writes].map(([path, text]) => [path, text!])));
    expect(readScheduledChanges(exported)).toEqual([expect.objectContaining({ id: 4, effectiveFrom: '2027-01-04', edits: [CORRECTION] })]);
    const fresh = repositoryRulesVersions(exported);
    expect(childBenefitWeekly(fresh, '2027-01-03')).toBe(2705);
    expect(childBenefitWeekly(fresh, '2027-01-04')).toBe(2810);
    // Once in force, the next export writes it into the parameter file and removes the scheduled file.
    const later = planExport(exported, ahead, '2027-01-04');
    expect(later.written).toEqual([4]);
    expect(later.writes.get('rulesets/scheduled/2027-01-04-cs4.json')).toBeNull();
    expect(later.writes.has(`rulesets/parameters/${ELDEST}.json`)).toBe(true);
  });

  it('puts back what a change set replaced once it is reverted', () => {
    const text = files.read(`rulesets/parameters/${ELDEST}.json`)!;
    const before = {
      value: 2705,
      source: (JSON.parse(text) as { values: { from: string; source: unknown }[] }).values.find((v) => v.from === '2026-04-06')!.source,
      note: null,
    };
    const written = overlayFiles(
      files,
      new Map(
        [
          ...planExport(files, [{ id: 5, seq: 1, effectiveFrom: '2026-11-27', revertedFrom: null, edits: [CORRECTION] }], '2026-11-27')
            .writes,
        ].map(([p, t]) => [p, t!]),
      ),
    );
    const reverted = {
      id: 5,
      seq: 1,
      effectiveFrom: '2026-11-27',
      revertedFrom: '2026-12-01',
      edits: [CORRECTION],
      parts: [{ before, after: { value: 2810, source: SOURCE, note: null } }],
    };
    const plan = planExport(written, [reverted], '2026-12-01');
    expect(plan.restored).toEqual([5]);
    expect(JSON.parse(plan.writes.get(`rulesets/parameters/${ELDEST}.json`)!)).toEqual(JSON.parse(text));
  });

  it('writes a council’s new Council Tax Reduction scheme as its own file, and removes the file once reverted', () => {
    const scheme: PolicyEdit = {
      kind: 'ctr-scheme',
      authority: 'E06000001',
      name: 'Hartlepool',
      year: '2026/27',
      scheme: {
        maximumSupport: 8000,
        bandCap: null,
        taper: 2000,
        incomeBands: null,
        income: { universalCredit: 'IGNORED', earnings: true, otherIncome: true, childMaintenance: false, earningsDisregardWeekly: null },
        capitalLimit: 600000,
        minimumAwardWeekly: null,
        nonDependantDeductions: [],
        protectedGroups: [],
      },
      source: { title: 'Hartlepool Borough Council, Council Tax Support Scheme 2026/27', url: 'https://www.hartlepool.gov.uk/ctr-2026' },
    };
    const path = editTarget(scheme);
    expect(path).toBe('rulesets/council-tax-reduction/england-working-age-schemes/E06000001-hartlepool.json');
    expect(files.read(path)).toBeNull();
    const inForce = { id: 6, seq: 1, effectiveFrom: '2026-11-27', revertedFrom: null, edits: [scheme] };
    const plan = planExport(files, [inForce], '2026-11-27');
    const exported = overlayFiles(files, new Map([...plan.writes].map(([file, text]) => [file, text!])));
    const fresh = repositoryRulesVersions(exported);
    expect(fresh.engineOn('2026-11-27').councilTax.workingAgeSchemeOn('E06000001', '2026-11-27')).toMatchObject({
      kind: 'local',
      name: 'Hartlepool',
    });
    const after = editedPart(JSON.parse(exported.read(path)!), scheme);
    const reverted = { ...inForce, revertedFrom: '2026-12-01', parts: [{ before: null, after }] };
    expect(planExport(exported, [reverted], '2026-12-01').writes.get(path)).toBeNull();
  });
});
