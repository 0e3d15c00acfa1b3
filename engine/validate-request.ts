import { addMonths, ageInYears, daysFrom, parseIsoDate } from '../common/dates/calendar.js';
import type { FieldError } from '../common/errors.js';
import { normaliseHousehold, type HouseholdInput } from './core/normalise.js';
import { hasReachedStatePensionAge } from './facts.js';
import type { Country, Household } from './household.js';
import { Contract } from './schemas/json-schema.js';

/**
 * Checks a request to the stateless calculation API (`docs/calculation-api.md`) as it arrives, parsed JSON of unknown shape, and gives either
 * the household with the defaults of `engine/core/normalise.ts` filled in, or every problem with its JSON path
 * (`household.adults[0].dateOfBirth`) and a plain message. The shape, limits, enums and their messages are the
 * contract's JSON Schema, `definitions/schemas/calculation-request.schema.json` (which the OpenAPI document shows
 * too); only the checks that relate one field to another or to data held are written here. Framework-free: the
 * API (400) and `npm run calc` (exit 2) both use it, so they refuse the same input with the same words. Unknown
 * fields are refused at every depth, never ignored: a misspelt field would otherwise be a silent default.
 */

export const CALCULATION_REQUEST = Contract.named('calculation-request.schema.json', 'is not a field this request accepts.');

const SCHEMA_DEFS = CALCULATION_REQUEST.schema.$defs as Record<string, Record<string, unknown>>;
/** The rates each disability benefit is paid at, as the schema gives them. */
const RATES_BY_TYPE = SCHEMA_DEFS.BenefitReceived!['x-ratesByType'] as Record<string, readonly string[]>;
const MAX_AGE_YEARS = (SCHEMA_DEFS.Adult!.properties as Record<string, { maximum: number }>).age.maximum;

/** The first letter of a GSS code names its nation: E England, W Wales, S Scotland, N Northern Ireland. */
const GSS_NATION: Record<string, Country> = { E: 'ENGLAND', W: 'WALES', S: 'SCOTLAND', N: 'NORTHERN_IRELAND' };

export interface ValidCalculationRequest {
  /** The date asked, or today in the UK when the request gave none. */
  date: string;
  household: Household;
}

export type CalculationRequestCheck = { valid: true; request: ValidCalculationRequest } | { valid: false; errors: FieldError[] };

/** Finds a Broad Rental Market Area by name (as `LocalHousingAllowance.areaNamed` matches it), for checking `housing.brma`. */
export type LhaAreaLookup = (name: string) => { name: string; nation: Country } | undefined;

type JsonObject = Record<string, unknown>;
type Segment = string | number;
interface Problem {
  segments: Segment[];
  message: string;
}

/** A well-formed date of birth or age to reckon State Pension age from (the schema reports any other). */
const hasAgeOrBirth = (adult: JsonObject): adult is JsonObject & { dateOfBirth?: string; age?: number } =>
  (typeof adult.dateOfBirth === 'string' && parseIsoDate(adult.dateOfBirth) !== null) ||
  (adult.dateOfBirth === undefined && Number.isInteger(adult.age) && (adult.age as number) >= 0 && (adult.age as number) <= MAX_AGE_YEARS);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const listAt = (object: JsonObject, key: string): unknown[] => (Array.isArray(object[key]) ? (object[key] as unknown[]) : []);

/**
 * The checks the schema cannot make: dates of birth against the date asked, the rate of a benefit against its type,
 * the local authority, the BRMA and the council tax band against the country, and the protected LCWRA rate against
 * an LCWRA finding. Each looks only at values of the right shape; the schema reports the others.
 */
