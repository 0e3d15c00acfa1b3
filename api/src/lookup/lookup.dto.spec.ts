import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../errors/api-error.js';
import { RequestValidationPipe } from '../errors/request-validation.pipe.js';
import { PostcodeCheckRequest } from './lookup.dto.js';

const pipe = new RequestValidationPipe();
const asBody = { type: 'body', metatype: PostcodeCheckRequest } as const;

async function problemsWith(body: unknown) {
  try {
    await pipe.transform(body, asBody);
  } catch (error) {
    if (error instanceof ApiError) return error.body.errors;
    throw error;
  }
  return null;
}

describe('PostcodeCheckRequest validation', () => {
  it('accepts a postcode as typed, with the browser id every POST carries', async () => {
    await expect(pipe.transform({ postcode: 'sw1a 1aa', browserId: 'browser_1795262400000_k3j9x2ab' }, asBody)).resolves.toBeInstanceOf(
      PostcodeCheckRequest,
    );
    // Badly formed text is for the service to answer valid false, not a request error.
    await expect(pipe.transform({ postcode: '' }, asBody)).resolves.toBeInstanceOf(PostcodeCheckRequest);
  });

  it('names the field when the postcode is missing, not text, or far too long', async () => {
    expect(await problemsWith({})).toEqual([{ path: 'postcode', message: 'postcode must be text.' }]);
    expect(await problemsWith({ postcode: 12345 })).toEqual([{ path: 'postcode', message: 'postcode must be text.' }]);
    expect(await problemsWith({ postcode: 'x'.repeat(21) })).toEqual([
      { path: 'postcode', message: 'postcode must be at most 20 characters.' },
    ]);
  });

  it('refuses unknown fields and a malformed browser id', async () => {
    expect(await problemsWith({ postcode: 'SW1A 1AA', session: 'x', browserId: 'b' })).toEqual([
      { path: 'session', message: 'session is not a field this request accepts.' },
      { path: 'browserId', message: 'browserId must look like browser_<time>_<random>.' },
    ]);
  });
});
