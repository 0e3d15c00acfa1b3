import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ProvisionalDto } from '../rules-in-force/provisional.dto.js';
import { BENEFIT_CODES } from '../../../engine/core/benefit.js';
import type { ContractResponse } from '../../../engine/core/entitlement-engine.js';

/**
 * The response of POST /api/v1/calculations as the OpenAPI document shows it: the contract's fields, and for each
 * benefit the rules that held and every rate used with its source (additions the contract allows). The body is
 * `toContractResponse` of the engine's result; these classes only describe it.
 */

const WEEKLY = { description: 'Pounds a week, to the penny.', example: 27.05 };
const MONTHLY = { description: 'Pounds a month, to the penny.', example: 117.22 };
const SYSTEMS = ['UNIVERSAL_CREDIT', 'LEGACY_AND_PENSION_AGE', 'BOTH'];

@ApiSchema({ name: 'AmountLine', description: 'An element added or a deduction taken, in both periods.' })
export class AmountLineDto {
  @ApiProperty({
    description: 'A stable code, e.g. STANDARD_ALLOWANCE, CHILD, HOUSING; EARNINGS, CAPITAL, BENEFIT_CAP.',
    example: 'STANDARD_ALLOWANCE',
  })
  code!: string;

  @ApiProperty({ description: 'The name to show.', example: 'Standard allowance' })
  name!: string;

  @ApiProperty(WEEKLY)
  weekly!: number;

  @ApiProperty(MONTHLY)
  monthly!: number;

  @ApiPropertyOptional({
    description: "Only on a one-off payment's parts: this part's lump sum in pounds (weekly and monthly are 0).",
    example: 500,
  })
  lumpSum?: number;
}

@ApiSchema({
  name: 'PaidAfterDeductions',
  description: 'Universal Credit paid after the debts repaid from it, and what is taken for each.',
})
export class PaidAfterDeductionsDto {
  @ApiProperty(WEEKLY)
  weekly!: number;

  @ApiProperty(MONTHLY)
  monthly!: number;

  @ApiProperty({ description: 'What is taken for each debt, in priority order (codes DEBT_<type>).', type: [AmountLineDto] })
  deductions!: AmountLineDto[];
}

@ApiSchema({ name: 'RuleApplied', description: "A rule of the benefit's ruleset that held for this household." })
export class RuleAppliedDto {
  @ApiProperty({ description: "The rule's name in its ruleset.", example: 'has-a-child' })
  name!: string;

  @ApiProperty({
    description: 'What the rule decides and the regulation it follows.',
    example: 'Child Benefit is paid for a child under 16 (SSCBA 1992 s141-143).',
  })
  description!: string;
}

@ApiSchema({ name: 'Citation', description: 'A document with its link.' })
export class CitationDto {
  @ApiProperty({ description: "The document's title.", example: 'Benefit and pension rates 2026 to 2027' })
  title!: string;

  @ApiProperty({
    description: 'Where to read it.',
    example: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2026-to-2027',
  })
  url!: string;
}

@ApiSchema({
  name: 'ParameterUsed',
  description: 'A rate, threshold, limit or switch the figure used, with its value on the date and its source.',
})
export class ParameterUsedDto {
  @ApiProperty({
    description: "The parameter's name: its file under rulesets/parameters/ without .json.",
    example: 'gov/hmrc/child_benefit/amount/eldest',
  })
  name!: string;

  @ApiProperty({ description: 'A short name for it.', example: 'Child Benefit: eldest or only child' })
  label!: string;

  @ApiProperty({
    description:
      'The value in force on the date, in the unit given: whole pence, basis points (100% = 10000), a count (null: no limit), hours, or true/false.',
    oneOf: [{ type: 'number' }, { type: 'boolean' }],
    nullable: true,
    example: 2705,
  })
  value!: number | boolean | null;

  @ApiProperty({ description: 'The unit of the value, e.g. pence a week, basis points, count, boolean.', example: 'pence a week' })
  unit!: string;

  @ApiProperty({ description: 'yyyy-mm-dd: the date this value took effect.', format: 'date', example: '2026-04-06' })
  from!: string;

  @ApiProperty({ description: 'Where the value was read.', type: CitationDto })
  source!: CitationDto;

  @ApiProperty({ description: 'The regulation the parameter belongs to.', type: CitationDto })
  legislation!: CitationDto;
}

@ApiSchema({ name: 'BenefitResult', description: 'One benefit: whether the household may get it, how much, and why.' })
export class BenefitResultDto {
  @ApiProperty({ description: 'The benefit.', enum: BENEFIT_CODES, enumName: 'BenefitCode', example: 'CHILD_BENEFIT' })
  code!: string;

