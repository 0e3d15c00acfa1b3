import { describe, expect, it } from '@jest/globals';
import { CALCULATION_REQUEST } from '../validate-request.js';
import { ageInYears, parseIsoDate } from '../../common/dates/calendar.js';
import { plausibleSample } from './plausible-households.js';

const DATE = '2027-04-12';
const sample = plausibleSample(5000, 1, DATE);
const ageOn = (birth: string) => ageInYears(parseIsoDate(birth)!, parseIsoDate(DATE)!);

describe('the impact’s plausible households', () => {
  it('are households the calculation API accepts, the same for the same seed', () => {
    for (const { input } of sample.slice(0, 500)) expect(CALCULATION_REQUEST.problems({ date: DATE, household: input })).toEqual([]);
    expect(plausibleSample(50, 1, DATE).map(({ seed }) => seed)).toEqual(sample.slice(0, 50).map(({ seed }) => seed));
  });

  it('have nobody implausible: parents of working age, children younger than their parent by 18 years, no pensioner working full time, rents of this world', () => {
    for (const { household } of sample) {
      const ages = household.adults.map((adult) => adult.age ?? ageOn(adult.dateOfBirth!));
      for (const child of household.children) {
        const childAge = ageOn(child.dateOfBirth);
        expect(childAge).toBeLessThan(18);
        expect(ages[0]! - childAge).toBeGreaterThanOrEqual(18);
        expect(ages[0]).toBeLessThanOrEqual(53);
      }
      for (const [index, adult] of household.adults.entries()) if (ages[index]! >= 67) expect(adult.hoursPerWeek).toBeLessThan(30);
      const rent = household.housing.rent;
      if (rent) expect(rent.amount).toBeLessThanOrEqual(350);
    }
  });

  it('come in the proportions cited: about 19 in 100 renting privately in England, 30 in 100 living alone, 3 in 100 in Northern Ireland', () => {
    const share = (test: (household: (typeof sample)[number]['household']) => boolean) =>
      sample.filter(({ household }) => test(household)).length / sample.length;
    const england = sample.filter(({ household }) => household.country === 'ENGLAND');
    const privateInEngland = england.filter(({ household }) => household.housing.tenure === 'PRIVATE_RENT').length / england.length;
    expect(privateInEngland).toBeGreaterThan(0.17);
    expect(privateInEngland).toBeLessThan(0.25);
    expect(
      share((household) => household.adults.length === 1 && household.children.length === 0 && household.nonDependants.length === 0),
    ).toBeCloseTo(0.3, 1);
    expect(share((household) => household.country === 'NORTHERN_IRELAND')).toBeCloseTo(0.028, 1);
    expect(share((household) => household.children.length > 0)).toBeCloseTo(0.37, 1);
  });
});
