import type { CalculationInput } from '../../core/benefit.js';
import type { Explanations } from '../../core/explanations.js';
import type { FiredRules } from '../../core/ruleset.js';
import { sumPence, type Pence } from '../../../common/money.js';
import { unearnedIncomeOf } from '../../facts.js';
import { coupleAdults } from '../universal-credit-household.js';

/** The variable the results page reads: the monthly reduction the benefit cap makes (0 when not capped). */
export const BENEFIT_CAP_APPLIES = 'BENEFIT_CAP_APPLIES';

/** The benefit cap (UC Regs 2013 regs 79-83): an exemption, or the cap and the benefits counted against it. */
export type BenefitCap =
  | { reduction: 0; exemption: { key: string; threshold: Pence } }
  | {
      reduction: Pence;
      exemption: null;
      cap: Pence;
      london: boolean;
      total: Pence;
      childBenefit: Pence;
      newStyle: Pence;
      childcare: Pence;
    };

/** The benefit cap's reduction (UC Regs 2013 regs 79-81): benefits above the cap, less any childcare element, up to the award. */
export function benefitCap(input: CalculationInput, fired: FiredRules, award: Pence, childcare: Pence): BenefitCap {
  const { facts, parameters, earlier } = input;
  const exemptions = fired.ofType('benefit-cap-exemption');
  if (exemptions.length > 0) {
    const key = String(exemptions[0]!.event.params.explanation);
    const threshold =
      key === 'cap-exempt-earnings' || key === 'cap-exempt-grace-period'
        ? parameters.amount('gov/dwp/benefit_cap/earnings_exemption/universal_credit_monthly')
        : 0;
    return { reduction: 0, exemption: { key, threshold } };
  }
  // The ruleset's event names the cap: gov/dwp/benefit_cap/universal_credit_monthly/greater_london/couple_or_children,
  // gov/dwp/benefit_cap/universal_credit_monthly/greater_london/single_no_children,
  // gov/dwp/benefit_cap/universal_credit_monthly/outside_greater_london/couple_or_children or
  // gov/dwp/benefit_cap/universal_credit_monthly/outside_greater_london/single_no_children.
  const cap = parameters.amount(String(fired.first('benefit-cap-level')!.event.params.parameter));
  const childBenefitOutcome = earlier.get('CHILD_BENEFIT');
  const childBenefit = childBenefitOutcome?.eligible ? childBenefitOutcome.monthlyPence : 0;
  // The welfare benefits of the couple, even when one member claims as a single person (reg 78(2)).
  const newStyle = sumPence(coupleAdults(facts).map((adult) => unearnedIncomeOf(adult, ['NEW_STYLE_JSA', 'NEW_STYLE_ESA']).monthly));
  const total = award + childBenefit + newStyle;
  const reduction = Math.min(award, Math.max(0, total - cap - childcare));
  return { reduction, exemption: null, cap, london: facts.inGreaterLondon, total, childBenefit, newStyle, childcare };
}

export function explainBenefitCap(figures: BenefitCap, explanations: Explanations): string[] {
  if (figures.exemption) return [explanations.say(figures.exemption.key, { threshold: figures.exemption.threshold })];
  const { reduction, cap, london, total, childBenefit, newStyle, childcare } = figures;
  return [
    explanations.say(reduction > 0 ? 'benefit-cap-applies' : 'benefit-cap-under', {
      cap,
      london,
      total,
      childBenefit,
      newStyle,
      childcare,
      reduction,
    }),
  ];
}
