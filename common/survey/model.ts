import type { Client } from '../adviser/model.js';

/**
 * The questionnaire's shapes, shared by the definitions in `definitions/survey/`, the API that
 * serves and checks them, and the web app that renders them. Framework-free.
 */

/** Question types and their numbers on the wire. */
export const QUESTION_TYPES = {
  Radio: 1,
  Select: 2,
  Text: 3,
  Date: 4,
  Check: 5,
  Postcode: 6,
  Money: 7,
  Label: 8,
  Council: 9,
} as const;
export type QuestionTypeName = keyof typeof QUESTION_TYPES;
export type QuestionTypeNumber = (typeof QUESTION_TYPES)[QuestionTypeName];

/** Page header types; each one but Normal shows its own icon. */
export const HEADER_TYPES = [
  'Normal',
  'Calculator',
  'Benefits',
  'Health',
  'Carer',
  'Children',
  'Home',
  'Money',
  'Capital',
  'TaxCredits',
  'Results',
] as const;
export type HeaderType = (typeof HEADER_TYPES)[number];

export const UK_COUNTRIES = ['England', 'Northern Ireland', 'Scotland', 'Wales'] as const;
export type UkCountry = (typeof UK_COUNTRIES)[number];

/** The Check option that clears every other choice. */
export const NONE_OF_THE_ABOVE = 'None of the above';

export interface OptionDefinition {
  value: string;
  text: string;
  /** Shown in the 'Important information about your answer' modal when the option is chosen. */
  popUp?: string;
  icon?: string;
  /** Set by the server on a choice that depends on the calculation (`optionsFrom`), never in the definitions. */
  fromCalculation?: true;
}

/** One question as policy staff write it in `definitions/survey/pages/*.json`. */
export interface QuestionDefinition {
  name: string;
  questionType: QuestionTypeName;
  text: string;
  subtext?: string;
  noteText?: string;
  helpText?: string;
  /** The link text that opens the help text. */
  toolTip?: string;
  autoOpenHelpText?: boolean;
  options?: OptionDefinition[];
  /** Shown when a hidden question becomes shown; for Money, a weekly figure. */
  default?: string | number;
  required?: boolean;
  /** The question's label in error messages ('{label} is required.'); a '?' in it is dropped. */
  validation?: string;
  isNumeric?: boolean;
  minValue?: number;
  maxValue?: number;
  /** A regular expression the typed text must match as it is typed (Text and Postcode). */
  pattern?: string;
  /** Shown before the answer in 'See what you told us' ('{prefix} - {value}'). */
  prefix?: string;
  /** A date of birth of someone who must be 18 or over. */
  isDate18?: boolean;
  /** A date of birth must give at least this age (a claimant of 16 or 17 may claim in some cases). */
  minimumAge?: number;
  /** A due date, not a date of birth: up to 42 weeks ahead and at most 6 months past. */
  dueDate?: boolean;
  /** Show/hide rule in the rule language (`common/rules`); empty or absent means always shown. */
  showHide?: string;
  /** Council questions: the number of the page that asks the postcode ('Change My Postcode' goes there). */
  postcodePage?: number;
  /**
   * Radio questions whose choices depend on the calculation: the server puts them before `options` (which then
   * hold only the fixed choices, such as 'Not sure'), and the question is not asked when there is nothing to
   * choose. `localHousingAllowanceAreas`: the Local Housing Allowance areas the home could be in.
   */
  optionsFrom?: OptionsSource;
}

/** Where a question's calculation-dependent choices come from (`QuestionDefinition.optionsFrom`). */
export const OPTIONS_SOURCES = ['localHousingAllowanceAreas'] as const;
export type OptionsSource = (typeof OPTIONS_SOURCES)[number];

export interface FieldGroupDefinition {
  questions: QuestionDefinition[];
}

export interface PageDefinition {
  /** Stable identifier, also the page file's name. */
  name: string;
  title: string;
  text?: string;
  headerType: HeaderType;
  /** Whether the page applies; empty or absent means always. */
  showHide?: string;
  /** A page for someone the calculator cannot help: no Back/Next, just a next step in its text. */
  isExitPage?: boolean;
  fields: FieldGroupDefinition[];
}

export interface SurveyDefinition {
  pages: PageDefinition[];
}

/* ---- Answers ---- */

export interface PostcodeAnswer {
  postcode: string;
  authority: string;
  /** GSS code of the local authority, e.g. E09000033. */
  authorityCode: string;
  country: UkCountry | '';
  latitude: number | null;
  longitude: number | null;
  /** Ticked 'I am homeless and sleeping rough' (then `country` is asked instead of the postcode). */
  option: boolean;
}

