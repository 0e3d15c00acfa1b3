import { describe, expect, it } from '@jest/globals';
import { randomHouseholds } from '../test/support/random-households.js';
import { normaliseHousehold } from './core/normalise.js';
import { MONEY_PERIODS } from '../common/money.js';
import {
  BENEFIT_RATES,
  CHILD_DISABILITIES,
  COUNCIL_TAX_BANDS,
  COUNTRIES,
  EARNINGS_BASES,
  HOUSING_TENURES,
  OTHER_INCOME_TYPES,
  SEXES,
  SHARED_ACCOMMODATION_EXCEPTIONS,
  TWO_CHILD_LIMIT_EXCEPTIONS,
} from './household.js';
import { CALCULATION_REQUEST, validateCalculationRequest, type CalculationRequestCheck } from './validate-request.js';

const TODAY = '2026-11-21';

/** The smallest household the contract accepts: a single adult aged 40 who owns the home. */
const minimal = () => ({ country: 'ENGLAND', adults: [{ age: 40 }], housing: { tenure: 'OWNER_OCCUPIER' } }) as Record<string, unknown>;

/** The contract's own request example, every field given. */
const CONTRACT_EXAMPLE = {
  date: '2026-11-21',
  household: {
    country: 'ENGLAND',
    localAuthority: 'E09000033',
    adults: [
      {
        dateOfBirth: '1990-05-01',
        earnings: { amount: 1200, period: 'MONTH', basis: 'NET' },
        hoursPerWeek: 20,
        selfEmployment: null,
        otherIncome: [{ type: 'PRIVATE_PENSION', amount: 50, period: 'WEEK' }],
        benefitsReceived: [{ type: 'PIP_DAILY_LIVING', rate: 'STANDARD' }],
        health: { lcwra: false, lcwraBefore2026April: false, terminallyIll: false },
        caring: { hoursPerWeek: 0, caredForGetsQualifyingBenefit: false },
        student: false,
      },
    ],
    children: [{ dateOfBirth: '2019-03-02', sex: 'FEMALE', disability: 'NONE', inNonAdvancedEducation: false }],
    nonDependants: [{ age: 24, grossIncome: { amount: 300, period: 'WEEK' }, exempt: false }],
    housing: {
      tenure: 'PRIVATE_RENT',
      rent: { amount: 850, period: 'MONTH' },
      serviceCharges: null,
      bedrooms: 2,
      councilTax: { band: 'C', annualCharge: null, liable: true },
    },
    capital: 4000,
    childcareCosts: null,
  },
};

function errorsOf(check: CalculationRequestCheck) {
  if (check.valid) throw new Error('expected the request to be refused');
  return check.errors;
}

/** The problems (none when it is valid) with a household that differs from the minimal one by `change`. */
function problemsWith(change: (household: Record<string, unknown>) => void, date?: string) {
  const household = minimal();
  change(household);
  const check = validateCalculationRequest({ ...(date ? { date } : {}), household }, TODAY);
  return check.valid ? [] : check.errors;
}

const adultOf = (household: Record<string, unknown>) => (household.adults as Record<string, unknown>[])[0]!;
const housingOf = (household: Record<string, unknown>) => household.housing as Record<string, unknown>;
const paths = (errors: { path: string }[]) => errors.map((error) => error.path);

