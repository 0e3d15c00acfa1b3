import request from 'supertest';
import { QUESTION_TYPES } from '../../common/survey/model.js';
import { MANCHESTER, money, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire as answerEveryPage, type PageResponse } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const OWNER = 'browser_1795262400000_owner001';
const STRANGER = 'browser_1795262400000_strange1';

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());
beforeEach(() => testApp.database.query('DELETE FROM rate_limit_counters'));

async function post(body: Record<string, unknown>, status = 200): Promise<PageResponse> {
  const response = await http()
    .post('/api/data/survey/')
    .send({ browserId: OWNER, ...body });
  expect({ status: response.status, body: response.status === status ? 'as expected' : response.body }).toEqual({
    status,
    body: 'as expected',
  });
  return response.body as PageResponse;
}

const completeQuestionnaire = (pages: [string, Record<string, unknown>][]) => answerEveryPage(http, OWNER, pages);

async function storedAnswers(session: string): Promise<Record<string, unknown>> {
  const [row] = await testApp.database.query<{ answers: Record<string, unknown> }>(
    'SELECT answers FROM calculation_sessions WHERE id = $1',
    [session],
  );
  return row?.answers ?? {};
}

describe('a whole questionnaire: a single private renter working part time', () => {
  let session: string;
  let visited: PageResponse[];

  beforeAll(async () => {
    ({ session, visited } = await completeQuestionnaire(SINGLE_PRIVATE_RENTER_WORKING_PART_TIME));
  });

  it('starts the calculation on the first page with a short, unambiguous reference', async () => {
    const [row] = await testApp.database.query<{ reference: string; owner_browser_id: string; finished_at: Date | null }>(
      'SELECT reference, owner_browser_id, finished_at FROM calculation_sessions WHERE id = $1',
      [session],
    );
    expect(row.reference).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(row.owner_browser_id).toBe(OWNER);
    expect(row.finished_at).not.toBeNull();
    expect(visited[1].token).toBe(row.reference);
  });

  it('skips the pages that do not apply and counts progress over those that do', () => {
    const numbers = visited.slice(0, -1).map((response) => response.pageNumber);
    expect(numbers).toEqual([1, 2, 3, 5, 8, 10, 11, 14, 16, 17, 18, 19, 20]);
    expect(visited[0].page.progress).toBe(0);
    expect(visited.at(-2)!.page.progress).toBe(100);
    expect(visited[6].page.progress).toBe(Math.round((6 * 100) / 12));
  });

  it('keeps every answer given, with money in all three periods', async () => {
    const answers = await storedAnswers(session);
    expect(answers.ClientPostcode).toEqual(MANCHESTER);
    expect(answers.ClientRent).toEqual(money('650', 'Monthly'));
    expect(answers.ClientRent).toEqual({ weekly: 150, monthly: 650, yearly: 7800, period: 'Monthly' });
    expect(Object.keys(answers)).toHaveLength(
      SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.reduce((count, [, page]) => count + Object.keys(page).length, 0),
    );
  });

  it('records first-party analytics: a page view per page and a valid form per page passed', async () => {
    const events = await testApp.database.query<{ event: string; count: string }>(
      'SELECT event, count(*) FROM analytics_events WHERE session_id = $1 GROUP BY event ORDER BY event',
      [session],
    );
    expect(events).toEqual([
      { event: 'form_valid', count: '13' },
      { event: 'page_view', count: '13' },
    ]);
  });

  it('opens any page already passed, and the furthest open page instead of one not reached', async () => {
    const page5 = (await http().get(`/api/data/survey/5/${session}`).set('X-Browser-Id', OWNER).expect(200)).body as PageResponse;
    expect(page5.page.name).toBe('who-lives-with-you');
    // A label (the partner sentence, shown only to a couple) carries no answer; the optional questions left blank read ''.
    const answersShown = Object.fromEntries(
      page5.page.fields
        .flatMap((field) => field.questions)
        .filter((question) => question.questionType !== QUESTION_TYPES.Label && question.show)
        .map((question) => [question.name, question.answer.value]),
    );
    expect(answersShown).toEqual({ ChildCount: '0', NonDependantCount: '0', ExpectingBaby: '', FuneralArranging: '' });
    const skipped = (await http().get(`/api/data/survey/6/${session}`).set('X-Browser-Id', OWNER).expect(200)).body as PageResponse;
    expect(skipped.pageNumber).toBe(20);
  });

  it('asks another browser for the identity check, which the calculation’s postcode passes', async () => {
    const refused = await http().get(`/api/data/survey/2/${session}`).set('X-Browser-Id', STRANGER).expect(403);
    expect(refused.body.code).toBe('VERIFICATION_REQUIRED');
    await http()
      .post('/api/data/survey/')
      .send({ browserId: STRANGER, session, page: 2, action: 2, ClientDob: '01/01/1980', ClientHasPartner: 'No' })
      .expect(403);
    expect((await storedAnswers(session)).ClientDob).toBe('14/03/1990');

    const wrong = await http().post('/api/data/verify/').send({ session, postcode: 'SW1A 1AA', browserId: STRANGER }).expect(200);
    expect(wrong.body).toEqual({ valid: false });
    const right = await http().post('/api/data/verify/').send({ session, postcode: 'm11ad', browserId: STRANGER }).expect(200);
    expect(right.body).toEqual({ valid: true });
    const cookie = (right.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    expect(cookie.startsWith(`bc_session_${session}=`)).toBe(true);
    await http().get(`/api/data/survey/2/${session}`).set('X-Browser-Id', STRANGER).set('Cookie', cookie).expect(200);
  });

  it('finds the calculation again by reference and postcode, however they are typed', async () => {
    const [{ reference }] = await testApp.database.query<{ reference: string }>(
      'SELECT reference FROM calculation_sessions WHERE id = $1',
      [session],
    );
    const typed = `${reference.slice(0, 4).toLowerCase()}-${reference.slice(4)}`;
    const found = await http().post('/api/data/lookup/').send({ token: typed, postcode: ' m1 1ad ' }).expect(200);
    expect(found.body).toEqual({ valid: true, isComplete: true, pageNumber: 20, session });
    const wrongPostcode = await http().post('/api/data/lookup/').send({ token: reference, postcode: 'M1 2AD' }).expect(200);
    expect(wrongPostcode.body.valid).toBe(false);
  });
});

describe('answers the server refuses, keeping what was saved', () => {
  let session: string;

  beforeAll(async () => {
    const first = await post({ session: null, page: 1, action: 2, ClientPostcode: MANCHESTER });
    session = first.session!;
    await post({ session, page: 2, action: 2, ClientDob: '14/03/1990', ClientHasPartner: 'No' });
  });

  it('gives each shown question’s message, the same as the browser’s, and saves nothing of the page', async () => {
    const response = await http()
      .post('/api/data/survey/')
      .send({ browserId: OWNER, session, page: 2, action: 2, ClientDob: '31/02/1990', ClientHasPartner: 'No' })
      .expect(400);
    expect(response.body.errors).toEqual([{ path: 'ClientDob', message: expect.stringMatching(/ is an invalid date\.$/) }]);
    const missing = await http()
      .post('/api/data/survey/')
      .send({ browserId: OWNER, session, page: 2, action: 2, ClientDob: '14/03/1990' })
      .expect(400);
    expect(missing.body.errors).toEqual([{ path: 'ClientHasPartner', message: expect.stringMatching(/ is required\.$/) }]);
    expect(await storedAnswers(session)).toMatchObject({ ClientDob: '14/03/1990', ClientHasPartner: 'No' });
  });

  it('refuses an answer to a question the answers hide, and an answer of the wrong type', async () => {
    const hidden = await http()
      .post('/api/data/survey/')
      .send({ browserId: OWNER, session, page: 2, action: 2, ClientDob: '14/03/1990', ClientHasPartner: 'No', PartnerDob: '01/01/1991' })
      .expect(400);
    expect(hidden.body.errors).toEqual([
      { path: 'PartnerDob', message: 'PartnerDob is not asked with the answers given, so it cannot be answered.' },
    ]);
    const wrongType = await http()
      .post('/api/data/survey/')
      .send({ browserId: OWNER, session, page: 2, action: 2, ClientDob: 19900314, ClientHasPartner: 'Maybe' })
      .expect(400);
    expect(wrongType.body.errors.map((error: { path: string }) => error.path)).toEqual(['ClientDob', 'ClientHasPartner']);
    expect(await storedAnswers(session)).not.toHaveProperty('PartnerDob');
  });

  it('refuses a page not reached yet, naming the page that comes first', async () => {
    const response = await http()
      .post('/api/data/survey/')
      .send({ browserId: OWNER, session, page: 11, action: 2, ClientWork: ['None of the above'] })
      .expect(409);
    expect(response.body.message).toBe('Page 11 cannot be answered yet: page 3 comes first.');
  });

  it('checks the rent against the cap for the tenure, in the period given', async () => {
    await post({ session, page: 3, action: 2, ClientImmigrationStatus: 'BritishOrIrish' });
    const [, , , ...rest] = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME;
    for (const [name, answers] of rest.slice(0, 6)) {
      const page = (await http().get(`/api/data/survey/99/${session}`).set('X-Browser-Id', OWNER).expect(200)).body as PageResponse;
      expect(page.page.name).toBe(name);
      await post({ session, page: page.pageNumber, action: 2, ...answers });
    }
    const tooHigh = await http()
      .post('/api/data/survey/')
      .send({
        browserId: OWNER,
        session,
        page: 17,
        action: 2,
        ClientTenure: 'SocialRent',
        ClientRent: money('2200', 'Monthly'),
        ClientPaysServiceCharges: 'No',
        ClientBedrooms: '2',
      })
      .expect(400);
    expect(tooHigh.body.errors).toEqual([
      {
        path: 'ClientRent',
        message: expect.stringMatching(
          /^The value entered for '.+' is too high \(the maximum amount you can enter is £2165 per month for social housing\)\.$/,
        ),
      },
    ]);
  });

  it('keeps the answers given on Back without checking them, and goes to the page before', async () => {
    const back = await post({ session, page: 17, action: 1, ClientTenure: 'Owner', ClientPaysServiceCharges: 'Yes' });
    expect(back.page.name).toBe('studying');
    expect(await storedAnswers(session)).toMatchObject({ ClientTenure: 'Owner', ClientPaysServiceCharges: 'Yes' });
  });
});
