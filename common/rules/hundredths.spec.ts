import { describe, expect, it } from '@jest/globals';
import { divideHundredths, multiplyHundredths, numberToHundredths, parseHundredths } from './hundredths.js';

describe('hundredths', () => {
  it('reads decimal text digit by digit', () => {
    expect(parseHundredths('12.21')).toBe(1221);
    expect(parseHundredths(' 12 ')).toBe(1200);
    expect(parseHundredths('0.5')).toBe(50);
    expect(parseHundredths('-3.05')).toBe(-305);
  });

  it('rounds more than 2 decimal places half away from zero', () => {
    expect(parseHundredths('123.455')).toBe(12346);
    expect(parseHundredths('123.454')).toBe(12345);
    expect(parseHundredths('-1.005')).toBe(-101);
  });

  it('refuses anything that is not plain decimal text, or too large to hold exactly', () => {
    for (const text of ['', '£12', '1,200', '1e3', '12.', '.5', 'abc']) expect(parseHundredths(text)).toBeNull();
    expect(parseHundredths('99999999999999999')).toBeNull();
  });

  it("reads a MoneyAnswer's pounds from their decimal form, not their binary value", () => {
    expect(numberToHundredths(123.45)).toBe(12345);
    expect(numberToHundredths(0.1 + 0.2)).toBe(30);
    expect(numberToHundredths(1.005)).toBe(101);
    expect(numberToHundredths(Number.NaN)).toBeNull();
    expect(numberToHundredths(1e21)).toBeNull();
  });

  it('multiplies and divides exactly, rounding half away from zero', () => {
    expect(multiplyHundredths(1800, 1271)).toBe(22878);
    expect(multiplyHundredths(5, 50)).toBe(3);
    expect(multiplyHundredths(-5, 50)).toBe(-3);
    expect(divideHundredths(1000, 300)).toBe(333);
    expect(divideHundredths(5, 200)).toBe(3);
    expect(divideHundredths(5, -200)).toBe(-3);
    expect(divideHundredths(4, 300)).toBe(1);
  });
});