describe('validateCalculationRequest: what it accepts', () => {
  it('fills every optional field with the default of normalise.ts, and the date with today', () => {
    const check = validateCalculationRequest({ household: minimal() }, TODAY);
    expect(check).toEqual({
      valid: true,
      request: {
        date: TODAY,
        household: normaliseHousehold({ country: 'ENGLAND', adults: [{ age: 40 }], housing: { tenure: 'OWNER_OCCUPIER' } }),
      },
    });
  });

  it("accepts the contract's example as it is written", () => {
    const check = validateCalculationRequest(CONTRACT_EXAMPLE, TODAY);
    expect(check).toEqual({
      valid: true,
      request: { date: '2026-11-21', household: normaliseHousehold(CONTRACT_EXAMPLE.household as never) },
    });
  });

  it('accepts 500 random valid households as the property tests make them, unchanged', () => {
    for (const { seed, date, household } of randomHouseholds(500, 1, { rare: true })) {
      const check = validateCalculationRequest({ date, household }, TODAY);
      expect({ seed, check }).toEqual({ seed, check: { valid: true, request: { date, household: normaliseHousehold(household) } } });
    }
  });

  it('accepts null where the contract allows it, and pence written as 0.29 or whole pounds', () => {
    expect(
      validateCalculationRequest(
        {
          household: {
            ...minimal(),
            adults: [
              {
                age: 30,
                earnings: null,
                selfEmployment: null,
                hoursPerWeek: 37.5,
                otherIncome: [{ type: 'OTHER_UNEARNED', amount: 0.29, period: 'WEEK' }],
              },
            ],
            housing: {
              tenure: 'SOCIAL_RENT',
              rent: null,
              serviceCharges: null,
              bedrooms: null,
              councilTax: { band: null, annualCharge: 1234.5 },
            },
            childcareCosts: null,
            capital: 0,
          },
        },
        TODAY,
      ).valid,
    ).toBe(true);
  });

  it('refuses a due date more than 42 weeks ahead or more than 6 months gone, and a funeral that contradicts the household', () => {
    const ask = (household: Record<string, unknown>) => {
      const check = validateCalculationRequest({ date: '2026-11-30', household: { ...minimal(), ...household } }, TODAY);
      return check.valid ? [] : check.errors;
    };
    expect(ask({ expectingBaby: { dueDate: '2027-09-20' } })).toEqual([]);
    expect(ask({ expectingBaby: { dueDate: '2027-09-21' } })).toEqual([
      {
        path: 'household.expectingBaby.dueDate',
        message: 'household.expectingBaby.dueDate must be at most 42 weeks after the date asked (2026-11-30).',
      },
    ]);
    expect(ask({ expectingBaby: { dueDate: '2026-05-29' } })).toEqual([
      {
        path: 'household.expectingBaby.dueDate',
        message:
          'household.expectingBaby.dueDate is more than 6 months before the date asked (2026-11-30): give the baby as a child instead.',
      },
    ]);
    expect(ask({ adults: [{ age: 40 }, { age: 41 }], funeral: { relationship: 'PARTNER' } }).map((error) => error.path)).toEqual([
      'household.funeral.relationship',
    ]);
    expect(ask({ funeral: { relationship: 'CHILD', closerFamilyNotOnBenefits: true } }).map((error) => error.path)).toEqual([
      'household.funeral.closerFamilyNotOnBenefits',
    ]);
    expect(ask({ funeral: { relationship: 'CLOSE_FRIEND', closerFamilyNotOnBenefits: true, necessaryCosts: 900.5 } })).toEqual([]);
  });

  it('accepts a child born on the date asked', () => {
    expect(validateCalculationRequest({ date: TODAY, household: { ...minimal(), children: [{ dateOfBirth: TODAY }] } }, TODAY).valid).toBe(
      true,
    );
  });
});

