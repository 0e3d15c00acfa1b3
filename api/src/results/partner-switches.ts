import type { PartnerDefinition } from '../../../common/site.js';
import type { CalculationResult } from '../../../engine/core/calculation-result.js';

/**
 * A calculation as a partner's portal shows it (definitions/partners `benefits.hide`, `extraHelp.hide`): the
 * benefits it hides are taken out, and out of the totals they counted in, so each system's rows still add up to its
 * total; its hidden extra-help categories are taken out. Outside that partner's portal nothing changes.
 */
export function withPartnerSwitches(result: CalculationResult, partner: PartnerDefinition | null): CalculationResult {
  if (!partner || (partner.benefits.hide.length === 0 && partner.extraHelp.hide.length === 0)) return result;
  const hiddenBenefits = new Set<string>(partner.benefits.hide);
  const hiddenHelp = new Set(partner.extraHelp.hide);
  const totals = {
    UNIVERSAL_CREDIT: { ...result.totals.UNIVERSAL_CREDIT },
    LEGACY_AND_PENSION_AGE: { ...result.totals.LEGACY_AND_PENSION_AGE },
  };
  for (const benefit of result.benefits) {
    if (!hiddenBenefits.has(benefit.code) || !benefit.eligible) continue;
    for (const system of ['UNIVERSAL_CREDIT', 'LEGACY_AND_PENSION_AGE'] as const) {
      if (benefit.system !== system && benefit.system !== 'BOTH') continue;
      totals[system].weeklyPence -= benefit.weeklyPence;
      totals[system].monthlyPence -= benefit.monthlyPence;
    }
  }
  return {
    ...result,
    benefits: result.benefits.filter((benefit) => !hiddenBenefits.has(benefit.code)),
    totals,
    extraHelp: result.extraHelp.filter((category) => !hiddenHelp.has(category.name)),
  };
}
