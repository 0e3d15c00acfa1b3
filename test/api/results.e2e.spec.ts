import request from 'supertest';
import { loadEntitlementEngine } from '../../engine/load.js';
import { ukToday } from '../../common/dates/uk-today.js';
import type { ResultBenefit, ResultModel } from '../../common/result/model.js';
import { householdFromAnswers } from '../../engine/household-mapping/household-mapping.js';
import type { Answers } from '../../common/survey/model.js';
import { ageOn, parseDayMonthYear } from '../../common/survey/dates.js';
import { money, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The results API: figures from the engine on the stored answers, only for the browser
 * that may open the calculation; out-of-date and unanswered results; better-off; sections and feedback.
 */

const OWNER = 'browser_1795262400000_owner001';
const STRANGER = 'browser_1795262400000_strange1';
const engine = loadEntitlementEngine();

let testApp: TestApp;
let session: string;
const http = () => request(testApp.app.getHttpServer());
const getResult = (browserId = OWNER, query = '') =>
  http().get(`/api/data/result/?session=${session}${query}`).set('X-Browser-Id', browserId);
const answersGiven = Object.assign({}, ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([, answers]) => answers)) as Answers;

beforeAll(async () => {
  testApp = await startTestApp();
  ({ session } = await completeQuestionnaire(http, OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME));
});
afterAll(() => testApp.close());
beforeEach(() => testApp.database.query('DELETE FROM rate_limit_counters'));

const find = (list: ResultBenefit[], code: string) => list.find((benefit) => benefit.benefitCode === code);

describe('GET /api/data/result/ for the browser that owns the calculation', () => {
  let result: ResultModel;
  beforeAll(async () => {
    result = (await getResult().expect(200)).body as ResultModel;
  });

  it('gives the figures the engine gives for the household the answers describe, in pounds', async () => {
    const today = ukToday();
    const expected = await engine.calculate(householdFromAnswers(answersGiven, today), today);
    const universalCredit = expected.benefits.find((benefit) => benefit.code === 'UNIVERSAL_CREDIT')!;
    const shown = find(result.benefits!.universalCredit, 'UNIVERSAL_CREDIT')!;
    expect(universalCredit.eligible).toBe(true);
    expect(shown.monthlyPayment).toBe(universalCredit.monthlyPence / 100);
    expect(shown.weeklyPayment).toBe(universalCredit.weeklyPence / 100);
    expect(shown.elements.map((element) => element.name)).toEqual(universalCredit.elements.map((element) => element.name));
    expect(shown.paymentMonthlyTotal).toBe(universalCredit.monthlyPence / 100);
    expect(shown.showBreakdown).toBe(true);
    expect(shown.howToClaim.message).toMatch(/Claim online/);
    expect(shown.messages.map((message) => message.message)).toEqual(universalCredit.explanation);
    expect(result.benefits!.ucMonthly).toBe(expected.totals.UNIVERSAL_CREDIT.monthlyPence / 100);
    expect(result.benefits!.lbWeekly).toBe(expected.totals.LEGACY_AND_PENSION_AGE.weeklyPence / 100);
    expect(result.benefits!.ucIncomeMonthly).toBe(expected.income.earnings.monthlyPence / 100);
    expect(result.rulesVersion).toBe(expected.rulesVersion);
  });

  it('says which system the person is eligible for: Universal Credit, working age', () => {
    expect(result).toMatchObject({
      isValid: true,
      isOutOfDate: false,
      isUnanswered: false,
      isBetterOff: false,
      eligibility: { isEligibleForUc: true, isEligibleForLb: false },
    });
    expect(result.token).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });

  it('shows the answers by page, with the local authority instead of the postcode and an age instead of the date of birth', () => {
    const questions = result.categories.flatMap((category) => category.questions);
    const answerOf = (name: string) => questions.find((question) => question.name === name)?.answers;
    expect(answerOf('ClientPostcode')).toEqual([{ prefix: '', value: 'Manchester' }]);
    expect(answerOf('ClientDob')).toEqual([{ prefix: '', value: `Age ${ageOn(parseDayMonthYear('14/03/1990')!, ukToday())}` }]);
    expect(answerOf('ClientRent')).toEqual([{ prefix: '', value: '£650.00 per month' }]);
    expect(answerOf('ClientTenure')?.[0].value).not.toBe('PrivateRent');
    expect(JSON.stringify(result)).not.toMatch(/M1 1AD|14\/03\/1990/);
    expect(questions.find((question) => question.name === 'ClientRent')).toMatchObject({ showEdit: true, pageNumber: 17 });
    expect(result.categories[0]).toMatchObject({ name: 'where-you-live', isBetterOff: false });
  });

  it('offers extra help and reads the Warm Homes Network flag as True or False', () => {
    expect(result.extraHelps.showExtraHelp).toBe(true);
    expect(
      result.extraHelps.extraHelps.every(
        (item) => item.category && item.title && item.helpTitle && item.helpText && item.link.startsWith('http'),
      ),
    ).toBe(true);
    expect(['True', 'False']).toContain(result.variables.find((variable) => variable.name === 'WARM_HOMES_NETWORK_ELIGIBLE')?.weeklyValue);
  });

  it("records 'complete - eligible' for the charity's own analytics when results are shown", async () => {
    const rows = await testApp.database.query<{ count: string }>(
      `SELECT count(*) FROM analytics_events WHERE session_id = $1 AND event = 'complete - eligible'`,
      [session],
    );
    expect(Number(rows[0].count)).toBeGreaterThan(0);
  });

  it('gives testing data only to a browser in verified test mode', async () => {
    const asked = (await getResult(OWNER, '&test=true').expect(200)).body as ResultModel;
    expect(asked.testing).toBeNull();
  });
});