  @ApiProperty({ description: 'Its name.', example: 'Child Benefit' })
  name!: string;

  @ApiProperty({
    description: 'The total it counts in; BOTH for benefits that do not depend on the system.',
    enum: SYSTEMS,
    enumName: 'BenefitSystem',
    example: 'BOTH',
  })
  system!: string;

  @ApiProperty({ description: 'Whether the benefit depends on income and savings.', example: false })
  meansTested!: boolean;

  @ApiProperty({ description: 'Whether the household may get it.', example: true })
  eligible!: boolean;

  @ApiProperty({
    description:
      'False when the household may be entitled but the amount cannot be worked out from the answers (e.g. PIP before an assessment).',
    example: true,
  })
  amountShown!: boolean;

  @ApiProperty({ description: 'Pounds a week, to the penny (UC: monthly x 12 / 52).', example: 27.05 })
  weekly!: number;

  @ApiProperty({ description: 'Pounds a month, to the penny (weekly benefits: weekly x 52 / 12).', example: 117.22 })
  monthly!: number;

  @ApiPropertyOptional({
    description:
      'Only on a benefit paid once (SURE_START_MATERNITY_GRANT, BEST_START_GRANT): the lump sum in pounds, 0 when not eligible. Its weekly and monthly are always 0, so it is never in totals; add it to nothing paid regularly.',
    example: 500,
  })
  lumpSum?: number;

  @ApiPropertyOptional({
    description:
      'Only on UNIVERSAL_CREDIT when the household gave universalCreditDeductions: what is paid after them (weekly, monthly) and what is taken for each (deductions, codes DEBT_<type>), with the limit in force on the date. The award (weekly, monthly above) is unchanged.',
    type: () => PaidAfterDeductionsDto,
  })
  paidAfterDeductions?: PaidAfterDeductionsDto;

  @ApiProperty({ description: 'Elements, premiums and additions included.', type: [AmountLineDto] })
  elements!: AmountLineDto[];

  @ApiProperty({ description: 'Deductions taken.', type: [AmountLineDto] })
  deductions!: AmountLineDto[];

  @ApiProperty({
    description: 'Plain-English sentences, in the order the figure is worked out.',
    type: [String],
    example: ['Child Benefit is £27.05 a week for the eldest child.'],
  })
  explanation!: string[];

  @ApiProperty({ description: 'The rules of the ruleset that held.', type: [RuleAppliedDto] })
  rules!: RuleAppliedDto[];

  @ApiProperty({ description: 'Every rate, threshold and limit used, with its value and source.', type: [ParameterUsedDto] })
  parameters!: ParameterUsedDto[];
}

@ApiSchema({ name: 'PeriodAmount', description: 'An amount in both periods.' })
export class PeriodAmountDto {
  @ApiProperty(WEEKLY)
  weekly!: number;

  @ApiProperty(MONTHLY)
  monthly!: number;
}

@ApiSchema({ name: 'CalculationTotals', description: 'The total of the benefits shown with an amount, for each system.' })
export class CalculationTotalsDto {
  @ApiProperty({ description: 'The working-age system: Universal Credit and the benefits paid beside it.', type: PeriodAmountDto })
  UNIVERSAL_CREDIT!: PeriodAmountDto;

  @ApiProperty({ description: 'Pension Credit, Housing Benefit and the benefits paid beside them.', type: PeriodAmountDto })
  LEGACY_AND_PENSION_AGE!: PeriodAmountDto;
}

@ApiSchema({ name: 'ResultVariable', description: 'A figure the results read besides the awards (e.g. BENEFIT_CAP_APPLIES).' })
export class ResultVariableDto {
  @ApiProperty({ description: "The variable's name.", example: 'BENEFIT_CAP_APPLIES' })
  name!: string;

  @ApiProperty(WEEKLY)
  weekly!: number;

  @ApiProperty(MONTHLY)
  monthly!: number;
}

@ApiSchema({ name: 'ExtraHelpSource', description: 'Where the scheme is described.' })
export class ExtraHelpSourceDto {
  @ApiProperty({ description: 'The page or paper.', example: 'GOV.UK: Healthy Start' })
  title!: string;

  @ApiProperty({ description: 'Its address.', example: 'https://www.healthystart.nhs.uk/' })
  url!: string;
}

@ApiSchema({
  name: 'ExtraHelpOffer',
  description: 'A scheme outside the benefits (a grant, a social tariff, a discount) the household may get.',
})
export class ExtraHelpOfferDto {
  @ApiProperty({ description: 'The name of its category.', example: 'children-and-school' })
  category!: string;

  @ApiProperty({ description: 'Stable id of the scheme.', example: 'healthy-start' })
  name!: string;

