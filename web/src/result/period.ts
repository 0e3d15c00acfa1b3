import type { ResultModel } from '../../../common/result/model';
import type { Period } from './money';

/**
 * Which amounts the results show. Weekly unless the person chooses monthly;
 * always monthly while Universal Credit is on screen, because it is worked out and paid monthly: when the person is
 * eligible for it and has chosen to see it, or is eligible for nothing else, and while its breakdown is open.
 */
export interface PeriodState {
  chosen: Period;
  /** The Universal Credit view has been opened with its button (only offered when eligible for both systems). */
  showsUniversalCredit: boolean;
  isBreakdownOpen: boolean;
}

type Eligibility = ResultModel['eligibility'];

export const INITIAL_PERIOD_STATE: PeriodState = { chosen: 'weekly', showsUniversalCredit: false, isBreakdownOpen: false };

/** The Universal Credit block shows straight away for someone eligible for it alone, after the button for someone eligible for both. */
export function isUniversalCreditShown(eligibility: Eligibility, state: Pick<PeriodState, 'showsUniversalCredit'>): boolean {
  return eligibility.isEligibleForUc && (state.showsUniversalCredit || !eligibility.isEligibleForLb);
}

/** The button that reveals Universal Credit is there only for someone eligible under both systems. */
export function offersUniversalCreditButton(eligibility: Eligibility): boolean {
  return eligibility.isEligibleForUc && eligibility.isEligibleForLb;
}

export function isMonthlyForced(eligibility: Eligibility, state: PeriodState): boolean {
  return state.isBreakdownOpen || isUniversalCreditShown(eligibility, state);
}

export function shownPeriod(eligibility: Eligibility, state: PeriodState): Period {
  return isMonthlyForced(eligibility, state) ? 'monthly' : state.chosen;
}
