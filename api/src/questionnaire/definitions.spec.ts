import { describe, expect, it } from '@jest/globals';
import { evaluateRule, parseRule } from '../../../common/rules/index.js';
import { HOUSEHOLD_QUESTIONS, ROUTING_ONLY_QUESTIONS } from '../../../engine/household-mapping/household-mapping.js';
import type { Answers } from '../../../common/survey/model.js';
import { DEFINITIONS_DIR } from '../site/site.module.js';
import { checkSurveyDefinition, definitionFilesIn, definitionsCheckReport } from './survey-definitions.js';
import { MANCHESTER } from '../../../test/support/households.js';

/**
 * The shipped questionnaire (`definitions/survey/`) through the same checks as `npm run definitions:check`, so
 * `npm test` fails when a definition is broken; then its rules, evaluated, ask each household what it needs.
 */
const check = checkSurveyDefinition(definitionFilesIn(DEFINITIONS_DIR));
const survey = check.survey!;
const TODAY = '2026-11-21';

describe('the shipped questionnaire definitions', () => {
  it('pass every check of npm run definitions:check', () => {
    const report = definitionsCheckReport(check);
    expect(report.lines.filter((line) => !line.endsWith(': all good'))).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.lines[0]).toMatch(/^\d+ pages, \d+ questions, \d+ rules: all good$/);
  });

  it('stay a modest length: 15 to 25 pages', () => {
    expect(survey.pages.length).toBeGreaterThanOrEqual(15);
    expect(survey.pages.length).toBeLessThanOrEqual(25);
  });

  it('ask nothing the household does not use, except to route people', () => {
    const asked = survey.pages.flatMap((page) => page.fields.flatMap((group) => group.questions));
    const unused = asked
      .filter((question) => question.questionType !== 'Label')
      .map((question) => question.name)
      .filter((name) => !Object.hasOwn(HOUSEHOLD_QUESTIONS, name) && !ROUTING_ONLY_QUESTIONS.includes(name));
    expect(unused).toEqual([]);
  });
});

/* ---- The rules, evaluated on the real definitions ---- */

const rules = new Map<string, string>();
for (const page of survey.pages) {
  rules.set(page.name, page.showHide ?? '');
  for (const group of page.fields) for (const question of group.questions) rules.set(question.name, question.showHide ?? '');
}

/** Whether the page or question called `name` is shown, given the answers. */
function shows(name: string, answers: Answers): boolean {
  const text = rules.get(name);
  if (text === undefined) throw new Error(`No page or question ${name}`);
  const outcome = evaluateRule(parseRule(text), { answers, today: TODAY, nationalLivingWageHourlyPence: 1271 });
  if (!outcome.ok) throw new Error(`${name}: ${outcome.error}`);
  return outcome.value;
}

const WORKING_AGE: Answers = { ClientPostcode: MANCHESTER, ClientDob: '14/03/1990', ClientHasPartner: 'No' };
const PENSIONER: Answers = { ClientPostcode: MANCHESTER, ClientDob: '01/06/1950', ClientHasPartner: 'No' };

