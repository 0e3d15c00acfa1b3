import { chartLabelLines, countAxis, countLabel } from './count-axis';

describe('a chart axis that counts households or clients', () => {
  it('steps by one up to five', () => {
    expect(countAxis(0)).toEqual({ max: 1, tickAmount: 1 });
    expect(countAxis(3)).toEqual({ max: 3, tickAmount: 3 });
    expect(countAxis(5)).toEqual({ max: 5, tickAmount: 5 });
  });

  it('steps by 1, 2 or 5 times a power of ten, at most five steps, reaching past the largest', () => {
    expect(countAxis(7)).toEqual({ max: 8, tickAmount: 4 });
    expect(countAxis(10)).toEqual({ max: 10, tickAmount: 5 });
    expect(countAxis(11)).toEqual({ max: 15, tickAmount: 3 });
    expect(countAxis(37)).toEqual({ max: 40, tickAmount: 4 });
    expect(countAxis(7343)).toEqual({ max: 8000, tickAmount: 4 });
    expect(countAxis(10_000)).toEqual({ max: 10_000, tickAmount: 5 });
    expect(countAxis(10_001)).toEqual({ max: 15_000, tickAmount: 3 });
  });

  it('every step is round and the top is at or above the largest', () => {
    for (let largest = 1; largest <= 100_000; largest = Math.ceil(largest * 1.37)) {
      const { max, tickAmount } = countAxis(largest);
      const step = max / tickAmount;
      expect(max).toBeGreaterThanOrEqual(largest);
      expect(tickAmount).toBeLessThanOrEqual(5);
      expect(Number.isInteger(step)).toBe(true);
      expect(String(step)).toMatch(/^(1|2|5)0*$/);
    }
  });

  it('labels whole numbers with a comma for thousands', () => {
    expect(countLabel(12_500)).toBe('12,500');
    expect(countLabel(2.0000001)).toBe('2');
  });
});

describe('a chart band’s label', () => {
  it('is two short lines, so that each is read whole', () => {
    expect(chartLabelLines('£100 or more a month less')).toEqual(['£100 or more', 'a month less']);
    expect(chartLabelLines('£1 to £10 a month more')).toEqual(['£1 to £10', 'a month more']);
    expect(chartLabelLines('No change, or under £1 a month')).toEqual(['No change,', 'or under £1 a month']);
    expect(chartLabelLines('Lose')).toEqual(['Lose']);
  });
});
