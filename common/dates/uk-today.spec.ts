import { describe, expect, it } from '@jest/globals';
import { ukToday } from './uk-today.js';

describe('ukToday', () => {
  it('gives the UK date, which is an hour ahead of UTC in summer', () => {
    expect(ukToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(ukToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});
