import { moneyAnswerFrom } from '../../common/survey/money-answer.js';
import type { MoneyAnswer, AnswerPeriod, PostcodeAnswer } from '../../common/survey/model.js';
import type { QuestionValue } from './survey-driver.js';

/** A money answer as the web app sends it, from the amount typed in the period the person chose. */
export function money(amount: string, period: AnswerPeriod): MoneyAnswer {
  const answer = moneyAnswerFrom(amount, period);
  if (!answer) throw new Error(`'${amount}' is not an amount of money.`);
  return answer;
}

export const MANCHESTER: PostcodeAnswer = {
  postcode: 'M1 1AD',
  authority: 'Manchester',
  authorityCode: 'E08000003',
  country: 'England',
  latitude: 53.4838,
  longitude: -2.2449,
  option: false,
};

/**
 * A single private renter working part time, page by page (page name -> answers of the questions shown there).
 * Pages not listed do not apply to this household.
 */
export const SINGLE_PRIVATE_RENTER_WORKING_PART_TIME: [string, Record<string, unknown>][] = [
  ['where-you-live', { ClientPostcode: MANCHESTER }],
  ['about-you', { ClientDob: '14/03/1990', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
  ['your-health', { ClientDisabilityBenefits: ['None of the above'], ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
  ['caring', { ClientIsCarer: 'No' }],
  [
    'your-work',
    { ClientWork: ['Employed'], ClientWorkHours: '16', ClientEarnings: money('850', 'Monthly'), ClientEarningsBasis: 'TakeHome' },
  ],
  ['your-other-income', { ClientOtherIncome: ['None of the above'] }],
  ['studying', { ClientStudent: 'No' }],
  [
    'your-home',
    {
      ClientTenure: 'PrivateRent',
      ClientRent: money('650', 'Monthly'),
      ClientPaysServiceCharges: 'No',
      ClientBedrooms: '1',
      ClientLhaArea: 'Central Greater Manchester',
    },
  ],
  ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];

/**
 * The same household as a person types it in the browser (test/support/survey-driver.ts fills these in), with the
 * date of birth and the monthly take-home pay given.
 */
export function singleRenterTyped(dateOfBirth = '14/03/1990', monthlyPay = '850'): [string, Record<string, QuestionValue>][] {
  const none = ['None of the above'];
  return [
    ['where-you-live', { ClientPostcode: 'm1 1ad' }],
    ['about-you', { ClientDob: dateOfBirth, ClientHasPartner: 'No' }],
    ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
    ['who-lives-with-you', { ChildCount: '0', NonDependantCount: '0' }],
    ['your-health', { ClientDisabilityBenefits: none, ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
    ['caring', { ClientIsCarer: 'No' }],
    [
      'your-work',
      {
        ClientWork: ['Employed'],
        ClientWorkHours: '16',
        ClientEarnings: { amount: monthlyPay, period: 'Monthly' },
        ClientEarningsBasis: 'TakeHome',
      },
    ],
    ['your-other-income', { ClientOtherIncome: none }],
    ['studying', { ClientStudent: 'No' }],
    [
      'your-home',
      {
        ClientTenure: 'PrivateRent',
        ClientRent: { amount: '650', period: 'Monthly' },
        ClientPaysServiceCharges: 'No',
        ClientBedrooms: '1',
        ClientLhaArea: 'Central Greater Manchester',
      },
    ],
    ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
    ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
    ['finish', {}],
  ];
}

/**
 * A lone parent renting privately in Manchester, as the stateless calculation API takes a household: one adult
 * working part time, one daughter aged 7.
 */
export const LONE_PARENT_PRIVATE_RENTER = {
  country: 'ENGLAND',
  localAuthority: 'E08000003',
  adults: [{ dateOfBirth: '1990-05-01', earnings: { amount: 1200, period: 'MONTH', basis: 'NET' }, hoursPerWeek: 20 }],
  children: [{ dateOfBirth: '2019-03-02', sex: 'FEMALE' }],
  housing: {
    tenure: 'PRIVATE_RENT',
    rent: { amount: 850, period: 'MONTH' },
    bedrooms: 2,
    councilTax: { band: 'C', annualCharge: null, liable: true },
  },
  capital: 4000,
};

/**
 * A lone parent of working age, not working, renting from the council in Manchester, with one child born in 2019:
 * Universal Credit, Council Tax Reduction and Child Benefit (the eldest child's weekly rate: £26.05 from 7 April
 * 2025, £27.05 from 6 April 2026). Page by page, as the survey API takes it.
 */
export const LONE_PARENT_SOCIAL_RENTER: [string, Record<string, unknown>][] = [
  ['where-you-live', { ClientPostcode: MANCHESTER }],
  ['about-you', { ClientDob: '01/05/1990', ClientHasPartner: 'No' }],
  ['right-to-claim', { ClientImmigrationStatus: 'BritishOrIrish' }],
  ['who-lives-with-you', { ChildCount: '1', NonDependantCount: '0' }],
  ['children', { ChildDob1: '02/03/2019', ChildDisability1: 'None' }],
  ['your-health', { ClientDisabilityBenefits: ['None of the above'], ClientWorkCapability: 'NotAssessed', ClientTerminallyIll: 'No' }],
  ['caring', { ClientIsCarer: 'No' }],
  ['your-work', { ClientWork: ['None of the above'] }],
  ['your-other-income', { ClientOtherIncome: ['None of the above'] }],
  ['studying', { ClientStudent: 'No' }],
  ['your-home', { ClientTenure: 'SocialRent', ClientRent: money('500', 'Monthly'), ClientPaysServiceCharges: 'No', ClientBedrooms: '2' }],
  ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];
