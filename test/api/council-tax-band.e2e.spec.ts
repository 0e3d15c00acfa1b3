import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { BANDS_SCRIPT, runDataScript } from '../../api/src/lookup/data-script.js';
import type { PostcodeAnswer } from '../../common/survey/model.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import type { PageResponse } from '../support/questionnaire-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The council tax band question on the built server in production mode: it offers
 * only the bands of the postcode's nation (England and Scotland A to H, Wales A to I) and 'I don't know my band';
 * 'Look this up for me' only where addresses are loaded for the postcode (so never on a fresh install); and the
 * API refuses the old 'Lookup' answer and band I outside Wales with a clear 400.
 */

let database: TestDatabase;
let server: ApiProcess;
let scratch: string;
const http = () => request(server.url);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url });
  scratch = await mkdtemp(join(tmpdir(), 'bands-'));
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

type BandQuestion = {
  name: string;
  show: boolean;
  country: string;
  bandLookup: boolean;
  options: { value: string; text: string }[];
  answer: { value: unknown };
};

function bandQuestion(page: PageResponse): BandQuestion {
  const found = page.page.fields.flatMap((group) => group.questions).find((question) => question.name === 'ClientCouncilTaxBand');
  if (!found) throw new Error(`Page ${page.page.name} has no council tax band question.`);
  return found as unknown as BandQuestion;
}

/** The single renter's pages before 'Council tax', at a postcode as the server's postcode check answers it; owners, so no rent area is asked. */
function pagesBeforeCouncilTax(postcode: PostcodeAnswer): [string, Record<string, unknown>][] {
  const pages = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.slice(
    0,
    SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.findIndex(([name]) => name === 'council-tax'),
  );
  return pages.map(([name, answers]): [string, Record<string, unknown>] => {
    if (name === 'where-you-live') return [name, { ClientPostcode: postcode }];
    if (name === 'your-home') return [name, { ClientTenure: 'Owner', ClientPaysServiceCharges: 'No' }];
    return [name, answers];
  });
}

interface AtCouncilTax {
  browserId: string;
  session: string;
  page: PageResponse;
}

/** Answers every page up to 'Council tax' as one browser, as the web app does, and returns that page. */
async function walkToCouncilTax(typedPostcode: string, browserId: string): Promise<AtCouncilTax> {
  const checked = await http().post('/api/data/postcode/').send({ postcode: typedPostcode }).expect(200);
  const postcode = checked.body.value as PostcodeAnswer;
  let current = (await http().get('/api/data/survey').expect(200)).body as PageResponse;
  let session: string | null = null;
  for (const [name, answers] of pagesBeforeCouncilTax(postcode)) {
    expect(current.page.name).toBe(name);
    const response = await http()
      .post('/api/data/survey/')
      .send({ browserId, session, page: current.pageNumber, action: 2, ...answers });
    expect({ page: name, status: response.status, body: response.status === 200 ? 'saved' : response.body }).toEqual({
      page: name,
      status: 200,
      body: 'saved',
    });
    current = response.body as PageResponse;
    session = current.session;
  }
  expect(current.page.name).toBe('council-tax');
  return { browserId, session: session!, page: current };
}

function answerBand(at: AtCouncilTax, band: string) {
  return http().post('/api/data/survey/').send({
    browserId: at.browserId,
    session: at.session,
    page: at.page.pageNumber,
    action: 2,
    ClientCouncilTaxLiable: 'Yes',
    ClientCouncilTaxBand: band,
  });
}

async function reopen(at: AtCouncilTax): Promise<PageResponse> {
  return (await http().get(`/api/data/survey/${at.page.pageNumber}/${at.session}`).set('X-Browser-Id', at.browserId).expect(200))
    .body as PageResponse;
}

/** Loads a bands file the documented way, `npm run data:bands -- <file>` (the script's own code), into the server's database. */
async function loadBands(csv: string): Promise<void> {
  const file = join(scratch, `bands-${Date.now()}.csv`);
  await writeFile(file, csv);
  const said: string[] = [];
  const code = await runDataScript(
    BANDS_SCRIPT,
    [file],
    { DATABASE_URL: database.url },
    { log: (line) => said.push(line), error: (line) => said.push(line) },
  );
  expect({ code, said }).toMatchObject({ code: 0 });
}

const BANDS_A_TO_H = ['Band A', 'Band B', 'Band C', 'Band D', 'Band E', 'Band F', 'Band G', 'Band H'];

