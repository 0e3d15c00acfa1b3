/**
 * From the questionnaire to the figures: a household's stored answers, mapped to the calculation household, pass
 * the calculation API's own validation unchanged and are worked out by the engine, so the results page and the
 * public API compute the same way.
 */
import { describe, expect, it } from '@jest/globals';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../../test/support/households.js';
import { loadEntitlementEngine } from '../load.js';
import { validateCalculationRequest } from '../validate-request.js';
import { householdFromAnswers } from './household-mapping.js';
import type { Answers } from '../../common/survey/model.js';

const TODAY = '2026-11-21';
const engine = loadEntitlementEngine();

describe('a questionnaire household, worked out', () => {
  const answers = Object.assign({}, ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([, pageAnswers]) => pageAnswers)) as Answers;

  it('passes the calculation API validation as mapped, sent as JSON', () => {
    const household = householdFromAnswers(answers, TODAY);
    const check = validateCalculationRequest(JSON.parse(JSON.stringify({ date: TODAY, household })), TODAY);
    expect(check.valid && check.request.household).toEqual(household);
  });

  it('gives the single private renter working part time Universal Credit with help towards the rent', async () => {
    const result = await engine.calculate(householdFromAnswers(answers, TODAY), TODAY);
    const universalCredit = result.benefits.find((benefit) => benefit.code === 'UNIVERSAL_CREDIT')!;
    expect(result.system).toBe('UNIVERSAL_CREDIT');
    expect(universalCredit.eligible).toBe(true);
    expect(universalCredit.elements.map((element) => element.code)).toEqual(['STANDARD_ALLOWANCE', 'HOUSING']);
    // The renter named their Local Housing Allowance area, so the rent is checked against that area's rate.
    expect(universalCredit.explanation.join(' ')).toContain(
      'Your Local Housing Allowance area is Central Greater Manchester, as you told us.',
    );
    expect(universalCredit.explanation.join(' ')).toContain(
      'within the Local Housing Allowance for one bedroom in Central Greater Manchester, £775.00 a month',
    );
  });
});
