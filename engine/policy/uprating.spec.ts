import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UPRATING_ROUNDINGS } from '../../common/policy/model.js';
import { readFilesUnder, RULESETS_DIR } from '../load.js';
import { checkParameterFiles, loadParameterSet, RATES_HELD_FILE } from '../parameters/parameter-set.js';
import { percentAsBasisPoints, upratedValue, upratingProposals, UpratingRequestError, upratingRoundingOf } from './uprating.js';

const files = readFilesUnder(join(RULESETS_DIR, 'parameters'));
const parameters = loadParameterSet(files);
/** The figure a parameter's file holds in force on a date: what the proposal must reproduce. */
const heldOn = (name: string, date: string) => parameters.parameterOn(name, date).value;

describe('uprating real 2025/26 figures by the real 3.8% (CPI) reproduces the 2026/27 figures held', () => {
  it("Universal Credit's monthly amounts, to the penny (their notes: 2026/27 equals 2025/26 x 1.038)", () => {
    const names = [
      'gov/dwp/universal_credit/elements/carer/amount',
      'gov/dwp/universal_credit/elements/disabled_child/higher',
      'gov/dwp/universal_credit/elements/disabled_child/lower',
      'gov/dwp/universal_credit/elements/childcare/maximum_one_child',
      'gov/dwp/universal_credit/elements/housing/non_dependant_contribution',
    ];
    const { proposals, skipped } = upratingProposals(parameters, { parameters: names, percent: '3.8', from: '2026-04-13' });
    expect(skipped).toEqual([]);
    for (const proposal of proposals) {
      expect(proposal.current.from).toBe('2025-04-07');
      expect(proposal.rounding).toBe('nearest-penny');
      expect(proposal.proposed).toBe(heldOn(proposal.parameter, '2026-04-13'));
    }
    expect(proposals[0]).toMatchObject({ label: 'Carer element', unit: 'pence a month', current: { value: 20168 }, proposed: 20934 });
  });

  it('weekly rates, to 5p (to the penny they would be off: £72.90 x 1.038 is £75.67, published £75.65)', () => {
    const names = [
      'gov/dwp/new_style_esa/amount/assessment_phase_under_25',
      'gov/dwp/new_style_esa/amount/basic',
      'gov/dwp/pension_credit/guarantee_credit/carer/addition',
      'gov/dwp/carers_allowance/rate',
      'gov/hmrc/child_benefit/amount/eldest',
      'gov/dwp/pip/mobility/enhanced',
    ];
    for (const name of names) {
      // Each from the date its own 2026/27 value takes effect (the benefits from 6 April). The non-dependant deductions
      // are a scale now (rulesets/README.md), which the helper does not uprate yet.
      const [lastYear, thisYear] = parameters.findParameterOrThrow(name).values.slice(-2);
      const { proposals } = upratingProposals(parameters, { parameters: [name], percent: '3.8', from: thisYear!.from });
      expect(proposals[0]).toMatchObject({
        current: { from: lastYear!.from, value: lastYear!.value },
        proposed: thisYear!.value,
        rounding: 'nearest-5p',
      });
      expect(proposals[0]!.roundingReason).toMatch(/^Default for a weekly rate/);
    }
    const esa = upratingProposals(parameters, { parameters: [names[0]!], percent: '3.8', from: '2026-04-06' }).proposals[0];
    expect(esa).toMatchObject({ current: { value: 7290 }, proposed: 7565 });
  });

  it("a file's own rounding wins: the work allowances to the pound, the means-tested child amounts to the penny", () => {
    const [workAllowance] = upratingProposals(parameters, {
      parameters: ['gov/dwp/universal_credit/means_test/work_allowance/lower'],
      percent: '3.8',
      from: '2026-04-13',
    }).proposals;
    const [childAmount] = upratingProposals(parameters, {
      parameters: ['gov/dwp/pension_credit/guarantee_credit/child/standard_rate'],
      percent: '3.8',
      from: '2026-04-06',
    }).proposals;
    // £411 x 1.038 = £426.62, to the pound £427; £67.42 x 1.038 = £69.98 (to 5p it would be £70.00).
    expect([workAllowance, childAmount].map((proposal) => ({ rounding: proposal!.rounding, proposed: proposal!.proposed }))).toEqual([
      { rounding: 'nearest-pound', proposed: 42700 },
      { rounding: 'nearest-penny', proposed: 6998 },
    ]);
    expect(workAllowance!.roundingReason).toMatch(/^Set in the parameter file: Universal Credit's work allowances are set in whole pounds/);
  });
});

describe('the uprating helper', () => {
  it('skips what a percentage does not uprate, saying why: capital limits, tapers, counts, switches, hours, frozen caps', () => {
    const names = [
      'gov/dwp/universal_credit/means_test/capital/upper_limit',
      'gov/dwp/universal_credit/means_test/taper',
      'gov/dwp/universal_credit/elements/child/child_element_limit',
      'gov/dwp/universal_credit/elements/lcwra/new_award_rate_in_force',
      'gov/dwp/carers_allowance/min_hours',
      'gov/dwp/benefit_cap/universal_credit_monthly/greater_london/single_no_children',
    ];
    const { proposals, skipped } = upratingProposals(parameters, { parameters: names, percent: '3.8', from: '2026-04-13' });
    expect(proposals).toEqual([]);
    expect(skipped.map((skip) => skip.parameter)).toEqual(names);
    expect(skipped[0]!.reason).toMatch(/capital limit/);
    expect(skipped[1]!.reason).toMatch(/not an amount of money/);
    expect(skipped[2]!.reason).toMatch(/a count/);
    expect(skipped[3]!.reason).toMatch(/policy switch/);
    expect(skipped[5]!.reason).toMatch(/benefit cap is not uprated each year/);
  });

  it('uprates the value in force the day before the new values take effect', () => {
    const name = 'gov/dwp/universal_credit/elements/carer/amount';
    const nextYear = upratingProposals(parameters, { parameters: [name], percent: '2', from: '2027-04-12' }).proposals[0]!;
    expect(nextYear.current).toEqual({ from: '2026-04-13', value: 20934 });
    // 20934 x 1.02 = 21352.68, to the penny 21353.
    expect(nextYear.proposed).toBe(21353);
    const sameDay = upratingProposals(parameters, { parameters: [name], percent: '2', from: '2026-04-13' }).proposals[0]!;
    expect(sameDay.current).toEqual({ from: '2025-04-07', value: 20168 });
  });

  it('proposes the current figure unchanged at 0%, without rounding it', () => {
    const name = 'gov/dwp/housing_benefit/allowances/child';
    const { proposals } = upratingProposals(parameters, { parameters: [name], percent: '0', from: '2027-04-06' });
    expect(proposals[0]!.proposed).toBe(proposals[0]!.current.value);
  });

  it('names every unknown parameter in one error', () => {
    const ask = () =>
      upratingProposals(parameters, {
        parameters: ['gov/dwp/nothing', 'gov/dwp/carers_allowance/rate', 'gov/dwp/also_nothing'],
        percent: '3.8',
        from: '2026-04-06',
      });
    expect(ask).toThrow(UpratingRequestError);
    expect(ask).toThrow('There is no parameter named gov/dwp/nothing, gov/dwp/also_nothing');
  });

  it('reads the percentage exactly, to 2 decimals, and refuses anything else', () => {
    expect(percentAsBasisPoints('3.8')).toBe(380);
    expect(percentAsBasisPoints('1.75')).toBe(175);
    expect(percentAsBasisPoints('0')).toBe(0);
    for (const bad of ['3.855', '-1', 'abc', '', '101', '3,8']) expect(() => percentAsBasisPoints(bad)).toThrow(UpratingRequestError);
    expect(() => upratingProposals(parameters, { parameters: [], percent: '3.8', from: '2026-02-30' })).toThrow(/real date/);
  });

  it('works in whole numbers, rounding half up to the penny and then to the step', () => {
    // 25p x 1.1 = 27.5p: half up to 28p, then to 5p: 30p.
    expect(upratedValue(25, 1000, 'nearest-penny', 'pence a week')).toBe(28);
    expect(upratedValue(25, 1000, 'nearest-5p', 'pence a week')).toBe(30);
    // £83.30 x 1.038 = £86.4654: £86.47 to the penny, £86.45 to 5p, £86.50 to 10p, £86 to the pound.
    expect(upratedValue(8330, 380, 'nearest-penny', 'pence a week')).toBe(8647);
    expect(upratedValue(8330, 380, 'nearest-5p', 'pence a week')).toBe(8645);
    expect(upratedValue(8330, 380, 'nearest-10p', 'pence a week')).toBe(8650);
    expect(upratedValue(8330, 380, 'nearest-pound', 'pence a week')).toBe(8600);
    // A value in whole pounds stays in whole pounds.
    expect(upratedValue(151, 380, 'nearest-penny', 'pounds')).toBe(157);
    // Past 2^53 a float would lose pence; BigInt does not.
    expect(upratedValue(9_000_000_000_000_001, 0, 'nearest-penny', 'pence')).toBe(9_000_000_000_000_001);
  });

  it('gives the default rounding and reason by unit and period when the file sets none', () => {
    const of = (name: string) => upratingRoundingOf(parameters.findParameterOrThrow(name)).rounding;
    expect(of('gov/dwp/attendance_allowance/higher')).toBe('nearest-5p');
    expect(of('gov/dwp/universal_credit/standard_allowance/single_25_or_over')).toBe('nearest-penny');
    expect(of('gov/hmrc/minimum_wage/national_living_wage')).toBe('nearest-penny');
    expect(of('gov/hmrc/income_tax/allowances/personal_allowance/amount')).toBe('not-uprated');
  });
});

describe('the uprating field of a parameter file', () => {
  const ratesHeld = { path: RATES_HELD_FILE, text: JSON.stringify({ description: 'The last date the rates cover.', until: '2027-03-31' }) };
  const source = {
    title: 'DWP, Benefit and pension rates 2026 to 2027',
    url: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2026-to-2027',
  };
  const file = (uprating: unknown) => ({
    path: 'gov/dwp/example/rate.json',
    text: JSON.stringify({
      description: 'A weekly rate.',
      label: 'A rate',
      unit: 'pence a week',
      period: 'week',
      legislation: source,
      uprating,
      values: [{ from: '2026-04-06', value: 1000, source }],
    }),
  });

  it('is optional, and read by the loader when given', () => {
    const set = loadParameterSet([ratesHeld, file({ rounding: 'nearest-10p', note: 'Rounded to 10p by its order.' })]);
    expect(upratingRoundingOf(set.findParameterOrThrow('gov/dwp/example/rate'))).toEqual({
      rounding: 'nearest-10p',
      reason: 'Set in the parameter file: Rounded to 10p by its order.',
    });
  });

  it('must name one of the roundings, with nothing else in it', () => {
    const problems = checkParameterFiles([ratesHeld, file({ rounding: 'nearest-2p', by: 'me' })]).map(
      (problem) => `${problem.path}: ${problem.message}`,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^uprating\.by: is not a known field/),
        expect.stringMatching(/^uprating\.rounding: must be one of/),
      ]),
    );
  });

  it("lists in the schema exactly the workbench's roundings", () => {
    const schema = JSON.parse(readFileSync(resolve('definitions/schemas/parameter.schema.json'), 'utf8')) as {
      properties: { uprating: { properties: { rounding: { enum: string[] } } } };
    };
    expect(schema.properties.uprating.properties.rounding.enum).toEqual([...UPRATING_ROUNDINGS]);
  });
});
