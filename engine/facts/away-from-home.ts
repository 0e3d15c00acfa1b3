import type { Adult, AwayFromHome, BenefitReceived } from '../household.js';

/** Where someone away from home is, as the explanations say it. */
export const AWAY_WHERE: Record<AwayFromHome['reason'], string> = {
  PRISON: 'in prison',
  HOSPITAL: 'in hospital',
  CARE_HOME: 'in a care home',
};

/**
 * The disability and care benefits not paid to an adult after 28 days away: in hospital, all of them (Social Security
 * (Attendance Allowance) Regulations 1991 reg 6; Social Security (Disability Living Allowance) Regulations 1991 regs
 * 8 and 12A; Social Security (Personal Independence Payment) Regulations 2013 reg 30; Scotland's Adult Disability
 * Payment the same, SSI 2022/54 reg 28); in a care home the council or the NHS pays for, the care and daily living
 * parts only, the mobility parts carrying on (AA Regs reg 7, DLA Regs reg 9, PIP Regs reg 28, SSI 2022/54 reg 27).
 */
const STOPPED_AFTER_28_DAYS: Readonly<Record<'HOSPITAL' | 'CARE_HOME', readonly BenefitReceived['type'][]>> = {
  HOSPITAL: ['PIP_DAILY_LIVING', 'PIP_MOBILITY', 'ADP_DAILY_LIVING', 'ADP_MOBILITY', 'DLA_CARE', 'DLA_MOBILITY', 'ATTENDANCE_ALLOWANCE'],
  CARE_HOME: ['PIP_DAILY_LIVING', 'ADP_DAILY_LIVING', 'DLA_CARE', 'ATTENDANCE_ALLOWANCE'],
};

/**
 * The benefits an adult away from home gets but is not paid now: away more than 28 days in hospital, or in a care home
 * the council or the NHS pays towards.
 */
export function stoppedWhileAway(adult: Adult): BenefitReceived[] {
  const away = adult.awayFromHome;
  if (!away || away.reason === 'PRISON' || !(away.moreThanFourWeeks || away.moreThanSixMonths)) return [];
  // A self-funder's care is not paid for out of public funds, which is what stops them.
  if (away.reason === 'CARE_HOME' && away.paysOwnCareHomeFees === true) return [];
  return adult.benefitsReceived.filter((benefit) => STOPPED_AFTER_28_DAYS[away.reason as 'HOSPITAL' | 'CARE_HOME'].includes(benefit.type));
}