/**
 * The period a person picks for a money answer, as the questionnaire's contract spells it; it stands for a
 * `MoneyPeriod` of `common/money.ts` (`moneyPeriodOf` in `money-answer.ts`).
 */
export type AnswerPeriod = 'Weekly' | 'Monthly' | 'Yearly';

/** Pounds with at most 2 decimals; the three figures are kept in step by `common/survey/money-answer`. */
export interface MoneyAnswer {
  weekly: number | null;
  monthly: number | null;
  yearly: number | null;
  period: AnswerPeriod | '';
}

/**
 * Radio, Select, Text and Council answers are strings (a Council answer is 'Band {letter}'); a Date answer is
 * text in dd/mm/yyyy form; a Check answer is the list of chosen values. Label questions have no answer.
 */
export type AnswerValue = string | string[] | PostcodeAnswer | MoneyAnswer | null;

/** Answers keyed by question name. */
export type Answers = Record<string, AnswerValue>;

/* ---- Survey page response ---- */

export interface QuestionView extends Omit<QuestionDefinition, 'questionType'> {
  questionType: QuestionTypeNumber;
  answer: { value: AnswerValue };
  /** The rule as shown to testers; `showHide` is the one evaluated. */
  originalShowHide: string;
  /**
   * The rule parsed to a condition tree (`common/rules`) with earlier pages' answers worked in
   * (`resolveForPage`), so it reads only this page's questions; null when there is no rule.
   */
  parseShowHide: unknown;
  show: boolean;
  valid: boolean;
  error: string;
  /**
   * Council questions: the country of the postcode answer, which decides the bands offered (England and Scotland A
   * to H, Wales A to I; all while it is not known).
   */
  country?: UkCountry | '';
  /**
   * Council questions: whether 'Look this up for me' is offered, true only where addresses with bands are loaded for
   * the postcode (never in Scotland or Northern Ireland). Otherwise the question says how to find the band.
   */
  bandLookup?: boolean;
}

export interface FieldGroupView {
  show: boolean;
  questions: QuestionView[];
}

export interface PageView {
  name: string;
  title: string;
  text: string;
  headerType: HeaderType;
  /** Per cent of the pages that apply to this household, 0-100. */
  progress: number;
  isExitPage: boolean;
  showHide: string;
  fields: FieldGroupView[];
}

export interface SurveyPageResponse {
  isValid: boolean;
  showHelpline: boolean;
  showWebchat: boolean;
  pageNumber: number;
  session: string | null;
  /** The calculation reference. */
  token: string | null;
  isIntermediary: boolean;
  /** The adviser's client for this calculation (adviser area); null for the public. */
  client: Client | null;
  hasPostcode: boolean;
  /** Finished before, and every page that applies answered: this page can be saved straight back to the results. */
  canSeeResults: boolean;
  page: PageView | null;
}

/** Survey action codes. */
export const SURVEY_ACTIONS = { back: 1, next: 2, finish: 4, betterOff: 5 } as const;
export type SurveyAction = (typeof SURVEY_ACTIONS)[keyof typeof SURVEY_ACTIONS];

/**
 * Questions that the shared validation rules and the household mapping treat specially. The
 * definitions must use these names.
 */
export const QUESTION_NAMES = {
  clientPostcode: 'ClientPostcode',
  clientDob: 'ClientDob',
  partnerDob: 'PartnerDob',
  /** Child dates of birth are ChildDob1 .. ChildDob10. */
  childDobPrefix: 'ChildDob',
  tenure: 'ClientTenure',
  rent: 'ClientRent',
  capitalBand: 'ClientCapitalBand',
  capital: 'ClientCurrentCapital',
  councilTaxBand: 'ClientCouncilTaxBand',
} as const;

/** The values of the ClientTenure question. */
export const TENURES = {
  socialRent: 'SocialRent',
  privateRent: 'PrivateRent',
  temporaryAccommodation: 'TemporaryAccommodation',
  supportedAccommodation: 'SupportedAccommodation',
  owner: 'Owner',
  sharedOwnership: 'SharedOwnership',
  livingWithFamily: 'LivingWithFamily',
} as const;

/** The ClientCapitalBand value whose amount must lie between £5,001 and £16,000. */
export const CAPITAL_BAND_5001_TO_16000 = '£5,001 - £16,000';

/** Questions whose given answers hide behind 'You've already answered this question.' */
export const PRIVACY_NOTICE_QUESTIONS: readonly string[] = [
  QUESTION_NAMES.clientPostcode,
  QUESTION_NAMES.clientDob,
  QUESTION_NAMES.partnerDob,
];
