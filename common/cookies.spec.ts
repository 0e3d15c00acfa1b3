import { describe, expect, it } from '@jest/globals';
import { readCookies } from './cookies.js';

describe('readCookies', () => {
  it('reads each cookie by name, decoding percent-encoding and trimming spaces', () => {
    const cookies = readCookies(' account_session=abc ; csrf=abc%2Fdef;grant=x=y');
    expect({ ...cookies }).toEqual({ account_session: 'abc', csrf: 'abc/def', grant: 'x=y' });
  });

  it('reads nothing from no header, and no name the header does not hold (not even an Object method)', () => {
    expect({ ...readCookies(undefined) }).toEqual({});
    expect(readCookies('csrf=a').toString).toBeUndefined();
  });

  it('leaves out a value that cannot be decoded, reading a later cookie of the name instead', () => {
    expect({ ...readCookies('csrf=%E0%A4%A; a=1') }).toEqual({ a: '1' });
    expect(readCookies('csrf=%zz; csrf=good').csrf).toBe('good');
  });

  it('reads the first of two cookies with the same name, as a browser sends the one for the longer path first', () => {
    expect(readCookies('csrf=for-the-page; csrf=for-the-site').csrf).toBe('for-the-page');
  });
});
