import type { CalculationInput } from '../../core/benefit.js';
import type { UniversalCreditDeductionType } from '../../household.js';
import { penceFromPounds, scalePence, type Pence } from '../../../common/money.js';

/**
 * The order debts are taken in when together they come to more than the limit (Social Security (Claims and
 * Payments) Regulations 2013 schedule 6 paragraph 5; child maintenance first since 30 April 2025), the Social Fund
 * (a budgeting advance) before overpayments, and advances with them, then anything else.
 */
export const DEDUCTION_PRIORITY: readonly UniversalCreditDeductionType[] = [
  'CHILD_MAINTENANCE',
  'RENT_ARREARS',
  'FUEL_ARREARS',
  'COUNCIL_TAX_ARREARS',
  'COURT_FINE',
  'WATER_ARREARS',
  'BUDGETING_ADVANCE',
  'OVERPAYMENT',
  'ADVANCE',
  'OTHER',
];

export const DEDUCTION_NAMES: Readonly<Record<UniversalCreditDeductionType, string>> = {
  ADVANCE: 'Repaying a Universal Credit advance',
  BUDGETING_ADVANCE: 'Repaying a budgeting advance',
  OVERPAYMENT: 'Repaying an overpayment',
  RENT_ARREARS: 'Rent arrears, paid to the landlord',
  FUEL_ARREARS: 'Gas or electricity arrears, paid to the supplier',
  WATER_ARREARS: 'Water arrears, paid to the water company',
  COUNCIL_TAX_ARREARS: 'Council tax arrears, paid to the council',
  COURT_FINE: 'A court fine',
  CHILD_MAINTENANCE: 'Child maintenance',
  OTHER: 'Another debt',
};

export interface DebtDeduction {
  type: UniversalCreditDeductionType;
  asked: Pence;
  taken: Pence;
}

export interface DebtDeductions {
  /** In the order taken. */
  deductions: DebtDeduction[];
  /** The most that may be taken in the month: the share of the standard allowance (and never the whole award). */
  limit: Pence;
  share: number;
  /** The award is so small that the limit is what leaves 1p paid, not the share of the standard allowance. */
  limitedByAward: boolean;
  taken: Pence;
  /** What is asked for and not taken this month (it waits, and the debt lasts longer). */
  waiting: Pence;
  /** The award less what is taken: what is paid. */
  paid: Pence;
}

/**
 * What is taken from a month's award for the debts the household gave, and what is paid: each debt in priority order
 * up to the limit, a share of the standard allowance (sch 6 para 3), and never so much that nothing is paid (at least
 * 1p stays). Null when the household gave none.
 */
export function debtDeductions(input: CalculationInput, award: Pence, standardAllowance: Pence): DebtDeductions | null {
  const given = input.facts.household.universalCreditDeductions ?? [];
  if (given.length === 0) return null;
  const share = input.parameters.amount('gov/dwp/universal_credit/deductions/maximum_share');
  const byShare = scalePence(standardAllowance, share, 10000);
  const limit = Math.min(byShare, Math.max(0, award - 1));
  let room = limit;
  const deductions = DEDUCTION_PRIORITY.flatMap((type) => {
    const asked = given.filter((debt) => debt.type === type).reduce((sum, debt) => sum + penceFromPounds(debt.amount), 0);
    if (asked === 0) return [];
    const taken = Math.min(asked, room);
    room -= taken;
    return [{ type, asked, taken }];
  });
  const taken = deductions.reduce((sum, debt) => sum + debt.taken, 0);
  const asked = deductions.reduce((sum, debt) => sum + debt.asked, 0);
  return { deductions, limit, share, limitedByAward: limit < byShare, taken, waiting: asked - taken, paid: award - taken };
}
