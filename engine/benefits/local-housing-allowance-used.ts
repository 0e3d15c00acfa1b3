import type { CalculationInput } from '../core/benefit.js';
import type { Pence } from '../../common/money.js';
import { LHA_CATEGORY_WORDS, type LhaCategory, type LhaScheme, type LhaUsed } from '../local-housing-allowance.js';

// Held with the rates (`../local-housing-allowance.ts`), so the engine's benefit types read it without importing this file.
export type { LhaUsed };

/** The sentence keys each benefit's `explanations.json` must have for this (checked by the benefit's spec). */
export const LHA_AREA_SENTENCES = ['lha-area-given', 'lha-area-postcode', 'lha-area-council', 'lha-area-lowest'] as const;

/**
 * The LHA to use for a category, with the sentence saying which area and why pushed onto `explanation`; `rent` is what
 * the rate caps (in the rate's period), kept so the result can say any shortfall.
 */
export function localHousingAllowanceFor(
  input: CalculationInput,
  category: LhaCategory,
  scheme: LhaScheme,
  explanation: string[],
  rent: Pence,
): LhaUsed {
  const { facts, lha, date, explanations } = input;
  const finding = lha.findLhaArea({
    brma: facts.brma,
    brmaFrom: facts.brmaFrom,
    localAuthority: facts.localAuthority,
    country: facts.country,
  });
  const chosen = lha.chooseRate(finding, category, date, scheme);
  const council = finding.authority?.name ?? null;
  if (finding.kind === 'settled') {
    const key = finding.basis === 'GIVEN' ? 'lha-area-given' : finding.basis === 'POSTCODE' ? 'lha-area-postcode' : 'lha-area-council';
    explanation.push(explanations.say(key, { area: finding.area.name, council, confirmed: finding.authority?.confirmed ?? true }));
    return {
      scheme,
      category,
      basis: finding.basis,
      unsettledReason: null,
      area: finding.area.name,
      candidates: [finding.area.name],
      localAuthorityName: council,
      areaConfirmed: finding.basis === 'LOCAL_AUTHORITY' ? (finding.authority?.confirmed ?? null) : null,
      ratePence: chosen.rate,
      rentPence: rent,
      rateEstimated: chosen.estimated,
      highest: null,
    };
  }
  const highest = chosen.highest!;
  explanation.push(
    explanations.say('lha-area-lowest', {
      split: finding.reason === 'SPLIT_AUTHORITY',
      council,
      count: finding.candidates.length,
      areas: finding.candidates.map((area) => area.name).join(', '),
      category: LHA_CATEGORY_WORDS[category],
      lowest: chosen.rate,
      lowestArea: chosen.area.name,
      highest: highest.rate,
      highestArea: highest.area.name,
      sameRate: highest.rate === chosen.rate,
      weekly: scheme === 'HOUSING_BENEFIT',
    }),
  );
  return {
    scheme,
    category,
    basis: 'LOWEST_OF_CANDIDATES',
    unsettledReason: finding.reason,
    area: chosen.area.name,
    candidates: finding.candidates.map((area) => area.name),
    localAuthorityName: council,
    areaConfirmed: null,
    ratePence: chosen.rate,
    rentPence: rent,
    rateEstimated: chosen.estimated,
    highest: { area: highest.area.name, ratePence: highest.rate },
  };
}
