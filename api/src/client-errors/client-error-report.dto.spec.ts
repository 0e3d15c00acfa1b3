import { ApiError } from '../errors/api-error.js';
import { RequestValidationPipe } from '../errors/request-validation.pipe.js';
import { ClientErrorReportRequest } from './client-error-report.dto.js';

const pipe = new RequestValidationPipe();
const asBody = { type: 'body', metatype: ClientErrorReportRequest } as const;

async function problemsWith(body: unknown) {
  try {
    await pipe.transform(body, asBody);
  } catch (error) {
    if (error instanceof ApiError) return error.body;
    throw error;
  }
  return null;
}

describe('ClientErrorReportRequest validation', () => {
  it('accepts a report with the browser id every POST carries', async () => {
    await expect(
      pipe.transform({ source: 'Survey', error: 'boom', session: null, browserId: 'browser_1795262400000_k3j9x2ab' }, asBody),
    ).resolves.toBeInstanceOf(ClientErrorReportRequest);
  });

  it('says a field of the wrong type must be text, one message a field', async () => {
    expect(await problemsWith({ source: 1, error: { nested: true } })).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'There are 2 problems with the request.',
      errors: [
        { path: 'source', message: 'source must be text.' },
        { path: 'error', message: 'error must be text.' },
      ],
    });
  });

  it('refuses unknown fields by name instead of dropping them', async () => {
    expect((await problemsWith({ source: 'Survey', error: 'x', postcode: 'SW1A 1AA' }))?.errors).toEqual([
      { path: 'postcode', message: 'postcode is not a field this request accepts.' },
    ]);
  });

  it('refuses a browser id that is not of the web app’s form', async () => {
    expect((await problemsWith({ source: 'Survey', error: 'x', browserId: 'anything' }))?.errors).toEqual([
      { path: 'browserId', message: 'browserId must look like browser_<time>_<random>.' },
    ]);
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const body of [undefined, null, 'text', [1, 2]]) {
      expect((await problemsWith(body))?.errors).toEqual([
        { path: '', message: 'The request body must be a JSON object, sent with Content-Type: application/json.' },
      ]);
    }
  });
});
