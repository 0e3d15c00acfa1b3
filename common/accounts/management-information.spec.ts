import { addMonths, countFigure, derivedFigure, figureText, monthsBetween, SUPPRESSED } from './management-information.js';

describe('small counts', () => {
  it('shows a count of 10 or more, and suppresses one under 10, none included', () => {
    expect(countFigure(10)).toEqual({ value: 10, suppressed: false });
    expect(countFigure(9)).toEqual(SUPPRESSED);
    expect(countFigure(0)).toEqual(SUPPRESSED);
  });

  it('suppresses a figure worked out from fewer than 10 calculations, however large', () => {
    expect(derivedFigure(1_234_500, 9)).toEqual(SUPPRESSED);
    expect(derivedFigure(1_234_500, 10)).toEqual({ value: 1_234_500, suppressed: false });
  });

  it('writes a suppressed figure as <10, and a shown one as the format says', () => {
    expect(figureText(SUPPRESSED)).toBe('<10');
    expect(figureText(countFigure(75), (value) => `${value}%`)).toBe('75%');
  });
});

describe('months', () => {
  it('lists the months of a period across a new year', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04', '2026-03')).toEqual([]);
  });

  it('counts months forward and back across a new year', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 11)).toBe('2027-10');
    expect(addMonths('2026-12', -11)).toBe('2026-01');
  });
});
