import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RulesetFile } from '../core/ruleset.js';
import { readFilesUnder, RULESETS_DIR } from '../load.js';
import { loadParameterSet } from '../parameters/parameter-set.js';
import { describeConditions, factPhrase, formatParameterValue, nounFromName, parametersReadBy } from './describe-rule.js';

const parameters = loadParameterSet(readFilesUnder(join(RULESETS_DIR, 'parameters')));
const ruleset = (folder: string): RulesetFile =>
  JSON.parse(readFileSync(join(RULESETS_DIR, folder, 'ruleset.json'), 'utf8')) as RulesetFile;
const rule = (folder: string, name: string) => ruleset(folder).rules.find((candidate) => candidate.name === name)!;
const sentences = (folder: string, name: string, date = '2026-05-01') =>
  describeConditions(rule(folder, name).conditions, { facts: ruleset(folder).facts, parameters, date });

describe('a rule in plain English', () => {
  it('names a counted fact and the number it is compared with (Child Benefit: has a child)', () => {
    expect(sentences('child-benefit', 'has-a-child')).toEqual([
      { depth: 0, text: 'Applies when the number of qualifying children is more than 0' },
    ]);
  });

  it("names a rate by its value on the date and its label (Universal Credit's capital upper limit)", () => {
    expect(sentences('universal-credit', 'capital-over-upper-limit')).toEqual([
      { depth: 0, text: 'Applies when savings and investments is more than £16,000 (Capital: upper limit)' },
    ]);
  });

  it("shows the rate in force on the date asked: Carer's Allowance's earnings limit was £196 a week in 2025/26 and is £204 in 2026/27", () => {
    const limitLine = (date: string) =>
      sentences('carers-allowance', 'claimant-qualifies', date).find((line) => line.text.includes('earnings limit'));
    expect(limitLine('2025-05-01')?.text).toContain('is at most £196 a week (Carer');
    expect(limitLine('2026-05-01')?.text).toContain('is at most £204 a week (Carer');
  });

  it('nests all, any and not by depth, and words a yes/no fact as a statement or its denial', () => {
    expect(sentences('universal-credit', 'minimum-income-floor-claimant')).toEqual([
      { depth: 0, text: 'Applies when all of these hold:' },
      { depth: 1, text: 'the claimant is self-employed and past the start-up period' },
      { depth: 1, text: 'it is not the case that the claimant has limited capability for work and work-related activity' },
      { depth: 1, text: 'this does not hold:' },
      { depth: 2, text: 'at least one of these holds:' },
      { depth: 3, text: "the claimant's caring hours is at least 35 hours a week (Carer's Allowance: hours of caring)" },
      { depth: 3, text: "the claimant gets Carer's Allowance" },
      { depth: 1, text: 'it is not the case that this is a single claimant responsible for a child under 3' },
    ]);
  });

  it('words codes and lists: the nations by name, tenures in words', () => {
    const lines = sentences('council-tax-reduction', 'not-liable').map((line) => line.text);
    expect(lines).toContain('the nation the home is in is one of England, Scotland or Wales');
    const housing = describeConditions(
      { all: [{ fact: 'tenure', operator: 'in', value: ['PRIVATE_RENT', 'SOCIAL_RENT'] }] },
      { facts: { tenure: 'How the household occupies its home.' }, parameters, date: '2026-05-01' },
    );
    expect(housing[0]!.text).toBe('Applies when how the household occupies its home is one of private rent or social rent');
  });

  it('reads a policy switch compared with yes or no, with its value on the date', () => {
    const line = sentences('universal-credit', 'lcwra-element-new-award-rate').at(-1)!.text;
    expect(line).toBe('LCWRA: lower rate for new awards in force is yes (on 1 May 2026 it is yes)');
    expect(sentences('universal-credit', 'lcwra-element-new-award-rate', '2025-05-01').at(-1)!.text).toContain('(on 1 May 2025 it is no)');
  });

  it('formats a number compared with a fact ending in Pence as money, and other numbers as they are', () => {
    const lines = describeConditions(
      {
        any: [
          { fact: 'capitalPence', operator: 'greaterThanInclusive', value: 600050 },
          { fact: 'claimantAge', operator: 'lessThan', value: 25 },
          { fact: 'tenure', operator: 'notEqual', value: 'OWNER_OCCUPIER' },
        ],
      },
      { facts: ruleset('universal-credit').facts, parameters, date: '2026-05-01' },
    ).map((line) => line.text);
    expect(lines).toEqual([
      'Applies when at least one of these holds:',
      'savings and investments is at least £6,000.50',
      "the claimant's age in whole years is less than 25",
      'how the household occupies its home is not owner occupier',
    ]);
  });

  it('is made from the JSON each time: a changed condition reads differently', () => {
    const conditions = { all: [{ fact: 'qualifyingChildCount', operator: 'greaterThanInclusive', value: 3 }] };
    expect(describeConditions(conditions, { facts: ruleset('child-benefit').facts, parameters, date: '2026-05-01' })[0]!.text).toBe(
      'Applies when the number of qualifying children is at least 3',
    );
  });

  it('describes every rule of every ruleset, naming each rate it reads by its label', () => {
    for (const folder of readdirSync(RULESETS_DIR).filter((name) => existsSync(join(RULESETS_DIR, name, 'ruleset.json')))) {
      const file = ruleset(folder);
      for (const each of file.rules) {
        const lines = describeConditions(each.conditions, { facts: file.facts, parameters, date: '2026-05-01' });
        const text = lines.map((line) => line.text).join('\n');
        expect(lines[0]!.text).toMatch(/^Applies when /);
        expect(text).not.toMatch(/cannot be read|undefined|\[object/);
        for (const name of parametersReadBy(each.conditions)) expect(text).toContain(parameters.findParameterOrThrow(name).label);
      }
    }
  });
});

describe('naming facts and values', () => {
  it('makes a short noun phrase from a fact’s meaning, or from its name when the meaning is long', () => {
    expect(factPhrase('adultsGettingDlaCount', 'How many adults get DLA (either component).')).toBe('the number of adults who get DLA');
    expect(factPhrase('claimantAge', 'The claimant: age in whole years on the date asked.')).toBe(
      "the claimant's age in whole years on the date asked",
    );
    expect(factPhrase('housingCostsPence', 'Rent and service charges a month in whole pence.')).toBe('rent and service charges a month');
    expect(factPhrase('someFact', undefined)).toBe('the some fact');
    expect(nounFromName('qualifyingChildCount')).toBe('the number of qualifying children');
    expect(nounFromName('claimantNetEarningsWeeklyPence')).toBe("the claimant's net earnings a week");
    expect(nounFromName('contributingNonDependantCount')).toBe('the number of contributing non-dependants');
  });

  it("formats a rate's value by its unit", () => {
    const on = (name: string, date: string) => {
      const parameter = parameters.findParameterOrThrow(name);
      return formatParameterValue(parameter, parameters.parameterOn(name, date).value);
    };
    expect(on('gov/dwp/universal_credit/means_test/taper', '2026-05-01')).toBe('55%');
    expect(on('gov/dwp/universal_credit/standard_allowance/single_25_or_over', '2026-05-01')).toBe('£424.90 a month');
    expect(on('gov/dwp/universal_credit/elements/child/child_element_limit', '2025-05-01')).toBe('2');
    expect(on('gov/dwp/universal_credit/elements/child/child_element_limit', '2026-05-01')).toBe('no limit');
    expect(on('gov/dwp/universal_credit/minimum_income_floor/expected_hours', '2026-05-01')).toBe('35 hours a week');
    expect(formatParameterValue({ unit: 'basis points', period: 'none' }, 1250)).toBe('12.5%');
    expect(formatParameterValue({ unit: 'boolean', period: 'none' }, false)).toBe('no');
  });

  it('lists the parameters conditions read, each once, in the order first named', () => {
    const capital = (name: string) => ({ fact: 'capitalPence', operator: 'greaterThan', value: { fact: 'parameter', params: { name } } });
    expect(
      parametersReadBy({
        all: [capital('b/limit'), { not: { any: [capital('a/limit'), capital('b/limit')] } }, { fact: 'age', operator: 'equal', value: 3 }],
      }),
    ).toEqual(['b/limit', 'a/limit']);
    expect(parametersReadBy(rule('child-benefit', 'has-a-child').conditions)).toEqual([]);
  });
});
