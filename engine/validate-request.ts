import { ageInYears, parseIsoDate } from '../common/dates/calendar.js';
import type { FieldError } from '../common/errors.js';
import { normaliseHousehold, type AdultInput, type ChildInput, type HouseholdInput } from './core/normalise.js';
import {
  BENEFIT_RATES,
  CHILD_DISABILITIES,
  COUNCIL_TAX_BANDS,
  COUNTRIES,
  EARNINGS_BASES,
  HOUSING_TENURES,
  OTHER_INCOME_TYPES,
  SEXES,
  type BenefitReceived,
  type BenefitReceivedType,
  type Country,
  type Household,
  type Money,
  type NonDependant,
} from './household.js';
import { MONEY_PERIODS } from '../common/money.js';

/**
 * Checks a request to the stateless calculation API (`docs/calculation-api.md`) as it arrives,
 * parsed JSON of unknown shape, and gives either the household with the defaults of `engine/normalise.ts` filled
 * in, or every problem with its JSON path (`household.adults[0].dateOfBirth`) and a plain message. Framework-free:
 * the API (400) and `npm run calc` (exit 2) both use it, so they refuse the same input with the same words.
 * Unknown fields are refused at every depth, never ignored: a misspelt field would otherwise be a silent default.
 */

/** The bounds the checks apply, also shown in the OpenAPI document. */
export const CALCULATION_REQUEST_LIMITS = {
  maxAgeYears: 130,
  maxHoursPerWeek: 168,
  /** Pounds; far above any real figure, it keeps pence within exact integer arithmetic. */
  maxAmount: 100_000_000,
  maxBedrooms: 20,
  maxChildren: 20,
  maxNonDependants: 20,
  maxIncomesPerAdult: 20,
  maxBenefitsPerAdult: Object.keys(BENEFIT_RATES).length,
  maxTextLength: 100,
} as const;

/** The first letter of a GSS code names its nation: E England, W Wales, S Scotland, N Northern Ireland. */
const GSS_NATION: Record<string, Country> = { E: 'ENGLAND', W: 'WALES', S: 'SCOTLAND', N: 'NORTHERN_IRELAND' };
const GSS_CODE = /^[EWSN]\d{8}$/;

export interface ValidCalculationRequest {
  /** The date asked, or today in the UK when the request gave none. */
  date: string;
  household: Household;
}

export type CalculationRequestCheck = { valid: true; request: ValidCalculationRequest } | { valid: false; errors: FieldError[] };

type JsonObject = Record<string, unknown>;
type Read<T> = (value: unknown, path: string) => T | undefined;

const fieldPath = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);
const itemPath = (parent: string, index: number) => `${parent}[${index}]`;
const oneOf = (values: readonly string[]) => values.join(', ');

/** Whole pounds and pence: the shortest form of the number has at most 2 decimals (1e-7 and 1.005 do not). */
function hasAtMostTwoDecimals(amount: number): boolean {
  return /^\d+(\.\d{1,2})?$/.test(String(amount));
}

class RequestReader {
  readonly errors: FieldError[] = [];

  /** `date` is the date asked when it is valid, for the checks of dates of birth against it. */
  constructor(private readonly date: string | null) {}

  problem(path: string, message: string): undefined {
    this.errors.push({ path, message });
    return undefined;
  }

