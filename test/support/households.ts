import type { MoneyAnswer, PostcodeAnswer } from '../../common/survey/model.js';

/** A money answer as the web app sends it, from the figure in the period the person chose. */
export function money(amount: number, period: 'Weekly' | 'Monthly' | 'Yearly'): MoneyAnswer {
  const pence = Math.round(amount * 100);
  const weekly = period === 'Weekly' ? pence : period === 'Monthly' ? Math.round((pence * 12) / 52) : Math.round(pence / 52);
  const monthly = period === 'Monthly' ? pence : period === 'Weekly' ? Math.round((pence * 52) / 12) : Math.round(pence / 12);
  const yearly = period === 'Yearly' ? pence : period === 'Weekly' ? pence * 52 : pence * 12;
  return { weekly: weekly / 100, monthly: monthly / 100, yearly: yearly / 100, period };
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
  ['your-work', { ClientWork: ['Employed'], ClientWorkHours: '16', ClientEarnings: money(850, 'Monthly'), ClientEarningsBasis: 'TakeHome' }],
  ['your-other-income', { ClientOtherIncome: ['None of the above'] }],
  ['studying', { ClientStudent: 'No' }],
  ['your-home', { ClientTenure: 'PrivateRent', ClientRent: money(650, 'Monthly'), ClientPaysServiceCharges: 'No', ClientBedrooms: '1' }],
  ['council-tax', { ClientCouncilTaxLiable: 'Yes', ClientCouncilTaxBand: 'Band B' }],
  ['savings', { ClientCapitalBand: 'UpTo5000', ClientOtherProperty: 'No' }],
  ['finish', {}],
];
