import type { HouseholdFacts } from '../facts.js';
import type { LhaUsed } from '../local-housing-allowance.js';
import type { ExtraHelpCategoryOffered } from '../extra-help/types.js';
import type { Pence } from '../../common/money.js';
import type { BenefitOutcome, ResultVariable } from './benefit.js';

/**
 * What a calculation gives: the engine fills in everything but the extra help (its `extraHelp` is empty); the
 * loader (`../load.ts`) then runs the extra help over it, so the engine and `extra-help/` never import each other.
 */
/**
 * Why a result's figures are provisional: rates published to take effect after today, or a change set a caller asked
 * for that a second officer has approved but nobody has published yet (issue 30), which may still change or be
 * withdrawn.
 */
export interface Provisional {
  /**
   * yyyy-mm-dd: the day the last of the published change sets used takes effect. Null when the only one ahead is the
   * approved change set asked for, which has no date until it is published.
   */
  inForceFrom: string | null;
  /** The change set asked for, approved and not yet published; null when every change set used is published. */
  approvedNotPublished: { changeSet: number; title: string } | null;
}

export interface CalculationResult {
  date: string;
  /** The tax year whose rules and rates were used, e.g. 2026-27. */
  rulesVersion: string;
  /**
   * Set when the date is after the last the rates held cover and the caller asked for the last rates held: the
   * figures use the rates, rent tables and council schemes in force on `ratesDate` (that last date), with ages on
   * `date`. Null when the rates held cover the date.
   */
  lastRatesHeld: { ratesDate: string } | null;
  /**
   * Set when the rules used include a change set that takes effect after today (next April's rates, published
   * ahead by the policy team): the figures are provisional until `inForceFrom`, the day the last of them takes
   * effect. Null when every rule and rate used is in force today.
   */
  provisional: Provisional | null;
  system: 'UNIVERSAL_CREDIT' | 'PENSION_AGE' | 'BOTH';
  facts: HouseholdFacts;
  benefits: BenefitOutcome[];
  /**
   * The household's income besides the benefits worked out: take-home pay, self-employed profit after tax, and
   * other income (pensions, maintenance...), leaving out the benefits this engine works out itself (Carer's
   * Allowance, new-style JSA and ESA), which count through their results. The better-off comparison adds it.
   */
  income: HouseholdIncome;
  totals: Record<'UNIVERSAL_CREDIT' | 'LEGACY_AND_PENSION_AGE', { weeklyPence: Pence; monthlyPence: Pence }>;
  variables: ResultVariable[];
  /** The extra help (grants, social tariffs...) the household may get, by category (`definitions/extra-help/`). */
  extraHelp: ExtraHelpCategoryOffered[];
  /** A private tenant's Local Housing Allowance: the area used and why (Universal Credit's, else Housing Benefit's). */
  localHousingAllowance?: LhaUsed | null;
}

export interface HouseholdIncome {
  weeklyPence: Pence;
  monthlyPence: Pence;
  /** The part that is take-home pay and self-employed profit after tax. */
  earnings: { weeklyPence: Pence; monthlyPence: Pence };
}
