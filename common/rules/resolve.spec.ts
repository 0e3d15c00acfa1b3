import { describe, expect, it } from '@jest/globals';
import { evaluateRule } from './evaluate.js';
import { parseRule } from './parse.js';
import { resolveForPage } from './resolve.js';

const environment = { today: '2026-11-22', nationalLivingWageHourlyPence: 1271 };
const money = (weekly: number) => ({ weekly, monthly: null, yearly: null, period: 'Weekly' as const });

function resolve(rule: string, earlier: Record<string, unknown>, page: string[]) {
  return resolveForPage(parseRule(rule), { ...environment, answers: earlier as never }, new Set(page));
}

function holds(condition: ReturnType<typeof resolve>, pageAnswers: Record<string, unknown>): boolean {
  const outcome = evaluateRule(condition, { ...environment, answers: pageAnswers as never });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

describe('resolveForPage', () => {
  const capital = "ClientCapitalBand == '£5,001 - £16,000' or (ClientCapitalBand == 'Over16000' and reachedStatePensionAge(ClientDob))";

  it('works out the parts that read only earlier pages, so the page alone decides the rest', () => {
    const pensioner = resolve(capital, { ClientDob: '01/06/1950' }, ['ClientCapitalBand']);
    expect(pensioner).toEqual({
      any: [
        { fact: 'ClientCapitalBand', operator: 'equal', value: '£5,001 - £16,000' },
        { all: [{ fact: 'ClientCapitalBand', operator: 'equal', value: 'Over16000' }, { all: [] }] },
      ],
    });
    expect(holds(pensioner, { ClientCapitalBand: 'Over16000' })).toBe(true);
    const workingAge = resolve(capital, { ClientDob: '14/03/1990' }, ['ClientCapitalBand']);
    expect(holds(workingAge, { ClientCapitalBand: 'Over16000' })).toBe(false);
    expect(holds(workingAge, { ClientCapitalBand: '£5,001 - £16,000' })).toBe(true);
  });

  it('leaves a rule that reads only this page as it is', () => {
    const rule = parseRule("ClientWork has 'Employed'");
    expect(resolveForPage(rule, { ...environment, answers: {} }, new Set(['ClientWork']))).toBe(rule);
  });

  it('works out earlier Check, money and postcode answers, and unanswered ones', () => {
    expect(resolve("ClientWork has 'Employed' and PartnerIsCarer == 'Yes'", { ClientWork: ['Employed'] }, ['PartnerIsCarer'])).toEqual({
      all: [{ all: [] }, { fact: 'PartnerIsCarer', operator: 'equal', value: 'Yes' }],
    });
    expect(
      resolve(
        "ClientPostcode.country == 'Scotland'",
        {
          ClientPostcode: {
            postcode: 'AB10 1AB',
            authority: 'Aberdeen City',
            authorityCode: 'S12000033',
            country: 'Scotland',
            latitude: null,
            longitude: null,
            option: false,
          },
        },
        [],
      ),
    ).toEqual({ all: [] });
    expect(resolve('ClientRent > 100', { ClientRent: money(99.99) }, [])).toEqual({ any: [] });
    expect(resolve("ClientHasPartner == 'Yes'", {}, [])).toEqual({ any: [] });
  });

  it('puts earlier answers into a part that also reads this page, as literals', () => {
    const equity = resolve('equity(PropertyValue, EarlierMortgage) > 16000', { EarlierMortgage: '200,000' }, ['PropertyValue']);
    expect(equity).toEqual({
      operator: 'greaterThan',
      left: { call: 'equity', args: [{ fact: 'PropertyValue' }, '200,000'] },
      right: 16000,
    });
    expect(holds(equity, { PropertyValue: '216,000.01' })).toBe(true);
    expect(holds(equity, { PropertyValue: '216,000' })).toBe(false);

    const sameAsEarlier = resolve('ClientRent == PartnerRent', { ClientRent: money(150) }, ['PartnerRent']);
    expect(sameAsEarlier).toEqual({ operator: 'equal', left: 150, right: { fact: 'PartnerRent' } });
    expect(holds(sameAsEarlier, { PartnerRent: money(150) })).toBe(true);

    const olderThanEarlier = resolve('PartnerDob < ClientDob', { ClientDob: '14/03/1990' }, ['PartnerDob']);
    expect(holds(olderThanEarlier, { PartnerDob: '01/01/1980' })).toBe(true);
  });
});
