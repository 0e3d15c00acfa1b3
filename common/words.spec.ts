import { andList } from './words.js';

describe('a list in words', () => {
  it('joins with commas and a last "and"', () => {
    expect(andList([])).toBe('');
    expect(andList(['2026/27'])).toBe('2026/27');
    expect(andList(['2026/27', '2027/28'])).toBe('2026/27 and 2027/28');
    expect(andList(['3', '5', '7'])).toBe('3, 5 and 7');
  });
});