  /** An object with only the fields named: each other field is reported with its path. */
  object(value: unknown, path: string, fields: readonly string[]): JsonObject | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return this.problem(path, `${path} must be an object.`);
    for (const key of Object.keys(value)) {
      if (!fields.includes(key)) this.problem(fieldPath(path, key), `${fieldPath(path, key)} is not a field this request accepts.`);
    }
    return value as JsonObject;
  }

  required<T>(object: JsonObject, key: string, path: string, read: Read<T>, hint?: string): T | undefined {
    const at = fieldPath(path, key);
    if (!Object.hasOwn(object, key)) return this.problem(at, `${at} is required${hint ? `: ${hint}` : ''}.`);
    return read(object[key], at);
  }

  /** Undefined when the field is absent (the default applies) or wrong (reported). */
  optional<T>(object: JsonObject, key: string, path: string, read: Read<T>): T | undefined {
    return Object.hasOwn(object, key) ? read(object[key], fieldPath(path, key)) : undefined;
  }

  nullable<T>(read: Read<T>): Read<T | null> {
    return (value, path) => (value === null ? null : read(value, path));
  }

  oneOf<T extends string>(values: readonly T[]): Read<T> {
    return (value, path) =>
      typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : this.problem(path, `${path} must be one of ${oneOf(values)}.`);
  }

  readonly boolean: Read<boolean> = (value, path) => (typeof value === 'boolean' ? value : this.problem(path, `${path} must be true or false.`));

  text(maxLength: number): Read<string> {
    return (value, path) => {
      if (typeof value !== 'string' || value.trim() === '') return this.problem(path, `${path} must be text.`);
      return value.length <= maxLength ? value : this.problem(path, `${path} must be at most ${maxLength} characters.`);
    };
  }

  /** Pounds, 0 or more, with at most 2 decimals. */
  readonly pounds: Read<number> = (value, path) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.problem(path, `${path} must be a number of pounds.`);
    if (value < 0) return this.problem(path, `${path} must be 0 or more.`);
    if (value > CALCULATION_REQUEST_LIMITS.maxAmount) return this.problem(path, `${path} must be at most ${CALCULATION_REQUEST_LIMITS.maxAmount}.`);
    if (!hasAtMostTwoDecimals(value)) return this.problem(path, `${path} must have at most 2 decimal places (pounds and pence).`);
    return value;
  };

  wholeNumber(min: number, max: number, unit: string): Read<number> {
    return (value, path) =>
      typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
        ? value
        : this.problem(path, `${path} must be a whole number of ${unit} from ${min} to ${max}.`);
  }

  readonly hoursPerWeek: Read<number> = (value, path) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= CALCULATION_REQUEST_LIMITS.maxHoursPerWeek
      ? value
      : this.problem(path, `${path} must be a number of hours from 0 to ${CALCULATION_REQUEST_LIMITS.maxHoursPerWeek}.`);

  readonly isoDate: Read<string> = (value, path) =>
    typeof value === 'string' && parseIsoDate(value) ? value : this.problem(path, `${path} must be a real date written as yyyy-mm-dd.`);

  /** A date of birth: a real date, not after the date asked, and not more than the oldest age allowed before it. */
  readonly dateOfBirth: Read<string> = (value, path) => {
    const birth = this.isoDate(value, path);
    if (birth === undefined || this.date === null) return birth;
    if (birth > this.date) return this.problem(path, `${path} must not be after the date asked (${this.date}).`);
    if (ageInYears(parseIsoDate(birth)!, parseIsoDate(this.date)!) > CALCULATION_REQUEST_LIMITS.maxAgeYears) {
      return this.problem(path, `${path} gives an age over ${CALCULATION_REQUEST_LIMITS.maxAgeYears} on the date asked.`);
    }
    return birth;
  };

  list<T>(max: number, readItem: Read<T>): Read<T[]> {
    return (value, path) => {
      if (!Array.isArray(value)) return this.problem(path, `${path} must be a list.`);
      if (value.length > max) return this.problem(path, `${path} may list at most ${max}.`);
      // Array.from visits the holes of a sparse array too (as undefined), which map would pass over.
      const items = Array.from(value, (item, index) => readItem(item, itemPath(path, index)));
      return items.every((item) => item !== undefined) ? (items as T[]) : undefined;
    };
  }

  /** `{ amount, period }`: every money input carries its period, so it is never guessed. */
  readonly money: Read<Money> = (value, path) => {
    const object = this.object(value, path, ['amount', 'period']);
    return object && this.moneyFields(object, path);
  };

  /** The `amount` and `period` of an object that may have other fields too (earnings' basis, an income's type). */
  moneyFields(object: JsonObject, path: string): Money | undefined {
    const amount = this.required(object, 'amount', path, this.pounds, 'a number of pounds');
    const period = this.required(object, 'period', path, this.oneOf(MONEY_PERIODS), `one of ${oneOf(MONEY_PERIODS)}`);
    return amount === undefined || period === undefined ? undefined : { amount, period };
  }
}