describe('validateCalculationRequest: shape', () => {
  it('refuses a body that is not an object', () => {
    for (const body of [null, [], 'household', 3, undefined]) {
      expect(errorsOf(validateCalculationRequest(body, TODAY))).toEqual([
        { path: '', message: 'The request must be a JSON object with household (and optionally date).' },
      ]);
    }
  });

  it('refuses unknown fields at every depth, naming each with its path', () => {
    const errors = errorsOf(
      validateCalculationRequest(
        {
          colour: 'red',
          household: {
            ...minimal(),
            pets: 2,
            adults: [
              { age: 40, foo: 1, health: { lcwra: false, blind: true }, earnings: { amount: 1, period: 'WEEK', basis: 'NET', tax: 0 } },
            ],
            housing: { tenure: 'OWNER_OCCUPIER', councilTax: { band: 'A', discount: 25 } },
          },
        },
        TODAY,
      ),
    );
    expect(errors).toEqual([
      { path: 'colour', message: 'colour is not a field this request accepts.' },
      { path: 'household.pets', message: 'household.pets is not a field this request accepts.' },
      { path: 'household.adults[0].foo', message: 'household.adults[0].foo is not a field this request accepts.' },
      { path: 'household.adults[0].earnings.tax', message: 'household.adults[0].earnings.tax is not a field this request accepts.' },
      { path: 'household.adults[0].health.blind', message: 'household.adults[0].health.blind is not a field this request accepts.' },
      {
        path: 'household.housing.councilTax.discount',
        message: 'household.housing.councilTax.discount is not a field this request accepts.',
      },
    ]);
  });

  it('does not take an inherited name such as constructor for a field given', () => {
    expect(paths(problemsWith((household) => delete household.country))).toEqual(['household.country']);
    expect(
      errorsOf(
        validateCalculationRequest(
          JSON.parse('{"household":{"country":"ENGLAND","adults":[{"age":40}],"housing":{"tenure":"OWNER_OCCUPIER"},"__proto__":{}}}'),
          TODAY,
        ),
      ),
    ).toEqual([{ path: 'household.__proto__', message: 'household.__proto__ is not a field this request accepts.' }]);
  });

  it('names each required field that is missing', () => {
    expect(errorsOf(validateCalculationRequest({}, TODAY))).toEqual([{ path: 'household', message: 'household is required.' }]);
    expect(errorsOf(validateCalculationRequest({ household: {} }, TODAY))).toEqual([
      { path: 'household.country', message: 'household.country is required: one of ENGLAND, SCOTLAND, WALES, NORTHERN_IRELAND.' },
      { path: 'household.adults', message: 'household.adults is required: a list of 1 or 2 adults.' },
      { path: 'household.housing', message: 'household.housing is required: an object with at least tenure.' },
    ]);
    expect(problemsWith((household) => (household.housing = {}))).toEqual([
      {
        path: 'household.housing.tenure',
        message:
          'household.housing.tenure is required: one of PRIVATE_RENT, SOCIAL_RENT, TEMPORARY_ACCOMMODATION, SUPPORTED_ACCOMMODATION, OWNER_OCCUPIER, SHARED_OWNERSHIP, LIVING_WITH_OTHERS_NO_RENT, HOMELESS.',
      },
    ]);
    expect(problemsWith((household) => (household.adults = [{}]))).toEqual([
      {
        path: 'household.adults[0].dateOfBirth',
        message: 'household.adults[0].dateOfBirth is required (or age, in whole years, when the date of birth is not known).',
      },
    ]);
    expect(problemsWith((household) => (household.children = [{ sex: 'MALE' }]))).toEqual([
      {
        path: 'household.children[0].dateOfBirth',
        message: 'household.children[0].dateOfBirth is required: a date written as yyyy-mm-dd.',
      },
    ]);
    expect(paths(problemsWith((household) => (household.nonDependants = [{}])))).toEqual([
      'household.nonDependants[0].age',
      'household.nonDependants[0].grossIncome',
      'household.nonDependants[0].exempt',
    ]);
    expect(problemsWith((household) => (adultOf(household).selfEmployment = { profit: { amount: 100 } }))).toEqual([
      {
        path: 'household.adults[0].selfEmployment.profit.period',
        message: 'household.adults[0].selfEmployment.profit.period is required: one of WEEK, MONTH, YEAR.',
      },
      {
        path: 'household.adults[0].selfEmployment.startUpPeriod',
        message: 'household.adults[0].selfEmployment.startUpPeriod is required: true or false.',
      },
    ]);
    expect(problemsWith((household) => (adultOf(household).earnings = { period: 'WEEK', basis: 'NET' }))).toEqual([
      { path: 'household.adults[0].earnings.amount', message: 'household.adults[0].earnings.amount is required: a number of pounds.' },
    ]);
  });

  it('refuses wrong types with a plain message', () => {
    expect(
      problemsWith((household) => {
        household.children = null;
        household.housing = [];
        Object.assign(adultOf(household), {
          student: 'no',
          hoursPerWeek: '20',
          earnings: 1200,
          caring: { hoursPerWeek: 10, caredForGetsQualifyingBenefit: 1 },
        });
      }),
    ).toEqual([
      { path: 'household.adults[0].earnings', message: 'household.adults[0].earnings must be an object.' },
      { path: 'household.adults[0].hoursPerWeek', message: 'household.adults[0].hoursPerWeek must be a number of hours from 0 to 168.' },
      {
        path: 'household.adults[0].caring.caredForGetsQualifyingBenefit',
        message: 'household.adults[0].caring.caredForGetsQualifyingBenefit must be true or false.',
      },
      { path: 'household.adults[0].student', message: 'household.adults[0].student must be true or false.' },
      { path: 'household.children', message: 'household.children must be a list.' },
      { path: 'household.housing', message: 'household.housing must be an object.' },
    ]);
  });

  it('takes whether a non-dependant works 16 hours as true, false or null, and refuses anything else with its path', () => {
    const withWork = (inRemunerativeWork: unknown) =>
      problemsWith(
        (household) =>
          (household.nonDependants = [{ age: 24, grossIncome: { amount: 300, period: 'WEEK' }, exempt: false, inRemunerativeWork }]),
      );
    expect(withWork(true)).toEqual([]);
    expect(withWork(false)).toEqual([]);
    expect(withWork(null)).toEqual([]);
    expect(paths(withWork('yes'))).toEqual(['household.nonDependants[0].inRemunerativeWork']);
    expect(paths(withWork(1))).toEqual(['household.nonDependants[0].inRemunerativeWork']);
  });

  it('takes 1 or 2 adults only', () => {
    const message = 'household.adults must list 1 adult (a single claimant) or 2 (a couple, the claimant first).';
    expect(problemsWith((household) => (household.adults = []))).toEqual([{ path: 'household.adults', message }]);
    expect(problemsWith((household) => (household.adults = [{ age: 30 }, { age: 31 }, { age: 32 }]))).toEqual([
      { path: 'household.adults', message },
    ]);
    expect(problemsWith((household) => (household.adults = { age: 30 }))).toEqual([{ path: 'household.adults', message }]);
    expect(validateCalculationRequest({ household: { ...minimal(), adults: [{ age: 30 }, { age: 31 }] } }, TODAY).valid).toBe(true);
  });

  it('caps the lengths of lists', () => {
    expect(problemsWith((household) => (household.children = Array.from({ length: 21 }, () => ({ dateOfBirth: '2020-01-01' }))))).toEqual([
      { path: 'household.children', message: 'household.children may list at most 20.' },
    ]);
  });
});