  @ApiProperty({ description: 'Its title.', example: 'Healthy Start' })
  title!: string;

  @ApiProperty({ description: 'Plain English: what it is and roughly how much.' })
  text!: string;

  @ApiProperty({
    description: "The heading of the help text: 'How to access support' unless the scheme gives its own.",
    example: 'How to access support',
  })
  howToAccessTitle!: string;

  @ApiProperty({ description: 'Who to contact and how to apply.' })
  howToAccess!: string;

  @ApiProperty({ description: 'Where the scheme is described.', type: ExtraHelpSourceDto })
  source!: ExtraHelpSourceDto;
}

@ApiSchema({ name: 'ExtraHelpCategory', description: 'A category of extra help with the schemes in it the household may get.' })
export class ExtraHelpCategoryDto {
  @ApiProperty({ description: 'Stable id of the category.', example: 'white-goods-and-emergency-grants' })
  name!: string;

  @ApiProperty({ description: 'Its title.', example: 'White goods and emergency grants' })
  title!: string;

  @ApiProperty({ description: 'The schemes, in the order the definitions list them.', type: [ExtraHelpOfferDto] })
  items!: ExtraHelpOfferDto[];
}

@ApiSchema({ name: 'LhaRateRange', description: 'The highest Local Housing Allowance among the areas the home could be in.' })
export class LhaHighestDto {
  @ApiProperty({ description: 'The area with the highest rate for the category.', example: 'Southern Greater Manchester' })
  area!: string;

  @ApiProperty({ description: 'Its rate in pounds, in the period of `period`.', example: 900 })
  rate!: number;
}

@ApiSchema({
  name: 'LocalHousingAllowanceUsed',
  description:
    "For a private tenant: which Local Housing Allowance (LHA) area's rate capped the rent, and why. Universal Credit's when it applies (a month), otherwise Housing Benefit's (a week).",
})
export class LocalHousingAllowanceUsedDto {
  @ApiProperty({ description: 'The Broad Rental Market Area whose rate was used.', example: 'Central Greater Manchester' })
  area!: string;

  @ApiProperty({
    description:
      "Why that area: GIVEN (housing.brma named it), POSTCODE (the operator's postcode lookup placed the home in it), LOCAL_AUTHORITY (the whole council is in it), or LOWEST_OF_CANDIDATES (the area could not be settled, so the lowest rate among `candidates` was used; the rent is never met unchecked).",
    enum: ['GIVEN', 'POSTCODE', 'LOCAL_AUTHORITY', 'LOWEST_OF_CANDIDATES'],
    enumName: 'LhaAreaBasis',
    example: 'LOWEST_OF_CANDIDATES',
  })
  basis!: 'GIVEN' | 'POSTCODE' | 'LOCAL_AUTHORITY' | 'LOWEST_OF_CANDIDATES';

  @ApiProperty({
    description:
      'With LOWEST_OF_CANDIDATES: SPLIT_AUTHORITY (the council is split between areas), NO_LOCAL_AUTHORITY (none was given) or LOCAL_AUTHORITY_NOT_HELD (a council code the table does not hold); otherwise null.',
    enum: ['SPLIT_AUTHORITY', 'NO_LOCAL_AUTHORITY', 'LOCAL_AUTHORITY_NOT_HELD'],
    enumName: 'LhaUnsettledReason',
    nullable: true,
    example: 'SPLIT_AUTHORITY',
  })
  unsettledReason!: 'SPLIT_AUTHORITY' | 'NO_LOCAL_AUTHORITY' | 'LOCAL_AUTHORITY_NOT_HELD' | null;

  @ApiProperty({
    description: 'Every area the home could be in; just the one used when it was settled.',
    type: [String],
    example: ['Central Greater Manchester', 'Southern Greater Manchester'],
  })
  candidates!: string[];

  @ApiProperty({
    description: "The council's name, when the table of councils and areas holds it.",
    nullable: true,
    type: String,
    example: 'Manchester',
  })
  localAuthorityName!: string | null;

  @ApiProperty({
    description:
      "With LOCAL_AUTHORITY: true when an official page (the council's own LHA page) confirms the whole council is in `area`; false when only the calculator's own table says so (check the postcode on the VOA's LHA Direct). Otherwise null.",
    nullable: true,
    type: Boolean,
    example: true,
  })
  areaConfirmed!: boolean | null;

  @ApiProperty({
    description: 'The category of dwelling the household needs.',
    enum: ['SHARED', 'ONE_BEDROOM', 'TWO_BEDROOMS', 'THREE_BEDROOMS', 'FOUR_BEDROOMS'],
    enumName: 'LhaCategory',
    example: 'TWO_BEDROOMS',
  })
  category!: 'SHARED' | 'ONE_BEDROOM' | 'TWO_BEDROOMS' | 'THREE_BEDROOMS' | 'FOUR_BEDROOMS';