function readAdult(reader: RequestReader, value: unknown, path: string): AdultInput | undefined {
  const adult = reader.object(value, path, ['dateOfBirth', 'age', 'earnings', 'hoursPerWeek', 'selfEmployment', 'otherIncome', 'benefitsReceived', 'health', 'caring', 'student']);
  if (!adult) return undefined;
  if (!Object.hasOwn(adult, 'dateOfBirth') && !Object.hasOwn(adult, 'age')) {
    reader.problem(fieldPath(path, 'dateOfBirth'), `${fieldPath(path, 'dateOfBirth')} is required (or age, in whole years, when the date of birth is not known).`);
  }
  const { maxAgeYears, maxIncomesPerAdult, maxBenefitsPerAdult } = CALCULATION_REQUEST_LIMITS;
  const dateOfBirth = reader.optional(adult, 'dateOfBirth', path, reader.dateOfBirth);
  const age = reader.optional(adult, 'age', path, reader.wholeNumber(0, maxAgeYears, 'years'));
  const earnings = reader.optional(adult, 'earnings', path, reader.nullable((earningsValue, earningsPath) => {
    const object = reader.object(earningsValue, earningsPath, ['amount', 'period', 'basis']);
    if (!object) return undefined;
    const money = reader.moneyFields(object, earningsPath);
    const basis = reader.required(object, 'basis', earningsPath, reader.oneOf(EARNINGS_BASES), `one of ${oneOf(EARNINGS_BASES)}`);
    return money && basis ? { ...money, basis } : undefined;
  }));
  const hoursPerWeek = reader.optional(adult, 'hoursPerWeek', path, reader.hoursPerWeek);
  const selfEmployment = reader.optional(adult, 'selfEmployment', path, reader.nullable((selfValue, selfPath) => {
    const object = reader.object(selfValue, selfPath, ['profit', 'startUpPeriod']);
    if (!object) return undefined;
    const profit = reader.required(object, 'profit', selfPath, reader.money);
    const startUpPeriod = reader.required(object, 'startUpPeriod', selfPath, reader.boolean, 'true or false');
    return profit && startUpPeriod !== undefined ? { profit, startUpPeriod } : undefined;
  }));
  const otherIncome = reader.optional(adult, 'otherIncome', path, reader.list(maxIncomesPerAdult, (incomeValue, incomePath) => {
    const object = reader.object(incomeValue, incomePath, ['type', 'amount', 'period']);
    if (!object) return undefined;
    const type = reader.required(object, 'type', incomePath, reader.oneOf(OTHER_INCOME_TYPES), `one of ${oneOf(OTHER_INCOME_TYPES)}`);
    const money = reader.moneyFields(object, incomePath);
    return type && money ? { type, ...money } : undefined;
  }));
  const benefitsReceived = reader.optional(adult, 'benefitsReceived', path, reader.list(maxBenefitsPerAdult, (benefitValue, benefitPath) => readBenefitReceived(reader, benefitValue, benefitPath)));
  const health = reader.optional(adult, 'health', path, (healthValue, healthPath) => {
    const object = reader.object(healthValue, healthPath, ['lcwra', 'lcwraBefore2026April', 'terminallyIll']);
    if (!object) return undefined;
    const lcwra = reader.optional(object, 'lcwra', healthPath, reader.boolean);
    const lcwraBefore2026April = reader.optional(object, 'lcwraBefore2026April', healthPath, reader.boolean);
    const terminallyIll = reader.optional(object, 'terminallyIll', healthPath, reader.boolean);
    if (lcwraBefore2026April === true && lcwra !== true) {
      const at = fieldPath(healthPath, 'lcwraBefore2026April');
      reader.problem(at, `${at} is about an LCWRA award, so it needs lcwra to be true as well.`);
    }
    return { ...(lcwra === undefined ? {} : { lcwra }), ...(lcwraBefore2026April === undefined ? {} : { lcwraBefore2026April }), ...(terminallyIll === undefined ? {} : { terminallyIll }) };
  });
  const caring = reader.optional(adult, 'caring', path, (caringValue, caringPath) => {
    const object = reader.object(caringValue, caringPath, ['hoursPerWeek', 'caredForGetsQualifyingBenefit']);
    if (!object) return undefined;
    const hoursPerWeek = reader.optional(object, 'hoursPerWeek', caringPath, reader.hoursPerWeek);
    const caredForGetsQualifyingBenefit = reader.optional(object, 'caredForGetsQualifyingBenefit', caringPath, reader.boolean);
    return { ...(hoursPerWeek === undefined ? {} : { hoursPerWeek }), ...(caredForGetsQualifyingBenefit === undefined ? {} : { caredForGetsQualifyingBenefit }) };
  });
  const student = reader.optional(adult, 'student', path, reader.boolean);
  // Fields left out take normalise.ts's defaults.
  return {
    ...(dateOfBirth === undefined ? {} : { dateOfBirth }),
    ...(age === undefined ? {} : { age }),
    ...(earnings === undefined ? {} : { earnings }),
    hoursPerWeek,
    ...(selfEmployment === undefined ? {} : { selfEmployment }),
    otherIncome,
    benefitsReceived,
    health,
    caring,
    student,
  };
}