describe('validateCalculationRequest: enums', () => {
  it('checks every enum against the contract values', () => {
    expect(
      problemsWith((household) => {
        household.country = 'England';
        household.children = [{ dateOfBirth: '2020-01-01', sex: 'F', disability: 'SEVERE' }];
        housingOf(household).tenure = 'RENTING';
        adultOf(household).otherIncome = [{ type: 'LOTTERY', amount: 5, period: 'WEEK' }];
      }),
    ).toEqual([
      { path: 'household.country', message: 'household.country must be one of ENGLAND, SCOTLAND, WALES, NORTHERN_IRELAND.' },
      {
        path: 'household.adults[0].otherIncome[0].type',
        message:
          'household.adults[0].otherIncome[0].type must be one of STATE_PENSION, PRIVATE_PENSION, NEW_STYLE_JSA, NEW_STYLE_ESA, CARERS_ALLOWANCE, MAINTENANCE_SPOUSAL, CHILD_MAINTENANCE, STUDENT_INCOME, OTHER_UNEARNED.',
      },
      { path: 'household.children[0].sex', message: 'household.children[0].sex must be one of FEMALE, MALE.' },
      { path: 'household.children[0].disability', message: 'household.children[0].disability must be one of NONE, LOWER, HIGHER.' },
      {
        path: 'household.housing.tenure',
        message:
          'household.housing.tenure must be one of PRIVATE_RENT, SOCIAL_RENT, TEMPORARY_ACCOMMODATION, SUPPORTED_ACCOMMODATION, OWNER_OCCUPIER, SHARED_OWNERSHIP, LIVING_WITH_OTHERS_NO_RENT, HOMELESS.',
      },
    ]);
    expect(problemsWith((household) => (adultOf(household).earnings = { amount: 10, period: 'WEEK', basis: 'TAKE_HOME' }))).toEqual([
      { path: 'household.adults[0].earnings.basis', message: 'household.adults[0].earnings.basis must be one of NET, GROSS.' },
    ]);
  });

  it('checks each benefit received has a rate valid for its type', () => {
    const benefits = (benefitsReceived: unknown[]) => problemsWith((household) => (adultOf(household).benefitsReceived = benefitsReceived));
    expect(
      benefits([{ type: 'PIP_DAILY_LIVING', rate: 'ENHANCED' }, { type: 'DLA_CARE', rate: 'HIGHEST' }, { type: 'CONSTANT_ATTENDANCE' }])
        .length,
    ).toBe(0);
    expect(benefits([{ type: 'PIP_DAILY_LIVING', rate: 'LOWEST' }])).toEqual([
      {
        path: 'household.adults[0].benefitsReceived[0].rate',
        message: 'household.adults[0].benefitsReceived[0].rate must be one of STANDARD, ENHANCED for PIP_DAILY_LIVING.',
      },
    ]);
    expect(benefits([{ type: 'ATTENDANCE_ALLOWANCE' }])).toEqual([
      {
        path: 'household.adults[0].benefitsReceived[0].rate',
        message: 'household.adults[0].benefitsReceived[0].rate is required: one of LOWER, HIGHER for ATTENDANCE_ALLOWANCE.',
      },
    ]);
    expect(benefits([{ type: 'ARMED_FORCES_INDEPENDENCE', rate: 'HIGHER' }])).toEqual([
      {
        path: 'household.adults[0].benefitsReceived[0].rate',
        message: 'household.adults[0].benefitsReceived[0].rate must be left out: ARMED_FORCES_INDEPENDENCE has no rates.',
      },
    ]);
    expect(paths(benefits([{ type: 'CARERS_ALLOWANCE' }]))).toEqual(['household.adults[0].benefitsReceived[0].type']);
  });

  it('checks the council tax band against the nation', () => {
    expect(problemsWith((household) => (housingOf(household).councilTax = { band: 'I' }))).toEqual([
      { path: 'household.housing.councilTax.band', message: 'household.housing.councilTax.band I exists only in Wales.' },
    ]);
    expect(
      problemsWith((household) => {
        household.country = 'NORTHERN_IRELAND';
        housingOf(household).councilTax = { band: 'A' };
      }),
    ).toEqual([
      {
        path: 'household.housing.councilTax.band',
        message:
          'household.housing.councilTax.band must be null in Northern Ireland, which has no council tax bands: give annualCharge instead.',
      },
    ]);
    expect(
      problemsWith((household) => {
        household.country = 'WALES';
        housingOf(household).councilTax = { band: 'I' };
      }),
    ).toEqual([]);
  });

  it('checks the local authority is a GSS code in the country given', () => {
    expect(problemsWith((household) => (household.localAuthority = 'Westminster'))).toEqual([
      { path: 'household.localAuthority', message: "household.localAuthority must be a local authority's GSS code, such as E09000033." },
    ]);
    expect(problemsWith((household) => (household.localAuthority = 'S12000036'))).toEqual([
      {
        path: 'household.localAuthority',
        message: 'household.localAuthority S12000036 is a local authority in SCOTLAND, but country is ENGLAND.',
      },
    ]);
  });

  it('checks housing.brma names a Broad Rental Market Area held, in the country given, so a rent is never left unchecked', () => {
    const areas: Record<string, { name: string; nation: 'ENGLAND' | 'SCOTLAND' }> = {
      'outer-south-east-london': { name: 'Outer South East London', nation: 'ENGLAND' },
      lothian: { name: 'Lothian', nation: 'SCOTLAND' },
    };
    const lookup = (name: string) => areas[name.toLowerCase().replace(/[^a-z]+/g, '-')];
    const check = (brma: string) => {
      const household = { ...minimal(), housing: { tenure: 'PRIVATE_RENT', rent: { amount: 800, period: 'MONTH' }, brma } };
      return validateCalculationRequest({ household }, TODAY, lookup);
    };
    expect(check('outer south east london').valid).toBe(true);
    expect(errorsOf(check('Atlantis'))).toEqual([
      {
        path: 'household.housing.brma',
        message:
          'household.housing.brma "Atlantis" is not a Broad Rental Market Area we hold: give its name as the Valuation Office Agency writes it (for example "Outer South East London"), or leave it out to work it out from localAuthority.',
      },
    ]);
    expect(errorsOf(check('Lothian'))).toEqual([
      { path: 'household.housing.brma', message: 'household.housing.brma Lothian is in SCOTLAND, but country is ENGLAND.' },
    ]);
  });
});

