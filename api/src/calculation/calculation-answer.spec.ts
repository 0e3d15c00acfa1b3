import { describe, expect, it } from '@jest/globals';
import { loadEntitlementEngine } from '../../../engine/load.js';
import { randomHouseholds } from '../../../test/support/random-households.js';
import { seededRandom } from '../../../test/support/random.js';
import type { DatedParameter, ParameterValue } from '../../../common/parameters/dated-parameter.js';
import { ParameterSet, ratesHeldFrom } from '../../../engine/parameters/parameter-set.js';
import { CalculationRequests } from './calculation-answer.js';

const SOURCE = { title: 'A rates paper', url: 'https://www.gov.uk/' };

function parameter(...froms: string[]): DatedParameter<ParameterValue> {
  return {
    description: 'A rate.',
    label: 'A rate',
    unit: 'pence a week',
    period: 'week',
    legislation: SOURCE,
    values: froms.map((from, index) => ({ from, value: 100 + index, source: SOURCE })),
  };
}

describe('ratesHeldFrom', () => {
  it('is the day every rate of the oldest year held is in force', () => {
    const parameters = new ParameterSet(
      new Map([
        ['weekly_benefit', parameter('2025-04-07', '2026-04-06')],
        ['universal_credit', parameter('2025-04-07', '2026-04-13')],
        ['minimum_wage', parameter('2025-04-01', '2026-04-01')],
        // A switch dated from its law, a rate new in the later year, and a limit frozen since long ago: none moves it.
        ['two_child_limit', parameter('2017-04-06', '2026-04-06')],
        ['new_award_rate', parameter('2026-04-13')],
        ['frozen_limit', parameter('2006-04-10')],
      ]),
      '2027-03-31',
    );
    expect(ratesHeldFrom(parameters)).toBe('2025-04-07');
  });

  it('is the latest first value when only one year is held', () => {
    expect(
      ratesHeldFrom(
        new ParameterSet(
          new Map([
            ['a', parameter('2026-04-06')],
            ['b', parameter('2026-04-13')],
          ]),
          '2027-03-31',
        ),
      ),
    ).toBe('2026-04-13');
  });
});

describe('CalculationRequests', () => {
  const engine = loadEntitlementEngine();
  const requests = new CalculationRequests(engine);
  const noChildren = { country: 'ENGLAND', adults: [{ age: 40 }], housing: { tenure: 'OWNER_OCCUPIER' } };

  it('holds rates from 7 April 2025, when the 2025/26 weekly benefits and Universal Credit rates began', () => {
    expect(engine.ratesHeldFrom).toBe('2025-04-07');
  });

  it('answers 422 for a date before the rates held even when no rate would be read (no children, so no Child Benefit rate)', async () => {
    const answer = await requests.answer({ date: '2025-04-06', household: noChildren }, '2026-11-21');
    expect(answer).toEqual({
      statusCode: 422,
      body: {
        statusCode: 422,
        code: 'DATE_OUT_OF_RANGE',
        message: 'The rules and rates held start on 2025-04-07; 2025-04-06 is before that, so it cannot be worked out.',
        errors: [
          { path: 'date', message: 'The rules and rates held start on 2025-04-07; 2025-04-06 is before that, so it cannot be worked out.' },
        ],
      },
    });
    expect((await requests.answer({ date: '2025-04-07', household: noChildren }, '2026-11-21')).statusCode).toBe(200);
  });

  it('works out today in the UK when the request gives no date', async () => {
    const answer = await requests.answer({ household: noChildren }, '2026-11-21');
    expect(answer.statusCode === 200 && answer.body.date).toBe('2026-11-21');
  });

  it('answers 400 with one message for one problem, and a count for several', async () => {
    const one = await requests.answer({ household: { ...noChildren, capital: -1 } }, '2026-11-21');
    expect(one).toEqual({
      statusCode: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'household.capital must be 0 or more.',
        errors: [{ path: 'household.capital', message: 'household.capital must be 0 or more.' }],
      },
    });
    const two = await requests.answer({ household: { ...noChildren, capital: -1, extra: true } }, '2026-11-21');
    expect(two.body).toMatchObject({ statusCode: 400, message: 'There are 2 problems with the request.' });
  });
});

/** Every place in a JSON value where a value sits, as a list of keys from the top. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [path];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return [path, ...entries.flatMap(([key, item]) => leafPaths(item, [...path, key]))];
}

describe('CalculationRequests with spoilt households', () => {
  const engine = loadEntitlementEngine();
  const requests = new CalculationRequests(engine);
  const SPOILERS: unknown[] = [
    null,
    undefined,
    -1,
    0,
    1.001,
    1e300,
    Number.MAX_SAFE_INTEGER,
    'x',
    '',
    '2026-02-30',
    '2024-01-01',
    '2030-01-01',
    true,
    {},
    [],
    [{}],
    { amount: 1 },
    'PRIVATE_RENT',
  ];

  it('answers 200, 400 or 422, never an exception, for 2,000 random households each with one value spoilt', async () => {
    const statuses = new Set<number>();
    for (const { seed, date, household } of randomHouseholds(2000, 50_000)) {
      const random = seededRandom(seed);
      const body = JSON.parse(JSON.stringify({ date, household })) as Record<string, unknown>;
      const places = leafPaths(body).filter((path) => path.length > 0);
      const place = places[Math.floor(random() * places.length)]!;
      const parent = place
        .slice(0, -1)
        .reduce<Record<string | number, unknown>>((object, key) => object[key] as Record<string | number, unknown>, body);
      const spoiler = SPOILERS[Math.floor(random() * SPOILERS.length)];
      if (spoiler === undefined) delete parent[place.at(-1)!];
      else parent[place.at(-1)!] = spoiler;
      let answer;
      try {
        answer = await requests.answer(body, '2026-11-21');
      } catch (error) {
        throw new Error(`seed ${seed}: ${place.join('.')} = ${JSON.stringify(spoiler)} threw ${(error as Error).stack}`, { cause: error });
      }
      statuses.add(answer.statusCode);
      if (answer.statusCode !== 200) expect(answer.body.errors.length).toBeGreaterThan(0);
    }
    expect([...statuses].sort()).toEqual([200, 400, 422]);
  });
});