/** A benefit an adult gets: `rate` is required for the types that have rates, and refused for the two that have none. */
function readBenefitReceived(reader: RequestReader, value: unknown, path: string): BenefitReceived | undefined {
  const object = reader.object(value, path, ['type', 'rate']);
  if (!object) return undefined;
  const types = Object.keys(BENEFIT_RATES) as BenefitReceivedType[];
  const type = reader.required(object, 'type', path, reader.oneOf(types), `one of ${oneOf(types)}`);
  if (type === undefined) return undefined;
  const rates: readonly string[] = BENEFIT_RATES[type];
  if (rates.length === 0) {
    if (Object.hasOwn(object, 'rate')) return reader.problem(fieldPath(path, 'rate'), `${fieldPath(path, 'rate')} must be left out: ${type} has no rates.`);
    return { type } as BenefitReceived;
  }
  const rate = reader.required(object, 'rate', path, (rateValue, ratePath) =>
    typeof rateValue === 'string' && rates.includes(rateValue) ? rateValue : reader.problem(ratePath, `${ratePath} must be one of ${oneOf(rates)} for ${type}.`),
  `one of ${oneOf(rates)} for ${type}`);
  return rate === undefined ? undefined : ({ type, rate } as BenefitReceived);
}

function readChild(reader: RequestReader, value: unknown, path: string): ChildInput | undefined {
  const child = reader.object(value, path, ['dateOfBirth', 'sex', 'disability', 'inNonAdvancedEducation']);
  if (!child) return undefined;
  const dateOfBirth = reader.required(child, 'dateOfBirth', path, reader.dateOfBirth, 'a date written as yyyy-mm-dd');
  const sex = reader.optional(child, 'sex', path, reader.oneOf(SEXES));
  const disability = reader.optional(child, 'disability', path, reader.oneOf(CHILD_DISABILITIES));
  const inNonAdvancedEducation = reader.optional(child, 'inNonAdvancedEducation', path, reader.boolean);
  if (dateOfBirth === undefined) return undefined;
  return { dateOfBirth, ...(sex ? { sex } : {}), ...(disability ? { disability } : {}), ...(inNonAdvancedEducation === undefined ? {} : { inNonAdvancedEducation }) };
}

