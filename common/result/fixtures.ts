import { BENEFIT_TYPES, type ResultBenefit, type ResultModel } from './model.js';

/**
 * Results as the API gives them, for tests of the page and the documents that need no database: a single private
 * renter in Manchester working part time, entitled to both systems' help (figures of the 2026/27 rates).
 */

function benefit(fields: Partial<ResultBenefit> & Pick<ResultBenefit, 'benefitName' | 'benefitCode' | 'weeklyPayment' | 'monthlyPayment'>): ResultBenefit {
  return {
    benefitType: BENEFIT_TYPES.amount,
    betterOffBenefitType: BENEFIT_TYPES.amount,
    betterOffWeeklyPayment: fields.weeklyPayment,
    betterOffMonthlyPayment: fields.monthlyPayment,
    link: 'https://www.gov.uk/',
    howToClaim: { message: 'Claim online at GOV.UK.' },
    messages: [],
    showBreakdown: false,
    elements: [],
    deductions: [],
    elementsWeeklyTotal: 0,
    elementsMonthlyTotal: 0,
    deductionsWeeklyTotal: 0,
    deductionsMonthlyTotal: 0,
    paymentWeeklyTotal: 0,
    paymentMonthlyTotal: 0,
    betterOffElementsWeeklyTotal: 0,
    betterOffElementsMonthlyTotal: 0,
    betterOffDeductionsWeeklyTotal: 0,
    betterOffDeductionsMonthlyTotal: 0,
    betterOffPaymentWeeklyTotal: 0,
    betterOffPaymentMonthlyTotal: 0,
    ...fields,
  };
}

const universalCredit = benefit({
  benefitName: 'Universal Credit',
  benefitCode: 'UNIVERSAL_CREDIT',
  weeklyPayment: 159.94,
  monthlyPayment: 693.07,
  link: 'https://www.gov.uk/universal-credit',
  howToClaim: { message: 'Claim online at GOV.UK/universal-credit, or call the Universal Credit helpline on 0800 328 5644.' },
  messages: [{ name: 'standard-allowance', message: 'The standard allowance for a single person aged 25 or over is £424.90 a month.' }],
  showBreakdown: true,
  elements: [
    { name: 'Standard allowance', messages: [], weeklyPayment: 98.05, monthlyPayment: 424.9, betterOffWeeklyPayment: 98.05, betterOffMonthlyPayment: 424.9 },
    { name: 'Housing costs', messages: [], weeklyPayment: 121.61, monthlyPayment: 526.97, betterOffWeeklyPayment: 121.61, betterOffMonthlyPayment: 526.97 },
  ],
  deductions: [{ name: 'Earnings (55% taper)', messages: [], weeklyPayment: 59.72, monthlyPayment: 258.8, betterOffWeeklyPayment: 59.72, betterOffMonthlyPayment: 258.8 }],
  elementsWeeklyTotal: 219.66,
  elementsMonthlyTotal: 951.87,
  deductionsWeeklyTotal: 59.72,
  deductionsMonthlyTotal: 258.8,
  paymentWeeklyTotal: 159.94,
  paymentMonthlyTotal: 693.07,
  betterOffElementsWeeklyTotal: 219.66,
  betterOffElementsMonthlyTotal: 951.87,
  betterOffDeductionsWeeklyTotal: 59.72,
  betterOffDeductionsMonthlyTotal: 258.8,
  betterOffPaymentWeeklyTotal: 159.94,
  betterOffPaymentMonthlyTotal: 693.07,
});

const councilTaxReduction = benefit({
  benefitName: 'Council Tax Reduction',
  benefitCode: 'COUNCIL_TAX_REDUCTION',
  weeklyPayment: 18.4,
  monthlyPayment: 79.73,
  link: 'https://www.gov.uk/apply-council-tax-reduction',
  howToClaim: { message: 'Apply to Manchester City Council.' },
});

const housingBenefit = benefit({
  benefitName: 'Housing Benefit',
  benefitCode: 'HOUSING_BENEFIT',
  weeklyPayment: 97.5,
  monthlyPayment: 422.5,
  link: 'https://www.gov.uk/housing-benefit',
  howToClaim: { message: 'Apply to your council.' },
});

