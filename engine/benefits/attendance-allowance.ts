import { benefitFacts, amountNotShown, notEligible, paidWeekly, type AmountLine, type BenefitCalculator } from '../core/benefit.js';
import { personalBenefitClaimants, receives, type AdultFacts } from '../facts.js';
import { bothPeriods } from '../../common/money.js';
import { adultWording, getsDla, getsPip, hasHealthCondition, notPaidReasons, stoppedWhileAwaySentences } from './pip.js';

/** The weekly rate by the rate in payment. */
const RATES: Record<'LOWER' | 'HIGHER', string> = {
  LOWER: 'gov/dwp/attendance_allowance/lower',
  HIGHER: 'gov/dwp/attendance_allowance/higher',
};

/** Over State Pension age, with a health condition, and no disability benefit yet. */
const mayClaim = (adult: AdultFacts): boolean =>
  adult.reachedStatePensionAge &&
  hasHealthCondition(adult) &&
  !receives(adult, 'ATTENDANCE_ALLOWANCE') &&
  !getsPip(adult) &&
  !getsDla(adult);

/** Attendance Allowance (SSCBA 1992 ss64-67): the rate an adult gets; over State Pension age, may be entitled. */
export const attendanceAllowance: BenefitCalculator = {
  code: 'ATTENDANCE_ALLOWANCE',
  name: 'Attendance Allowance',
  folder: 'attendance-allowance',
  system: 'BOTH',
  meansTested: false,
  reads: [],
  facts: benefitFacts({
    adultsGettingAttendanceAllowanceCount: ({ facts }) => facts.adults.filter((adult) => receives(adult, 'ATTENDANCE_ALLOWANCE')).length,
    pensionAgeAdultsWithConditionCount: ({ facts }) => personalBenefitClaimants(facts).filter(mayClaim).length,
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
  }),
  calculate({ facts, parameters, explanations, nationalName }, fired) {
    // Scotland's Pension Age Disability Payment in its place there (the ruleset's names).
    const benefitName = nationalName ?? 'Attendance Allowance';
    const stopped = stoppedWhileAwaySentences(facts, explanations, ['ATTENDANCE_ALLOWANCE']);
    const notes = [...fired.ofType('note').map((rule) => explanations.say(String(rule.event.params.explanation))), ...stopped];
    const mayBeEntitled = fired.has('may-be-entitled')
      ? personalBenefitClaimants(facts)
          .filter(mayClaim)
          .map((adult) =>
            explanations.say('may-be-entitled', {
              ...adultWording(adult),
              benefit: benefitName,
              lower: parameters.amount('gov/dwp/attendance_allowance/lower'),
              higher: parameters.amount('gov/dwp/attendance_allowance/higher'),
            }),
          )
      : [];
    if (fired.has('receives')) {
      const elements: AmountLine[] = [];
      const explanation: string[] = [];
      for (const adult of facts.adults) {
        for (const benefit of adult.benefitsReceived) {
          if (benefit.type !== 'ATTENDANCE_ALLOWANCE') continue;
          const rate = benefit.rate.toLowerCase();
          const amount = parameters.amount(RATES[benefit.rate]);
          explanation.push(explanations.say('rate', { ...adultWording(adult), benefit: benefitName, rate, amount }));
          elements.push({
            code: `${adult.role}_ATTENDANCE_ALLOWANCE`,
            name: `${benefitName}, ${rate} rate (${adultWording(adult).whoLower})`,
            ...bothPeriods(amount, 'WEEK'),
          });
        }
      }
      return paidWeekly(elements, [...explanation, ...mayBeEntitled, ...notes]);
    }
    if (fired.has('may-be-entitled')) {
      return amountNotShown([...mayBeEntitled, ...notes]);
    }
    return notEligible([
      ...notPaidReasons(fired, explanations, stopped),
      ...fired.ofType('note').map((rule) => explanations.say(String(rule.event.params.explanation))),
    ]);
  },
};