function readNonDependant(reader: RequestReader, value: unknown, path: string): NonDependant | undefined {
  const nonDependant = reader.object(value, path, ['age', 'grossIncome', 'exempt', 'inRemunerativeWork']);
  if (!nonDependant) return undefined;
  const age = reader.required(nonDependant, 'age', path, reader.wholeNumber(0, CALCULATION_REQUEST_LIMITS.maxAgeYears, 'years'));
  const grossIncome = reader.required(nonDependant, 'grossIncome', path, reader.money, 'an amount of money with its period');
  const exempt = reader.required(nonDependant, 'exempt', path, reader.boolean, 'true or false');
  const inRemunerativeWork = reader.optional(nonDependant, 'inRemunerativeWork', path, reader.nullable(reader.boolean));
  if (age === undefined || grossIncome === undefined || exempt === undefined) return undefined;
  return { age, grossIncome, exempt, ...(inRemunerativeWork === undefined ? {} : { inRemunerativeWork }) };
}

/** Finds a Broad Rental Market Area by name (as `LocalHousingAllowance.areaNamed` matches it), for checking `housing.brma`. */
export type LhaAreaLookup = (name: string) => { name: string; nation: Country } | undefined;

function readHousing(reader: RequestReader, value: unknown, path: string, country: Country | undefined, lhaArea?: LhaAreaLookup): HouseholdInput['housing'] | undefined {
  const housing = reader.object(value, path, ['tenure', 'rent', 'serviceCharges', 'bedrooms', 'councilTax', 'brma']);
  if (!housing) return undefined;
  const tenure = reader.required(housing, 'tenure', path, reader.oneOf(HOUSING_TENURES), `one of ${oneOf(HOUSING_TENURES)}`);
  const rent = reader.optional(housing, 'rent', path, reader.nullable(reader.money));
  const serviceCharges = reader.optional(housing, 'serviceCharges', path, reader.nullable(reader.money));
  const bedrooms = reader.optional(housing, 'bedrooms', path, reader.nullable(reader.wholeNumber(0, CALCULATION_REQUEST_LIMITS.maxBedrooms, 'bedrooms')));
  const brma = reader.optional(housing, 'brma', path, (brmaValue, brmaPath) => {
    const text = reader.text(CALCULATION_REQUEST_LIMITS.maxTextLength)(brmaValue, brmaPath);
    if (text === undefined || !lhaArea) return text;
    // A name we do not hold would leave the rent unchecked, so it is refused rather than ignored or guessed.
    const area = lhaArea(text);
    if (!area) return reader.problem(brmaPath, `${brmaPath} "${text}" is not a Broad Rental Market Area we hold: give its name as the Valuation Office Agency writes it (for example "Outer South East London"), or leave it out to work it out from localAuthority.`);
    if (country && area.nation !== country) return reader.problem(brmaPath, `${brmaPath} ${area.name} is in ${area.nation}, but country is ${country}.`);
    return text;
  });
  const councilTax = reader.optional(housing, 'councilTax', path, (taxValue, taxPath) => {
    const object = reader.object(taxValue, taxPath, ['band', 'annualCharge', 'liable']);
    if (!object) return undefined;
    const band = reader.optional(object, 'band', taxPath, reader.nullable(reader.oneOf(COUNCIL_TAX_BANDS)));
    const annualCharge = reader.optional(object, 'annualCharge', taxPath, reader.nullable(reader.pounds));
    const liable = reader.optional(object, 'liable', taxPath, reader.boolean);
    const bandPath = fieldPath(taxPath, 'band');
    // Northern Ireland has domestic rates, not council tax bands; band I exists only in Wales.
    if (band && country === 'NORTHERN_IRELAND') reader.problem(bandPath, `${bandPath} must be null in Northern Ireland, which has no council tax bands: give annualCharge instead.`);
    else if (band === 'I' && country && country !== 'WALES') reader.problem(bandPath, `${bandPath} I exists only in Wales.`);
    return { ...(band === undefined ? {} : { band }), ...(annualCharge === undefined ? {} : { annualCharge }), ...(liable === undefined ? {} : { liable }) };
  });
  if (tenure === undefined) return undefined;
  return {
    tenure,
    ...(rent === undefined ? {} : { rent }),
    ...(serviceCharges === undefined ? {} : { serviceCharges }),
    ...(bedrooms === undefined ? {} : { bedrooms }),
    ...(councilTax === undefined ? {} : { councilTax }),
    ...(brma === undefined ? {} : { brma }),
  };
}

