import { describe, expect, it } from '@jest/globals';
import {
  compareDecimalText,
  convertPence,
  divideRounded,
  formatPounds,
  MAX_MONEY_PENCE,
  parsePence,
  penceFrom,
  penceFromNumber,
  penceToText,
  readDecimalText,
} from '../money.js';
import { moneyAnswerFrom, moneyAnswerFromPence, rentWeeklyEquivalentPence } from './money-answer.js';

describe('readDecimalText', () => {
  it('reads numbers as people type them into plain decimal text', () => {
    expect(readDecimalText('1000')).toBe('1000');
    expect(readDecimalText(' 1,000.50 ')).toBe('1000.50');
    expect(readDecimalText('£12.5')).toBe('12.5');
    expect(readDecimalText('.75')).toBe('0.75');
    expect(readDecimalText('007')).toBe('7');
    expect(readDecimalText('-3')).toBe('-3');
    expect(readDecimalText('-0.00')).toBe('0.00');
  });

  it('refuses text that is not a number', () => {
    for (const text of ['', ' ', '.', '-', '£', 'abc', '12a', '1,00', '1,0000', '12.', '1.2.3', '£-5', '1e3', '0x10']) {
      expect(readDecimalText(text)).toBeNull();
    }
  });
});

describe('compareDecimalText', () => {
  it('compares exactly, whatever the number of decimals', () => {
    expect(compareDecimalText('16000', '16000.00')).toBe(0);
    expect(compareDecimalText('16000.01', '16000')).toBe(1);
    expect(compareDecimalText('5000.99', '5001')).toBe(-1);
    expect(compareDecimalText('0.1', '0.09')).toBe(1);
    expect(compareDecimalText('-1', '0')).toBe(-1);
    expect(compareDecimalText('123456789012345678901234.5', '123456789012345678901234.4')).toBe(1);
  });
});

describe('parsePence', () => {
  it('reads typed pounds into integer pence', () => {
    expect(parsePence('230.77')).toBe(23077);
    expect(parsePence('£1,000')).toBe(100000);
    expect(parsePence('0.5')).toBe(50);
    expect(parsePence('.07')).toBe(7);
    expect(parsePence('0')).toBe(0);
    expect(parsePence('-3')).toBe(-300);
    expect(parsePence('999999999.99')).toBe(MAX_MONEY_PENCE);
  });

  it('refuses more than 2 decimal places, non-numbers and amounts beyond the largest figure', () => {
    expect(parsePence('1.005')).toBeNull();
    expect(parsePence('abc')).toBeNull();
    expect(parsePence('')).toBeNull();
    expect(parsePence('1000000000')).toBeNull();
  });
});

describe('penceFromNumber', () => {
  it('reads the decimal text of a JSON number, so 0.29 is 29p although 0.29 * 100 is 28.999...', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(penceFromNumber(0.29)).toBe(29);
    expect(penceFromNumber(1.15)).toBe(115);
    expect(penceFromNumber(230.77)).toBe(23077);
    expect(penceFromNumber(-0)).toBe(0);
  });

  it('refuses float noise, more than 2 decimals, and numbers that are not finite', () => {
    expect(penceFromNumber(0.1 + 0.2)).toBeNull();
    expect(penceFromNumber(1.005)).toBeNull();
    expect(penceFromNumber(Number.NaN)).toBeNull();
    expect(penceFromNumber(Number.POSITIVE_INFINITY)).toBeNull();
    expect(penceFromNumber(1e21)).toBeNull();
    expect(penceFromNumber(1e-7)).toBeNull();
  });

  it('penceFrom takes a number or text and nothing else', () => {
    expect(penceFrom(12.34)).toBe(1234);
    expect(penceFrom('12.34')).toBe(1234);
    expect(penceFrom(true)).toBeNull();
    expect(penceFrom(null)).toBeNull();
  });
});

describe('penceToText and divideRounded', () => {
  it('writes pence as 2-decimal text from the integer', () => {
    expect(penceToText(23077)).toBe('230.77');
    expect(penceToText(5)).toBe('0.05');
    expect(penceToText(-5)).toBe('-0.05');
    expect(penceToText(0)).toBe('0.00');
  });

  it('rounds exact halves away from zero', () => {
    expect(divideRounded(26, 52)).toBe(1);
    expect(divideRounded(25, 52)).toBe(0);
    expect(divideRounded(-26, 52)).toBe(-1);
    expect(divideRounded(-25, 52)).toBe(0);
    expect(divideRounded(120, 12)).toBe(10);
  });
});

