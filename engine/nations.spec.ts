import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadEntitlementEngine } from './load.js';
import { normaliseHousehold } from './core/normalise.js';
import { NATIONS_FILE, Nations, NationsFileError } from './nations.js';

const nations = Nations.fromJson(readFileSync(resolve(NATIONS_FILE), 'utf8'));
const UC_REGS_36 = {
  title: 'Universal Credit Regulations 2013 (SI 2013/376), regulation 36 (amounts of elements)',
  url: 'https://www.legislation.gov.uk/uksi/2013/376/regulation/36',
};

describe('what differs between the nations (rulesets/nations.json)', () => {
  it("cites a Northern Ireland household Northern Ireland's own regulation, at the number checked against its text", () => {
    expect(nations.cite('NORTHERN_IRELAND', UC_REGS_36)).toEqual({
      title: 'Universal Credit Regulations (Northern Ireland) 2016 (SR 2016/216), regulation 38 (amounts of elements)',
      url: 'https://www.legislation.gov.uk/nisr/2016/216/regulation/38',
    });
    // A paragraph mapped on its own wins over its schedule: the spare-bedroom cut is paragraph 35 in Northern Ireland.
    expect(
      nations.cite('NORTHERN_IRELAND', { title: 'x', url: 'https://www.legislation.gov.uk/uksi/2013/376/schedule/4/paragraph/36' }).url,
    ).toBe('https://www.legislation.gov.uk/nisr/2016/216/schedule/4/paragraph/35');
  });

  it('never guesses a number: an unmapped provision is cited by the nearest part mapped, else the instrument as a whole', () => {
    // Schedule 4 paragraph 16 has not been matched to Northern Ireland's text: its schedule has.
    expect(
      nations.cite('NORTHERN_IRELAND', { title: 'x', url: 'https://www.legislation.gov.uk/uksi/2013/376/schedule/4/paragraph/16' }).url,
    ).toBe('https://www.legislation.gov.uk/nisr/2016/216/schedule/4');
    expect(nations.cite('NORTHERN_IRELAND', { title: 'x', url: 'https://www.legislation.gov.uk/uksi/1976/409/regulation/4' })).toEqual({
      title: 'Social Security (Invalid Care Allowance) Regulations (Northern Ireland) 1976 (SR 1976/99)',
      url: 'https://www.legislation.gov.uk/nisr/1976/99',
    });
    // The address of the instrument as made is the instrument.
    expect(nations.cite('NORTHERN_IRELAND', { title: 'x', url: 'https://www.legislation.gov.uk/uksi/2013/376/made' }).url).toBe(
      'https://www.legislation.gov.uk/nisr/2016/216',
    );
  });

  it('leaves UK-wide law, and every citation in Great Britain, as written', () => {
    const childBenefit = {
      title: 'Child Benefit (Rates) Regulations 2006 (SI 2006/965)',
      url: 'https://www.legislation.gov.uk/uksi/2006/965/regulation/2',
    };
    expect(nations.cite('NORTHERN_IRELAND', childBenefit)).toEqual(childBenefit);
    for (const country of ['ENGLAND', 'SCOTLAND', 'WALES'] as const) expect(nations.cite(country, UC_REGS_36)).toEqual(UC_REGS_36);
  });

  it("gives a Northern Ireland household's results its own law, and the same household in England Great Britain's", () => {
    const engine = loadEntitlementEngine();
    const carerElement = (country: 'NORTHERN_IRELAND' | 'ENGLAND', localAuthority: string) =>
      engine
        .calculateSync(
          normaliseHousehold({
            country,
            localAuthority,
            adults: [{ age: 40, caring: { hoursPerWeek: 40, caredForGetsQualifyingBenefit: true } }],
            housing: { tenure: 'SOCIAL_RENT', rent: { amount: 450, period: 'MONTH' }, bedrooms: 1 },
          }),
          '2026-11-21',
        )
        .benefits.find((benefit) => benefit.code === 'UNIVERSAL_CREDIT')!
        .parameters.find((parameter) => parameter.name === 'gov/dwp/universal_credit/elements/carer/amount')!.legislation.url;
    expect(carerElement('NORTHERN_IRELAND', 'N09000003')).toBe('https://www.legislation.gov.uk/nisr/2016/216/regulation/38');
    expect(carerElement('ENGLAND', 'E08000025')).toBe('https://www.legislation.gov.uk/uksi/2013/376/regulation/36');
  });

  it("points a Northern Ireland household's rule descriptions to its own law, and leaves England's as written", () => {
    const engine = loadEntitlementEngine();
    const universalCreditRules = (country: 'NORTHERN_IRELAND' | 'ENGLAND', localAuthority: string) =>
      engine
        .calculateSync(
          normaliseHousehold({
            country,
            localAuthority,
            adults: [{ age: 40 }],
            housing: { tenure: 'SOCIAL_RENT', rent: { amount: 450, period: 'MONTH' }, bedrooms: 1 },
          }),
          '2026-11-21',
        )
        .benefits.find((benefit) => benefit.code === 'UNIVERSAL_CREDIT')!.rules;
    const note =
      "The references are to Great Britain's law; in Northern Ireland the rule is in the Welfare Reform (Northern Ireland) Order 2015 (SI 2015/2006 (N.I. 1)), Part 2 (universal credit); the Universal Credit Regulations (Northern Ireland) 2016 (SR 2016/216).";
    const northernIreland = universalCreditRules('NORTHERN_IRELAND', 'N09000003');
    const england = universalCreditRules('ENGLAND', 'E08000025');
    expect(northernIreland.length).toBeGreaterThan(0);
    for (const [index, rule] of northernIreland.entries()) {
      expect(rule.description.startsWith(england[index]!.description)).toBe(true);
      expect(rule.description).toContain(note);
    }
    expect(england.some((rule) => rule.description.includes("Great Britain's law"))).toBe(false);
    // Law of Northern Ireland's own (Rate Rebate) is cited as written, with nothing added.
    expect(
      nations.ownLawNote('NORTHERN_IRELAND', [
        { title: 'Rates (Northern Ireland) Order 1977', url: 'https://www.legislation.gov.uk/nisi/1977/2157' },
      ]),
    ).toBe('');
  });

  it('refuses a file that breaks its schema, naming the field', () => {
    const file = JSON.parse(readFileSync(resolve(NATIONS_FILE), 'utf8'));
    file.nations.NORTHERN_IRELAND.law[0].url = 'https://example.org/nisr/2016/216';
    expect(() => Nations.fromJson(JSON.stringify(file))).toThrow(NationsFileError);
    expect(() => Nations.fromJson(JSON.stringify(file))).toThrow(/law\/0\/url|law\[0\]\.url|url/);
    delete file.nations.WALES;
    expect(() => Nations.fromJson(JSON.stringify(file))).toThrow(/WALES/);
  });
});
