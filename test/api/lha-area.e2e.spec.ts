import request from 'supertest';
import type { ResultModel } from '../../common/result/model.js';
import type { PostcodeAnswer } from '../../common/survey/model.js';
import { money, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire, type PageResponse } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * 'Which Local Housing Allowance area is your home in?' through the survey API and into the results: asked only
 * of private renters whose area the address does not settle, offering the council's areas and 'Not sure';
 * settled by the operator's postcode lookup when it is loaded; refused when the answer is not one of the choices.
 */

const BROWSER = 'browser_1795262400000_lhaarea1';
// North West Leicestershire is split between Leicester, Eastern Staffordshire and Derby (council's LHA page).
const LE67: PostcodeAnswer = {
  postcode: 'LE67 1AA',
  authority: 'North West Leicestershire',
  authorityCode: 'E07000134',
  country: 'England',
  latitude: null,
  longitude: null,
  option: false,
};

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());

beforeAll(async () => {
  testApp = await startTestApp();
  // A real postcode of the council, so the survey's postcode check finds it (the seed holds 20 others).
  await testApp.database.query(
    "INSERT INTO postcodes (postcode, local_authority_code, latitude, longitude) VALUES ('LE67 1AA', 'E07000134', 52.7225, -1.3725)",
  );
});
afterAll(() => testApp.close());

/** The single private renter of the other suites, living in North West Leicestershire, answering the area question with `area`. */
function renterIn(area: string | null): [string, Record<string, unknown>][] {
  return SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.map(([name, answers]): [string, Record<string, unknown>] => {
    if (name === 'where-you-live') return [name, { ClientPostcode: LE67 }];
    if (name === 'your-home') {
      // The base household lives in Manchester and names its area; here the area is this council's, or not asked.
      const { ClientLhaArea: _manchesters, ...rest } = answers;
      return [name, { ...rest, ...(area === null ? {} : { ClientLhaArea: area }) }];
    }
    return [name, answers];
  });
}

const areaQuestion = (page: PageResponse) =>
  page.page.fields.flatMap((group) => group.questions).find((question) => question.name === 'ClientLhaArea') as
    (PageResponse['page']['fields'][number]['questions'][number] & { options: { value: string; text: string }[] }) | undefined;

async function resultOf(session: string): Promise<ResultModel> {
  return (await http().get(`/api/data/result/?session=${session}`).set('X-Browser-Id', BROWSER).expect(200)).body as ResultModel;
}

describe('a private renter in a council split between areas', () => {
  it("is asked which area, offered the council's three areas and 'Not sure', and the answer caps the rent", async () => {
    const { session, visited } = await completeQuestionnaire(http, BROWSER, renterIn('Leicester'));
    const home = visited.find((page) => page.page.name === 'your-home')!;
    expect(areaQuestion(home)?.options.map((option) => option.value)).toEqual(['Leicester', 'Eastern Staffordshire', 'Derby', 'NotSure']);
    const result = await resultOf(session);
    const universalCredit = result.benefits!.universalCredit.find((benefit) => benefit.benefitCode === 'UNIVERSAL_CREDIT')!;
    // Leicester's one-bedroom LHA is £540.00 a month, below the rent of £650.00.
    expect(universalCredit.elements.find((element) => element.name === 'Housing costs element')?.monthlyPayment).toBe(540);
    expect(universalCredit.messages.map((message) => message.message)).toContain(
      'Your Local Housing Allowance area is Leicester, as you told us.',
    );
    expect(result.housingAllowance).toMatchObject({ area: 'Leicester', basis: 'GIVEN', rate: 540, period: 'month', pageNumber: null });
  });

  it("'Not sure' gives the lowest of the council's areas, says so with the range, and links back to the question", async () => {
    const { session, visited } = await completeQuestionnaire(http, BROWSER, renterIn('NotSure'));
    const result = await resultOf(session);
    const universalCredit = result.benefits!.universalCredit.find((benefit) => benefit.benefitCode === 'UNIVERSAL_CREDIT')!;
    expect(universalCredit.elements.find((element) => element.name === 'Housing costs element')?.monthlyPayment).toBe(450);
    expect(result.housingAllowance).toMatchObject({
      area: 'Derby',
      basis: 'LOWEST_OF_CANDIDATES',
      candidates: ['Leicester', 'Eastern Staffordshire', 'Derby'],
      rate: 450,
      highest: { area: 'Leicester', rate: 540 },
      pageNumber: visited.find((page) => page.page.name === 'your-home')!.pageNumber,
    });
  });

  it('an area that is not one of the choices is refused, naming the question, and nothing is saved', async () => {
    const pages = renterIn(null);
    const upTo = pages.findIndex(([name]) => name === 'your-home');
    // The pages before 'Your home', each with Next (action 2), as a person goes through them.
    let home = (await http().get('/api/data/survey').expect(200)).body as PageResponse;
    let session: string | null = null;
    for (const [, answers] of pages.slice(0, upTo)) {
      home = (
        await http()
          .post('/api/data/survey/')
          .send({ browserId: BROWSER, session, page: home.pageNumber, action: 2, ...answers })
          .expect(200)
      ).body as PageResponse;
      session = home.session;
    }
    expect(home.page.name).toBe('your-home');
    const response = await http()
      .post('/api/data/survey/')
      .send({ browserId: BROWSER, session, page: home.pageNumber, action: 2, ...pages[upTo]![1], ClientLhaArea: 'Central London' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'ClientLhaArea', message: expect.stringContaining("'Central London' is not one of the options") },
    ]);
  });

  it("once the operator's postcode lookup places the postcode, the question is not asked and the result says why", async () => {
    await testApp.database.query("INSERT INTO postcode_brmas (postcode, brma) VALUES ('LE67 1AA', 'Eastern Staffordshire')");
    try {
      const { session, visited } = await completeQuestionnaire(http, BROWSER, renterIn(null));
      const home = visited.find((page) => page.page.name === 'your-home')!;
      expect(areaQuestion(home)?.show).toBe(false);
      const result = await resultOf(session);
      expect(result.housingAllowance).toMatchObject({ area: 'Eastern Staffordshire', basis: 'POSTCODE', rate: 495 });
    } finally {
      await testApp.database.query("DELETE FROM postcode_brmas WHERE postcode = 'LE67 1AA'");
    }
  });
});

describe('who is not asked', () => {
  it('a social tenant in the same council is not asked the area', async () => {
    const pages = renterIn(null).map(([name, answers]): [string, Record<string, unknown>] =>
      name === 'your-home'
        ? [name, { ClientTenure: 'SocialRent', ClientRent: money('400', 'Monthly'), ClientPaysServiceCharges: 'No', ClientBedrooms: '1' }]
        : [name, answers],
    );
    const { visited } = await completeQuestionnaire(http, BROWSER, pages);
    const home = visited.find((page) => page.page.name === 'your-home')!;
    expect(areaQuestion(home)?.show).toBe(false);
  });
});
