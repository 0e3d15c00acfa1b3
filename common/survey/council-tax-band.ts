/**
 * Which council tax bands each nation has, for the Council question (the council tax band): England and Scotland
 * have bands A to H, Wales A to I, Northern Ireland none (it has domestic rates). The question offers, and the API
 * accepts, only the bands of the nation of the postcode answer. Framework-free: the API and the web app both use it.
 */
import type { OptionDefinition, UkCountry } from './model.js';

const ALL_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;
export type CouncilTaxBandLetter = (typeof ALL_LETTERS)[number];

/** What a Council question stores once a band is chosen or looked up ('Band {letter}', A-I). */
export const COUNCIL_TAX_BAND_ANSWERS: readonly string[] = ALL_LETTERS.map((letter) => `Band ${letter}`);

/**
 * The Council question's answer for 'I don't know my band': the calculation then works without the band and the
 * results say so (the council tax reduction explanation 'no-band').
 */
export const COUNCIL_TAX_BAND_NOT_KNOWN = 'NotKnown';

/**
 * What older versions of the definitions offered as an option for 'Look this up for me'. It is not an answer: the
 * look-up is the question's own, and stores the band it finds. The API refuses it with a message saying so.
 */
export const RETIRED_LOOKUP_OPTION = 'Lookup';

const LETTERS_BY_NATION: Record<UkCountry, readonly CouncilTaxBandLetter[]> = {
  England: ALL_LETTERS.slice(0, 8),
  Scotland: ALL_LETTERS.slice(0, 8),
  Wales: ALL_LETTERS,
  'Northern Ireland': [],
};

/**
 * The band letters of a nation. When the nation is not known (an empty country), every band A to I: the person
 * knows their own band, and refusing band I there would turn away someone in Wales.
 */
export function councilTaxBandLettersOf(country: UkCountry | '' | undefined): readonly CouncilTaxBandLetter[] {
  return country ? LETTERS_BY_NATION[country] : ALL_LETTERS;
}

/** The answers 'Band A' ... of a nation's bands. */
export function councilTaxBandAnswersOf(country: UkCountry | '' | undefined): string[] {
  return councilTaxBandLettersOf(country).map((letter) => `Band ${letter}`);
}

/** 'Band A to H', 'Band A to I': the range of a nation's bands, for messages. */
export function councilTaxBandRangeOf(country: UkCountry | '' | undefined): string {
  const letters = councilTaxBandLettersOf(country);
  return letters.length === 0 ? 'no bands' : `bands ${letters[0]} to ${letters.at(-1)}`;
}

export function isCouncilTaxBandAnswer(value: string): boolean {
  return COUNCIL_TAX_BAND_ANSWERS.includes(value);
}

/**
 * The options a Council question offers in a nation: its band options that the nation has, then its other options
 * ('I don't know my band'), in the definition's order.
 */
export function councilOptionsOf(
  options: readonly OptionDefinition[] | undefined,
  country: UkCountry | '' | undefined,
): OptionDefinition[] {
  const bands = councilTaxBandAnswersOf(country);
  return (options ?? []).filter((option) => !isCouncilTaxBandAnswer(option.value) || bands.includes(option.value));
}

/**
 * Every answer a Council question takes in a nation: the nation's bands (also when the definition lists fewer, as a
 * looked-up band is stored whatever the list shows) and its options that are not bands.
 */
export function councilAnswersOf(options: readonly OptionDefinition[] | undefined, country: UkCountry | '' | undefined): string[] {
  const others = (options ?? []).map((option) => option.value).filter((value) => !isCouncilTaxBandAnswer(value));
  return [...councilTaxBandAnswersOf(country), ...others];
}

/**
 * Why a Council answer is refused in a nation, in words the API returns, or '' when it is taken. An empty answer is
 * taken here (whether one is required is the validation's work).
 */
export function councilAnswerProblem(
  value: string,
  options: readonly OptionDefinition[] | undefined,
  country: UkCountry | '' | undefined,
): string {
  if (value === '' || councilAnswersOf(options, country).includes(value)) return '';
  if (value === RETIRED_LOOKUP_OPTION) {
    return `'${RETIRED_LOOKUP_OPTION}' is not a council tax band: 'Look this up for me' finds the band from the address and stores it, such as 'Band C'. Send the band, or '${COUNCIL_TAX_BAND_NOT_KNOWN}' when it is not known.`;
  }
  if (isCouncilTaxBandAnswer(value) && country) {
    if (country === 'Northern Ireland') return 'Northern Ireland has no council tax bands (it has domestic rates).';
    const onlyWales = value === 'Band I' ? ' Band I is used only in Wales.' : '';
    return `'${value}' is not a council tax band in ${country}, which has ${councilTaxBandRangeOf(country)}.${onlyWales}`;
  }
  return '';
}
