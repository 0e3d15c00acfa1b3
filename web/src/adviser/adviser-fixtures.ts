import type { AdviserCalculation, Client, ClientCalculationRow, ComparisonData, CompareResponse } from '../../../common/adviser/model';

/** For the jsdom tests: an adviser's client and calculations, and the API's answers about them. */

export const CLIENT_GUID = 'c0ffee00-0000-4000-8000-000000000001';

export const LONE_PARENT_CLIENT: Client = {
  clientGuid: CLIENT_GUID,
  displayName: 'Jo Bloggs',
  firstName: 'Joanne',
  lastName: 'Bloggs',
  dateOfBirth: '14/03/1988',
  clientNumber: 'CL-0042',
  caseReference: '',
  caseNotes: '',
  searchName: 'jo bloggs',
  calculationCreateDate: null,
  calculationUpdateDate: null,
};

export function calculationRow(index: number, isComplete = true): ClientCalculationRow {
  return {
    sessionId: `session-${index}`,
    token: `REF${String(index).padStart(3, '0')}`,
    createdDate: '02/11/2026',
    caseReference: `Scenario ${index}`,
    isComplete,
    link: `/survey/3/session-${index}`,
  };
}

export const ACCESS_URL = '/api/intermediary/index/';
export const CLIENT_URL = `/api/intermediary/client/?clientGuid=${CLIENT_GUID}`;
export const SESSION = 'session-1';
export const CALCULATION_URL = `/api/intermediary/calculation/?session=${SESSION}`;

export const noAccess = { status: 403, body: { statusCode: 403, code: 'NO_ACCESS', message: 'You need to log in as an adviser.', errors: [] } };
export const serverFailure = { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong', errors: [] } };

/** A lone parent working part time: eligible under both systems, with child benefit outside means testing. */
export function adviserCalculation(overrides: Partial<AdviserCalculation> = {}): AdviserCalculation {
  return {
    token: 'REF001',
    session: SESSION,
    clientGuid: CLIENT_GUID,
    displayName: 'Jo Bloggs',
    createDate: '02/11/2026',
    updateDate: '05/11/2026',
    isComplete: true,
    isEligibleForLb: true,
    isEligibleForUc: true,
    link: '/survey/3/session-1',
    caseNotes: 'Asked about moving to UC.',
    caseReference: 'Part-time work',
    meansTested: [{ benefitName: 'Housing Benefit', weeklyPayment: 95.5, monthlyPayment: 413.83 }],
    nonMeansTested: [{ benefitName: 'Child Benefit', weeklyPayment: 26.05, monthlyPayment: 112.88 }],
    universalCredit: [{ benefitName: 'Universal Credit', weeklyPayment: 180.25, monthlyPayment: 781.08 }],
    lbBenefitWeeklyTotal: 121.55,
    lbBenefitMonthlyTotal: 526.71,
    lbOtherWeeklyTotal: 200,
    lbOtherMonthlyTotal: 866.67,
    lbWeeklyTotal: 321.55,
    lbMonthlyTotal: 1393.38,
    ucBenefitWeeklyTotal: 206.3,
    ucBenefitMonthlyTotal: 893.96,
    ucOtherWeeklyTotal: 200,
    ucOtherMonthlyTotal: 866.67,
    ucWeeklyTotal: 406.3,
    ucMonthlyTotal: 1760.63,
    categories: [
      {
        name: 'about-you',
        text: 'About you',
        isBetterOff: false,
        questions: [{ text: 'How old are you?', answers: [{ value: '38' }] }],
      },
    ],
    housingAllowance: null,
    ...overrides,
  };
}

function comparison(show: boolean, isSecondEligible: boolean): ComparisonData {
  const columns = (scale: number) => [
    { name: 'Part-time work', isEligible: true, data: [95.5 * scale, 26.05 * scale, 321.55 * scale], benefitTotal: 121.55 * scale, otherTotal: 200 * scale, total: 321.55 * scale },
    { name: 'Full-time work', isEligible: isSecondEligible, data: [0, 26.05 * scale, 0], benefitTotal: 26.05 * scale, otherTotal: 420 * scale, total: 446.05 * scale },
  ];
  return {
    show,
    messageHtml: '',
    categories: ['Housing Benefit', 'Child Benefit', 'Total Income'],
    weeklyData: columns(1),
    monthlyData: columns(2),
  };
}

export function compareResponse(overrides: { lb?: Partial<ComparisonData>; uc?: Partial<ComparisonData> } = {}): CompareResponse {
  return {
    isIntermediary: true,
    lb: { ...comparison(true, false), ...overrides.lb },
    uc: { ...comparison(true, true), ...overrides.uc },
  };
}