describe('the council tax band question on a fresh install (no addresses loaded)', () => {
  it("offers an English postcode bands A to H and 'I don't know my band': no band I, no look-up that can only fail", async () => {
    const at = await walkToCouncilTax('M1 1AD', 'browser_1795740000000_bandeng1');
    const question = bandQuestion(at.page);
    expect(question.country).toBe('England');
    expect(question.options.map((option) => option.value)).toEqual([...BANDS_A_TO_H, 'NotKnown']);
    expect(question.options.map((option) => option.text)).not.toContain('Look this up for me');
    expect(question.options.find((option) => option.value === 'NotKnown')?.text).toBe("I don't know my band");
    expect(question.bandLookup).toBe(false);
  });

  it("refuses the old 'Lookup' answer and band I for an English address with a clear 400, then takes 'I don't know my band'", async () => {
    const at = await walkToCouncilTax('m1 2ad', 'browser_1795740000000_bandeng2');
    const lookup = await answerBand(at, 'Lookup').expect(400);
    expect(lookup.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        {
          path: 'ClientCouncilTaxBand',
          message:
            "ClientCouncilTaxBand: 'Lookup' is not a council tax band: 'Look this up for me' finds the band from the address and stores it, such as 'Band C'. Send the band, or 'NotKnown' when it is not known.",
        },
      ],
    });
    const bandI = await answerBand(at, 'Band I').expect(400);
    expect(bandI.body.errors).toEqual([
      {
        path: 'ClientCouncilTaxBand',
        message:
          "ClientCouncilTaxBand: 'Band I' is not a council tax band in England, which has bands A to H. Band I is used only in Wales.",
      },
    ]);
    // Nothing was saved by the refused answers.
    expect(bandQuestion(await reopen(at)).answer.value).toBe('');

    const notKnown = await answerBand(at, 'NotKnown').expect(200);
    expect((notKnown.body as PageResponse).page.name).toBe('savings');
    expect(bandQuestion(await reopen(at)).answer.value).toBe('NotKnown');
  });

  it('offers a Welsh postcode bands A to I and takes band I', async () => {
    const at = await walkToCouncilTax('CF10 1AA', 'browser_1795740000000_bandwal1');
    const question = bandQuestion(at.page);
    expect(question.country).toBe('Wales');
    expect(question.options.map((option) => option.value)).toEqual([...BANDS_A_TO_H, 'Band I', 'NotKnown']);
    expect(question.bandLookup).toBe(false);
    await answerBand(at, 'Lookup').expect(400);
    await answerBand(at, 'Band I').expect(200);
    expect(bandQuestion(await reopen(at)).answer.value).toBe('Band I');
  });
});

describe('with addresses loaded for a postcode by npm run data:bands', () => {
  beforeAll(async () => {
    await loadBands(
      [
        'postcode,address,band,authority_code',
        'M1 7AA,2 Example Street,C,E08000003',
        'm17aa,10 Example Street,D,E08000003',
        'AB10 6AA,1 Example Row,B,S12000033',
      ].join('\n'),
    );
  });

  it('offers the look-up for that postcode, which lists its addresses, and stores the band of the one picked', async () => {
    const at = await walkToCouncilTax('M1 7AA', 'browser_1795740000000_bandeng3');
    const question = bandQuestion(at.page);
    expect(question.bandLookup).toBe(true);
    // Still one list of bands: the look-up is the question's own, not an option.
    expect(question.options.map((option) => option.value)).toEqual([...BANDS_A_TO_H, 'NotKnown']);

    const bands = await http().post('/api/data/bands/').send({ session: at.session, browserId: at.browserId }).expect(200);
    expect(bands.body).toEqual({
      valid: true,
      value: [
        { id: expect.any(String), line1: '2 Example Street', band: 'C' },
        { id: expect.any(String), line1: '10 Example Street', band: 'D' },
      ],
    });
    await answerBand(at, 'Band D').expect(200);
    expect(bandQuestion(await reopen(at)).answer.value).toBe('Band D');
  });

  it('does not offer it for a postcode without addresses, nor for a stranger to ask about', async () => {
    const at = await walkToCouncilTax('M1 1AD', 'browser_1795740000000_bandeng4');
    expect(bandQuestion(at.page).bandLookup).toBe(false);
    // The page data, and with it whether addresses are loaded, is only for the calculation's owner.
    const stranger = await http()
      .get(`/api/data/survey/${at.page.pageNumber}/${at.session}`)
      .set('X-Browser-Id', 'browser_1795740000000_stranger')
      .expect(403);
    expect(stranger.body.code).toBe('VERIFICATION_REQUIRED');
    expect(JSON.stringify(stranger.body)).not.toContain('bandLookup');
  });

  it('never offers it in Scotland, where the bands are A to H and band I is refused', async () => {
    const at = await walkToCouncilTax('AB10 6AA', 'browser_1795740000000_bandsco1');
    const question = bandQuestion(at.page);
    expect(question.country).toBe('Scotland');
    expect(question.bandLookup).toBe(false);
    expect(question.options.map((option) => option.value)).toEqual([...BANDS_A_TO_H, 'NotKnown']);
    const bandI = await answerBand(at, 'Band I').expect(400);
    expect(bandI.body.errors[0].message).toBe(
      "ClientCouncilTaxBand: 'Band I' is not a council tax band in Scotland, which has bands A to H. Band I is used only in Wales.",
    );
    await answerBand(at, 'Band B').expect(200);
  });
});
