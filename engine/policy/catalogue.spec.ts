import { beforeAll, describe, expect, it } from '@jest/globals';
import { readCaseFiles, runCases } from '../core/cases.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { PolicyCatalogue, SEARCH_HITS_MAX } from './catalogue.js';
import { readCatalogueInputs } from './load-catalogue.js';

const CAPITAL_UPPER_LIMIT = 'gov/dwp/universal_credit/means_test/capital/upper_limit';

let catalogue: PolicyCatalogue;
let reads: Map<string, Set<string>>;

beforeAll(async () => {
  const engine = loadEntitlementEngine();
  // The parameters each hand-worked case reads, as `rules:test -- --coverage` finds them.
  ({ reads } = await runCases(engine, readCaseFiles(RULESETS_DIR)));
  catalogue = new PolicyCatalogue(readCatalogueInputs({ parameters: engine.parameters, caseReads: reads, date: '2026-05-01' }));
}, 120_000);

describe('the rulesets', () => {
  it('lists every ruleset with its counts of rules and cases', () => {
    const summaries = catalogue.rulesetSummaries();
    expect(summaries.map((summary) => summary.folder)).toEqual(
      expect.arrayContaining(['child-benefit', 'universal-credit', 'pension-credit']),
    );
    const childBenefit = summaries.find((summary) => summary.folder === 'child-benefit')!;
    const cases = readCaseFiles(RULESETS_DIR, ['child-benefit']).reduce((total, file) => total + file.cases.length, 0);
    expect(childBenefit).toMatchObject({ benefit: 'CHILD_BENEFIT', rules: 3, cases });
    expect(cases).toBeGreaterThan(0);
  });

  it('shows a ruleset with its law, its facts, its rules in plain English and its cases', () => {
    const view = catalogue.rulesetView('child-benefit')!;
    expect(view.title).toBe('Child Benefit');
    expect(view.legislation[0]!.url).toMatch(/^https:\/\/www\.legislation\.gov\.uk\//);
    expect(view.facts.map((fact) => fact.name)).toEqual(['qualifyingChildCount', 'highestAdjustedNetIncomeYearlyPence']);
    expect(view.rules[0]).toMatchObject({
      name: 'has-a-child',
      priority: null,
      sentences: [{ depth: 0, text: 'Applies when the number of qualifying children is more than 0' }],
      event: { type: 'eligible' },
      parameters: [],
    });
    expect(view.rules[2]!.parameters).toEqual(['gov/hmrc/income_tax/high_income_child_benefit_charge/threshold']);
    expect(view.cases.length).toBe(catalogue.rulesetSummaries().find((summary) => summary.folder === 'child-benefit')!.cases);
    expect(view.cases.every((item) => item.file.startsWith('child-benefit/cases/') && item.workings.length > 0)).toBe(true);
    expect(catalogue.rulesetView('no-such-benefit')).toBeUndefined();
  });
});

describe('the parameters', () => {
  it('lists every parameter with its latest value', () => {
    const summaries = catalogue.parameterSummaries();
    expect(summaries.find((summary) => summary.name === 'gov/dwp/universal_credit/elements/carer/amount')).toEqual({
      name: 'gov/dwp/universal_credit/elements/carer/amount',
      label: 'Carer element',
      unit: 'pence a month',
      yearDecision: 'uprated',
      period: 'month',
      latest: { from: '2026-04-13', value: 20934 },
    });
    expect(
      summaries.find((summary) => summary.name === 'gov/dwp/universal_credit/elements/child/child_element_limit')!.latest.value,
    ).toBeNull();
  });

  it('names every parameter by a label of its own, so a list of labels needs no path to tell two apart', () => {
    const labels = catalogue.parameterSummaries().map((summary) => summary.label);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
  });

  it('shows a parameter with its sourced values, the cases and rules that read it, and how it is uprated', () => {
    const view = catalogue.parameterView(CAPITAL_UPPER_LIMIT)!;
    expect(view).toMatchObject({ label: 'Capital: upper limit', unit: 'pence', period: 'none', uprating: { rounding: 'not-uprated' } });
    expect(view.legislation.url).toBe('https://www.legislation.gov.uk/uksi/2013/376/regulation/18');
    expect(view.values.map((value) => value.value)).toEqual([1600000, 1600000]);
    expect(view.values.every((value) => value.source.url.startsWith('https://'))).toBe(true);
    expect(view.rules).toEqual([{ ruleset: 'universal-credit', rulesetTitle: 'Universal Credit', rule: 'capital-over-upper-limit' }]);
    // Exactly the cases whose run read it, named in words: the benefit, then the case's own name.
    const readers = [...reads].filter(([, names]) => names.has(CAPITAL_UPPER_LIMIT)).map(([label]) => label);
    expect(view.cases.map((item) => `${item.ruleset}: ${item.name}`)).toEqual(readers.map((label) => label.replace(/\/cases\/[^:]+/, '')));
    expect(view.cases.length).toBeGreaterThan(0);
    expect(view.cases.find((item) => item.ruleset === 'universal-credit')?.rulesetTitle).toBe('Universal Credit');
    expect(catalogue.parameterView('gov/dwp/no_such_rate')).toBeUndefined();
  });

  it("gives a file's own uprating rule with its note, and a note on a value", () => {
    const workAllowance = catalogue.parameterView('gov/dwp/universal_credit/means_test/work_allowance/higher')!;
    expect(workAllowance.uprating.rounding).toBe('nearest-pound');
    expect(workAllowance.uprating.reason).toMatch(/^Set in the parameter file: /);
    expect(workAllowance.values.at(-1)!.note).toMatch(/1\.038/);
  });
});

describe('searching the policy', () => {
  it('finds rates, rules, questions and extra help, whatever the case of the words', () => {
    const hits = catalogue.searchPolicy('CAPITAL: upper');
    expect(hits.some((hit) => hit.kind === 'parameter' && hit.path === CAPITAL_UPPER_LIMIT && hit.detail.startsWith('the label'))).toBe(
      true,
    );
    const warmHomeDiscount = catalogue.searchPolicy('warm home discount').map((hit) => `${hit.kind} ${hit.path}`);
    expect(warmHomeDiscount).toEqual(
      expect.arrayContaining(['extra-help energy/warm-home-discount', 'parameter gov/desnz/warm_home_discount/rebate']),
    );
    expect(catalogue.searchPolicy('date of birth').some((hit) => hit.kind === 'question' && hit.path === 'about-you/ClientDob')).toBe(true);
  });

  it('puts an exact name first', () => {
    expect(catalogue.searchPolicy('has-a-child')[0]).toMatchObject({
      kind: 'rule',
      path: 'child-benefit/has-a-child',
      detail: 'the name: has-a-child',
    });
    expect(catalogue.searchPolicy('clientdob')[0]).toMatchObject({ kind: 'question', path: 'about-you/ClientDob' });
    expect(catalogue.searchPolicy(CAPITAL_UPPER_LIMIT)[0]).toMatchObject({ kind: 'parameter', path: CAPITAL_UPPER_LIMIT });
  });

  it("searches the rules' plain-English conditions and the regulations", () => {
    const byCondition = catalogue.searchPolicy('the number of qualifying children is more than 2');
    expect(byCondition[0]).toMatchObject({
      kind: 'rule',
      path: 'pension-credit/more-than-two-children',
      detail: 'the conditions: Applies when the number of qualifying children is more than 2',
    });
    const byRegulation = catalogue.searchPolicy('SI 2006/965');
    expect(byRegulation.map((hit) => hit.path)).toEqual([
      'gov/hmrc/child_benefit/amount/eldest',
      'gov/hmrc/child_benefit/amount/other_children',
    ]);
    expect(byRegulation[0]!.detail).toMatch(/^the regulation: /);
  });

  it('gives at most 50 hits, and none for an empty query', () => {
    expect(catalogue.searchPolicy('the')).toHaveLength(SEARCH_HITS_MAX);
    expect(catalogue.searchPolicy('   ')).toEqual([]);
  });
});
