import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AmountLine, BenefitCode, BenefitOutcome } from '../core/benefit.js';
import { taxYearOf } from '../core/entitlement-engine.js';
import type { CalculationResult } from '../core/calculation-result.js';
import { normaliseHousehold, type HouseholdInput } from '../core/normalise.js';
import { deriveFacts } from '../facts.js';
import { bothPeriods, convertPence } from '../../common/money.js';
import { checkExtraHelpFiles, describeProblem } from './definitions.js';
import { evaluateExtraHelp, FLAG_TRUE_PENCE, LoadedExtraHelp, withFigures, type ExtraHelpResult } from './extra-help.js';
import { EXTRA_HELP_FACTS, extraHelpFacts } from './facts.js';
import { readFilesUnder, RULESETS_DIR } from '../load.js';
import { ParameterReader } from '../core/parameters.js';
import { loadParameterSet } from '../parameters/parameter-set.js';

const DEFINITIONS_DIR = join(import.meta.dirname, '../../definitions/extra-help');

const shipped = readFilesUnder(DEFINITIONS_DIR);
const extraHelp = LoadedExtraHelp.fromFiles(shipped);

const DATE = '2026-11-23';
/** The rates on the date the results are for (the extra help reads the hours of caring that make a carer). */
const rates = loadParameterSet(readFilesUnder(join(RULESETS_DIR, 'parameters')));
const parameters = new ParameterReader(rates, DATE);

/** A benefit the calculation found payable, with its figures in its own period. */
function award(
  code: BenefitCode,
  pence: number,
  period: 'WEEK' | 'MONTH',
  elements: { code: string; pence: number }[] = [],
): BenefitOutcome {
  const lines: AmountLine[] = elements.map((element) => ({
    code: element.code,
    name: element.code,
    ...bothPeriods(element.pence, period),
  }));
  return {
    code,
    name: code,
    system: 'BOTH',
    meansTested: true,
    eligible: true,
    amountShown: true,
    ...bothPeriods(pence, period),
    elements: lines,
    deductions: [],
    explanation: [],
    rules: [],
    parameters: [],
    variables: [],
  };
}

/**
 * A calculation result built by hand: the household's facts from the core, the benefit outcomes as given, and
 * the earnings after tax as given (by default the pay given: the households here give pay after tax, or below any tax).
 */
function resultFor(household: HouseholdInput, benefits: BenefitOutcome[] = [], incomeMonthlyPence?: number): CalculationResult {
  const facts = deriveFacts(normaliseHousehold(household), DATE);
  const earned = facts.adults.reduce((sum, adult) => sum + (adult.earnings?.monthly ?? 0) + (adult.selfEmployment?.monthly ?? 0), 0);
  const unearned = facts.adults.reduce((sum, adult) => sum + adult.unearnedIncome.reduce((total, income) => total + income.monthly, 0), 0);
  const earnings = incomeMonthlyPence ?? earned;
  const monthly = earnings + unearned;
  const nil = { weeklyPence: 0, monthlyPence: 0 };
  return {
    date: DATE,
    rulesVersion: taxYearOf(DATE),
    lastRatesHeld: null,
    provisional: null,
    system: facts.system,
    facts,
    benefits,
    income: {
      weeklyPence: convertPence(monthly, 'MONTH', 'WEEK'),
      monthlyPence: monthly,
      earnings: { weeklyPence: convertPence(earnings, 'MONTH', 'WEEK'), monthlyPence: earnings },
    },
    totals: { UNIVERSAL_CREDIT: nil, LEGACY_AND_PENSION_AGE: nil },
    variables: [],
    extraHelp: [],
  };
}

const offered = (result: ExtraHelpResult) => result.categories.flatMap((category) => category.items.map((item) => item.name));
const warmHomesFlag = (result: ExtraHelpResult) => result.variables.find((variable) => variable.name === 'WARM_HOMES_NETWORK_ELIGIBLE');

const pensionerOnGuaranteeCredit = resultFor(
  { country: 'ENGLAND', adults: [{ dateOfBirth: '1950-03-01' }], housing: { tenure: 'OWNER_OCCUPIER' }, capital: 2000 },
  [award('PENSION_CREDIT', 4015, 'WEEK')],
);