describe('validateCalculationRequest: money', () => {
  const rent = (amount: unknown, period: unknown = 'MONTH') =>
    problemsWith((household) => {
      housingOf(household).tenure = 'PRIVATE_RENT';
      housingOf(household).rent = { amount, period };
    });

  it('takes pounds with at most 2 decimals', () => {
    expect(rent(850.5)).toEqual([]);
    expect(rent(850.25)).toEqual([]);
    expect(rent(0)).toEqual([]);
    expect(rent(850.255)).toEqual([
      {
        path: 'household.housing.rent.amount',
        message: 'household.housing.rent.amount must have at most 2 decimal places (pounds and pence).',
      },
    ]);
    expect(paths(rent(1.005))).toEqual(['household.housing.rent.amount']);
    expect(paths(rent(1e-7))).toEqual(['household.housing.rent.amount']);
  });

  it('refuses a negative amount, text, and an amount beyond any real figure', () => {
    expect(rent(-1)).toEqual([{ path: 'household.housing.rent.amount', message: 'household.housing.rent.amount must be 0 or more.' }]);
    expect(rent('850')).toEqual([
      { path: 'household.housing.rent.amount', message: 'household.housing.rent.amount must be a number of pounds.' },
    ]);
    expect(rent(100_000_000.01)).toEqual([
      { path: 'household.housing.rent.amount', message: 'household.housing.rent.amount must be at most 100000000.' },
    ]);
  });

  it('takes the period as WEEK, MONTH or YEAR', () => {
    expect(rent(850, 'FORTNIGHT')).toEqual([
      { path: 'household.housing.rent.period', message: 'household.housing.rent.period must be one of WEEK, MONTH, YEAR.' },
    ]);
    expect(rent(850, 'month').length).toBe(1);
  });

  it('checks capital and a council tax charge as pounds too', () => {
    expect(problemsWith((household) => (household.capital = -0.01))).toEqual([
      { path: 'household.capital', message: 'household.capital must be 0 or more.' },
    ]);
    expect(paths(problemsWith((household) => (household.capital = 6000.001)))).toEqual(['household.capital']);
    expect(paths(problemsWith((household) => (housingOf(household).councilTax = { annualCharge: -5 })))).toEqual([
      'household.housing.councilTax.annualCharge',
    ]);
  });
});

