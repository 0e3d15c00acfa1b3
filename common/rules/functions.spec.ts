import { describe, expect, it } from '@jest/globals';
import type { Answers, MoneyAnswer } from '../survey/model.js';
import { evaluateRule } from './evaluate.js';
import { functionNames, RULE_FUNCTIONS } from './functions.js';
import { parseRule } from './parse.js';

const TODAY = '2026-11-22';

function holds(rule: string, answers: Answers = {}, today = TODAY): boolean {
  const outcome = evaluateRule(parseRule(rule), { answers, today, nationalLivingWageHourlyPence: 1271 });
  if (!outcome.ok) throw new Error(`'${rule}' did not evaluate: ${outcome.error}`);
  return outcome.value;
}

function errorOf(rule: string, answers: Answers = {}): string {
  const outcome = evaluateRule(parseRule(rule), { answers, today: TODAY, nationalLivingWageHourlyPence: 1271 });
  if (outcome.ok) throw new Error(`expected an error, got ${outcome.value}`);
  return outcome.error;
}

const money = (weekly: number): MoneyAnswer => ({ weekly, monthly: null, yearly: null, period: 'Weekly' });

describe('rule functions', () => {
  it('lists every function in the README, with how many arguments each takes', () => {
    expect(Object.fromEntries(functionNames.map((name) => [name, RULE_FUNCTIONS[name].arity]))).toEqual({
      age: 1,
      statePensionDate: 1,
      reachedStatePensionAge: 1,
      bornBetween: 3,
      bornBefore: 2,
      bornAfter: 2,
      youngerThan16OnFirstSeptember: 1,
      answered: 1,
      equity: 2,
      hoursAtLivingWage: 1,
    });
  });

  describe('age', () => {
    it('counts whole years, a birthday counting from its first day', () => {
      expect(holds('age(ClientDob) == 18', { ClientDob: '22/11/2008' })).toBe(true);
      expect(holds('age(ClientDob) == 17', { ClientDob: '23/11/2008' })).toBe(true);
      expect(holds('age(ClientDob) == 66', { ClientDob: '01/01/1960' })).toBe(true);
    });

    it('counts a 29 February birthday from 1 March in a year that is not a leap year', () => {
      expect(holds('age(ClientDob) == 17', { ClientDob: '29/02/2008' }, '2026-02-28')).toBe(true);
      expect(holds('age(ClientDob) == 18', { ClientDob: '29/02/2008' }, '2026-03-01')).toBe(true);
    });

    it('is empty for an unanswered date of birth, so comparisons with it are false', () => {
      expect(holds('age(PartnerDob) >= 18')).toBe(false);
      expect(holds('age(PartnerDob) < 18')).toBe(false);
    });

    it('needs a date', () => {
      expect(errorOf('age(5) > 1')).toBe('age() needs a date, not a number.');
      expect(errorOf('age(ClientDob) > 1', { ClientDob: '1960-01-01' })).toBe(
        'age() needs a date, but was given text that is not a dd/mm/yyyy date.',
      );
      expect(errorOf('age(ClientDob) > 1', { ClientDob: ['01/01/1960'] })).toBe('age() needs a date, not a Check answer.');
    });
  });

  describe('statePensionDate and reachedStatePensionAge', () => {
    it('gives the day State Pension age is reached', () => {
      expect(holds('statePensionDate(ClientDob) == 2026-05-06', { ClientDob: '06/04/1960' })).toBe(true);
      expect(holds('statePensionDate(ClientDob) == 2026-04-05', { ClientDob: '05/04/1960' })).toBe(true);
      expect(holds('statePensionDate(1961-03-05) == 2028-02-05')).toBe(true);
      expect(holds('statePensionDate(PartnerDob) == 2026-05-06')).toBe(false);
    });

    it('says whether State Pension age is reached today (22 November 2026)', () => {
      // 66 years and 3 months: 6 September 2026.
      expect(holds('reachedStatePensionAge(ClientDob)', { ClientDob: '06/06/1960' })).toBe(true);
      // 66 years and 9 months: 6 September 2027.
      expect(holds('reachedStatePensionAge(ClientDob)', { ClientDob: '06/12/1960' })).toBe(false);
      expect(holds('reachedStatePensionAge(ClientDob)', { ClientDob: '06/06/1960' }, '2026-09-06')).toBe(true);
      expect(holds('reachedStatePensionAge(ClientDob)', { ClientDob: '06/06/1960' }, '2026-09-05')).toBe(false);
    });

    it('evaluates the README example for a couple, one of them unanswered', () => {
      const rule = 'reachedStatePensionAge(ClientDob) or reachedStatePensionAge(PartnerDob)';
      expect(holds(rule, { ClientDob: '01/01/1990' })).toBe(false);
      expect(holds(rule, { ClientDob: '01/01/1990', PartnerDob: '01/01/1955' })).toBe(true);
    });
  });

  describe('bornBetween, bornBefore, bornAfter', () => {
    const rule = 'bornBetween(ClientDob, 1954-02-06, 1955-01-01)';

    it('includes both limits of bornBetween', () => {
      expect(holds(rule, { ClientDob: '05/02/1954' })).toBe(false);
      expect(holds(rule, { ClientDob: '06/02/1954' })).toBe(true);
      expect(holds(rule, { ClientDob: '01/01/1955' })).toBe(true);
      expect(holds(rule, { ClientDob: '02/01/1955' })).toBe(false);
    });

    it('excludes the day itself from bornBefore and bornAfter', () => {
      expect(holds('bornBefore(ClientDob, 1954-02-06)', { ClientDob: '05/02/1954' })).toBe(true);
      expect(holds('bornBefore(ClientDob, 1954-02-06)', { ClientDob: '06/02/1954' })).toBe(false);
      expect(holds('bornAfter(ChildDob1, 2017-04-05)', { ChildDob1: '05/04/2017' })).toBe(false);
      expect(holds('bornAfter(ChildDob1, 2017-04-05)', { ChildDob1: '06/04/2017' })).toBe(true);
    });

    it('takes a Date answer as a limit, and is false when a date is unanswered', () => {
      expect(holds('bornBefore(ClientDob, PartnerDob)', { ClientDob: '31/12/1959', PartnerDob: '01/01/1960' })).toBe(true);
      expect(holds('bornBefore(ClientDob, PartnerDob)', { ClientDob: '31/12/1959' })).toBe(false);
      expect(holds('not bornBefore(ChildDob1, 2017-04-06)')).toBe(true);
    });

    it('needs dates', () => {
      expect(errorOf('bornBefore(ClientDob, 2017)', { ClientDob: '01/01/2000' })).toBe('bornBefore() needs a date, not a number.');
    });
  });

  describe('youngerThan16OnFirstSeptember', () => {
    it('is true for a child born after 1 September of (this year - 16)', () => {
      expect(holds('youngerThan16OnFirstSeptember(ChildDob1)', { ChildDob1: '31/08/2010' })).toBe(false);
      expect(holds('youngerThan16OnFirstSeptember(ChildDob1)', { ChildDob1: '01/09/2010' })).toBe(false);
      expect(holds('youngerThan16OnFirstSeptember(ChildDob1)', { ChildDob1: '02/09/2010' })).toBe(true);
    });

    it('uses this calendar year, also before September', () => {
      expect(holds('youngerThan16OnFirstSeptember(ChildDob1)', { ChildDob1: '02/09/2010' }, '2026-01-01')).toBe(true);
      expect(holds('youngerThan16OnFirstSeptember(ChildDob1)', { ChildDob1: '02/09/2010' }, '2027-01-01')).toBe(false);
      expect(holds('youngerThan16OnFirstSeptember(ChildDob1)')).toBe(false);
    });
  });

  describe('answered', () => {
    it('is true when the question has a non-empty answer', () => {
      expect(holds('answered(ClientDob)', { ClientDob: '01/01/1960' })).toBe(true);
      expect(holds('answered(ClientDob)', { ClientDob: '' })).toBe(false);
      expect(holds('answered(ClientBenefits)', { ClientBenefits: [] })).toBe(false);
      expect(holds('answered(ClientRent)', { ClientRent: money(0) })).toBe(true);
      expect(holds('answered(ClientRent.monthly)', { ClientRent: money(0) })).toBe(false);
    });
  });

  describe('equity', () => {
    it('is value minus mortgage, as money', () => {
      expect(
        holds('equity(PropertyValue, PropertyMortgage) > 16000', { PropertyValue: money(216000.01), PropertyMortgage: money(200000) }),
      ).toBe(true);
      expect(holds('equity(PropertyValue, PropertyMortgage) == 16000', { PropertyValue: '216000', PropertyMortgage: '200000' })).toBe(true);
      // Typed as people type them, and as validation accepts them.
      expect(
        holds('equity(PropertyValue, PropertyMortgage) == 16000.50', { PropertyValue: '£216,000.50', PropertyMortgage: '200,000' }),
      ).toBe(true);
      expect(holds('equity(PropertyValue, PropertyMortgage) == 250000', { PropertyValue: money(250000) })).toBe(true);
      expect(holds('equity(PropertyValue, PropertyMortgage) == -10', { PropertyValue: '90', PropertyMortgage: '100' })).toBe(true);
      expect(errorOf('equity(PropertyValue, 1) > 0', { PropertyValue: 'a lot' })).toBe(
        'equity() needs numbers or money, but was given text that is not a number.',
      );
    });
  });

  describe('hoursAtLivingWage', () => {
    it('is weekly pay for that many hours at the National Living Wage, to the penny', () => {
      expect(holds('hoursAtLivingWage(18) == 228.78')).toBe(true);
      expect(holds('hoursAtLivingWage(29) == 368.59')).toBe(true);
      expect(holds('hoursAtLivingWage(0.5) == 6.36')).toBe(true);
      expect(holds('hoursAtLivingWage(Hours) == 0')).toBe(true);
    });
  });
});
