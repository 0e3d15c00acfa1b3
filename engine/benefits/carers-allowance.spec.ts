import { normaliseHousehold } from '../core/normalise.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { carersAllowance } from './carers-allowance.js';
import { childBenefit } from './child-benefit.js';

const engine = loadEntitlementEngine(RULESETS_DIR, [childBenefit, carersAllowance]);

describe("Carer's Allowance", () => {
  it('earnings are compared after tax: £300 a week gross is £283.69 take-home, still over the limit', async () => {
    const household = normaliseHousehold({
      country: 'ENGLAND',
      adults: [
        {
          age: 40,
          earnings: { amount: 300, period: 'WEEK', basis: 'GROSS' },
          caring: { hoursPerWeek: 35, caredForGetsQualifyingBenefit: true },
        },
      ],
      housing: { tenure: 'PRIVATE_RENT' },
    });
    const outcome = (await engine.calculate(household, '2026-11-21')).benefits.find((benefit) => benefit.code === 'CARERS_ALLOWANCE')!;
    expect(outcome.eligible).toBe(false);
    expect(outcome.explanation.join(' ')).toContain('£283.69 a week');
    // The tax and National Insurance rates used are cited with the benefit's own.
    expect(outcome.parameters.map((parameter) => parameter.name)).toContain('gov/hmrc/national_insurance/class_1/rates/employee/main');
  });

  it('a couple who both care get two awards', async () => {
    const caring = { hoursPerWeek: 35, caredForGetsQualifyingBenefit: true };
    const household = normaliseHousehold({
      country: 'ENGLAND',
      adults: [
        { age: 40, caring },
        { age: 41, caring },
      ],
      housing: { tenure: 'PRIVATE_RENT' },
    });
    const outcome = (await engine.calculate(household, '2026-11-21')).benefits.find((benefit) => benefit.code === 'CARERS_ALLOWANCE')!;
    // 2 x 86.45 = 172.90 a week; 172.90 x 52 / 12 = 749.23 a month.
    expect([outcome.weeklyPence, outcome.monthlyPence]).toEqual([17290, 74923]);
    expect(outcome.elements.map((line) => line.code)).toEqual(['CLAIMANT_CARERS_ALLOWANCE', 'PARTNER_CARERS_ALLOWANCE']);
  });
});
