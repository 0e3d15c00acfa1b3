import { defaultCaseloadDate } from './caseload.service.js';

describe('the date a caseload run offers first', () => {
  it('is the next 6 April when its rates are held, else the last day held', () => {
    expect(defaultCaseloadDate('2026-11-30', '2027-03-31')).toBe('2027-03-31');
    expect(defaultCaseloadDate('2026-11-30', '2028-03-31')).toBe('2027-04-06');
    expect(defaultCaseloadDate('2027-04-06', '2028-03-31')).toBe('2028-03-31');
  });

  it('is the day next year’s rates take effect when they are published from after 6 April (Monday 12 April 2027)', () => {
    const publishedFromMonday = (date: string) => (date < '2027-04-12' ? '2027-04-12' : date);
    expect(defaultCaseloadDate('2026-11-30', '2028-03-31', publishedFromMonday)).toBe('2027-04-12');
  });
});
