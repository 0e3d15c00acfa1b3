import { describe, expect, it } from '@jest/globals';
import { normaliseHousehold, type HouseholdInput } from '../core/normalise.js';
import { deriveFacts } from '../facts.js';
import { loadEntitlementEngine, RULESETS_DIR } from '../load.js';
import { childBenefit } from './child-benefit.js';
import { tariffIncome } from '../facts/capital.js';
import { universalCredit } from './universal-credit/index.js';
import { bedroomEntitlement } from './universal-credit-household.js';

const engine = loadEntitlementEngine(RULESETS_DIR, [childBenefit, universalCredit]);
const DATE = '2026-11-21';

async function ucFor(household: HouseholdInput, date = DATE) {
  const result = await engine.calculate(normaliseHousehold(household), date);
  return result.benefits.find((benefit) => benefit.code === 'UNIVERSAL_CREDIT')!;
}

/** A small seeded generator (mulberry32), so a failing household can be found again. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

function randomHousehold(random: ReturnType<typeof seeded>): HouseholdInput {
  const adult = () => ({
    age: random.int(18, 70),
    earnings:
      random.next() < 0.5 ? { amount: random.int(0, 3000), period: 'MONTH' as const, basis: random.pick(['NET', 'GROSS'] as const) } : null,
    hoursPerWeek: random.int(0, 40),
    selfEmployment:
      random.next() < 0.2
        ? { profit: { amount: random.int(0, 2500), period: 'MONTH' as const }, startUpPeriod: random.next() < 0.5 }
        : null,
    health: { lcwra: random.next() < 0.2, lcwraBefore2026April: random.next() < 0.5, terminallyIll: random.next() < 0.05 },
    caring: { hoursPerWeek: random.pick([0, 20, 35, 50]), caredForGetsQualifyingBenefit: random.next() < 0.5 },
    otherIncome:
      random.next() < 0.3
        ? [
            {
              type: random.pick(['PRIVATE_PENSION', 'NEW_STYLE_JSA', 'CHILD_MAINTENANCE'] as const),
              amount: random.int(0, 600),
              period: 'MONTH' as const,
            },
          ]
        : [],
  });
  const children = Array.from({ length: random.int(0, 4) }, () => ({
    dateOfBirth: `${random.int(2008, 2026)}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
    sex: random.pick(['FEMALE', 'MALE'] as const),
    disability: random.pick(['NONE', 'NONE', 'LOWER', 'HIGHER'] as const),
  })).filter((child) => child.dateOfBirth < DATE);
  const tenure = random.pick([
    'PRIVATE_RENT',
    'SOCIAL_RENT',
    'OWNER_OCCUPIER',
    'TEMPORARY_ACCOMMODATION',
    'SHARED_OWNERSHIP',
    'LIVING_WITH_OTHERS_NO_RENT',
  ] as const);
  return {
    country: random.pick(['ENGLAND', 'SCOTLAND', 'WALES'] as const),
    localAuthority: random.pick(['E09000007', 'E06000043', 'E08000019', 'E07000134']),
    adults: random.next() < 0.5 ? [adult()] : [adult(), adult()],
    children,
    nonDependants:
      random.next() < 0.2 ? [{ age: random.int(18, 40), grossIncome: { amount: 200, period: 'WEEK' }, exempt: random.next() < 0.3 }] : [],
    housing: {
      tenure,
      rent: { amount: random.int(0, 2500), period: 'MONTH' },
      bedrooms: random.int(1, 5),
      ...(random.next() < 0.3 ? { brma: random.pick(['Sheffield', 'Inner North London', 'Bristol']) } : {}),
    },
    capital: random.int(0, 17000),
    childcareCosts: random.next() < 0.2 ? { amount: random.int(0, 2000), period: 'MONTH' } : null,
  };
}

describe('Universal Credit', () => {
  it('counts tariff income for each £250 or part of £250 above £6,000', () => {
    expect(tariffIncome(600_000, 600_000, 25_000, 435)).toBe(0);
    expect(tariffIncome(600_001, 600_000, 25_000, 435)).toBe(435);
    expect(tariffIncome(625_000, 600_000, 25_000, 435)).toBe(435);
    expect(tariffIncome(625_001, 600_000, 25_000, 435)).toBe(870);
    expect(tariffIncome(1_600_000, 600_000, 25_000, 435)).toBe(40 * 435);
  });

  it('rounds the 55% taper half away from zero to the penny', async () => {
    // 0.01 x 55% = 0.0055, which rounds to 0.01.
    const outcome = await ucFor({
      country: 'ENGLAND',
      adults: [{ age: 30, earnings: { amount: 0.01, period: 'MONTH', basis: 'NET' } }],
      housing: { tenure: 'OWNER_OCCUPIER' },
    });
    expect(outcome.deductions.find((line) => line.code === 'EARNINGS')?.monthlyPence).toBe(1);
    expect(outcome.monthlyPence).toBe(42490 - 1);
  });

  it('works out the bedrooms the size criteria allow', () => {
    const rooms = (children: { dateOfBirth: string; sex?: 'FEMALE' | 'MALE'; disability?: 'NONE' | 'HIGHER' }[], nonDependants = 0) =>
      bedroomEntitlement(
        deriveFacts(
          normaliseHousehold({
            country: 'ENGLAND',
            adults: [{ age: 40 }],
            children,
            nonDependants: Array.from({ length: nonDependants }, () => ({
              age: 30,
              grossIncome: { amount: 0, period: 'WEEK' },
              exempt: false,
            })),
            housing: { tenure: 'SOCIAL_RENT' },
          }),
          DATE,
        ),
      );
    expect(rooms([])).toBe(1);
    expect(rooms([], 2)).toBe(3);
    // Two under 10 share whatever their sex; a boy of 12 and a girl of 11 do not; two boys of 14 and 12 do.
    expect(
      rooms([
        { dateOfBirth: '2019-01-01', sex: 'MALE' },
        { dateOfBirth: '2020-01-01', sex: 'FEMALE' },
      ]),
    ).toBe(2);
    expect(
      rooms([
        { dateOfBirth: '2014-01-01', sex: 'MALE' },
        { dateOfBirth: '2015-01-01', sex: 'FEMALE' },
      ]),
    ).toBe(3);
    expect(
      rooms([
        { dateOfBirth: '2012-01-01', sex: 'MALE' },
        { dateOfBirth: '2014-01-01', sex: 'MALE' },
      ]),
    ).toBe(2);
    // A girl of 12, a boy of 8 and a girl of 6: the girls share.
    expect(
      rooms([
        { dateOfBirth: '2014-01-01', sex: 'FEMALE' },
        { dateOfBirth: '2018-01-01', sex: 'MALE' },
        { dateOfBirth: '2020-01-01', sex: 'FEMALE' },
      ]),
    ).toBe(3);
    // Sex unknown: over-10s do not share; a severely disabled child has a room of their own.
    expect(rooms([{ dateOfBirth: '2013-01-01' }, { dateOfBirth: '2014-01-01' }])).toBe(3);
    expect(rooms([{ dateOfBirth: '2019-01-01', disability: 'HIGHER' }, { dateOfBirth: '2020-01-01' }])).toBe(3);
  });

  it('always gives the cut and means-test variables, 0 when not worked out', async () => {
    const outcome = await ucFor({ country: 'ENGLAND', adults: [{ age: 70 }], housing: { tenure: 'OWNER_OCCUPIER' } });
    expect(outcome.eligible).toBe(false);
    expect(outcome.variables).toEqual([
      { name: 'BENEFIT_CAP_APPLIES', weeklyPence: 0, monthlyPence: 0 },
      { name: 'SIZE_CRITERIA_REDUCTION', weeklyPence: 0, monthlyPence: 0 },
      { name: 'UC_MAXIMUM_AMOUNT', weeklyPence: 0, monthlyPence: 0 },
      { name: 'UC_EARNED_INCOME', weeklyPence: 0, monthlyPence: 0 },
      { name: 'UC_WORK_ALLOWANCE', weeklyPence: 0, monthlyPence: 0 },
      { name: 'UC_UNEARNED_INCOME', weeklyPence: 0, monthlyPence: 0 },
    ]);
  });

  it('never rises with more earnings or more capital, and is never negative, for 200 seeded households', async () => {
    const random = seeded(20261121);
    for (let index = 0; index < 200; index += 1) {
      const household = randomHousehold(random);
      const base = await ucFor(household);
      expect(base.monthlyPence).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(base.monthlyPence) && Number.isInteger(base.weeklyPence)).toBe(true);
      // Working already (so starting work does not open the childcare element), and earnings given net.
      const claimant = { ...household.adults[0]!, hoursPerWeek: Math.max(household.adults[0]!.hoursPerWeek ?? 0, 1) };
      const net = claimant.earnings?.basis === 'NET' ? claimant.earnings : null;
      const before = await ucFor({ ...household, adults: [{ ...claimant, earnings: net }, ...household.adults.slice(1)] });
      const raised = {
        amount: Math.round(((net?.amount ?? 0) + random.int(1, 500)) * 100) / 100,
        period: 'MONTH' as const,
        basis: 'NET' as const,
      };
      const after = await ucFor({ ...household, adults: [{ ...claimant, earnings: raised }, ...household.adults.slice(1)] });
      // Earning enough to be exempt from the benefit cap can lift it, as the law intends: a capped award is left out.
      if (before.variables[0]!.monthlyPence === 0)
        expect({ index, monthly: after.monthlyPence <= before.monthlyPence }).toEqual({ index, monthly: true });
      const richer = await ucFor({ ...household, capital: (household.capital ?? 0) + random.int(1, 3000) });
      expect({ index, monthly: richer.monthlyPence <= base.monthlyPence }).toEqual({ index, monthly: true });
    }
  });
});
