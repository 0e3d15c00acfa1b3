import request from 'supertest';
import type { ResultModel } from '../../common/result/model.js';
import { moneyIn } from '../../api/src/documents/result-view.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * GET /api/data/pdf: the 'Your Benefit Results' PDF of a finished calculation, for the browser that
 * may open it, with the figures and masked answers of GET /api/data/result/ in the period asked for.
 */

const OWNER = 'browser_1795262400000_pdfown01';
const STRANGER = 'browser_1795262400000_pdfstr01';

let testApp: TestApp;
let session: string;
let result: ResultModel;
const http = () => request(testApp.app.getHttpServer());
const WEEKLY = { name: 'weekly', per: 'per week', unit: 'week' } as const;
const MONTHLY = { name: 'monthly', per: 'per month', unit: 'month' } as const;

/** The body as bytes, whatever its type (in Node, superagent hands a parser the response stream). */
function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const stream = response as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

const getPdf = (query: string, browserId = OWNER) =>
  http().get(`/api/data/pdf?${query}`).set('X-Browser-Id', browserId).buffer(true).parse(binary);

async function textOf(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

beforeAll(async () => {
  testApp = await startTestApp();
  ({ session } = await completeQuestionnaire(http, OWNER, SINGLE_PRIVATE_RENTER_WORKING_PART_TIME));
  result = (await http().get(`/api/data/result/?session=${session}`).set('X-Browser-Id', OWNER).expect(200)).body as ResultModel;
}, 60_000);
afterAll(() => testApp.close());
beforeEach(() => testApp.database.query('DELETE FROM rate_limit_counters'));

describe('GET /api/data/pdf for the browser that owns the calculation', () => {
  it('sends the PDF as a download named Your Benefit Results.pdf, with its length, never cached', async () => {
    const response = await getPdf(`session=${session}&period=monthly`).expect(200);
    const pdf = response.body as Buffer;
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(pdf.length));
    expect(response.headers['content-disposition']).toBe('attachment; filename="Your Benefit Results.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(400 * 1024);
  });

  it('shows the figures of the results page in the period asked for, with the reference', async () => {
    const universalCredit = result.benefits!.universalCredit.find((benefit) => benefit.benefitCode === 'UNIVERSAL_CREDIT')!;
    const monthly = await textOf((await getPdf(`session=${session}&period=monthly`).expect(200)).body as Buffer);
    expect(monthly).toContain(`Your calculation reference ${result.token}`);
    expect(monthly).toContain(`Universal Credit ${moneyIn(universalCredit.monthlyPayment, MONTHLY)}`);
    expect(monthly).toContain(`Your total benefits ${moneyIn(result.benefits!.ucMonthly, MONTHLY)}`);
    expect(monthly).not.toContain('per week');
    // The default is weekly; the answers keep the period they were given in ('£650.00 per month').
    const weekly = await textOf((await getPdf(`session=${session}`).expect(200)).body as Buffer);
    expect(weekly).toContain(`Universal Credit ${moneyIn(universalCredit.weeklyPayment, WEEKLY)}`);
    expect(weekly).toContain(`Your total benefits ${moneyIn(result.benefits!.ucWeekly, WEEKLY)}`);
    expect(weekly).toContain('All amounts are shown per week.');
  });

  it('masks the answers as the results page does: the local authority, not the postcode; an age, not the date of birth', async () => {
    const text = await textOf((await getPdf(`session=${session}&id=cap_live`).expect(200)).body as Buffer);
    expect(text).toContain('What you told us');
    expect(text).toContain('Manchester');
    expect(text).toMatch(/Age \d+/);
    expect(text).not.toMatch(/M1 1AD|14\/03\/1990/);
  });
});

describe('GET /api/data/pdf refuses', () => {
  it('a period other than weekly or monthly, naming the field', async () => {
    const response = await getPdf(`session=${session}&period=fortnightly`).expect(400);
    expect(JSON.parse((response.body as Buffer).toString('utf8'))).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'period must be weekly or monthly.',
      errors: [{ path: 'period', message: 'period must be weekly or monthly.' }],
    });
  });

  it('a session that is not a calculation id', async () => {
    const response = await getPdf('session=12345&period=weekly').expect(400);
    expect(JSON.parse((response.body as Buffer).toString('utf8')).errors).toEqual([
      { path: 'session', message: 'session must be a calculation id.' },
    ]);
  });

  it('a calculation that does not exist', async () => {
    await getPdf('session=00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('another browser, until it passes the identity check', async () => {
    const response = await getPdf(`session=${session}`, STRANGER).expect(403);
    expect(JSON.parse((response.body as Buffer).toString('utf8')).code).toBe('VERIFICATION_REQUIRED');
  });
});