describe('who is asked what', () => {
  it('sends people with no recourse to public funds, or waiting on an asylum claim, to the exit page, but not their partners', () => {
    expect(shows('public-funds', { ...WORKING_AGE, ClientImmigrationStatus: 'BritishOrIrish' })).toBe(false);
    expect(shows('public-funds', { ...WORKING_AGE, ClientImmigrationStatus: 'NotSure' })).toBe(false);
    expect(shows('public-funds', { ...WORKING_AGE, ClientImmigrationStatus: 'NoRecourseToPublicFunds' })).toBe(true);
    const couple = { ...WORKING_AGE, ClientHasPartner: 'Yes', PartnerDob: '01/01/1991' };
    // Only one partner may claim: the one who may claims Universal Credit as a single person (UC Regs 2013 reg 3(3)(e)).
    expect(shows('public-funds', { ...couple, ClientImmigrationStatus: 'SettledStatus', PartnerImmigrationStatus: 'AsylumSeeker' })).toBe(
      false,
    );
    expect(
      shows('public-funds', { ...couple, ClientImmigrationStatus: 'BritishOrIrish', PartnerImmigrationStatus: 'NoRecourseToPublicFunds' }),
    ).toBe(false);
    // The person answering may not claim: their partner is told they may claim for themselves.
    const clientMayNot = { ...couple, ClientImmigrationStatus: 'NoRecourseToPublicFunds', PartnerImmigrationStatus: 'BritishOrIrish' };
    expect(shows('public-funds', clientMayNot)).toBe(true);
    expect(shows('PublicFundsPartnerMayClaim', clientMayNot)).toBe(true);
    expect(shows('PublicFundsPartnerMayClaim', { ...clientMayNot, PartnerImmigrationStatus: 'AsylumSeeker' })).toBe(false);
    // Over State Pension age with a younger partner who may not claim: Pension Credit and Housing Benefit for the one
    // who may, as a single person (SPC Regs 2002 reg 5(1)(h), (4) and (5)), worked out like any other household.
    const pensioner = {
      ...PENSIONER,
      ClientHasPartner: 'Yes',
      PartnerDob: '01/01/1980',
      ClientImmigrationStatus: 'BritishOrIrish',
      PartnerImmigrationStatus: 'AsylumSeeker',
    };
    expect(shows('public-funds', pensioner)).toBe(false);
    expect(shows('public-funds', { ...pensioner, ClientImmigrationStatus: 'AsylumSeeker' })).toBe(true);
  });

  it('asks partner pages only of couples', () => {
    for (const page of ['partner-health', 'partner-work', 'partner-other-income']) {
      expect(shows(page, WORKING_AGE)).toBe(false);
      expect(shows(page, { ...WORKING_AGE, ClientHasPartner: 'Yes', PartnerDob: '01/01/1991' })).toBe(true);
    }
  });

  it('asks about work capability and studying only below State Pension age', () => {
    expect(shows('ClientWorkCapability', WORKING_AGE)).toBe(true);
    expect(shows('ClientWorkCapability', PENSIONER)).toBe(false);
    expect(shows('studying', WORKING_AGE)).toBe(true);
    expect(shows('studying', PENSIONER)).toBe(false);
    const mixedAgeCouple = { ...PENSIONER, ClientHasPartner: 'Yes', PartnerDob: '01/01/1975' };
    expect(shows('studying', mixedAgeCouple)).toBe(true);
    expect(shows('ClientStudent', mixedAgeCouple)).toBe(false);
    expect(shows('PartnerStudent', mixedAgeCouple)).toBe(true);
  });

  it("asks each child's details up to the count; sex only where two or more might share; education from 16", () => {
    const two = { ...WORKING_AGE, ChildCount: '2', ChildDob1: '10/05/2009', ChildDob2: '01/03/2015' };
    expect(['ChildDob1', 'ChildDob2', 'ChildDob3'].map((name) => shows(name, two))).toEqual([true, true, false]);
    expect(shows('ChildSex1', two)).toBe(true);
    expect(shows('ChildSex1', { ...two, ChildCount: '1' })).toBe(false);
    expect(shows('ChildEducation1', two)).toBe(true);
    expect(shows('ChildEducation2', two)).toBe(false);
    expect(shows('children', { ...WORKING_AGE, ChildCount: '0' })).toBe(false);
  });

  it('asks about childcare only when there are children and someone works', () => {
    const withChild = { ...WORKING_AGE, ChildCount: '1' };
    expect(shows('childcare', { ...withChild, ClientWork: ['None of the above'] })).toBe(false);
    expect(shows('childcare', { ...withChild, ClientWork: ['SelfEmployed'] })).toBe(true);
    expect(shows('childcare', { ...WORKING_AGE, ChildCount: '0', ClientWork: ['Employed'] })).toBe(false);
  });

  it('skips the home and council tax pages for someone sleeping rough', () => {
    const roughSleeping = {
      ...WORKING_AGE,
      ClientPostcode: { ...MANCHESTER, postcode: '', authority: '', authorityCode: '', option: true },
    };
    expect(shows('your-home', roughSleeping)).toBe(false);
    expect(shows('council-tax', roughSleeping)).toBe(false);
    expect(shows('your-home', WORKING_AGE)).toBe(true);
  });

  it('asks rent of renters, bedrooms where the rules use them, and rates instead of council tax in Northern Ireland', () => {
    expect(shows('ClientRent', { ...WORKING_AGE, ClientTenure: 'SharedOwnership' })).toBe(true);
    expect(shows('ClientRent', { ...WORKING_AGE, ClientTenure: 'Owner' })).toBe(false);
    expect(shows('ClientBedrooms', { ...WORKING_AGE, ClientTenure: 'SocialRent' })).toBe(true);
    expect(shows('ClientBedrooms', { ...WORKING_AGE, ClientTenure: 'SupportedAccommodation' })).toBe(false);
    expect(shows('ClientPaysServiceCharges', WORKING_AGE)).toBe(false);
    const belfast = { ...WORKING_AGE, ClientPostcode: { ...MANCHESTER, country: 'Northern Ireland' as const } };
    expect(shows('ClientCouncilTaxLiable', belfast)).toBe(false);
    expect(shows('ClientRatesLiable', belfast)).toBe(true);
    expect(shows('ClientCouncilTaxLiable', WORKING_AGE)).toBe(true);
  });

  it('asks the exact savings in the middle band, and above £16,000 only at pension age (Pension Credit has no upper limit)', () => {
    expect(shows('ClientCurrentCapital', { ...WORKING_AGE, ClientCapitalBand: '£5,001 - £16,000' })).toBe(true);
    expect(shows('ClientCurrentCapital', { ...WORKING_AGE, ClientCapitalBand: 'UpTo5000' })).toBe(false);
    expect(shows('ClientCurrentCapital', { ...WORKING_AGE, ClientCapitalBand: 'Over16000' })).toBe(false);
    expect(shows('ClientCurrentCapital', { ...PENSIONER, ClientCapitalBand: 'Over16000' })).toBe(true);
  });

  it('warns when other property is worth more than £16,000 after what is owed on it', () => {
    const property = { ...WORKING_AGE, ClientOtherProperty: 'Yes', ClientPropertyDisregarded: 'No' };
    expect(shows('ClientPropertyEquityNote', { ...property, ClientPropertyValue: '150000', ClientPropertyMortgage: '120000' })).toBe(true);
    expect(shows('ClientPropertyEquityNote', { ...property, ClientPropertyValue: '130000', ClientPropertyMortgage: '120000' })).toBe(false);
    expect(
      shows('ClientPropertyEquityNote', {
        ...property,
        ClientPropertyDisregarded: 'Yes',
        ClientPropertyValue: '150000',
        ClientPropertyMortgage: '0',
      }),
    ).toBe(false);
  });
});