describe('who may see a result', () => {
  it('gives another browser no result data until it passes the identity check', async () => {
    const refused = await getResult(STRANGER).expect(403);
    expect(refused.body).toMatchObject({ code: 'VERIFICATION_REQUIRED' });
    expect(JSON.stringify(refused.body)).not.toMatch(/benefits|Universal Credit|Manchester/);

    const checked = await http().post('/api/data/verify/').send({ session, postcode: 'm11ad', browserId: STRANGER }).expect(200);
    expect(checked.body).toEqual({ valid: true });
    const cookie = checked.headers['set-cookie'];
    const opened = await getResult(STRANGER).set('Cookie', cookie).expect(200);
    expect((opened.body as ResultModel).benefits).not.toBeNull();
  });

  it('locks the identity check after 20 wrong postcodes, even with the right one', async () => {
    const { session: locked } = await completeQuestionnaire(http, OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME);
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const wrong = await http()
        .post('/api/data/verify/')
        .send({ session: locked, postcode: `ZZ${attempt} 9ZZ`, browserId: STRANGER })
        .expect(200);
      expect(wrong.body).toEqual({ valid: false });
    }
    const right = await http().post('/api/data/verify/').send({ session: locked, postcode: 'M1 1AD', browserId: STRANGER }).expect(429);
    expect(right.body).toMatchObject({ code: 'VERIFICATION_LOCKED', message: expect.stringMatching(/locked/) });
    expect(right.headers['set-cookie']).toBeUndefined();
    await http().get(`/api/data/result/?session=${locked}`).set('X-Browser-Id', STRANGER).expect(403);
    // The owner is not locked out of their own calculation.
    await http().get(`/api/data/result/?session=${locked}`).set('X-Browser-Id', OWNER).expect(200);
  }, 60_000);

  it('says not found for a calculation that does not exist, and names a session that is not one', async () => {
    const missing = await http()
      .get('/api/data/result/?session=5b0c2c0e-3f7e-4a43-9d39-2d1f1b7f3a10')
      .set('X-Browser-Id', OWNER)
      .expect(404);
    expect(missing.body).toMatchObject({ code: 'CALCULATION_NOT_FOUND' });
    const bad = await http().get('/api/data/result/?session=not-a-session').expect(400);
    expect(bad.body.errors).toEqual([{ path: 'session', message: 'session must be a calculation id.' }]);
  });
});

describe('figures that depend on a right to reside', () => {
  it('marks the benefits that need one when the person has pre-settled status, and says so; not otherwise', async () => {
    const preSettled = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([page, answers]): [string, Record<string, unknown>] => [
      page,
      page === 'right-to-claim' ? { ...answers, ClientImmigrationStatus: 'PreSettledStatus' } : answers,
    ]);
    const { session: theirs } = await completeQuestionnaire(http, OWNER, preSettled);
    const result = (await http().get(`/api/data/result/?session=${theirs}`).set('X-Browser-Id', OWNER).expect(200)).body as ResultModel;
    expect(result.rightToReside).toEqual({ who: 'YOU', notSure: false });
    const marked = [...result.benefits!.universalCredit, ...result.benefits!.nonMeansTested]
      .filter((benefit) => benefit.dependsOnRightToReside)
      .map((benefit) => benefit.benefitCode);
    expect(marked).toContain('UNIVERSAL_CREDIT');
    // The figures are those with a right to reside: the same as for a British citizen.
    const british = (await getResult().expect(200)).body as ResultModel;
    expect(british.rightToReside).toBeNull();
    expect(find(result.benefits!.universalCredit, 'UNIVERSAL_CREDIT')!.monthlyPayment).toBe(
      find(british.benefits!.universalCredit, 'UNIVERSAL_CREDIT')!.monthlyPayment,
    );
    expect(
      [...british.benefits!.universalCredit, ...british.benefits!.nonMeansTested].some((benefit) => 'dependsOnRightToReside' in benefit),
    ).toBe(false);
  });
});

