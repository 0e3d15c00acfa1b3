import { ApiError } from '../errors/api-error.js';
import { RequestValidationPipe } from '../errors/request-validation.pipe.js';
import { CalculationEmailRequest } from './email.dto.js';

const pipe = new RequestValidationPipe();
const asBody = { type: 'body', metatype: CalculationEmailRequest } as const;
const SESSION = '3f0c8a52-4d7e-4b8e-9a51-0c2f4f6f9d11';

async function problemsWith(body: unknown) {
  try {
    await pipe.transform(body, asBody);
  } catch (error) {
    if (error instanceof ApiError) return error.body.errors;
    throw error;
  }
  return null;
}

describe('CalculationEmailRequest validation', () => {
  it('accepts the form as the web app sends it', async () => {
    await expect(
      pipe.transform(
        { session: SESSION, email: 'jo@example.org', challenge: 'k7m3x', browserId: 'browser_1795262400000_k3j9x2ab' },
        asBody,
      ),
    ).resolves.toBeInstanceOf(CalculationEmailRequest);
  });

  it('gives the e-mail form’s messages, each with its field as the path', async () => {
    expect(await problemsWith({ session: SESSION, email: '', challenge: '' })).toEqual([
      { path: 'email', message: 'The email address is required' },
      { path: 'challenge', message: 'The challenge text is required' },
    ]);
    expect(await problemsWith({ session: SESSION })).toEqual([
      { path: 'email', message: 'The email address is required' },
      { path: 'challenge', message: 'The challenge text is required' },
    ]);
    expect(await problemsWith({ session: SESSION, email: 'jo@example', challenge: 'K7M3X' })).toEqual([
      { path: 'email', message: 'Please enter a valid email address.' },
    ]);
  });

  it('refuses anything but one plain address with the form’s message: lists, groups, names, line breaks', async () => {
    for (const email of [
      'sam,jo@example.org',
      'friends:jo@example.org',
      '"Jo" <jo@example.org>',
      'jo\u0085@example.org',
      'jo@example.org\u2028',
    ]) {
      expect(await problemsWith({ session: SESSION, email, challenge: 'K7M3X' })).toEqual([
        { path: 'email', message: 'Please enter a valid email address.' },
      ]);
    }
  });

  it('refuses a session that is not a calculation id, and fields it does not know', async () => {
    expect(await problemsWith({ session: 'abc', email: 'jo@example.org', challenge: 'K7M3X', name: 'Jo' })).toEqual([
      { path: 'name', message: 'name is not a field this request accepts.' },
      { path: 'session', message: 'session must be a calculation id.' },
    ]);
  });
});
