import { join } from 'node:path';
import { loadParameterSet } from '../parameters/parameter-set.js';
import type { BenefitCode, BenefitOutcome } from '../core/benefit.js';
import { normaliseHousehold, type HouseholdInput } from '../core/normalise.js';
import { ParameterReader } from '../core/parameters.js';
import { deriveFacts } from '../facts.js';
import { loadBenefit, readFilesUnder, RULESETS_DIR } from '../load.js';
import { scottishChildPayment } from './scottish-child-payment.js';

const parameterSet = loadParameterSet(readFilesUnder(join(RULESETS_DIR, 'parameters')));
const { ruleset, explanations } = loadBenefit(scottishChildPayment, parameterSet);

/** A qualifying benefit's outcome as the earlier calculators would leave it (only the fields read here matter). */
const award = (code: BenefitCode, monthlyPence: number) =>
  ({ code, eligible: true, amountShown: true, monthlyPence, weeklyPence: 0 }) as unknown as BenefitOutcome;

/** Runs Scottish Child Payment alone, with the earlier benefits' outcomes given. */
async function scp(household: HouseholdInput, date: string, earlier: BenefitOutcome[]) {
  const input = {
    date,
    facts: deriveFacts(normaliseHousehold(household), date),
    parameters: new ParameterReader(parameterSet, date),
    lha: undefined as never,
    councilTax: undefined as never,
    explanations,
    nationalName: null,
    earlier: new Map(earlier.map((outcome) => [outcome.code, outcome])),
  };
  return scottishChildPayment.calculate(input, await ruleset.run(scottishChildPayment.facts.evaluate(input), input.parameters));
}

const scottishFamily = (children: string[]): HouseholdInput => ({
  country: 'SCOTLAND',
  adults: [{ age: 32 }],
  children: children.map((dateOfBirth) => ({ dateOfBirth })),
  housing: { tenure: 'SOCIAL_RENT' },
});

describe('Scottish Child Payment', () => {
  it('two children under 16 on Universal Credit, 2026/27: 2 x £28.20', async () => {
    const result = await scp(scottishFamily(['2015-02-01', '2019-06-01']), '2026-11-21', [award('UNIVERSAL_CREDIT', 51234)]);
    // 2 x 28.20 = 56.40 a week; 56.40 x 52 / 12 = 244.40 a month.
    expect([result.eligible, result.weeklyPence, result.monthlyPence]).toEqual([true, 5640, 24440]);
    expect(result.explanation.join(' ')).toContain('Universal Credit');
  });

  it('a 16-year-old is not counted; one child under 16 on Pension Credit, 2025/26: £27.15', async () => {
    const result = await scp(scottishFamily(['2009-01-01', '2014-01-01']), '2025-11-21', [
      award('UNIVERSAL_CREDIT', 0),
      award('PENSION_CREDIT', 10000),
    ]);
    // 27.15 a week; 27.15 x 52 / 12 = 117.65 a month.
    expect([result.weeklyPence, result.monthlyPence]).toEqual([2715, 11765]);
    expect(result.explanation.join(' ')).toContain('Pension Credit');
  });

  it('Universal Credit of nil does not qualify', async () => {
    const result = await scp(scottishFamily(['2020-01-01']), '2026-11-21', [award('UNIVERSAL_CREDIT', 0)]);
    expect(result.eligible).toBe(false);
    expect(result.explanation.join(' ')).toContain('qualifying benefit');
  });

  it('no qualifying benefit worked out at all: not eligible', async () => {
    expect((await scp(scottishFamily(['2020-01-01']), '2026-11-21', [])).eligible).toBe(false);
  });
});