function readHousehold(reader: RequestReader, value: unknown, path: string, lhaArea?: LhaAreaLookup): HouseholdInput | undefined {
  const household = reader.object(value, path, ['country', 'localAuthority', 'adults', 'children', 'nonDependants', 'housing', 'capital', 'childcareCosts']);
  if (!household) return undefined;
  const { maxChildren, maxNonDependants } = CALCULATION_REQUEST_LIMITS;
  const country = reader.required(household, 'country', path, reader.oneOf(COUNTRIES), `one of ${oneOf(COUNTRIES)}`);
  const localAuthority = reader.optional(household, 'localAuthority', path, (authority, authorityPath) => {
    if (typeof authority !== 'string' || !GSS_CODE.test(authority)) return reader.problem(authorityPath, `${authorityPath} must be a local authority's GSS code, such as E09000033.`);
    const nation = GSS_NATION[authority[0]!];
    if (country && nation !== country) return reader.problem(authorityPath, `${authorityPath} ${authority} is a local authority in ${nation}, but country is ${country}.`);
    return authority;
  });
  const adults = reader.required(household, 'adults', path, (adultsValue, adultsPath) => {
    if (!Array.isArray(adultsValue) || adultsValue.length < 1 || adultsValue.length > 2) {
      return reader.problem(adultsPath, `${adultsPath} must list 1 adult (a single claimant) or 2 (a couple, the claimant first).`);
    }
    return reader.list(2, (adult, adultPath) => readAdult(reader, adult, adultPath))(adultsValue, adultsPath);
  }, 'a list of 1 or 2 adults');
  const children = reader.optional(household, 'children', path, reader.list(maxChildren, (child, childPath) => readChild(reader, child, childPath)));
  const nonDependants = reader.optional(household, 'nonDependants', path, reader.list(maxNonDependants, (other, otherPath) => readNonDependant(reader, other, otherPath)));
  const housing = reader.required(household, 'housing', path, (housingValue, housingPath) => readHousing(reader, housingValue, housingPath, country, lhaArea), 'an object with at least tenure');
  const capital = reader.optional(household, 'capital', path, reader.pounds);
  const childcareCosts = reader.optional(household, 'childcareCosts', path, reader.nullable(reader.money));
  if (country === undefined || adults === undefined || housing === undefined) return undefined;
  return {
    country,
    ...(localAuthority === undefined ? {} : { localAuthority }),
    adults,
    ...(children === undefined ? {} : { children }),
    ...(nonDependants === undefined ? {} : { nonDependants }),
    housing,
    ...(capital === undefined ? {} : { capital }),
    ...(childcareCosts === undefined ? {} : { childcareCosts }),
  };
}

/**
 * The request checked, with `date` defaulting to `today` (the UK date, `common/dates/uk-today.ts`). Whether the
 * date is within the rates held is not a question of shape: the engine answers it (the API's 422).
 */
export function validateCalculationRequest(body: unknown, today: string, lhaArea?: LhaAreaLookup): CalculationRequestCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { valid: false, errors: [{ path: '', message: 'The request must be a JSON object with household (and optionally date).' }] };
  }
  const given = (body as JsonObject).date;
  const date = !Object.hasOwn(body, 'date') ? today : typeof given === 'string' && parseIsoDate(given) ? given : null;
  const reader = new RequestReader(date);
  const request = reader.object(body, '', ['date', 'household'])!;
  reader.optional(request, 'date', '', reader.isoDate);
  const household = reader.required(request, 'household', '', (value, path) => readHousehold(reader, value, path, lhaArea));
  if (reader.errors.length > 0 || household === undefined || date === null) return { valid: false, errors: reader.errors };
  return { valid: true, request: { date, household: normaliseHousehold(household) } };
}