describe('validateCalculationRequest: dates, ages and hours', () => {
  it('takes real yyyy-mm-dd dates only', () => {
    for (const date of ['2026-02-29', '2026-2-3', '21/11/2026', '2026-11-21T00:00:00Z', 20261121]) {
      expect(errorsOf(validateCalculationRequest({ date, household: minimal() }, TODAY))).toEqual([
        { path: 'date', message: 'date must be a real date written as yyyy-mm-dd.' },
      ]);
    }
    expect(problemsWith((household) => (adultOf(household).dateOfBirth = '1990-13-01'))).toEqual([
      { path: 'household.adults[0].dateOfBirth', message: 'household.adults[0].dateOfBirth must be a real date written as yyyy-mm-dd.' },
    ]);
  });

  it('refuses a date of birth after the date asked (or today, when none is asked)', () => {
    expect(problemsWith((household) => (household.children = [{ dateOfBirth: '2026-06-01' }]), '2026-05-01')).toEqual([
      {
        path: 'household.children[0].dateOfBirth',
        message: 'household.children[0].dateOfBirth must not be after the date asked (2026-05-01).',
      },
    ]);
    expect(problemsWith((household) => (household.children = [{ dateOfBirth: '2026-11-22' }]))).toEqual([
      {
        path: 'household.children[0].dateOfBirth',
        message: 'household.children[0].dateOfBirth must not be after the date asked (2026-11-21).',
      },
    ]);
    expect(paths(problemsWith((household) => (adultOf(household).dateOfBirth = '2027-01-01')))).toEqual([
      'household.adults[0].dateOfBirth',
    ]);
  });

  it('takes ages from 0 to 130 in whole years', () => {
    expect(problemsWith((household) => (adultOf(household).age = 131))).toEqual([
      { path: 'household.adults[0].age', message: 'household.adults[0].age must be a whole number of years from 0 to 130.' },
    ]);
    expect(paths(problemsWith((household) => (adultOf(household).age = -1)))).toEqual(['household.adults[0].age']);
    expect(paths(problemsWith((household) => (adultOf(household).age = 40.5)))).toEqual(['household.adults[0].age']);
    expect(problemsWith((household) => (adultOf(household).age = 130))).toEqual([]);
    expect(problemsWith((household) => (household.adults = [{ dateOfBirth: '1890-01-01' }]))).toEqual([
      { path: 'household.adults[0].dateOfBirth', message: 'household.adults[0].dateOfBirth gives an age over 130 on the date asked.' },
    ]);
    expect(
      paths(
        problemsWith((household) => (household.nonDependants = [{ age: 200, grossIncome: { amount: 0, period: 'WEEK' }, exempt: false }])),
      ),
    ).toEqual(['household.nonDependants[0].age']);
  });

  it('takes hours from 0 to 168 a week', () => {
    expect(problemsWith((household) => (adultOf(household).hoursPerWeek = 169))).toEqual([
      { path: 'household.adults[0].hoursPerWeek', message: 'household.adults[0].hoursPerWeek must be a number of hours from 0 to 168.' },
    ]);
    expect(paths(problemsWith((household) => (adultOf(household).caring = { hoursPerWeek: -1 })))).toEqual([
      'household.adults[0].caring.hoursPerWeek',
    ]);
    expect(problemsWith((household) => (adultOf(household).caring = { hoursPerWeek: 168 }))).toEqual([]);
  });

  it('takes the protected LCWRA rate only with an LCWRA finding', () => {
    expect(problemsWith((household) => (adultOf(household).health = { lcwraBefore2026April: true }))).toEqual([
      {
        path: 'household.adults[0].health.lcwraBefore2026April',
        message: 'household.adults[0].health.lcwraBefore2026April is about an LCWRA award, so it needs lcwra to be true as well.',
      },
    ]);
    expect(problemsWith((household) => (adultOf(household).health = { lcwra: true, lcwraBefore2026April: true }))).toEqual([]);
  });

  it('takes a partner subject to immigration control, never the first adult, who is the one who claims', () => {
    expect(problemsWith((household) => (household.adults = [{ age: 30 }, { age: 28, subjectToImmigrationControl: true }]))).toEqual([]);
    const valid = validateCalculationRequest(
      { date: TODAY, household: { ...minimal(), adults: [{ age: 30 }, { age: 28, subjectToImmigrationControl: true }] } },
      TODAY,
    );
    expect(valid.valid && valid.request.household.adults.map((adult) => adult.subjectToImmigrationControl ?? false)).toEqual([false, true]);
    expect(problemsWith((household) => (household.adults = [{ age: 30, subjectToImmigrationControl: true }, { age: 28 }]))).toEqual([
      {
        path: 'household.adults[0].subjectToImmigrationControl',
        message:
          'household.adults[0].subjectToImmigrationControl must be false on the first adult, who is the one who claims: put the partner who may claim public funds first. Where neither may, this calculator cannot work out their benefits.',
      },
    ]);
  });

  it('takes a partner subject to immigration control at any age: a claimant over State Pension age then claims alone', () => {
    // Only the claimant over it: Pension Credit and Housing Benefit as a single person (SPC Regs 2002 reg 5(4) and (5)).
    expect(problemsWith((household) => (household.adults = [{ age: 70 }, { age: 60, subjectToImmigrationControl: true }]))).toEqual([]);
    // Both over it: Pension Credit leaves the partner out (SPC Regs 2002 reg 5(1)(h)), which the engine works out.
    expect(problemsWith((household) => (household.adults = [{ age: 70 }, { age: 68, subjectToImmigrationControl: true }]))).toEqual([]);
    // Born 10 August 1960: State Pension age on 10 January 2027, so a claimant under it on one date and over it on the next.
    const bornIn1960 = [{ dateOfBirth: '1960-08-10' }, { age: 50, subjectToImmigrationControl: true }];
    expect(problemsWith((household) => (household.adults = bornIn1960))).toEqual([]);
    expect(problemsWith((household) => (household.adults = bornIn1960), '2027-01-10')).toEqual([]);
  });
});

