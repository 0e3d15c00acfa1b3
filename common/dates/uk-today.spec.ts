import { ukToday } from './uk-today.js';

describe('ukToday', () => {
  it('gives the UK date, across midnight in winter (GMT) and in summer (BST)', () => {
    expect(ukToday(new Date('2026-01-15T23:59:59.999Z'))).toBe('2026-01-15');
    expect(ukToday(new Date('2026-01-16T00:00:00.000Z'))).toBe('2026-01-16');
    expect(ukToday(new Date('2026-07-15T22:59:59.999Z'))).toBe('2026-07-15');
    expect(ukToday(new Date('2026-07-15T23:00:00.000Z'))).toBe('2026-07-16');
  });

  it('keeps a date for the minute it was worked out in, and no longer', () => {
    expect(ukToday(new Date('2026-07-15T22:59:00.000Z'))).toBe('2026-07-15');
    expect(ukToday(new Date('2026-07-15T22:59:59.999Z'))).toBe('2026-07-15');
    expect(ukToday(new Date('2026-07-15T23:00:00.000Z'))).toBe('2026-07-16');
    expect(ukToday(new Date('2026-03-29T00:59:59.000Z'))).toBe('2026-03-29');
    expect(ukToday(new Date('2026-10-25T23:30:00.000Z'))).toBe('2026-10-25');
  });
});