function crossReferenceProblems(request: JsonObject, date: string | null, lhaArea?: LhaAreaLookup): Problem[] {
  const problems: Problem[] = [];
  const household = request.household;
  if (!isObject(household)) return problems;
  const country =
    typeof household.country === 'string' && Object.values(GSS_NATION).includes(household.country as Country)
      ? (household.country as Country)
      : undefined;

  const checkBirth = (segments: Segment[], birth: unknown) => {
    if (date === null || typeof birth !== 'string' || !parseIsoDate(birth)) return;
    if (birth > date) problems.push({ segments, message: `must not be after the date asked (${date}).` });
    else if (ageInYears(parseIsoDate(birth)!, parseIsoDate(date)!) > MAX_AGE_YEARS)
      problems.push({ segments, message: `gives an age over ${MAX_AGE_YEARS} on the date asked.` });
  };

  const localAuthority = household.localAuthority;
  if (typeof localAuthority === 'string' && /^[EWSN]\d{8}$/.test(localAuthority) && country) {
    const nation = GSS_NATION[localAuthority[0]!];
    if (nation !== country)
      problems.push({
        segments: ['household', 'localAuthority'],
        message: `${localAuthority} is a local authority in ${nation}, but country is ${country}.`,
      });
  }

  listAt(household, 'adults').forEach((adult, index) => {
    if (!isObject(adult)) return;
    const at: Segment[] = ['household', 'adults', index];
    checkBirth([...at, 'dateOfBirth'], adult.dateOfBirth);
    listAt(adult, 'benefitsReceived').forEach((benefit, benefitIndex) => {
      if (!isObject(benefit) || typeof benefit.type !== 'string' || !Object.hasOwn(RATES_BY_TYPE, benefit.type)) return;
      const segments = [...at, 'benefitsReceived', benefitIndex, 'rate'];
      const rates = RATES_BY_TYPE[benefit.type]!;
      const hasRate = Object.hasOwn(benefit, 'rate');
      if (rates.length === 0) {
        if (hasRate) problems.push({ segments, message: `must be left out: ${benefit.type} has no rates.` });
      } else if (!hasRate) problems.push({ segments, message: `is required: one of ${rates.join(', ')} for ${benefit.type}.` });
      else if (!rates.includes(benefit.rate as string))
        problems.push({ segments, message: `must be one of ${rates.join(', ')} for ${benefit.type}.` });
    });
    listAt(adult, 'otherIncome').forEach((income, incomeIndex) => {
      if (!isObject(income) || !Object.hasOwn(income, 'assessmentPeriods')) return;
      if (income.type !== 'STUDENT_INCOME' || income.period !== 'YEAR')
        problems.push({
          segments: [...at, 'otherIncome', incomeIndex, 'assessmentPeriods'],
          message: "is only for STUDENT_INCOME given for the year (period YEAR): the course year's loan and grants are divided by it.",
        });
    });
    const health = adult.health;
    if (isObject(health) && health.lcwraBefore2026April === true && health.lcwra !== true) {
      problems.push({
        segments: [...at, 'health', 'lcwraBefore2026April'],
        message: 'is about an LCWRA award, so it needs lcwra to be true as well.',
      });
    }
  });

  // Only the partner may be a person subject to immigration control: the first adult is the one who claims. Away from
  // home, the first adult may be only when single; in a couple the one at home comes first (a joint claim is the same
  // whichever partner is first, and a partner in prison or away long leaves the one at home claiming alone). A single
  // person over State Pension age in prison is not worked out yet (Pension Credit's and Housing Benefit's prisoner
  // rules): refused rather than guessed; in hospital or a care home they are.
  const adults = listAt(household, 'adults');
  const claimantAtPensionAge =
    date !== null && isObject(adults[0]) && hasAgeOrBirth(adults[0]) && hasReachedStatePensionAge(adults[0], date);
  const onClaimantOnly = (field: string, given: (adult: JsonObject) => boolean, refused: string | null) => {
    const claimant = adults[0];
    if (refused !== null && isObject(claimant) && given(claimant))
      problems.push({ segments: ['household', 'adults', 0, field], message: refused });
  };
  onClaimantOnly(
    'awayFromHome',
    (adult) => isObject(adult.awayFromHome),
    adults.length > 1
      ? 'must be left out for the first adult of a couple: put the partner who is at home first, and give it for the one who is away.'
      : null,
  );
  onClaimantOnly(
    'awayFromHome',
    (adult) => isObject(adult.awayFromHome) && adult.awayFromHome.reason === 'PRISON',
    adults.length === 1 && claimantAtPensionAge
      ? 'is not worked out yet for a single person in prison who has reached State Pension age (in HOSPITAL or a CARE_HOME it is).'
      : null,
  );
  onClaimantOnly(
    'subjectToImmigrationControl',
    (adult) => adult.subjectToImmigrationControl === true,
    'must be false on the first adult, who is the one who claims: put the partner who may claim public funds first. Where neither may, this calculator cannot work out their benefits.',
  );
  adults.forEach((adult, index) => {
    const away = isObject(adult) ? adult.awayFromHome : undefined;
    if (isObject(away) && away.moreThanFiftyTwoWeeks === true && away.moreThanSixMonths === false)
      problems.push({
        segments: ['household', 'adults', index, 'awayFromHome', 'moreThanSixMonths'],
        message: 'must be true when moreThanFiftyTwoWeeks is: an absence of more than 52 weeks is more than 6 months.',
      });
    if (isObject(away) && away.paysOwnCareHomeFees === true && away.reason !== 'CARE_HOME')
      problems.push({
        segments: ['household', 'adults', index, 'awayFromHome', 'paysOwnCareHomeFees'],
        message: 'is only for someone in a care home (reason CARE_HOME): nobody pays care home fees in hospital or prison.',
      });
  });

  listAt(household, 'children').forEach((child, index) => {
    if (isObject(child)) checkBirth(['household', 'children', index, 'dateOfBirth'], child.dateOfBirth);
  });

  // Someone whose partner has died claims as a single person: a partner still in the household contradicts it.
  const funeral = household.funeral;
  if (isObject(funeral) && funeral.relationship === 'PARTNER' && listAt(household, 'adults').length > 1)
    problems.push({
      segments: ['household', 'funeral', 'relationship'],
      message: 'is PARTNER, but the household has a partner: after a partner dies, the one left claims as a single person.',
    });
  if (
    isObject(funeral) &&
    funeral.closerFamilyNotOnBenefits === true &&
    (funeral.relationship === 'PARTNER' || funeral.relationship === 'CHILD')
  )
    problems.push({
      segments: ['household', 'funeral', 'closerFamilyNotOnBenefits'],
      message: "is only for a close relative's or friend's funeral: a partner or a parent is not refused because of other family.",
    });

  // A pregnancy lasts at most about 42 weeks; a due date over 6 months gone means the baby is a child now.
  const expecting = household.expectingBaby;
  if (date !== null && isObject(expecting) && typeof expecting.dueDate === 'string' && parseIsoDate(expecting.dueDate)) {
    const segments = ['household', 'expectingBaby', 'dueDate'];
    if (daysFrom(date, expecting.dueDate) > 42 * 7)
      problems.push({ segments, message: `must be at most 42 weeks after the date asked (${date}).` });
    else if (expecting.dueDate < addMonths(date, -6))
      problems.push({ segments, message: `is more than 6 months before the date asked (${date}): give the baby as a child instead.` });
  }

  const housing = household.housing;
  if (isObject(housing)) {
    const brma = housing.brma;
    if (lhaArea && typeof brma === 'string' && brma.trim() !== '' && brma.length <= 100) {
      const segments: Segment[] = ['household', 'housing', 'brma'];
      // A name we do not hold would leave the rent unchecked, so it is refused rather than ignored or guessed.
      const area = lhaArea(brma);
      if (!area) {
        problems.push({
          segments,
          message: `"${brma}" is not a Broad Rental Market Area we hold: give its name as the Valuation Office Agency writes it (for example "Outer South East London"), or leave it out to work it out from localAuthority.`,
        });
      } else if (country && area.nation !== country)
        problems.push({ segments, message: `${area.name} is in ${area.nation}, but country is ${country}.` });
    }
    const band = isObject(housing.councilTax) ? housing.councilTax.band : undefined;
    const bandAt: Segment[] = ['household', 'housing', 'councilTax', 'band'];
    // Northern Ireland has domestic rates, not council tax bands; band I exists only in Wales.
    if (typeof band === 'string' && country === 'NORTHERN_IRELAND') {
      problems.push({
        segments: bandAt,
        message: 'must be null in Northern Ireland, which has no council tax bands: give annualCharge instead.',
      });
    } else if (band === 'I' && country && country !== 'WALES') problems.push({ segments: bandAt, message: 'I exists only in Wales.' });
  }
  return problems;
}

