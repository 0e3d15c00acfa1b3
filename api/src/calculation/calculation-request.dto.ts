import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  BENEFIT_RATES,
  CHILD_DISABILITIES,
  COUNCIL_TAX_BANDS,
  COUNTRIES,
  EARNINGS_BASES,
  HOUSING_TENURES,
  OTHER_INCOME_TYPES,
  SEXES,
} from '../../../engine/household.js';
import { MONEY_PERIODS } from '../../../common/money.js';
import { CALCULATION_REQUEST_LIMITS as LIMITS } from '../../../engine/validate-request.js';

/**
 * The request of POST /api/v1/calculations as the OpenAPI document shows it, with the contract's names, enums
 * and examples. Documentation only: the body is checked by `engine/validate-request.ts`, the same
 * check `npm run calc` uses, so these classes carry no class-validator rules.
 */

const AMOUNT = { description: 'Pounds, 0 or more, with at most 2 decimals.', minimum: 0, maximum: LIMITS.maxAmount, example: 850 };
const PERIOD = { description: 'The period the amount is paid or earned over.', enum: MONEY_PERIODS, enumName: 'MoneyPeriod', example: 'MONTH' };
const AGE = { minimum: 0, maximum: LIMITS.maxAgeYears, type: 'integer' } as const;
const HOURS = { minimum: 0, maximum: LIMITS.maxHoursPerWeek };

@ApiSchema({ name: 'Money', description: 'An amount in pounds and its period, so the period is never guessed.' })
export class MoneyDto {
  @ApiProperty(AMOUNT)
  amount!: number;

  @ApiProperty(PERIOD)
  period!: string;
}

@ApiSchema({ name: 'Earnings', description: 'Employed earnings: an amount, its period, and whether it is before or after tax.' })
export class EarningsDto extends MoneyDto {
  @ApiProperty({
    description: 'NET: take-home, after tax, National Insurance and pension contributions. GROSS: before them (the engine works out income tax and National Insurance for the tax year of the date).',
    enum: EARNINGS_BASES,
    enumName: 'EarningsBasis',
    example: 'NET',
  })
  basis!: string;
}

@ApiSchema({ name: 'SelfEmployment', description: 'Self-employed profit.' })
export class SelfEmploymentDto {
  @ApiProperty({ description: 'Profit after allowable expenses.', type: MoneyDto })
  profit!: MoneyDto;

  @ApiProperty({ description: 'In a start-up period, so the Universal Credit minimum income floor does not yet apply.', example: false })
  startUpPeriod!: boolean;
}

@ApiSchema({ name: 'OtherIncome', description: 'Income other than earnings, with its type.' })
export class OtherIncomeDto extends MoneyDto {
  @ApiProperty({ description: 'What the income is.', enum: OTHER_INCOME_TYPES, enumName: 'OtherIncomeType', example: 'PRIVATE_PENSION' })
  type!: string;
}

const RATE_LIST = Object.entries(BENEFIT_RATES)
  .map(([type, rates]) => (rates.length > 0 ? `${type} (${rates.join('|')})` : `${type} (no rate)`))
  .join(', ');

@ApiSchema({ name: 'BenefitReceived', description: 'A disability benefit the adult gets, with its rate where it has rates.' })
export class BenefitReceivedDto {
  @ApiProperty({ description: 'The benefit. ADP_* are Scotland\'s Adult Disability Payment, paid as PIP.', enum: Object.keys(BENEFIT_RATES), enumName: 'BenefitReceivedType', example: 'PIP_DAILY_LIVING' })
  type!: string;

  @ApiPropertyOptional({
    description: `The rate paid; required for the types that have rates and left out for the others: ${RATE_LIST}.`,
    enum: [...new Set(Object.values(BENEFIT_RATES).flat())],
    enumName: 'BenefitRate',
    example: 'STANDARD',
  })
  rate?: string;
}

@ApiSchema({ name: 'Health', description: 'Health findings for work capability. Each field defaults to false.' })
export class HealthDto {
  @ApiPropertyOptional({ description: 'Limited capability for work and work-related activity found (or expected, with a fit note).', default: false })
  lcwra?: boolean;

  @ApiPropertyOptional({ description: 'The LCWRA award is protected at the pre-April-2026 rate; needs lcwra true.', default: false })
  lcwraBefore2026April?: boolean;