describe('convertPence (the six conversions)', () => {
  it('weekly to monthly is x52/12 and weekly to yearly is x52', () => {
    expect(convertPence(10000, 'WEEK', 'MONTH')).toBe(43333);
    expect(convertPence(10000, 'WEEK', 'YEAR')).toBe(520000);
  });

  it('monthly to weekly is x12/52 and monthly to yearly is x12', () => {
    expect(convertPence(100000, 'MONTH', 'WEEK')).toBe(23077);
    expect(convertPence(100000, 'MONTH', 'YEAR')).toBe(1200000);
  });

  it('yearly to weekly is /52 and yearly to monthly is /12', () => {
    expect(convertPence(100000, 'YEAR', 'WEEK')).toBe(1923);
    expect(convertPence(100000, 'YEAR', 'MONTH')).toBe(8333);
  });

  it('keeps a figure in its own period unchanged', () => {
    expect(convertPence(1234, 'MONTH', 'MONTH')).toBe(1234);
  });

  it('works a penny a week to 4p a month and 52p a year', () => {
    expect(convertPence(1, 'WEEK', 'MONTH')).toBe(4);
    expect(convertPence(1, 'WEEK', 'YEAR')).toBe(52);
  });

  it('rounds exact halfpennies up where float arithmetic would round them down', () => {
    // £7.02 a year is 13.5p a week; 7.02 / 52 * 100 in floats is 13.4999...
    expect(Math.round((7.02 / 52) * 100)).toBe(13);
    expect(convertPence(702, 'YEAR', 'WEEK')).toBe(14);
    // 42p a year is 3.5p a month.
    expect(Math.round((0.42 / 12) * 100)).toBe(3);
    expect(convertPence(42, 'YEAR', 'MONTH')).toBe(4);
    expect(convertPence(26, 'YEAR', 'WEEK')).toBe(1);
    expect(convertPence(25, 'YEAR', 'WEEK')).toBe(0);
  });

  it('rounds a negative halfpenny away from zero too', () => {
    expect(convertPence(-26, 'YEAR', 'WEEK')).toBe(-1);
  });

  it('stays exact at the largest figure allowed', () => {
    expect(convertPence(MAX_MONEY_PENCE, 'WEEK', 'YEAR')).toBe(MAX_MONEY_PENCE * 52);
    expect(convertPence(MAX_MONEY_PENCE, 'WEEK', 'MONTH')).toBe(433333333329);
  });
});

describe('moneyAnswerFrom', () => {
  it('works all three figures from the chosen period, each rounded once', () => {
    expect(moneyAnswerFrom('1000.00', 'Monthly')).toEqual({ weekly: 230.77, monthly: 1000, yearly: 12000, period: 'Monthly' });
    expect(moneyAnswerFrom('0.01', 'Weekly')).toEqual({ weekly: 0.01, monthly: 0.04, yearly: 0.52, period: 'Weekly' });
    expect(moneyAnswerFrom('£1,000', 'Yearly')).toEqual({ weekly: 19.23, monthly: 83.33, yearly: 1000, period: 'Yearly' });
  });

  it('gives an empty answer that keeps the period when the amount is blank', () => {
    expect(moneyAnswerFrom('  ', 'Weekly')).toEqual({ weekly: null, monthly: null, yearly: null, period: 'Weekly' });
  });

  it('holds an amount typed before a period is chosen as the weekly figure, and zero as weekly', () => {
    expect(moneyAnswerFrom('12.50', '')).toEqual({ weekly: 12.5, monthly: null, yearly: null, period: '' });
    expect(moneyAnswerFrom('0', '')).toEqual({ weekly: 0, monthly: 0, yearly: 0, period: 'Weekly' });
  });

  it('gives null for text that is not an amount with at most 2 decimals', () => {
    expect(moneyAnswerFrom('abc', 'Weekly')).toBeNull();
    expect(moneyAnswerFrom('1.234', 'Weekly')).toBeNull();
  });

  it('moneyAnswerFromPence gives the same figures from pence', () => {
    expect(moneyAnswerFromPence(100000, 'Monthly')).toEqual(moneyAnswerFrom('1000', 'Monthly'));
  });
});

describe('rentWeeklyEquivalentPence (monthly / 4.33, yearly / 52)', () => {
  it('divides monthly rent by 4.33 and yearly rent by 52', () => {
    expect(rentWeeklyEquivalentPence({ weekly: 461.54, monthly: 2000, yearly: 24000, period: 'Monthly' })).toBe(46189);
    expect(rentWeeklyEquivalentPence({ weekly: 499.62, monthly: 2165, yearly: 25980, period: 'Monthly' })).toBe(50000);
    expect(rentWeeklyEquivalentPence({ weekly: 500, monthly: 2166.67, yearly: 26000, period: 'Yearly' })).toBe(50000);
  });

  it('takes a weekly rent as it is, and an empty answer as no rent', () => {
    expect(rentWeeklyEquivalentPence({ weekly: 123.45, monthly: 534.95, yearly: 6419.4, period: 'Weekly' })).toBe(12345);
    expect(rentWeeklyEquivalentPence({ weekly: null, monthly: null, yearly: null, period: 'Monthly' })).toBeNull();
  });
});

describe('formatPounds', () => {
  it('writes whole pounds without decimals and other amounts with two', () => {
    expect(formatPounds(50000)).toBe('£500');
    expect(formatPounds(23077)).toBe('£230.77');
    expect(formatPounds(50)).toBe('£0.50');
    expect(formatPounds(1600000)).toBe('£16000');
    expect(formatPounds(-500)).toBe('-£5');
  });

  it('groups thousands when asked', () => {
    expect(formatPounds(1600000, { separators: true })).toBe('£16,000');
    expect(formatPounds(100000012, { separators: true })).toBe('£1,000,000.12');
    expect(formatPounds(99900, { separators: true })).toBe('£999');
  });
});
