import { describe, expect, it } from '@jest/globals';
import { normaliseHousehold, type HouseholdInput } from './core/normalise.js';
import { deriveFacts } from './facts.js';

const household = (overrides: Partial<HouseholdInput>): HouseholdInput => ({
  country: 'ENGLAND',
  adults: [{ age: 30 }],
  housing: { tenure: 'PRIVATE_RENT' },
  ...overrides,
});
const factsOf = (overrides: Partial<HouseholdInput>, date = '2026-11-21') => deriveFacts(normaliseHousehold(household(overrides)), date);

describe('household facts, derived once', () => {
  it('puts a mixed-age couple in Universal Credit and a couple both over State Pension age in pension age', () => {
    expect(factsOf({ adults: [{ dateOfBirth: '1955-01-01' }, { dateOfBirth: '1970-01-01' }] }).system).toBe('UNIVERSAL_CREDIT');
    expect(factsOf({ adults: [{ dateOfBirth: '1955-01-01' }, { dateOfBirth: '1958-01-01' }] }).system).toBe('PENSION_AGE');
  });

  it('reaches State Pension age on the day the law gives: 66 and 1 month for someone born on 10 April 1960', () => {
    const born = { adults: [{ dateOfBirth: '1960-04-10' }] };
    expect(factsOf(born, '2026-05-09').claimant.reachedStatePensionAge).toBe(false);
    expect(factsOf(born, '2026-05-10').claimant.reachedStatePensionAge).toBe(true);
    expect(factsOf(born, '2026-05-10').claimant.statePensionDate).toBe('2026-05-10');
  });

  it('with only an age, never treats someone as reaching State Pension age before they could have', () => {
    // Aged 66 on 21 November 2026: born between 22 November 1959 and 21 November 1960; the latest, 21 November 1960,
    // reaches State Pension age (66 and 8 months) on 21 July 2027.
    expect(factsOf({ adults: [{ age: 66 }] }).claimant.statePensionDate > '2026-11-21').toBe(true);
    expect(factsOf({ adults: [{ age: 67 }] }).claimant.reachedStatePensionAge).toBe(true);
  });

  it('counts children under 16, and young people under 20 only while in non-advanced education, eldest first', () => {
    const facts = factsOf({
      children: [
        { dateOfBirth: '2020-01-01' },
        { dateOfBirth: '2008-01-01', inNonAdvancedEducation: true },
        { dateOfBirth: '2009-06-01', inNonAdvancedEducation: false },
        { dateOfBirth: '2006-01-01', inNonAdvancedEducation: true },
      ],
    });
    expect(facts.children.map((child) => child.age)).toEqual([20, 18, 17, 6]);
    expect(facts.qualifyingChildren.map((child) => child.age)).toEqual([18, 6]);
    expect(facts.qualifyingChildren[1]!.bornBeforeHigherChildElementEnded).toBe(false);
  });

  it('converts each amount once into whole pence a week and a month', () => {
    const facts = factsOf({
      adults: [{ age: 30, earnings: { amount: 1200, period: 'MONTH', basis: 'NET' } }],
      housing: { tenure: 'PRIVATE_RENT', rent: { amount: 200, period: 'WEEK' } },
    });
    expect(facts.claimant.earnings).toEqual({ monthly: 120000, weekly: 27692, basis: 'NET' });
    expect(facts.rent).toEqual({ weekly: 20000, monthly: 86667 });
  });

  it("knows Greater London by the local authority's GSS code", () => {
    expect(factsOf({ localAuthority: 'E09000033' }).inGreaterLondon).toBe(true);
    expect(factsOf({ localAuthority: 'E08000003' }).inGreaterLondon).toBe(false);
    expect(factsOf({}).inGreaterLondon).toBe(false);
  });
});