describe('results that cannot be shown yet', () => {
  let changed: string;
  beforeEach(async () => {
    ({ session: changed } = await completeQuestionnaire(http, OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME));
  });
  const resultOf = async (id: string) =>
    (await http().get(`/api/data/result/?session=${id}`).set('X-Browser-Id', OWNER).expect(200)).body as ResultModel;

  it('is out of date when a stored answer no longer fits its question, naming the question and its page', async () => {
    await testApp.database.query(
      `UPDATE calculation_sessions SET answers = jsonb_set(answers, '{ClientTenure}', '"Castle"') WHERE id = $1`,
      [changed],
    );
    const result = await resultOf(changed);
    expect(result).toMatchObject({ isValid: true, isOutOfDate: true, benefits: null });
    expect(result.messages).toEqual([
      expect.objectContaining({
        questionName: 'ClientTenure',
        pageNumber: 17,
        message: expect.stringMatching(/^Which of these describes your home\? .*not one of the options/),
      }),
    ]);
  });

  it('is unanswered when a question that applies has no answer', async () => {
    await testApp.database.query(`UPDATE calculation_sessions SET answers = answers - 'ClientCouncilTaxLiable' WHERE id = $1`, [changed]);
    const result = await resultOf(changed);
    expect(result).toMatchObject({ isUnanswered: true, isOutOfDate: false, benefits: null });
    expect(result.messages).toEqual([expect.objectContaining({ questionName: 'ClientCouncilTaxLiable', pageNumber: 18 })]);
    expect(result.messages[0].message).toMatch(/is required\.$/);
  });
});

describe('POST /api/data/result/: better off?', () => {
  const post = (body: Record<string, unknown>) =>
    http()
      .post('/api/data/result/')
      .send({ browserId: OWNER, session, action: 5, isBetterOff: true, ...body });

  it('compares now with working 30 hours for £450 a week, and keeps the answers as a highlighted category', async () => {
    const response = await post({
      BetterOffWho: 'Client',
      BetterOffHours: '30',
      BetterOffPay: money('450', 'Weekly'),
      BetterOffRentChanges: 'No',
    }).expect(200);
    const result = response.body as ResultModel;
    expect(result.isBetterOff).toBe(true);
    expect(result.benefits!.betterOffMessageWeekly).toMatch(/^You would be £[\d,.]+ a week better off\.$/);
    const universalCredit = find(result.benefits!.universalCredit, 'UNIVERSAL_CREDIT')!;
    // More pay means less Universal Credit, through the 55% taper.
    expect(universalCredit.betterOffMonthlyPayment).toBeLessThan(universalCredit.monthlyPayment);
    expect(result.benefits!.ucBetterOffIncomeWeekly).toBeGreaterThan(result.benefits!.ucIncomeWeekly);
    const category = result.categories.find((candidate) => candidate.isBetterOff)!;
    expect(category.questions.map((question) => question.name)).toEqual([
      'BetterOffWho',
      'BetterOffHours',
      'BetterOffPay',
      'BetterOffRentChanges',
    ]);
    // A later GET shows the comparison too: the answers are stored.
    expect(((await getResult().expect(200)).body as ResultModel).isBetterOff).toBe(true);
  });

  it('checks the answers with the questionnaire rules and names each question', async () => {
    const response = await post({ BetterOffWho: 'Client', BetterOffHours: '300', BetterOffRentChanges: 'No' }).expect(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['BetterOffHours', 'BetterOffPay']);
    await post({ BetterOffWho: 'Client', BetterOffNotAQuestion: 'x' }).expect(400);
    await post({ action: 4 }).expect(400);
  });

  it('goes back to the result without changes when isBetterOff is false', async () => {
    const result = (await post({ isBetterOff: false }).expect(200)).body as ResultModel;
    expect(result.isBetterOff).toBe(false);
    expect(result.categories.some((category) => category.isBetterOff)).toBe(false);
  });
});

describe('sections and feedback', () => {
  it('records the section opened and refuses a code that is not one', async () => {
    await http().post('/api/data/section/').send({ browserId: OWNER, session, sectionType: 2 }).expect(200);
    const rows = await testApp.database.query<{ page_name: string }>(
      `SELECT page_name FROM analytics_events WHERE session_id = $1 AND event = 'result_section'`,
      [session],
    );
    expect(rows.map((row) => row.page_name)).toContain('worked');
    const wrong = await http().post('/api/data/section/').send({ browserId: OWNER, session, sectionType: 4 }).expect(400);
    expect(wrong.body.errors).toEqual([{ path: 'sectionType', message: 'sectionType must be 1, 2 or 3.' }]);
  });

  it('keeps the thumbs and the comment cut to 250 characters, and then says feedback exists', async () => {
    await http().post('/api/data/feedback/').send({ browserId: OWNER, session, feedbackType: 1, feedback: '' }).expect(200);
    await http()
      .post('/api/data/feedback/')
      .send({ browserId: OWNER, session, feedbackType: 2, feedback: 'x'.repeat(300) })
      .expect(200);
    const [row] = await testApp.database.query<{ feedback_type: number; comment: string }>(
      'SELECT feedback_type, comment FROM result_feedback WHERE session_id = $1',
      [session],
    );
    expect(row).toEqual({ feedback_type: 2, comment: 'x'.repeat(250) });
    expect(((await getResult().expect(200)).body as ResultModel).hasFeedback).toBe(true);
    await http().post('/api/data/feedback/').send({ browserId: STRANGER, session, feedbackType: 1 }).expect(403);
  });
});
