import { RESULT_BOTH_SYSTEMS } from '../../../common/result/fixtures';
import { BENEFIT_TYPES, type ResultBenefit, type ResultBenefits, type ResultModel } from '../../../common/result/model';

/** Variants of `RESULT_BOTH_SYSTEMS` for the jsdom tests, named for the household's situation. Only tests import this. */

export const SESSION = RESULT_BOTH_SYSTEMS.session;
export const RESULT_URL = `/api/data/result/?session=${SESSION}&id=&test=false`;

type ResultChanges = Omit<Partial<ResultModel>, 'benefits'> & { benefits?: Partial<ResultBenefits> };

export function resultWith(changes: ResultChanges = {}): ResultModel {
  const base = JSON.parse(JSON.stringify(RESULT_BOTH_SYSTEMS)) as ResultModel;
  return { ...base, ...changes, benefits: { ...base.benefits!, ...changes.benefits } } as ResultModel;
}

/** A working-age renter who gets Universal Credit and nothing under the legacy system. */
export function universalCreditOnly(): ResultModel {
  return resultWith({ eligibility: { isEligibleForLb: false, isEligibleForUc: true } });
}

/** A pensioner: legacy and pension-age benefits only. */
export function legacyOnly(): ResultModel {
  return resultWith({ eligibility: { isEligibleForLb: true, isEligibleForUc: false } });
}

/**
 * The same renter asking what happens if they took on more hours: Universal Credit goes down, and Carer's Allowance
 * (type 4, only after the change) appears, while PIP stays 'may be entitled' (type 7).
 */
export function betterOffMoreHours(): ResultModel {
  const base = resultWith();
  const benefits = base.benefits!;
  const carersAllowance: ResultBenefit = {
    ...benefits.meansTested[1],
    benefitName: "Carer's Allowance",
    benefitCode: 'CARERS_ALLOWANCE',
    benefitType: BENEFIT_TYPES.onlyAfterChange,
    betterOffBenefitType: BENEFIT_TYPES.amount,
    weeklyPayment: 0,
    monthlyPayment: 0,
    betterOffWeeklyPayment: 83.3,
    betterOffMonthlyPayment: 360.97,
  };
  return resultWith({
    isBetterOff: true,
    benefits: {
      lbBetterOffWeekly: 199.2,
      lbBetterOffMonthly: 863.2,
      lbBetterOffIncomeWeekly: 320,
      lbBetterOffIncomeMonthly: 1386.67,
      betterOffMessageWeekly: 'You would be £203.30 a week better off.',
      betterOffMessageMonthly: 'You would be £880.97 a month better off.',
      meansTested: [...benefits.meansTested, carersAllowance],
    },
    categories: [
      ...base.categories,
      {
        name: 'better-off',
        text: 'What if things changed?',
        isBetterOff: true,
        questions: [{ text: 'How many hours a week would the work be?', name: 'BetterOffHours', pageNumber: 0, showEdit: false, answers: [{ prefix: '', value: '30' }] }],
      },
    ],
  });
}