  @ApiProperty({
    description: 'UNIVERSAL_CREDIT (monthly rates) or HOUSING_BENEFIT (the weekly rates published for Housing Benefit).',
    enum: ['UNIVERSAL_CREDIT', 'HOUSING_BENEFIT'],
    enumName: 'LhaScheme',
    example: 'UNIVERSAL_CREDIT',
  })
  scheme!: 'UNIVERSAL_CREDIT' | 'HOUSING_BENEFIT';

  @ApiProperty({ description: 'The period of `rate`.', enum: ['MONTH', 'WEEK'], enumName: 'LhaPeriod', example: 'MONTH' })
  period!: 'MONTH' | 'WEEK';

  @ApiProperty({ description: 'The rate used, in pounds a month or a week.', example: 875 })
  rate!: number;

  @ApiProperty({
    description:
      "HOUSING_BENEFIT only: true when the rent officers' published weekly rate for the area is not held and `rate` is estimated from the monthly rate (x 12 / 365 x 7, to the penny), which the explanation says. Always false for UNIVERSAL_CREDIT.",
    example: false,
  })
  rateEstimated!: boolean;

  @ApiProperty({
    description: 'With LOWEST_OF_CANDIDATES: the highest rate among the candidates, so the range is known; otherwise null.',
    type: LhaHighestDto,
    nullable: true,
  })
  highest!: LhaHighestDto | null;
}

export class LastRatesHeldDto {
  @ApiProperty({
    description: 'yyyy-mm-dd: the last date the rates held cover, whose rates, rent tables and council schemes were used.',
    format: 'date',
    example: '2027-03-31',
  })
  ratesDate!: string;
}

@ApiSchema({ name: 'CalculationResponse', description: 'Every benefit worked out for the household on the date, with the reasons.' })
export class CalculationResponseDto implements ContractResponse {
  @ApiProperty({ description: 'yyyy-mm-dd: the date worked out for.', format: 'date', example: '2026-11-21' })
  date!: string;

  @ApiProperty({ description: 'The tax year whose rules and rates were used.', example: '2026-27' })
  rulesVersion!: string;

  @ApiProperty({
    description:
      "Null when the rates held cover the date. Otherwise the date is after the last the rates held cover (next year's rates are not added yet) and within a year of it: the figures use the last rates held (those of `ratesDate`), with ages on `date`, so they are provisional and most likely below what will be paid after April's uprating. A date more than a year after is answered 422 DATE_OUT_OF_RANGE.",
    type: LastRatesHeldDto,
    nullable: true,
  })
  lastRatesHeld!: LastRatesHeldDto | null;

  @ApiProperty({
    description:
      "Null when every rule and rate used is in force today. Otherwise the date is one for which the charity's policy team has published rates that take effect after today (next April's uprating, once announced), and the figures use them: they are provisional until `inForceFrom`; or the call asked for a change set approved but not yet published (`changeSet`), named in `approvedNotPublished`.",
    type: ProvisionalDto,
    nullable: true,
  })
  provisional!: ProvisionalDto | null;

  @ApiProperty({
    description:
      'The system the household belongs to on the date: UNIVERSAL_CREDIT (working age, or a mixed-age couple), PENSION_AGE (everyone over State Pension age), or BOTH.',
    enum: ['UNIVERSAL_CREDIT', 'PENSION_AGE', 'BOTH'],
    enumName: 'HouseholdSystem',
    example: 'UNIVERSAL_CREDIT',
  })
  system!: ContractResponse['system'];

  @ApiProperty({ description: 'Each benefit, in a fixed order.', type: [BenefitResultDto] })
  benefits!: ContractResponse['benefits'];

  @ApiProperty({ description: 'Totals for each system.', type: CalculationTotalsDto })
  totals!: CalculationTotalsDto;

  @ApiProperty({
    description: 'Figures the results read besides the awards, including the WARM_HOMES_NETWORK_ELIGIBLE flag (1 or 0).',
    type: [ResultVariableDto],
  })
  variables!: ResultVariableDto[];

  @ApiProperty({
    description: 'Extra help the household may get (definitions/extra-help), by category; only categories with a scheme that applies.',
    type: [ExtraHelpCategoryDto],
  })
  extraHelp!: ExtraHelpCategoryDto[];

  @ApiProperty({
    description: "A private tenant's Local Housing Allowance: the area used and why; null for anyone else.",
    type: LocalHousingAllowanceUsedDto,
    nullable: true,
  })
  localHousingAllowance!: LocalHousingAllowanceUsedDto | null;
}