  @ApiPropertyOptional({ description: 'Terminally ill.', default: false })
  terminallyIll?: boolean;
}

@ApiSchema({ name: 'Caring', description: 'Care the adult gives to someone else. Each field defaults to 0 or false.' })
export class CaringDto {
  @ApiPropertyOptional({ description: 'Hours a week spent caring.', ...HOURS, default: 0, example: 35 })
  hoursPerWeek?: number;

  @ApiPropertyOptional({ description: 'The person cared for gets a benefit that qualifies the carer (PIP daily living, Attendance Allowance, DLA middle or highest care...).', default: false })
  caredForGetsQualifyingBenefit?: boolean;
}

@ApiSchema({ name: 'Adult', description: 'One adult: dateOfBirth or age is required, every other field has the default of someone who was not asked.' })
export class AdultDto {
  @ApiPropertyOptional({ description: 'yyyy-mm-dd, not after the date asked; wins over age when both are given.', format: 'date', example: '1990-05-01' })
  dateOfBirth?: string;

  @ApiPropertyOptional({ description: 'Age in whole years, when the date of birth is not known.', ...AGE, example: 36 })
  age?: number;

  @ApiPropertyOptional({ description: 'Employed earnings; null (the default) when not employed.', type: EarningsDto, nullable: true })
  earnings?: EarningsDto | null;

  @ApiPropertyOptional({ description: 'Hours worked a week.', ...HOURS, default: 0, example: 20 })
  hoursPerWeek?: number;

  @ApiPropertyOptional({ description: 'Self-employment; null (the default) when not self-employed.', type: SelfEmploymentDto, nullable: true })
  selfEmployment?: SelfEmploymentDto | null;

  @ApiPropertyOptional({ description: 'Income other than earnings; default none.', type: [OtherIncomeDto], maxItems: LIMITS.maxIncomesPerAdult })
  otherIncome?: OtherIncomeDto[];

  @ApiPropertyOptional({ description: 'Disability benefits the adult gets; default none.', type: [BenefitReceivedDto], maxItems: LIMITS.maxBenefitsPerAdult })
  benefitsReceived?: BenefitReceivedDto[];

  @ApiPropertyOptional({ description: 'Health findings; default none.', type: HealthDto })
  health?: HealthDto;

  @ApiPropertyOptional({ description: 'Caring; default none.', type: CaringDto })
  caring?: CaringDto;

  @ApiPropertyOptional({ description: 'A full-time student.', default: false })
  student?: boolean;
}

@ApiSchema({ name: 'Child', description: 'A child or young person in the household.' })
export class ChildDto {
  @ApiProperty({ description: 'yyyy-mm-dd, not after the date asked.', format: 'date', example: '2019-03-02' })
  dateOfBirth!: string;

  @ApiPropertyOptional({ description: 'For the size criteria and LHA bedroom rules; when absent the rules assume children may not share.', enum: SEXES, enumName: 'Sex', example: 'FEMALE' })
  sex?: string;

  @ApiPropertyOptional({
    description: 'NONE; LOWER (gets DLA, PIP or Child Disability Payment at any rate); HIGHER (DLA highest care, PIP/CDP enhanced daily living, or certified blind).',
    enum: CHILD_DISABILITIES,
    enumName: 'ChildDisability',
    default: 'NONE',
  })
  disability?: string;

  @ApiPropertyOptional({ description: 'A 16-19 year old in full-time non-advanced education or approved training.', default: false })
  inNonAdvancedEducation?: boolean;
}

@ApiSchema({ name: 'NonDependant', description: 'Another adult living in the home who is not part of the claim (a grown-up child, a relative).' })
export class NonDependantDto {
  @ApiProperty({ description: 'Age in whole years.', ...AGE, example: 24 })
  age!: number;

  @ApiProperty({ description: 'Their gross income.', type: MoneyDto })
  grossIncome!: MoneyDto;

  @ApiProperty({ description: 'Gets a benefit (or is in a situation) that means no deduction is made for them.', example: false })
  exempt!: boolean;

  @ApiPropertyOptional({
    description:
      "Works 16 hours or more a week (remunerative work). Housing Benefit and Council Tax Reduction deduct by gross income only for a non-dependant in such work, and the lowest deduction otherwise; some councils' schemes have one figure for each. Omitted or null when not known: the deduction is chosen by gross income, as for one in work, and the explanation says so.",
    nullable: true,
    type: Boolean,
    example: true,
  })
  inRemunerativeWork?: boolean | null;
}

