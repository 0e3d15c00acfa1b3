import { describe, expect, it } from '@jest/globals';
import { rulesVersionInWords } from './rules-version.js';

describe('a rules version in plain words', () => {
  it('names the tax year, and the published policy changes laid over it', () => {
    expect(rulesVersionInWords('2026-27')).toBe('the 2026 to 2027 rules and rates');
    expect(rulesVersionInWords('2027-28+cs7')).toBe('the 2027 to 2028 rules and rates, with published policy change 7');
    expect(rulesVersionInWords('2027-28+cs3+cs5+cs7')).toBe('the 2027 to 2028 rules and rates, with published policy changes 3, 5 and 7');
    // A caseload run asked for change 7, approved and not yet published: named apart, never as published.
    expect(rulesVersionInWords('2027-28+cs7', 7)).toBe(
      'the 2027 to 2028 rules and rates, with policy change 7, approved but not yet published',
    );
    expect(rulesVersionInWords('2027-28+cs3+cs7', 7)).toBe(
      'the 2027 to 2028 rules and rates, with published policy change 3 and policy change 7, approved but not yet published',
    );
  });
});