const personalIndependencePayment = benefit({
  benefitName: 'Personal Independence Payment',
  benefitCode: 'PIP',
  benefitType: BENEFIT_TYPES.mayBeEntitled,
  betterOffBenefitType: BENEFIT_TYPES.mayBeEntitled,
  weeklyPayment: 0,
  monthlyPayment: 0,
  link: 'https://www.gov.uk/pip',
  howToClaim: { message: 'Call the PIP new claims line on 0800 917 2222.' },
});

export const RESULT_BOTH_SYSTEMS: ResultModel = {
  session: '5b0c2c0e-3f7e-4a43-9d39-2d1f1b7f3a10',
  token: 'K7MXQ2PA',
  isValid: true,
  isOutOfDate: false,
  isUnanswered: false,
  messages: [],
  eligibility: { isEligibleForLb: true, isEligibleForUc: true },
  isBetterOff: false,
  calculatedOn: '2026-11-23',
  rulesVersion: '2026-27',
  benefits: {
    lbWeekly: 115.9,
    lbMonthly: 502.23,
    lbBetterOffWeekly: 115.9,
    lbBetterOffMonthly: 502.23,
    lbIncomeWeekly: 200,
    lbIncomeMonthly: 866.67,
    lbBetterOffIncomeWeekly: 200,
    lbBetterOffIncomeMonthly: 866.67,
    lbOtherIncomeWeekly: 0,
    lbOtherIncomeMonthly: 0,
    lbBetterOffOtherIncomeWeekly: 0,
    lbBetterOffOtherIncomeMonthly: 0,
    ucWeekly: 178.34,
    ucMonthly: 772.8,
    ucBetterOffWeekly: 178.34,
    ucBetterOffMonthly: 772.8,
    ucIncomeWeekly: 200,
    ucIncomeMonthly: 866.67,
    ucBetterOffIncomeWeekly: 200,
    ucBetterOffIncomeMonthly: 866.67,
    ucOtherIncomeWeekly: 0,
    ucOtherIncomeMonthly: 0,
    ucBetterOffOtherIncomeWeekly: 0,
    ucBetterOffOtherIncomeMonthly: 0,
    betterOffMessageWeekly: '',
    betterOffMessageMonthly: '',
    meansTested: [housingBenefit, councilTaxReduction],
    nonMeansTested: [personalIndependencePayment],
    universalCredit: [universalCredit, councilTaxReduction],
  },
  variables: [{ name: 'WARM_HOMES_NETWORK_ELIGIBLE', weeklyValue: 'True', monthlyValue: 'True' }],
  categories: [
    {
      name: 'where-you-live',
      text: 'Where you live',
      isBetterOff: false,
      questions: [{ text: 'What is your postcode?', name: 'ClientPostcode', pageNumber: 1, showEdit: true, answers: [{ prefix: '', value: 'Manchester' }] }],
    },
    {
      name: 'about-you',
      text: 'You and your partner',
      isBetterOff: false,
      questions: [{ text: 'What is your date of birth?', name: 'ClientDob', pageNumber: 2, showEdit: true, answers: [{ prefix: '', value: 'Age 34' }] }],
    },
    {
      name: 'your-home',
      text: 'Your home',
      isBetterOff: false,
      questions: [{ text: 'How much rent do you pay?', name: 'ClientRent', pageNumber: 14, showEdit: true, answers: [{ prefix: 'Monthly', value: '£750.00' }] }],
    },
  ],
  extraHelps: {
    showExtraHelp: true,
    extraHelps: [
      {
        category: 'Bills and energy',
        name: 'broadband-social-tariff',
        title: 'Broadband and phone social tariffs',
        text: 'Cheaper broadband and phone deals for people getting Universal Credit and some other benefits.',
        helpTitle: 'How to access support',
        helpText: 'Ask your provider for its social tariff, or compare them on the Ofcom website.',
        link: 'https://www.ofcom.org.uk/phones-and-broadband/saving-money/social-tariffs',
      },
      {
        category: 'White goods and emergency grants',
        name: 'household-support-fund',
        title: 'Household Support Fund',
        text: 'Your council can help with food, energy and essentials.',
        helpTitle: 'How to access foodbanks',
        helpText: 'Contact your council, or find your nearest foodbank on the Trussell website.',
        link: 'https://www.gov.uk/government/publications/household-support-fund-guidance-for-local-councils',
      },
    ],
  },
  hasFeedback: false,
  showHelpline: true,
  client: null,
  testing: null,
  housingAllowance: null,
};