/** A lone parent of a 2-year-old and a 6-year-old, working a little, on Universal Credit with help with rent. */
const universalCreditFamily = (country: 'ENGLAND' | 'SCOTLAND', takeHomePayMonthly = 350) =>
  resultFor(
    {
      country,
      adults: [{ age: 29, earnings: { amount: takeHomePayMonthly, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 8 }],
      children: [{ dateOfBirth: '2024-05-10' }, { dateOfBirth: '2020-02-01' }],
      housing: { tenure: 'SOCIAL_RENT', rent: { amount: 500, period: 'MONTH' } },
    },
    [
      award('CHILD_BENEFIT', 4495, 'WEEK'),
      award('UNIVERSAL_CREDIT', 160000, 'MONTH', [
        { code: 'STANDARD_ALLOWANCE', pence: 42490 },
        { code: 'CHILD', pence: 60788 },
        { code: 'HOUSING', pence: 50000 },
      ]),
    ],
  );

describe('the shipped extra-help definitions', () => {
  it('load with no problems and hold at least 25 schemes, including the white goods and emergency grants category', () => {
    expect(checkExtraHelpFiles(shipped).map(describeProblem)).toEqual([]);
    const items = extraHelp.definitions.categories.flatMap((category) => category.items);
    expect(items.length).toBeGreaterThanOrEqual(25);
    expect(extraHelp.definitions.categories.map((category) => category.title)).toContain('White goods and emergency grants');
    expect(extraHelp.definitions.variables.map((variable) => variable.name)).toEqual(['WARM_HOMES_NETWORK_ELIGIBLE']);
  });

  it('document every extra-help fact in the README for policy staff', () => {
    const readme = readFileSync(join(DEFINITIONS_DIR, 'README.md'), 'utf8');
    expect(Object.keys(EXTRA_HELP_FACTS).filter((fact) => !readme.includes(`\`${fact}\``))).toEqual([]);
  });
});

describe('extra help for a household', () => {
  it('gives a pensioner on Pension Credit guarantee credit the Warm Home Discount and the Warm Homes Network flag', () => {
    const result = evaluateExtraHelp(extraHelp, pensionerOnGuaranteeCredit, parameters);
    expect(offered(result)).toEqual(
      expect.arrayContaining([
        'warm-home-discount',
        'cold-weather-payment',
        'older-persons-bus-pass-england',
        'free-prescriptions-england',
      ]),
    );
    expect(warmHomesFlag(result)).toEqual({
      name: 'WARM_HOMES_NETWORK_ELIGIBLE',
      weeklyPence: FLAG_TRUE_PENCE,
      monthlyPence: FLAG_TRUE_PENCE,
    });
    // The grants for a new baby are benefits worked out from the pregnancy and the children now, not extra help.
    expect(offered(result)).not.toContain('healthy-start');
  });

  it('gives a free TV licence from 75 only with Pension Credit', () => {
    // Born 1 March 1950: 76 on 23 November 2026.
    expect(extraHelpFacts(pensionerOnGuaranteeCredit, parameters).oldestAdultAge).toBe(76);
    expect(offered(evaluateExtraHelp(extraHelp, pensionerOnGuaranteeCredit, parameters))).toContain('free-tv-licence-over-75');
    const withoutPensionCredit = resultFor({
      country: 'ENGLAND',
      adults: [{ dateOfBirth: '1950-03-01' }],
      housing: { tenure: 'OWNER_OCCUPIER' },
    });
    expect(offered(evaluateExtraHelp(extraHelp, withoutPensionCredit, parameters))).not.toContain('free-tv-licence-over-75');
  });

  it('gives a Universal Credit family in England with a child under 4 and low earnings Healthy Start, and a Scottish one Best Start Foods instead', () => {
    const england = offered(evaluateExtraHelp(extraHelp, universalCreditFamily('ENGLAND'), parameters));
    expect(england).toEqual(
      expect.arrayContaining([
        'healthy-start',
        'free-school-meals-england',
        'universal-infant-free-school-meals',
        'help-to-save',
        'crisis-and-resilience-fund-housing-payment',
      ]),
    );
    expect(england).not.toContain('best-start-foods');
    const scotland = offered(evaluateExtraHelp(extraHelp, universalCreditFamily('SCOTLAND'), parameters));
    expect(scotland).toEqual(expect.arrayContaining(['best-start-foods', 'scottish-welfare-fund', 'discretionary-housing-payment']));
    expect(scotland).not.toContain('healthy-start');
    expect(scotland).not.toContain('free-school-meals-england');
  });

  it("writes a text's figures from their parameters on the date, not from the file's prose", () => {
    const meals = extraHelp.definitions.categories
      .flatMap((category) => category.items)
      .find((item) => item.name === 'free-school-meals-england')!;
    expect(meals.text).toContain('worth around {{parameter gov/dfe/free_school_meals/value_a_year}} a year');
    expect(meals.text).not.toContain('£500');
    const result = evaluateExtraHelp(extraHelp, universalCreditFamily('ENGLAND'), new ParameterReader(rates, DATE));
    const shown = result.categories.flatMap((category) => category.items).find((item) => item.name === 'free-school-meals-england')!;
    expect(shown.text).toContain('worth around £500 a year for each child.');
  });

  it('reads an income limit from its parameter, so one figure serves the scheme and the Warm Homes flag', () => {
    const read = new ParameterReader(rates, DATE);
    evaluateExtraHelp(extraHelp, universalCreditFamily('ENGLAND'), read);
    expect(read.used.find((used) => used.name === 'gov/desnz/warm_homes_local_grant/household_income_limit')?.value).toBe(3600000);
    expect(readFileSync(join(DEFINITIONS_DIR, 'extra-help.json'), 'utf8')).not.toContain('3600000');
  });

  it('gives Healthy Start with take-home pay of £408 a month, not £408.01', () => {
    expect(offered(evaluateExtraHelp(extraHelp, universalCreditFamily('ENGLAND', 408), parameters))).toContain('healthy-start');
    expect(offered(evaluateExtraHelp(extraHelp, universalCreditFamily('ENGLAND', 408.01), parameters))).not.toContain('healthy-start');
  });

  it("reads Healthy Start's limit and figures from their parameters, so a value from a later date changes both", () => {
    const limitFile = 'gov/dhsc/healthy_start/universal_credit_earnings_limit.json';
    const files = readFilesUnder(join(RULESETS_DIR, 'parameters')).map((file) => {
      if (file.path !== limitFile) return file;
      const parameter = JSON.parse(file.text) as { values: object[] };
      const source = { title: 'A later limit, for this test', url: 'https://www.healthystart.nhs.uk/' };
      parameter.values.push({ from: '2026-12-01', value: 50000, source });
      return { ...file, text: JSON.stringify(parameter) };
    });
    const later = loadParameterSet(files);
    const healthyStart = (date: string, takeHome: number) =>
      evaluateExtraHelp(extraHelp, universalCreditFamily('ENGLAND', takeHome), new ParameterReader(later, date))
        .categories.flatMap((category) => category.items)
        .find((item) => item.name === 'healthy-start');
    expect(healthyStart(DATE, 450)).toBeUndefined();
    expect(healthyStart(DATE, 408)?.text).toContain("your family's take-home pay from work is £408 a month or less");
    expect(healthyStart('2026-12-01', 450)?.text).toContain("your family's take-home pay from work is £500 a month or less");
    expect(healthyStart('2026-12-01', 500.01)).toBeUndefined();
  });

  it('writes the extra-help figures that are parameters as the texts gave them before (on the date the results are for)', () => {
    const texts = (result: ExtraHelpResult) =>
      new Map(result.categories.flatMap((category) => category.items).map((item) => [item.name, item.text]));
    const england = texts(evaluateExtraHelp(extraHelp, universalCreditFamily('ENGLAND', 400), parameters));
    expect(england.get('healthy-start')).toContain(
      'have a child under 4, a prepaid card topped up every 4 weeks to spend on milk, fruit, vegetables, pulses and infant formula: £4.25 a week in pregnancy and for each child aged 1 to 3, and £8.50 a week for each baby under 1, plus free vitamins.',
    );
    expect(england.get('free-prescriptions-england')).toContain(
      'was £435 or less (£935 or less if your award includes a child or you have limited capability for work). Prescriptions and sight tests are also free from age 60.',
    );
    expect(england.get('nhs-low-income-scheme')).toContain('your savings are £16,000 or less.');
    expect(texts(evaluateExtraHelp(extraHelp, universalCreditFamily('SCOTLAND', 400), parameters)).get('best-start-foods')).toContain(
      'If you are pregnant or have a child under 3, a payment card',
    );
    const categories = readFilesUnder(join(DEFINITIONS_DIR, 'categories'))
      .map((file) => file.text)
      .join('\n');
    for (const figure of [
      '40800',
      '43500',
      '93500',
      '1600000',
      '740000',
      '2300000',
      '£408',
      '£4.25',
      '£8.50',
      '£435',
      '£935',
      '£16,000',
      '£7,400',
      '£23,000',
      '£25 for each',
      '£150',
      '£500',
      '£2,000',
      '£4,000',
      '£100,000',
      'Up to £1,200',
      '£30 a week',
      '£40 a week',
      '£120',
      '£125',
      '£200',
      '£30,000',
      '£36,000',
      '£50 a month',
      '50p',
      '£348',
      '£464',
      '£812',
      'at least £100',
      '£100 to',
      'child under 5',
      'aged 60',
      'age 60',
      'are 75 or over',
      '3 or more',
      'under 19',
      'aged 5 to 21',
      'under 12',
      'age 17',
      '"value": 75',
      '"value": 60',
      '"value": 22',
      '"value": 12',
      '"value": 17',
      '"value": 5,',
      '"value": 3,',
    ])
      expect([figure, categories.includes(figure)]).toEqual([figure, false]);
  });

  const itemTexts = (result: ExtraHelpResult) =>
    new Map(result.categories.flatMap((category) => category.items).map((item) => [item.name, item.text]));

  it('adds up Best Start Foods for the children and the pregnancy told of: the higher rate for each baby, the standard rate for each child aged 1 or 2 and in pregnancy', () => {
    const universalCredit = [award('UNIVERSAL_CREDIT', 160000, 'MONTH', [{ code: 'STANDARD_ALLOWANCE', pence: 42490 }])];
    const bestStartFoods = (children: { dateOfBirth: string }[], more: Partial<HouseholdInput> = {}, benefits = universalCredit) =>
      itemTexts(
        evaluateExtraHelp(
          extraHelp,
          resultFor(
            {
              country: 'SCOTLAND',
              adults: [{ age: 29 }],
              children,
              housing: { tenure: 'SOCIAL_RENT', rent: { amount: 500, period: 'MONTH' } },
              ...more,
            },
            benefits,
          ),
          parameters,
        ),
      ).get('best-start-foods');
    const expecting = { expectingBaby: { dueDate: '2027-03-14', babies: 1 } };
    // On 23 November 2026: a baby of 5 months, a child of 2 and one of 6 (too old): 11.20 + 5.60 = 16.80.
    expect(bestStartFoods([{ dateOfBirth: '2026-06-01' }, { dateOfBirth: '2024-05-10' }, { dateOfBirth: '2020-02-01' }])).toMatch(
      /If you are under 18, you qualify without a benefit\. From what you told us, that is £16\.80 a week\.$/,
    );
    // Twins of 1: 2 x 5.60.
    expect(bestStartFoods([{ dateOfBirth: '2025-08-01' }, { dateOfBirth: '2025-08-01' }])).toContain('that is £11.20 a week.');
    // A pregnancy and a child of 2: 5.60 + 5.60 (SSI 2019/193: the standard rate in pregnancy, once for twins too).
    expect(bestStartFoods([{ dateOfBirth: '2024-05-10' }], { expectingBaby: { dueDate: '2027-03-14', babies: 2 } })).toContain(
      'that is £11.20 a week.',
    );
    expect(bestStartFoods([{ dateOfBirth: '2020-02-01' }], expecting)).toContain('that is £5.60 a week.');
    // Universal Credit with only a child of 6 and no pregnancy: nothing to get it for.
    expect(bestStartFoods([{ dateOfBirth: '2020-02-01' }])).toBeUndefined();
    // Pregnant at 17 with no benefit: it is paid all the same; at 18 it is not.
    expect(bestStartFoods([], { adults: [{ age: 17 }], ...expecting }, [])).toContain('that is £5.60 a week.');
    expect(bestStartFoods([], { adults: [{ age: 18 }], ...expecting }, [])).toBeUndefined();
  });

  it('adds up Healthy Start for the children told of, and offers it in pregnancy on Universal Credit or under 18', () => {
    const healthyStart = (children: { dateOfBirth: string }[], more: Partial<HouseholdInput> = {}, benefits: BenefitOutcome[] = []) =>
      itemTexts(
        evaluateExtraHelp(
          extraHelp,
          resultFor(
            {
              country: 'WALES',
              adults: [{ age: 24 }],
              children,
              housing: { tenure: 'PRIVATE_RENT', rent: { amount: 500, period: 'MONTH' } },
              ...more,
            },
            benefits,
            0,
          ),
          parameters,
        ),
      ).get('healthy-start');
    const universalCredit = [award('UNIVERSAL_CREDIT', 90000, 'MONTH', [{ code: 'STANDARD_ALLOWANCE', pence: 42490 }])];
    const expecting = { expectingBaby: { dueDate: '2027-03-14', babies: 1 } };
    // A baby of 5 months and a child of 3 (Healthy Start runs to 4): 8.50 + 4.25 = 12.75 a week.
    expect(healthyStart([{ dateOfBirth: '2026-06-01' }, { dateOfBirth: '2023-01-10' }], {}, universalCredit)).toMatch(
      /For the children you told us about, that is £12\.75 a week\.$/,
    );
    // Pregnant on Universal Credit with no child: offered, with no amount for children made up.
    const pregnant = healthyStart([], expecting, universalCredit);
    expect(pregnant).toContain('If you are pregnant and under 18, you qualify without a benefit.');
    expect(pregnant).not.toContain('For the children you told us about');
    // Universal Credit with neither a child under 4 nor a pregnancy: not offered.
    expect(healthyStart([{ dateOfBirth: '2018-01-10' }], {}, universalCredit)).toBeUndefined();
    // Pregnant at 17 with no benefit: offered; at 17 with no pregnancy, or pregnant at 18 with no benefit: not.
    expect(healthyStart([], { adults: [{ age: 17 }], ...expecting })).toBeDefined();
    expect(healthyStart([], { adults: [{ age: 17 }] })).toBeUndefined();
    expect(healthyStart([], { adults: [{ age: 18 }], ...expecting })).toBeUndefined();
  });

  it("writes every scheme's amounts and ages that are parameters as its text gave them before (on the date the results are for)", () => {
    const texts = new Map(
      extraHelp.definitions.categories.flatMap((category) => category.items).map((item) => [item.name, withFigures(item.text, parameters)]),
    );
    const expected: [string, string][] = [
      ['warm-home-discount', 'A one-off £150 discount on your electricity bill each winter (or a voucher'],
      ['warm-home-discount-scotland', 'A one-off £150 discount on your electricity bill each winter. If you get'],
      ['cold-weather-payment', '£25 for each 7-day period of very cold weather'],
      ['winter-heating-payment', 'limited capability for work, a child under 5 or a disabled child.'],
      ['winter-heating-payment', 'A yearly payment of £62 from Social Security Scotland'],
      ['child-winter-heating-payment', 'A yearly payment of £265.50 from Social Security Scotland for each child or young person under 19'],
      ['best-start-foods', '£5.60 a week in pregnancy and for each child aged 1 or 2, and £11.20 a week for each baby under 1'],
      ['priority-services-register', 'families with a child under 5. You get advance warning'],
      ['school-clothing-grant-scotland', 'At least £120 a year for each primary school child and £150 for each secondary school child'],
      ['school-essentials-grant-wales', '£125 a year for each child from reception to year 11 (£200 in year 7)'],
      [
        'tax-free-childcare',
        'the government adds £2, up to £2,000 a year for each child under 12 (£4,000 for a disabled child, up to age 17).',
      ],
      ['tax-free-childcare', 'and less than £100,000 a year'],
      ['16-to-19-bursary-fund', 'Up to £1,200 a year for a young person aged 16 to 19'],
      ['education-maintenance-allowance-scotland', '£30 a week for a young person aged 16 to 19 staying on'],
      ['education-maintenance-allowance-wales', '£40 a week for a young person aged 16 to 18'],
      ['education-maintenance-allowance-northern-ireland', '£30 a week for a young person aged 16 to 19 in further education'],
      ['disabled-facilities-grant', 'up to £30,000 in England and £36,000 in Wales.'],
      ['help-to-save', 'save £1 to £50 a month and the government adds a bonus of 50p for every £1 saved'],
      ['budgeting-advance', 'at least £100, up to £348 if single, £464 for a couple and £812 with children.'],
      ['budgeting-loan', 'An interest-free loan of £100 to £812 for essentials'],
      ['free-tv-licence-over-75', 'A free TV licence if you are 75 or over'],
      [
        'national-entitlement-card-scotland',
        'for everyone aged 60 or over, disabled people (with a free companion for some), and children and young people aged 5 to 21.',
      ],
      ['concessionary-travel-wales', 'across Wales for people aged 60 or over'],
      ['smartpass-northern-ireland', 'in Northern Ireland from age 60 with a 60+ SmartPass'],
      ['watersure', 'get Child Benefit for 3 or more children under 19 who live with you'],
    ];
    for (const [name, phrase] of expected) expect([name, texts.get(name)]).toEqual([name, expect.stringContaining(phrase)]);
  });

  it('offers a household with no benefits and a high income almost nothing, and no Warm Homes flag', () => {
    const result = evaluateExtraHelp(
      extraHelp,
      resultFor({
        country: 'ENGLAND',
        adults: [
          { age: 40, earnings: { amount: 80000, period: 'YEAR', basis: 'GROSS' } },
          { age: 38, earnings: { amount: 45000, period: 'YEAR', basis: 'GROSS' } },
        ],
        housing: { tenure: 'OWNER_OCCUPIER' },
        capital: 30000,
      }),
      parameters,
    );
    expect(offered(result).length).toBeLessThanOrEqual(2);
    expect(warmHomesFlag(result)).toEqual({ name: 'WARM_HOMES_NETWORK_ELIGIBLE', weeklyPence: 0, monthlyPence: 0 });
  });

  it('offers a working family in Wales with a 3 year old the Childcare Offer and Flying Start, and the same family in England neither', () => {
    const family = (country: HouseholdInput['country'], earnings: number): HouseholdInput => ({
      country,
      adults: [{ age: 31, earnings: { amount: earnings, period: 'MONTH', basis: 'NET' }, hoursPerWeek: earnings > 0 ? 25 : 0 }],
      children: [{ dateOfBirth: '2023-06-01', disability: 'NONE', inNonAdvancedEducation: false }],
      housing: { tenure: 'SOCIAL_RENT' },
    });
    const names = (household: HouseholdInput) => offered(evaluateExtraHelp(extraHelp, resultFor(household), parameters));
    expect(names(family('WALES', 1400))).toEqual(expect.arrayContaining(['childcare-offer-wales', 'flying-start-wales']));
    expect(names(family('ENGLAND', 1400))).not.toEqual(expect.arrayContaining(['childcare-offer-wales']));
    expect(names(family('ENGLAND', 1400))).not.toEqual(expect.arrayContaining(['flying-start-wales']));
    // Not working: the Childcare Offer is for working parents; Flying Start goes by area, not work.
    expect(names(family('WALES', 0))).not.toEqual(expect.arrayContaining(['childcare-offer-wales']));
    expect(names(family('WALES', 0))).toEqual(expect.arrayContaining(['flying-start-wales']));
  });

  it('flags Warm Homes for a pensioner on a low income at home, and not once they live in a care home for good', () => {
    const pensioner = (awayFromHome?: HouseholdInput['adults'][number]['awayFromHome']): HouseholdInput => ({
      country: 'ENGLAND',
      adults: [
        { age: 84, otherIncome: [{ type: 'STATE_PENSION', amount: 9000, period: 'YEAR' }], ...(awayFromHome ? { awayFromHome } : {}) },
      ],
      housing: { tenure: 'OWNER_OCCUPIER' },
    });
    const flag = (household: HouseholdInput) =>
      warmHomesFlag(evaluateExtraHelp(extraHelp, resultFor(household), parameters))!.weeklyPence > 0;
    expect(flag(pensioner())).toBe(true);
    // A short stay (respite, a trial) leaves the home theirs.
    expect(flag(pensioner({ reason: 'CARE_HOME', moreThanSixMonths: false, moreThanFourWeeks: true }))).toBe(true);
    expect(flag(pensioner({ reason: 'CARE_HOME', moreThanSixMonths: true, moreThanFourWeeks: true, moreThanFiftyTwoWeeks: true }))).toBe(
      false,
    );
  });

  it('gives Cold Weather Payment to a Universal Credit household with a child under 5 only when nobody is working', () => {
    const household = (earnings: number | null): HouseholdInput => ({
      country: 'WALES',
      adults: [{ age: 30, earnings: earnings === null ? null : { amount: earnings, period: 'MONTH', basis: 'NET' } }],
      children: [{ dateOfBirth: '2023-01-01' }],
      housing: { tenure: 'PRIVATE_RENT' },
    });
    const universalCredit = award('UNIVERSAL_CREDIT', 90000, 'MONTH');
    expect(offered(evaluateExtraHelp(extraHelp, resultFor(household(null), [universalCredit]), parameters))).toContain(
      'cold-weather-payment',
    );
    expect(offered(evaluateExtraHelp(extraHelp, resultFor(household(600), [universalCredit]), parameters))).not.toContain(
      'cold-weather-payment',
    );
  });

  it('keeps the results of reference runs made at the same time apart (one json-rules-engine, built once)', async () => {
    const [pensioner, family] = await Promise.all([
      extraHelp.evaluateReference(pensionerOnGuaranteeCredit, parameters),
      extraHelp.evaluateReference(universalCreditFamily('SCOTLAND'), parameters),
    ]);
    expect(offered(pensioner)).toContain('warm-home-discount');
    expect(offered(pensioner)).not.toContain('best-start-foods');
    expect(offered(family)).toContain('best-start-foods');
    expect(offered(family)).not.toContain('warm-home-discount');
  });
  it('offers Child Winter Heating Payment in Scotland for a child under 19 on the highest care rate, whatever the income, and nowhere else', () => {
    const family = (country: 'SCOTLAND' | 'ENGLAND', disability: 'HIGHER' | 'LOWER', dateOfBirth = '2015-05-01') =>
      resultFor({
        country,
        adults: [{ age: 40, earnings: { amount: 3000, period: 'MONTH', basis: 'GROSS' } }],
        children: [{ dateOfBirth, disability }],
        housing: { tenure: 'OWNER_OCCUPIER' },
      });
    const scottish = offered(evaluateExtraHelp(extraHelp, family('SCOTLAND', 'HIGHER'), parameters));
    expect(scottish).toContain('child-winter-heating-payment');
    // No means-tested benefit: the Winter Heating Payment is not offered, the child's payment is.
    expect(scottish).not.toContain('winter-heating-payment');
    expect(offered(evaluateExtraHelp(extraHelp, family('SCOTLAND', 'LOWER'), parameters))).not.toContain('child-winter-heating-payment');
    expect(offered(evaluateExtraHelp(extraHelp, family('ENGLAND', 'HIGHER'), parameters))).not.toContain('child-winter-heating-payment');
    // 19 on the date: too old (SSI 2020/352: under 19 in the qualifying week).
    expect(extraHelpFacts(family('SCOTLAND', 'HIGHER', '2007-05-01'), parameters).youngestChildOnHighestCareRateAge).toBe(19);
    expect(offered(evaluateExtraHelp(extraHelp, family('SCOTLAND', 'HIGHER', '2007-05-01'), parameters))).not.toContain(
      'child-winter-heating-payment',
    );
  });

  it('adds up Child Winter Heating Payment for each child under 19 on the highest care rate', () => {
    const text = (children: { dateOfBirth: string; disability: 'HIGHER' | 'LOWER' }[]) =>
      itemTexts(
        evaluateExtraHelp(
          extraHelp,
          resultFor({
            country: 'SCOTLAND',
            adults: [{ age: 45, earnings: { amount: 3000, period: 'MONTH', basis: 'GROSS' } }],
            children,
            housing: { tenure: 'OWNER_OCCUPIER' },
          }),
          parameters,
        ),
      ).get('child-winter-heating-payment');
    // On 23 November 2026 (2026/27: 265.50 a child): two children of 9 and 16 on the highest rate, one of 12 on the
    // lower rate (not counted), and one of 19 on the highest rate (too old: SSI 2020/352, under 19).
    const counted = [
      { dateOfBirth: '2017-03-01', disability: 'HIGHER' as const },
      { dateOfBirth: '2010-06-01', disability: 'HIGHER' as const },
      { dateOfBirth: '2014-01-01', disability: 'LOWER' as const },
      { dateOfBirth: '2007-05-01', disability: 'HIGHER' as const },
    ];
    expect(text(counted)).toMatch(/For the children you told us about, that is £531 this winter\.$/);
    expect(text(counted.slice(0, 1))).toMatch(/that is £265\.50 this winter\.$/);
  });
});

describe('extra-help facts', () => {
  it("counts as a carer someone caring for at least the hours Carer's Allowance asks, read from its parameter", () => {
    const carer = (hoursPerWeek: number) =>
      extraHelpFacts(
        resultFor({
          country: 'ENGLAND',
          adults: [{ age: 40, caring: { hoursPerWeek, caredForGetsQualifyingBenefit: true } }],
          housing: { tenure: 'OWNER_OCCUPIER' },
        }),
        parameters,
      ).anyoneIsCarer;
    const hours = parameters.amount('gov/dwp/carers_allowance/min_hours');
    expect(hours).toBe(35);
    expect(carer(hours)).toBe(true);
    expect(carer(hours - 1)).toBe(false);
  });

  it("takes earnings after tax from the calculation's income", () => {
    const facts = extraHelpFacts(
      resultFor(
        {
          country: 'ENGLAND',
          adults: [
            {
              age: 35,
              earnings: { amount: 2000, period: 'MONTH', basis: 'GROSS' },
              otherIncome: [
                { type: 'PRIVATE_PENSION', amount: 100, period: 'MONTH' },
                { type: 'CARERS_ALLOWANCE', amount: 86.45, period: 'WEEK' },
              ],
            },
          ],
          housing: { tenure: 'OWNER_OCCUPIER' },
        },
        [],
        // Take-home pay of £1,700, as the engine's tax works it out; the pension and Carer's Allowance are not earnings.
        170000,
      ),
      parameters,
    );
    expect(facts).toMatchObject({
      earnedIncomeMonthlyPence: 170000,
      earnedIncomeYearlyPence: 2040000,
      getsCarersAllowance: true,
      anyoneIsCarer: true,
    });
    // As given: £24,000 pay + £1,200 pension + £86.45 x 52 = £4,495.40 Carer's Allowance.
    expect(facts.householdIncomeYearlyPence).toBe(2400000 + 120000 + 449540);
  });

  it('reads guarantee credit as the Pension Credit award less its savings credit element', () => {
    const savingsCreditOnly = resultFor({ country: 'ENGLAND', adults: [{ age: 80 }], housing: { tenure: 'OWNER_OCCUPIER' } }, [
      award('PENSION_CREDIT', 1200, 'WEEK', [{ code: 'SAVINGS_CREDIT', pence: 1200 }]),
    ]);
    expect(extraHelpFacts(savingsCreditOnly, parameters)).toMatchObject({
      getsPensionCredit: true,
      getsPensionCreditGuarantee: false,
      getsMeansTestedBenefit: true,
    });
    const both = resultFor({ country: 'ENGLAND', adults: [{ age: 80 }], housing: { tenure: 'OWNER_OCCUPIER' } }, [
      award('PENSION_CREDIT', 3000, 'WEEK', [{ code: 'SAVINGS_CREDIT', pence: 1200 }]),
    ]);
    expect(extraHelpFacts(both, parameters).getsPensionCreditGuarantee).toBe(true);
  });

  it("reads guarantee credit from the Pension Credit calculator's PENSION_CREDIT_GUARANTEE variable when it gives one", () => {
    const pensionCredit = (guaranteeWeeklyPence: number) => ({
      ...award('PENSION_CREDIT', 3000, 'WEEK'),
      variables: [{ name: 'PENSION_CREDIT_GUARANTEE', ...bothPeriods(guaranteeWeeklyPence, 'WEEK') }],
    });
    const household: HouseholdInput = { country: 'ENGLAND', adults: [{ age: 80 }], housing: { tenure: 'OWNER_OCCUPIER' } };
    expect(extraHelpFacts(resultFor(household, [pensionCredit(1800)]), parameters).getsPensionCreditGuarantee).toBe(true);
    expect(extraHelpFacts(resultFor(household, [pensionCredit(0)]), parameters).getsPensionCreditGuarantee).toBe(false);
  });

  it('takes disability benefits from what the household gets, and ignores a nil award', () => {
    const facts = extraHelpFacts(
      resultFor(
        {
          country: 'ENGLAND',
          adults: [{ age: 45, benefitsReceived: [{ type: 'PIP_MOBILITY', rate: 'STANDARD' }] }],
          children: [{ dateOfBirth: '2012-06-01', disability: 'LOWER' }],
          housing: { tenure: 'SOCIAL_RENT' },
        },
        [{ ...award('UNIVERSAL_CREDIT', 0, 'MONTH'), eligible: false }],
      ),
      parameters,
    );
    expect(facts).toMatchObject({
      getsPip: true,
      getsMobilityComponent: true,
      getsHigherRateMobility: false,
      hasDisabledChild: true,
      getsAnyDisabilityBenefit: true,
      getsUniversalCredit: false,
      universalCreditMonthlyPence: 0,
      youngestChildAge: 14,
      hasSchoolAgeChild: true,
      isRenter: true,
      isSocialTenant: true,
    });
  });

  it('adds the earnings of both partners in each period, and leaves child ages null without children', () => {
    const facts = extraHelpFacts(
      resultFor({
        country: 'WALES',
        adults: [
          { age: 30, earnings: { amount: 100, period: 'WEEK', basis: 'NET' } },
          { age: 31, selfEmployment: { profit: { amount: 600, period: 'MONTH' }, startUpPeriod: false } },
        ],
        housing: { tenure: 'PRIVATE_RENT' },
      }),
      parameters,
    );
    // £100 a week is £433.33 a month (100 x 52 / 12); with £600 a month profit, £1,033.33 a month and £12,399.96 a year.
    expect(facts).toMatchObject({
      earnedIncomeMonthlyPence: 103333,
      earnedIncomeYearlyPence: 1239996,
      hasEarnings: true,
      youngestChildAge: null,
      oldestChildAge: null,
    });
  });
});

describe('the extra-help checker', () => {
  const index = (categories: string[]) => ({
    path: 'extra-help.json',
    text: JSON.stringify({
      description: 'Test.',
      categories,
      variables: [
        {
          name: 'warm homes',
          description: 'x',
          nations: ['ENGLAND'],
          condition: { all: [] },
          source: { title: 't', url: 'https://example.org' },
        },
      ],
    }),
  });
  const item = (overrides: Record<string, unknown>) => ({
    name: 'a-scheme',
    title: 'A scheme',
    text: 'What it is.',
    howToAccess: 'How to apply.',
    nations: ['ENGLAND'],
    condition: { all: [{ fact: 'getsUniversalCredit', operator: 'equal', value: true }] },
    source: { title: 'A page', url: 'https://www.gov.uk/a-scheme' },
    ...overrides,
  });
  const category = (name: string, items: unknown[]) => ({
    path: `categories/${name}.json`,
    text: JSON.stringify({ name, title: 'Energy', items }),
  });

  it('names the file and JSON path of every problem', () => {
    const problems = checkExtraHelpFiles([
      index(['energy', 'water', 'energy']),
      category('energy', [
        item({
          howToAccess: undefined,
          nations: ['ENGLAND', 'WALSE'],
          condition: {
            any: [
              { fact: 'isPregnant', operator: 'equal', value: true },
              { fact: 'earnedIncomeMonthlyPence', operator: 'lessThanInclusive', value: 40800 },
              { fact: 'country', operator: 'in', value: ['ENGLAND', 'ENGLND'] },
              { fact: 'getsPip', operator: 'greaterThan', value: 1 },
              { fact: 'claimantAge', operator: 'between', value: 3 },
              { fact: 'capitalPence', operator: 'lessThan', value: { fact: 'capitalPence' } },
              { fact: 'tenure', operator: 'equal', value: 'RENT', path: '$.x' },
            ],
          },
          colour: 'red',
        }),
      ]),
      { path: 'categories/water.json', text: '{ "name": "water", ' },
      category('stray', [item({ source: { title: 'A page', url: 'http://insecure.example' } })]),
    ]).map(describeProblem);
    expect(problems).toEqual([
      "extra-help.json at $.categories[2]: 'energy' is listed twice.",
      'extra-help.json at $.variables[0].name: must be in capitals with underscores, like WARM_HOMES_NETWORK_ELIGIBLE.',
      'extra-help.json at $.variables[0].condition.all: must be a non-empty list of conditions.',
      "categories/stray.json at $: is not a listed category: add its name to 'categories' in extra-help.json, or remove the file.",
      'categories/energy.json at $.items[0].colour: is not a known field (allowed: name, title, text, howToAccessTitle, howToAccess, nations, condition, source, forHousehold).',
      'categories/energy.json at $.items[0].howToAccess: is required.',
      'categories/energy.json at $.items[0].nations[1]: must be one of ENGLAND, SCOTLAND, WALES, NORTHERN_IRELAND.',
      "categories/energy.json at $.items[0].condition.any[0].fact: 'isPregnant' is not an extra-help fact (they are listed in definitions/extra-help/README.md).",
      "categories/energy.json at $.items[0].condition.any[1].source: the threshold 40800 needs a 'source' saying where the figure comes from.",
      'categories/energy.json at $.items[0].condition.any[2].value[1]: "ENGLND" is not a value of country (one of ENGLAND, SCOTLAND, WALES, NORTHERN_IRELAND).',
      "categories/energy.json at $.items[0].condition.any[3].operator: 'greaterThan' compares numbers, but getsPip is true or false.",
      'categories/energy.json at $.items[0].condition.any[4].operator: must be one of equal, notEqual, lessThan, lessThanInclusive, greaterThan, greaterThanInclusive, in, notIn.',
      'categories/energy.json at $.items[0].condition.any[5].value.params: is required.',
      "categories/energy.json at $.items[0].condition.any[5].value.fact: must be 'parameter': a value may read a rate, not another fact.",
      'categories/energy.json at $.items[0].condition.any[6]: uses \'path\' or \'params\', which extra help does not allow: name one flat fact (a threshold from rulesets/parameters is written as the value: { "fact": "parameter", "params": { "name": "gov/..." } }).',
      'categories/energy.json at $.items[0].condition.any[6].value: "RENT" is not a value of tenure (one of PRIVATE_RENT, SOCIAL_RENT, TEMPORARY_ACCOMMODATION, SUPPORTED_ACCOMMODATION, OWNER_OCCUPIER, SHARED_OWNERSHIP, LIVING_WITH_OTHERS_NO_RENT, HOMELESS).',
      expect.stringMatching(/^categories\/water\.json at \$: is not valid JSON: /),
    ]);
  });

  it('refuses a nation listed twice, a condition of two kinds, a value that is no list for in, and an address that is not https', () => {
    const problems = checkExtraHelpFiles([
      index(['energy']),
      category('energy', [
        item({
          nations: ['ENGLAND', 'ENGLAND'],
          condition: { all: [{ fact: 'country', operator: 'in', value: 'ENGLAND' }], any: [] },
          source: { title: 'A page', url: 'http://insecure.example' },
        }),
      ]),
    ]).map(describeProblem);
    expect(problems).toEqual([
      'extra-help.json at $.variables[0].name: must be in capitals with underscores, like WARM_HOMES_NETWORK_ELIGIBLE.',
      'extra-help.json at $.variables[0].condition.all: must be a non-empty list of conditions.',
      "categories/energy.json at $.items[0].nations[1]: 'ENGLAND' is listed twice.",
      'categories/energy.json at $.items[0].condition: has more than one of all, any and not: use one per condition, nesting the others.',
      "categories/energy.json at $.items[0].condition.all[0].value: must be a non-empty list for 'in' and 'notIn'.",
      'categories/energy.json at $.items[0].condition.any: is not a known field (allowed: all, source).',
      'categories/energy.json at $.items[0].source.url: must be an https address.',
    ]);
  });

  it('refuses a parameter that the rates do not hold, in a condition or a text', () => {
    const files = [
      index(['energy']),
      category('energy', [
        item({
          text: 'Worth {{parameter gov/dfe/free_school_meals/value_a_yaer}} a year.',
          condition: { fact: 'capitalPence', operator: 'lessThan', value: { fact: 'parameter', params: { name: 'gov/nothing_here' } } },
        }),
      ]),
    ];
    const held = (name: string) => rates.unitOf(name);
    // The index's own problems (its sample variable) are not what this test is about.
    const inCategory = checkExtraHelpFiles(files, held).filter((problem) => problem.file === 'categories/energy.json');
    expect(inCategory.map(describeProblem)).toEqual([
      "categories/energy.json at $.items[0].text: names the parameter 'gov/dfe/free_school_meals/value_a_yaer', which rulesets/parameters does not hold.",
      "categories/energy.json at $.items[0].condition.value.params.name: names the parameter 'gov/nothing_here', which rulesets/parameters does not hold.",
    ]);
  });

  it('refuses a household amount that adds rates of different units, which the results could not add up', () => {
    const files = [
      index(['energy']),
      category('energy', [
        item({
          forHousehold: {
            text: 'For your children, that is {{amount}}.',
            amount: [
              { parameter: 'gov/social_security_scotland/best_start_foods/amount/standard', times: 'childrenAgedOneOrTwo' },
              { parameter: 'gov/social_security_scotland/child_winter_heating_payment/amount', times: 'childrenUnderOne' },
            ],
          },
        }),
      ]),
    ];
    const inCategory = checkExtraHelpFiles(files, (name) => rates.unitOf(name)).filter(
      (problem) => problem.file === 'categories/energy.json',
    );
    expect(inCategory.map(describeProblem)).toEqual([
      'categories/energy.json at $.items[0].forHousehold.amount: adds rates in different units (gov/social_security_scotland/best_start_foods/amount/standard is in pence a week, gov/social_security_scotland/child_winter_heating_payment/amount is in pence a year): list rates of one unit only.',
    ]);
  });

  it('refuses a household amount whose rate is not held, whose count is not a number fact, or whose sentence has no {{amount}}', () => {
    const files = [
      index(['energy']),
      category('energy', [
        item({
          forHousehold: {
            text: 'For your children, that is {{amount}} a week.',
            amount: [
              { parameter: 'gov/social_security_scotland/best_start_foods/amount/standrd', times: 'childrenUnderOne' },
              { parameter: 'gov/social_security_scotland/best_start_foods/amount/standard', times: 'hasChildUnder4' },
              { parameter: 'gov/social_security_scotland/best_start_foods/amount/standard', times: 'youngestChildAge' },
            ],
          },
        }),
        item({ name: 'another', forHousehold: { text: 'For your children, that is a lot.', amount: [] } }),
      ]),
    ];
    const inCategory = checkExtraHelpFiles(files, (name) => rates.unitOf(name)).filter(
      (problem) => problem.file === 'categories/energy.json',
    );
    expect(inCategory.map(describeProblem)).toEqual([
      "categories/energy.json at $.items[0].forHousehold.amount[0].parameter: names the parameter 'gov/social_security_scotland/best_start_foods/amount/standrd', which rulesets/parameters does not hold.",
      "categories/energy.json at $.items[0].forHousehold.amount[1].times: 'hasChildUnder4' is not a number fact of the household (they are listed in definitions/extra-help/README.md).",
      "categories/energy.json at $.items[0].forHousehold.amount[2].times: 'youngestChildAge' is not a number fact of the household (they are listed in definitions/extra-help/README.md).",
      'categories/energy.json at $.items[1].forHousehold.text: must be a sentence with {{amount}} where the amount goes.',
      'categories/energy.json at $.items[1].forHousehold.amount: must list at least one { "parameter": ..., "times": ... }.',
    ]);
  });

  it('finds an item name used in two categories', () => {
    const problems = checkExtraHelpFiles([index(['energy', 'water']), category('energy', [item({})]), category('water', [item({})])]).map(
      describeProblem,
    );
    expect(problems).toContain(
      "categories/water.json at $.items[0].name: 'a-scheme' is already the name of categories/energy.json at $.items[0]; names must be unique across categories.",
    );
  });

  it('refuses to load broken definitions, listing the problems', () => {
    expect(() => LoadedExtraHelp.fromFiles([index(['energy'])])).toThrow(
      /extra-help\.json at \$\.categories\[0\]: 'energy' has no file categories\/energy\.json\./,
    );
  });
});
