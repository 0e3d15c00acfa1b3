import { describe, expect, it } from '@jest/globals';
import { normalisePostcode, POSTCODE_TYPING_PATTERN } from './postcode.js';

describe('normalisePostcode', () => {
  it('writes a postcode typed in any case and spacing in its standard form', () => {
    expect(normalisePostcode('sw1a1aa ')).toBe('SW1A 1AA');
    expect(normalisePostcode('  SW1A   1AA')).toBe('SW1A 1AA');
    expect(normalisePostcode('m1 1ad')).toBe('M1 1AD');
    expect(normalisePostcode('\tcf10 1aa\n')).toBe('CF10 1AA');
  });

  it('accepts every shape of outward code: A9, A99, AA9, AA99, A9A and AA9A', () => {
    for (const postcode of ['M1 1AD', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'EC1A 1BB', 'BT1 5AA', 'AB10 6AA']) {
      expect(normalisePostcode(postcode)).toBe(postcode);
    }
  });

  it('accepts GIR 0AA, the one postcode outside the pattern', () => {
    expect(normalisePostcode('gir0aa')).toBe('GIR 0AA');
  });

  it('refuses text that is not a whole postcode', () => {
    for (const text of ['', '   ', 'SW1A', 'SW1A 1A', 'SW1A 1AAA', '1AA SW1', 'SW1A-1AA', 'SW1A 11A', 'SWIAA 1AA', 'not a postcode']) {
      expect(normalisePostcode(text)).toBeNull();
    }
  });

  it('refuses letters never used where they stand (Q, V, X first; I, J, Z second)', () => {
    expect(normalisePostcode('QA1 1AA')).toBeNull();
    expect(normalisePostcode('VA1 1AA')).toBeNull();
    expect(normalisePostcode('XA1 1AA')).toBeNull();
    expect(normalisePostcode('AI1 1AA')).toBeNull();
    expect(normalisePostcode('AZ1 1AA')).toBeNull();
  });
});

describe('POSTCODE_TYPING_PATTERN', () => {
  const typing = new RegExp(POSTCODE_TYPING_PATTERN);

  it('lets every partly typed postcode through, spaces included', () => {
    for (const typed of ['', 's', 'sw1', 'SW1A ', 'SW1A 1A', ' sw1a 1aa ']) expect(typing.test(typed)).toBe(true);
  });

  it('blocks characters no postcode has, and text far too long', () => {
    for (const typed of ['SW1A-1AA', 'SW1A 1AA!', 'SW1A 1AA SW1A']) expect(typing.test(typed)).toBe(false);
  });
});
