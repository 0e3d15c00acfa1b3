import type { PartnerDefinition } from '../../../common/site.js';
import type { BenefitOutcome } from '../../../engine/core/benefit.js';
import type { CalculationResult } from '../../../engine/core/calculation-result.js';
import { withPartnerSwitches } from './partner-switches.js';

const benefit = (code: BenefitOutcome['code'], system: BenefitOutcome['system'], monthlyPence: number, eligible = true) =>
  ({ code, system, eligible, weeklyPence: Math.round((monthlyPence * 12) / 52), monthlyPence }) as BenefitOutcome;

/** A lone parent on Universal Credit (600.00 a month) with Child Benefit (113.10) and Council Tax Reduction (50.00). */
const result = {
  benefits: [
    benefit('CHILD_BENEFIT', 'BOTH', 11_310),
    benefit('UNIVERSAL_CREDIT', 'UNIVERSAL_CREDIT', 60_000),
    benefit('COUNCIL_TAX_REDUCTION', 'UNIVERSAL_CREDIT', 5_000),
    benefit('PENSION_CREDIT', 'LEGACY_AND_PENSION_AGE', 0, false),
  ],
  totals: {
    UNIVERSAL_CREDIT: { weeklyPence: 17_652, monthlyPence: 76_310 },
    LEGACY_AND_PENSION_AGE: { weeklyPence: 2_610, monthlyPence: 11_310 },
  },
  extraHelp: [
    { name: 'energy', title: 'Energy', items: [] },
    { name: 'water', title: 'Water', items: [] },
  ],
} as unknown as CalculationResult;

const partner = (benefits: string[], extraHelp: string[]) =>
  ({ id: 'cap_live', benefits: { hide: benefits }, extraHelp: { hide: extraHelp } }) as PartnerDefinition;

describe('withPartnerSwitches', () => {
  it('takes a hidden benefit out of the list and out of each total it counted in, and a hidden extra-help category out', () => {
    const shown = withPartnerSwitches(result, partner(['CHILD_BENEFIT'], ['water']));
    expect(shown.benefits.map((one) => one.code)).toEqual(['UNIVERSAL_CREDIT', 'COUNCIL_TAX_REDUCTION', 'PENSION_CREDIT']);
    // Child Benefit is paid whichever system applies, so it leaves both totals.
    expect(shown.totals.UNIVERSAL_CREDIT.monthlyPence).toBe(65_000);
    expect(shown.totals.LEGACY_AND_PENSION_AGE.monthlyPence).toBe(0);
    expect(shown.extraHelp.map((category) => category.name)).toEqual(['energy']);
  });

  it('takes a benefit of one system out of that total alone', () => {
    const shown = withPartnerSwitches(result, partner(['COUNCIL_TAX_REDUCTION'], []));
    expect(shown.totals.UNIVERSAL_CREDIT).toEqual({ weeklyPence: 17_652 - 1_154, monthlyPence: 71_310 });
    expect(shown.totals.LEGACY_AND_PENSION_AGE).toEqual(result.totals.LEGACY_AND_PENSION_AGE);
  });

  it('changes nothing outside a portal, or for a partner that hides nothing', () => {
    expect(withPartnerSwitches(result, null)).toBe(result);
    expect(withPartnerSwitches(result, partner([], []))).toBe(result);
  });
});
