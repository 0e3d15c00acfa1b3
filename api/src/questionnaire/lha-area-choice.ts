import type { LocalHousingAllowance } from '../../../engine/local-housing-allowance.js';
import type { Country } from '../../../engine/household.js';
import { Nations } from '../../../engine/nations.js';
import type { OptionDefinition, PostcodeAnswer, QuestionDefinition, UkCountry } from '../../../common/survey/model.js';

/**
 * Which Local Housing Allowance areas a calculation's home could be in, before the person chooses: settled when
 * the operator's postcode lookup places the postcode (`npm run data:brma`), when the nation publishes its areas by
 * postcode district (Northern Ireland, `rulesets/nations.json`) or when the whole council is in one area; otherwise the council's areas, or every area of the nation when the council is not known. The questionnaire
 * asks the person to choose among the candidates only when it is not settled.
 */
export interface LhaAreaChoice {
  settled: { area: string; by: 'POSTCODE' | 'LOCAL_AUTHORITY' } | null;
  /** The areas to choose from; empty when settled. */
  candidates: string[];
  /** The council the candidates belong to, when known. */
  council: string | null;
}

const NATIONS: Record<UkCountry, Country> = {
  England: 'ENGLAND',
  Scotland: 'SCOTLAND',
  Wales: 'WALES',
  'Northern Ireland': 'NORTHERN_IRELAND',
};

/** Null when there is no postcode answer with a country (nothing to place), e.g. before the first page or for a rough sleeper. */
export function lhaAreaChoice(
  lha: LocalHousingAllowance,
  postcode: PostcodeAnswer | undefined,
  brmaOfPostcode: string | null,
  nations: Nations = Nations.NONE,
): LhaAreaChoice | null {
  if (!postcode || postcode.option || postcode.country === '') return null;
  const council = postcode.authority || null;
  const fromPostcode = brmaOfPostcode ? lha.areaNamed(brmaOfPostcode) : undefined;
  if (fromPostcode) return { settled: { area: fromPostcode.name, by: 'POSTCODE' }, candidates: [], council };
  const fromDistrict = nations.rentAreaOf(NATIONS[postcode.country], postcode.postcode);
  if (fromDistrict && 'area' in fromDistrict && lha.areaNamed(fromDistrict.area))
    return { settled: { area: fromDistrict.area, by: 'POSTCODE' }, candidates: [], council };
  if (fromDistrict && 'candidates' in fromDistrict) return { settled: null, candidates: fromDistrict.candidates, council };
  const { areas, authority } = lha.candidateAreas({ localAuthority: postcode.authorityCode || null, country: NATIONS[postcode.country] });
  if (authority && areas.length === 1)
    return { settled: { area: areas[0]!.name, by: 'LOCAL_AUTHORITY' }, candidates: [], council: authority.name };
  return { settled: null, candidates: areas.map((area) => area.name), council: authority?.name ?? null };
}

/**
 * A question as this calculation asks it: an `optionsFrom` question gets its choices (the candidate areas, then its
 * own fixed options such as 'Not sure'); with nothing to choose it has no options at all, and is not asked.
 */
export function questionFor(definition: QuestionDefinition, choice: LhaAreaChoice | null | undefined): QuestionDefinition {
  if (definition.optionsFrom !== 'localHousingAllowanceAreas') return definition;
  const candidates = choice?.candidates ?? [];
  if (candidates.length === 0) return { ...definition, options: [] };
  const dynamic: OptionDefinition[] = candidates.map((name) => ({ value: name, text: name, fromCalculation: true }));
  return { ...definition, options: [...dynamic, ...(definition.options ?? [])] };
}

/** Whether a question has choices to offer in this calculation (always, unless it takes them from the calculation). */
export function hasChoices(definition: QuestionDefinition, choice: LhaAreaChoice | null | undefined): boolean {
  return definition.optionsFrom === undefined || (choice?.candidates.length ?? 0) > 0;
}