@ApiSchema({ name: 'CouncilTax', description: 'Council tax for the home. Each field has a default.' })
export class CouncilTaxDto {
  @ApiPropertyOptional({ description: 'The band (I only in Wales; null in Northern Ireland, which has no bands); default null.', enum: COUNCIL_TAX_BANDS, enumName: 'CouncilTaxBand', nullable: true, example: 'C' })
  band?: string | null;

  @ApiPropertyOptional({ description: "The year's charge in pounds when known, at most 2 decimals; null (the default) to work it out from the band.", minimum: 0, nullable: true, type: Number, example: null })
  annualCharge?: number | null;

  @ApiPropertyOptional({ description: 'Liable to pay council tax.', default: true })
  liable?: boolean;
}

@ApiSchema({ name: 'Housing', description: 'The home: tenure is required, every other field has a default.' })
export class HousingDto {
  @ApiProperty({ description: 'How the home is held.', enum: HOUSING_TENURES, enumName: 'Tenure', example: 'PRIVATE_RENT' })
  tenure!: string;

  @ApiPropertyOptional({ description: 'Rent; default null (none).', type: MoneyDto, nullable: true })
  rent?: MoneyDto | null;

  @ApiPropertyOptional({ description: 'Service charges; default null (none).', type: MoneyDto, nullable: true })
  serviceCharges?: MoneyDto | null;

  @ApiPropertyOptional({ description: 'Bedrooms in the home (for the social-sector size criteria; the LHA category is worked out from the household); default null.', type: 'integer', minimum: 0, maximum: LIMITS.maxBedrooms, nullable: true, example: 2 })
  bedrooms?: number | null;

  @ApiPropertyOptional({ description: 'Council tax; default no band, no charge given, liable.', type: CouncilTaxDto })
  councilTax?: CouncilTaxDto;

  @ApiPropertyOptional({ description: 'The Broad Rental Market Area as the Valuation Office Agency writes it; when absent, worked out from the local authority.', maxLength: LIMITS.maxTextLength, example: 'Outer South East London' })
  brma?: string;
}

@ApiSchema({ name: 'Household', description: 'The household: country, adults and housing.tenure are required; every other field has a default.' })
export class HouseholdDto {
  @ApiProperty({ description: 'The nation of the home.', enum: COUNTRIES, enumName: 'Country', example: 'ENGLAND' })
  country!: string;

  @ApiPropertyOptional({
    description: 'GSS code of the local authority, in the country given; used for council tax, the council tax reduction scheme, the Local Housing Allowance area and the London benefit cap.',
    pattern: '^[EWSN][0-9]{8}$',
    example: 'E09000033',
  })
  localAuthority?: string;

  @ApiProperty({ description: 'One adult (a single claimant) or two (a couple; the first is the claimant).', type: [AdultDto], minItems: 1, maxItems: 2 })
  adults!: AdultDto[];

  @ApiPropertyOptional({ description: 'Children and young people; default none.', type: [ChildDto], maxItems: LIMITS.maxChildren })
  children?: ChildDto[];

  @ApiPropertyOptional({ description: 'Non-dependants; default none.', type: [NonDependantDto], maxItems: LIMITS.maxNonDependants })
  nonDependants?: NonDependantDto[];

  @ApiProperty({ description: 'The home.', type: HousingDto })
  housing!: HousingDto;

  @ApiPropertyOptional({ description: 'Savings and investments in pounds (at most 2 decimals), excluding the home lived in; default 0.', minimum: 0, maximum: LIMITS.maxAmount, default: 0, example: 4000 })
  capital?: number;

  @ApiPropertyOptional({ description: 'Childcare costs; default null (none).', type: MoneyDto, nullable: true })
  childcareCosts?: MoneyDto | null;
}

@ApiSchema({
  name: 'CalculationRequest',
  description: 'A household and the date to work it out for. Unknown fields are refused at every depth (400 with the JSON path of each), never ignored.',
})
export class CalculationRequestDto {
  @ApiPropertyOptional({
    description: 'yyyy-mm-dd: the rules and rates in force on that date; default today in the UK. A date outside the rates held gives 422.',
    format: 'date',
    example: '2026-11-21',
  })
  date?: string;

  @ApiProperty({ description: 'The household.', type: HouseholdDto })
  household!: HouseholdDto;
}
