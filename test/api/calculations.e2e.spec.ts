import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { LONE_PARENT_PRIVATE_RENTER } from '../support/households.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ONE_OFF_BENEFIT_CODES, type BenefitCode } from '../../engine/core/benefit.js';

const withAdult = (change: Record<string, unknown>) => ({
  ...LONE_PARENT_PRIVATE_RENTER,
  adults: [{ ...LONE_PARENT_PRIVATE_RENTER.adults[0], ...change }],
});

describe('POST /api/v1/calculations', () => {
  let testApp: TestApp;
  const post = (body: unknown) =>
    request(testApp.app.getHttpServer())
      .post('/api/v1/calculations')
      .send(body as object);

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it("answers a valid household with the contract's fields and Child Benefit at the 2026/27 rate", async () => {
    const response = await post({ date: '2026-11-21', household: LONE_PARENT_PRIVATE_RENTER }).expect(200);
    const { body } = response;
    expect(body).toMatchObject({ date: '2026-11-21', rulesVersion: '2026-27', system: 'UNIVERSAL_CREDIT' });
    expect(Object.keys(body).sort()).toEqual([
      'benefits',
      'date',
      'extraHelp',
      'lastRatesHeld',
      'localHousingAllowance',
      'provisional',
      'rulesVersion',
      'system',
      'totals',
      'variables',
    ]);
    for (const benefit of body.benefits) {
      expect(Object.keys(benefit).sort()).toEqual(
        [
          'amountShown',
          'code',
          'deductions',
          'elements',
          'eligible',
          'explanation',
          'meansTested',
          'monthly',
          'name',
          'parameters',
          'rules',
          'system',
          'weekly',
          // Only on a payment made once, whose weekly and monthly are always 0.
          ...(ONE_OFF_BENEFIT_CODES.includes(benefit.code as BenefitCode) ? ['lumpSum'] : []),
        ].sort(),
      );
      expect(typeof benefit.weekly).toBe('number');
      expect(typeof benefit.monthly).toBe('number');
      if (ONE_OFF_BENEFIT_CODES.includes(benefit.code as BenefitCode)) expect([benefit.weekly, benefit.monthly]).toEqual([0, 0]);
    }
    for (const total of ['UNIVERSAL_CREDIT', 'LEGACY_AND_PENSION_AGE']) {
      expect(body.totals[total]).toEqual({ weekly: expect.any(Number), monthly: expect.any(Number) });
    }
    expect(Array.isArray(body.variables)).toBe(true);
    // A lone parent with a young child in England: the extra help includes schemes for children, with how to get them.
    const children = body.extraHelp.find((category: { name: string }) => category.name === 'children-and-school');
    expect(children.items[0]).toEqual({
      category: 'children-and-school',
      name: expect.any(String),
      title: expect.any(String),
      text: expect.any(String),
      howToAccessTitle: expect.any(String),
      howToAccess: expect.any(String),
      source: { title: expect.any(String), url: expect.stringMatching(/^https:\/\//) },
    });
    expect(body.variables).toContainEqual({ name: 'WARM_HOMES_NETWORK_ELIGIBLE', weekly: expect.any(Number), monthly: expect.any(Number) });

    // One child, so the eldest-child rate only: £27.05 a week from 6 April 2026; monthly = 27.05 x 52 / 12 = 117.2166... = £117.22.
    const childBenefit = body.benefits.find((benefit: { code: string }) => benefit.code === 'CHILD_BENEFIT');
    expect(childBenefit).toMatchObject({
      code: 'CHILD_BENEFIT',
      name: 'Child Benefit',
      system: 'BOTH',
      meansTested: false,
      eligible: true,
      amountShown: true,
      weekly: 27.05,
      monthly: 117.22,
      elements: [{ code: 'ELDEST_CHILD', name: 'Eldest or only child', weekly: 27.05, monthly: 117.22 }],
      deductions: [],
      explanation: ['Child Benefit is £27.05 a week for the eldest child.'],
    });
    expect(childBenefit.parameters).toContainEqual(
      expect.objectContaining({
        name: 'gov/hmrc/child_benefit/amount/eldest',
        value: 2705,
        unit: 'pence a week',
        from: '2026-04-06',
        source: expect.objectContaining({ url: expect.any(String) }),
      }),
    );
  });

  it('works out a date in 2025/26 with the 2025/26 rate', async () => {
    const { body } = await post({ date: '2025-06-01', household: LONE_PARENT_PRIVATE_RENTER }).expect(200);
    // £26.05 a week from 7 April 2025; monthly = 26.05 x 52 / 12 = 112.8833... = £112.88.
    expect(body.rulesVersion).toBe('2025-26');
    expect(body.benefits.find((benefit: { code: string }) => benefit.code === 'CHILD_BENEFIT')).toMatchObject({
      weekly: 26.05,
      monthly: 112.88,
    });
  });

  it('stores nothing', async () => {
    const rowCounts = async () => {
      const tables = await testApp.database.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      );
      const counts: Record<string, number> = {};
      for (const { name } of tables)
        counts[name] = Number((await testApp.database.query<{ rows: string }>(`SELECT count(*) AS rows FROM "${name}"`))[0]!.rows);
      return counts;
    };
    const before = await rowCounts();
    await post({ date: '2026-11-21', household: LONE_PARENT_PRIVATE_RENTER }).expect(200);
    await post({ date: '2026-11-21', household: withAdult({ foo: 1 }) }).expect(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an unknown field deep in the household, naming its path', async () => {
    const { body } = await post({ date: '2026-11-21', household: withAdult({ foo: 1 }) }).expect(400);
    expect(body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'household.adults[0].foo is not a field this request accepts.',
      errors: [{ path: 'household.adults[0].foo', message: 'household.adults[0].foo is not a field this request accepts.' }],
    });
  });

  it('refuses a value outside an enum', async () => {
    const { body } = await post({ household: { ...LONE_PARENT_PRIVATE_RENTER, country: 'ENG' } }).expect(400);
    expect(body.errors).toEqual([
      { path: 'household.country', message: 'household.country must be one of ENGLAND, SCOTLAND, WALES, NORTHERN_IRELAND.' },
    ]);
  });

  it('refuses money with 3 decimals', async () => {
    const { body } = await post({ household: withAdult({ earnings: { amount: 1200.125, period: 'MONTH', basis: 'NET' } }) }).expect(400);
    expect(body.errors).toEqual([
      {
        path: 'household.adults[0].earnings.amount',
        message: 'household.adults[0].earnings.amount must have at most 2 decimal places (pounds and pence).',
      },
    ]);
  });

  it('refuses a household without a tenure', async () => {
    const { body } = await post({
      household: { ...LONE_PARENT_PRIVATE_RENTER, housing: { rent: { amount: 850, period: 'MONTH' } } },
    }).expect(400);
    expect(body.errors).toEqual([
      {
        path: 'household.housing.tenure',
        message:
          'household.housing.tenure is required: one of PRIVATE_RENT, SOCIAL_RENT, TEMPORARY_ACCOMMODATION, SUPPORTED_ACCOMMODATION, OWNER_OCCUPIER, SHARED_OWNERSHIP, LIVING_WITH_OTHERS_NO_RENT, HOMELESS.',
      },
    ]);
  });

  it('lists several problems at once', async () => {
    const { body } = await post({
      date: '2026-02-30',
      household: {
        ...withAdult({ hoursPerWeek: 200, benefitsReceived: [{ type: 'PIP_MOBILITY', rate: 'HIGHEST' }] }),
        children: [{ dateOfBirth: '2019-03-02', sex: 'GIRL' }],
        capital: -1,
      },
    }).expect(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('There are 5 problems with the request.');
    expect(body.errors.map((error: { path: string }) => error.path)).toEqual([
      'date',
      'household.adults[0].hoursPerWeek',
      'household.adults[0].benefitsReceived[0].rate',
      'household.children[0].sex',
      'household.capital',
    ]);
  });

  it('answers a date before the rates held with 422', async () => {
    const { body } = await post({ date: '2024-01-01', household: LONE_PARENT_PRIVATE_RENTER }).expect(422);
    expect(body).toEqual({
      statusCode: 422,
      code: 'DATE_OUT_OF_RANGE',
      message: expect.stringContaining('2024-01-01 is before that'),
      errors: [{ path: 'date', message: expect.stringContaining('2024-01-01') }],
    });
  });

  it('answers a date up to a year after the rates held with the last rates held, and says so in a field', async () => {
    const held = await post({ date: '2027-03-31', household: LONE_PARENT_PRIVATE_RENTER }).expect(200);
    const after = await post({ date: '2027-04-12', household: LONE_PARENT_PRIVATE_RENTER }).expect(200);
    expect(held.body.lastRatesHeld).toBeNull();
    expect(after.body).toMatchObject({ date: '2027-04-12', rulesVersion: '2026-27', lastRatesHeld: { ratesDate: '2027-03-31' } });
    expect(after.body.totals).toEqual(held.body.totals);
  });

  it('answers a date more than a year after the rates held with 422', async () => {
    const message =
      'The rules and rates held run to 2027-03-31, and the last rates held are used for at most a year after (to 2028-03-31); 2030-01-01 is after that, so it cannot be worked out yet.';
    const { body } = await post({ date: '2030-01-01', household: LONE_PARENT_PRIVATE_RENTER }).expect(422);
    expect(body).toEqual({ statusCode: 422, code: 'DATE_OUT_OF_RANGE', message, errors: [{ path: 'date', message }] });
  });

  it('refuses a body that is not JSON, or not an object, with 400', async () => {
    const malformed = await request(testApp.app.getHttpServer())
      .post('/api/v1/calculations')
      .set('Content-Type', 'application/json')
      .send('{"household": ')
      .expect(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, code: 'INVALID_JSON' });
    const list = await post([LONE_PARENT_PRIVATE_RENTER]).expect(400);
    expect(list.body.errors).toEqual([{ path: '', message: 'The request must be a JSON object with household (and optionally date).' }]);
    const text = await request(testApp.app.getHttpServer())
      .post('/api/v1/calculations')
      .set('Content-Type', 'text/plain')
      .send('household')
      .expect(400);
    expect(text.body.errors[0].path).toBe('');
  });
});
