import { INITIAL_PERIOD_STATE, isUniversalCreditShown, offersUniversalCreditButton, shownPeriod, type PeriodState } from './period';

const both = { isEligibleForLb: true, isEligibleForUc: true };
const legacyOnly = { isEligibleForLb: true, isEligibleForUc: false };
const universalCreditOnly = { isEligibleForLb: false, isEligibleForUc: true };
const neither = { isEligibleForLb: false, isEligibleForUc: false };
const state = (changes: Partial<PeriodState>): PeriodState => ({ ...INITIAL_PERIOD_STATE, ...changes });

describe('the period shown', () => {
  it('is weekly by default, and what the person chooses while Universal Credit is not on screen', () => {
    expect(shownPeriod(both, INITIAL_PERIOD_STATE)).toBe('weekly');
    expect(shownPeriod(legacyOnly, state({ chosen: 'monthly' }))).toBe('monthly');
    expect(shownPeriod(neither, state({ chosen: 'weekly' }))).toBe('weekly');
  });

  it('is monthly when eligible for Universal Credit and it has been opened, or nothing else applies', () => {
    expect(shownPeriod(both, state({ showsUniversalCredit: true }))).toBe('monthly');
    expect(shownPeriod(universalCreditOnly, INITIAL_PERIOD_STATE)).toBe('monthly');
    // The button's state means nothing for someone not eligible for Universal Credit.
    expect(shownPeriod(legacyOnly, state({ showsUniversalCredit: true }))).toBe('weekly');
  });

  it('is monthly while the breakdown is open', () => {
    expect(shownPeriod(both, state({ chosen: 'weekly', isBreakdownOpen: true }))).toBe('monthly');
  });
});

describe('the Universal Credit view', () => {
  it('is behind a button only for someone eligible for both systems', () => {
    expect(offersUniversalCreditButton(both)).toBe(true);
    expect(offersUniversalCreditButton(universalCreditOnly)).toBe(false);
    expect(isUniversalCreditShown(both, INITIAL_PERIOD_STATE)).toBe(false);
    expect(isUniversalCreditShown(both, state({ showsUniversalCredit: true }))).toBe(true);
    expect(isUniversalCreditShown(universalCreditOnly, INITIAL_PERIOD_STATE)).toBe(true);
    expect(isUniversalCreditShown(neither, state({ showsUniversalCredit: true }))).toBe(false);
  });
});