/**
 * The request checked, with `date` defaulting to `today` (the UK date, `common/dates/uk-today.ts`). Whether the
 * date is within the rates held is not a question of shape: the engine answers it (the API's 422). `bodyIsOwned`:
 * the caller made the body for this check and keeps nothing of it, so the household may share its objects.
 */
export function validateCalculationRequest(
  body: unknown,
  today: string,
  lhaArea?: LhaAreaLookup,
  { bodyIsOwned = false }: { bodyIsOwned?: boolean } = {},
): CalculationRequestCheck {
  if (!isObject(body)) return { valid: false, errors: CALCULATION_REQUEST.problems(body ?? null) };
  const given = body.date;
  const date = !Object.hasOwn(body, 'date') ? today : typeof given === 'string' && parseIsoDate(given) ? given : null;
  const errors = CALCULATION_REQUEST.problemsWith(body, crossReferenceProblems(body, date, lhaArea));
  if (errors.length > 0 || date === null) return { valid: false, errors };
  // A copy, so the household held never shares an object with the request body, unless the caller owns the body and
  // drops it after (a batch worker's line, parsed for this household alone): then the copy is only work.
  const household = (bodyIsOwned ? body.household : structuredClone(body.household)) as HouseholdInput;
  return { valid: true, request: { date, household: normaliseHousehold(household) } };
}