describe("validateCalculationRequest: a student's assessment periods", () => {
  it('takes assessmentPeriods only on STUDENT_INCOME given for the year', () => {
    const income = (extra: Record<string, unknown>) => (household: Record<string, unknown>) =>
      (adultOf(household).otherIncome = [{ type: 'STUDENT_INCOME', amount: 5400, period: 'YEAR', ...extra }]);
    expect(problemsWith(income({ assessmentPeriods: 9 }))).toEqual([]);
    expect(paths(problemsWith(income({ assessmentPeriods: 9, period: 'MONTH' })))).toEqual([
      'household.adults[0].otherIncome[0].assessmentPeriods',
    ]);
    expect(paths(problemsWith(income({ assessmentPeriods: 13 })))).toEqual(['household.adults[0].otherIncome[0].assessmentPeriods']);
  });
});

describe('validateCalculationRequest: someone away from home', () => {
  it('takes a partner away, never the first adult, whatever their ages', () => {
    const away = { reason: 'PRISON', moreThanSixMonths: false };
    expect(problemsWith((household) => (household.adults = [{ age: 30 }, { age: 31, awayFromHome: away }]))).toEqual([]);
    expect(paths(problemsWith((household) => (household.adults = [{ age: 30, awayFromHome: away }, { age: 31 }])))).toEqual([
      'household.adults[0].awayFromHome',
    ]);
    expect(problemsWith((household) => (household.adults = [{ age: 70 }, { age: 71, awayFromHome: away }]))).toEqual([]);
    expect(problemsWith((household) => (household.adults = [{ age: 70 }, { age: 60, awayFromHome: away }]))).toEqual([]);
    // More than 52 weeks is more than 6 months.
    const longer = { reason: 'CARE_HOME', moreThanSixMonths: false, moreThanFiftyTwoWeeks: true };
    expect(problemsWith((household) => (household.adults = [{ age: 70 }, { age: 71, awayFromHome: longer }]))).toEqual([
      {
        path: 'household.adults[1].awayFromHome.moreThanSixMonths',
        message:
          'household.adults[1].awayFromHome.moreThanSixMonths must be true when moreThanFiftyTwoWeeks is: an absence of more than 52 weeks is more than 6 months.',
      },
    ]);
    expect(
      paths(
        problemsWith(
          (household) => (household.adults = [{ age: 30 }, { age: 31, awayFromHome: { reason: 'HOLIDAY', moreThanSixMonths: false } }]),
        ),
      ),
    ).toEqual(['household.adults[1].awayFromHome.reason']);
  });

  it('takes a single first adult in hospital, a care home or prison, but not the first of a couple, nor in prison at State Pension age', () => {
    const single = (age: number, awayFromHome: Record<string, unknown>) =>
      problemsWith((household) => (household.adults = [{ age, awayFromHome }]));
    expect(single(30, { reason: 'HOSPITAL', moreThanSixMonths: true })).toEqual([]);
    expect(single(30, { reason: 'CARE_HOME', moreThanSixMonths: false, moreThanFourWeeks: true })).toEqual([]);
    expect(single(30, { reason: 'PRISON', moreThanSixMonths: false })).toEqual([]);
    const [couple] = problemsWith(
      (household) => (household.adults = [{ age: 30, awayFromHome: { reason: 'HOSPITAL', moreThanSixMonths: false } }, { age: 31 }]),
    );
    expect(couple.message).toMatch(/put the partner who is at home first/);
    expect(single(70, { reason: 'HOSPITAL', moreThanSixMonths: false })).toEqual([]);
    expect(single(70, { reason: 'CARE_HOME', moreThanSixMonths: true, moreThanFiftyTwoWeeks: true, paysOwnCareHomeFees: true })).toEqual(
      [],
    );
    const [prison] = single(70, { reason: 'PRISON', moreThanSixMonths: false });
    expect(prison).toEqual({
      path: 'household.adults[0].awayFromHome',
      message:
        'household.adults[0].awayFromHome is not worked out yet for a single person in prison who has reached State Pension age (in HOSPITAL or a CARE_HOME it is).',
    });
    // Only a care home has fees to pay.
    expect(paths(single(70, { reason: 'HOSPITAL', moreThanSixMonths: false, paysOwnCareHomeFees: true }))).toEqual([
      'household.adults[0].awayFromHome.paysOwnCareHomeFees',
    ]);
  });
});

describe('validateCalculationRequest: several problems', () => {
  it('lists every problem at once, in the order of the request', () => {
    const errors = errorsOf(
      validateCalculationRequest(
        {
          date: '2026-13-01',
          household: {
            country: 'ENGLAND',
            adults: [{ age: 40, foo: true, earnings: { amount: 10.123, period: 'WEEK', basis: 'NET' } }],
            housing: { rent: { amount: 500, period: 'MONTH' } },
          },
        },
        TODAY,
      ),
    );
    expect(paths(errors)).toEqual(['date', 'household.adults[0].foo', 'household.adults[0].earnings.amount', 'household.housing.tenure']);
  });
});

describe('the calculation request schema', () => {
  it("names the engine's own enums, so the contract and the household type cannot drift apart", () => {
    const defs = CALCULATION_REQUEST.schema.$defs as Record<string, { enum?: readonly string[]; 'x-ratesByType'?: unknown }>;
    expect(defs.Country!.enum).toEqual(COUNTRIES);
    expect(defs.MoneyPeriod!.enum).toEqual(MONEY_PERIODS);
    expect(defs.EarningsBasis!.enum).toEqual(EARNINGS_BASES);
    expect(defs.OtherIncomeType!.enum).toEqual(OTHER_INCOME_TYPES);
    expect(defs.BenefitReceivedType!.enum).toEqual(Object.keys(BENEFIT_RATES));
    expect(defs.BenefitReceived!['x-ratesByType']).toEqual(BENEFIT_RATES);
    expect(defs.Sex!.enum).toEqual(SEXES);
    expect(defs.ChildDisability!.enum).toEqual(CHILD_DISABILITIES);
    expect(defs.CouncilTaxBand!.enum).toEqual(COUNCIL_TAX_BANDS);
    expect(defs.Tenure!.enum).toEqual(HOUSING_TENURES);
    const adult = defs.Adult as { properties: Record<string, { enum?: readonly string[] }> };
    expect(adult.properties.sharedAccommodationException!.enum).toEqual(SHARED_ACCOMMODATION_EXCEPTIONS);
    const child = defs.Child as { properties: Record<string, { enum?: readonly string[] }> };
    expect(child.properties.twoChildLimitException!.enum).toEqual(TWO_CHILD_LIMIT_EXCEPTIONS);
  });
});
