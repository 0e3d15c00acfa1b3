import { ApiProperty, ApiPropertyOptional, getSchemaPath, type ApiPropertyOptions } from '@nestjs/swagger';
import { WITHHELD_REASONS, type Figure } from '../../../common/disclosure-control.js';
import {
  CHANGE_SET_STATUSES,
  UPRATING_ROUNDINGS,
  YEAR_DECISIONS,
  type YearDecision,
  type ApprovalCheck,
  type CaseEdit,
  type CaseRunResult,
  type CasesRunReport,
  type ChangeSetDetail,
  type CouncilSchemeHeld,
  type ChangeSetLink,
  type ChangeSetFailure,
  type ChangeSetStatus,
  type ChangeSetSummary,
  type EditProblem,
  type ExtraHelpItemEdit,
  type ImpactBand,
  type ImpactBenefitChange,
  type ImpactExample,
  type ImpactPart,
  type BandDEdit,
  type CouncilSchemeEdit,
  type CouncilRentAreasEdit,
  type ExtraHelpCatalogue,
  type ExtraHelpFactChoice,
  type ExtraHelpHouseholdAmountView,
  type ExtraHelpItemView,
  type LhaRatesEdit,
  type LhaRatesHeldEdit,
  type NotWorkedOutReason,
  type ImpactReport,
  type ParameterSummary,
  type ParameterValueEdit,
  type ParameterView,
  type PendingRequest,
  type PolicyAuditEntry,
  type PolicyCase,
  type PolicyEdit,
  type PolicyPerson,
  type PolicySearchHit,
  type PolicySource,
  type PolicyValue,
  type PolicyStatus,
  type QuestionEdit,
  type RatesHeldEdit,
  type RuleEdit,
  type RuleView,
  type RulesetSummary,
  type RulesetView,
  type SampleRunReport,
  type StopRecord,
  type StoredImpactPart,
  type UpratingProposal,
  type UpratingResponse,
  type UpratingRounding,
} from '../../../common/policy/model.js';

/**
 * The answers of the policy workbench (/api/policy/) as OpenAPI schemas. Each class implements the wire type of
 * common/policy/model.ts, so the compiler refuses a schema that leaves out or mistypes a field the API sends; the web
 * reads these schemas' generated types (web/src/api/openapi.d.ts), not a second copy.
 */

const DATE = { example: '2027-04-06', description: 'yyyy-mm-dd.' };
const AT = { format: 'date-time' };

/** A parameter's value as its file holds it: whole pence, basis points, hours, a count, a switch, or null (no limit). */
const PARAMETER_VALUE: ApiPropertyOptions = {
  oneOf: [{ type: 'integer' }, { type: 'boolean' }],
  nullable: true,
  example: 2810,
};

/** A value as the workbench holds it: PARAMETER_VALUE, or a scale's table of bands (common/policy/model.ts PolicyValue). */
const POLICY_VALUE: ApiPropertyOptions = {
  oneOf: [
    { type: 'integer' },
    { type: 'boolean' },
    {
      type: 'object',
      required: ['brackets'],
      properties: {
        brackets: {
          type: 'array',
          items: {
            type: 'object',
            required: ['threshold', 'amount'],
            properties: { threshold: { type: 'integer' }, amount: { type: 'integer' } },
          },
        },
      },
    },
  ],
  nullable: true,
  example: 2810,
};

/** Any JSON, as the files hold it (a rule's conditions). */
const ANY_JSON = { type: 'object', additionalProperties: true } as const;

/** A figure under the disclosure control, shown: rounded (counts to a multiple of 5, money to £10,000 a year). */
export class ShownFigureDto {
  @ApiProperty({ type: 'integer', description: 'The figure, rounded (counts to a multiple of 5, money to £10,000 a year).', example: 40 })
  value!: number;

  // null listed as the enum's value: OpenAPI 3.0 wants a nullable enum's null among its values.
  @ApiProperty({ type: String, enum: [null], nullable: true, description: 'Null: the figure is shown.', example: null })
  withheld!: null;
}

/** A figure under the disclosure control, withheld, with the reason. */
export class WithheldFigureDto {
  @ApiProperty({ type: 'integer', enum: [null], nullable: true, description: 'Null: the figure is withheld.', example: null })
  value!: null;

  @ApiProperty({
    enum: WITHHELD_REASONS,
    description:
      'Why it is withheld: fewer-than-10 (a count of 1 to 9), too-few (money from fewer than 10 households), would-reveal-another (with the other figures it would give a withheld one back).',
  })
  withheld!: (typeof WITHHELD_REASONS)[number];
}

/** A figure: shown or withheld, never both (common/disclosure-control.ts Figure). */
const FIGURE: ApiPropertyOptions = { oneOf: [{ $ref: getSchemaPath(ShownFigureDto) }, { $ref: getSchemaPath(WithheldFigureDto) }] };

export class PolicySourceDto implements PolicySource {
  @ApiProperty({
    description: 'The official text: GOV.UK, legislation.gov.uk, HMRC, a council’s own scheme.',
    example: 'Child Benefit rates',
  })
  title!: string;

  @ApiProperty({ description: 'Its web address.', example: 'https://www.gov.uk/child-benefit/what-youll-get' })
  url!: string;
}

export class PolicyPersonDto implements PolicyPerson {
  @ApiProperty({ description: 'The member’s account id.', format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The member’s name.', example: 'Sam Patel' })
  name!: string;
}

// The edits of a change set, one schema a kind. The API checks each with definitions/schemas/policy-edit.schema.json,
// whose if/then choice by kind OpenAPI 3.0 cannot say: the kinds are given here as a choice of these schemas.

export class ParameterValueEditDto implements ParameterValueEdit {
  @ApiProperty({ enum: ['parameter-value'], description: 'A dated value of a parameter, added or replacing the value with the same from.' })
  kind!: 'parameter-value';

  @ApiProperty({
    description: 'The parameter’s name: its path under rulesets/parameters/ without .json.',
    example: 'gov/hmrc/child_benefit/amount/eldest',
  })
  parameter!: string;

  @ApiProperty({ ...DATE, description: 'The day the value takes effect, yyyy-mm-dd, as the law dates it.' })
  from!: string;

  @ApiProperty({
    ...POLICY_VALUE,
    description: 'As the file holds it: whole pence, basis points, hours, a count (null: no limit), a switch, or a scale’s bands.',
  })
  value!: PolicyValue;

  @ApiProperty({ type: PolicySourceDto, nullable: true, description: 'The official source; null in a draft until it is known.' })
  source!: PolicySourceDto | null;

  @ApiPropertyOptional({ description: 'A note shown beside the value.' })
  note?: string;
}

export class RatesHeldEditDto implements RatesHeldEdit {
  @ApiProperty({ enum: ['rates-held'], description: 'The last date the rates held cover, moved on when a year is added.' })
  kind!: 'rates-held';

  @ApiProperty({ ...DATE, description: 'The last date the rates held cover, yyyy-mm-dd.' })
  until!: string;
}

export class LhaRatesHeldEditDto implements LhaRatesHeldEdit {
  @ApiProperty({
    enum: ['lha-rates-held'],
    description: 'The last date the Local Housing Allowance rates held cover, confirmed a year at a time with its source.',
  })
  kind!: 'lha-rates-held';

  @ApiProperty({
    enum: ['universal-credit', 'housing-benefit'],
    description: "Universal Credit's monthly rates, or Housing Benefit's weekly ones.",
  })
  scheme!: 'universal-credit' | 'housing-benefit';

  @ApiProperty({ ...DATE, description: 'The last date the rates held cover, yyyy-mm-dd.' })
  until!: string;

  @ApiProperty({
    type: PolicySourceDto,
    nullable: true,
    description:
      'The official text that confirms the rates for the year (published rates, or the freeze announced); null until it is known.',
  })
  source!: PolicySourceDto | null;
}

export class BandDFigureDto {
  @ApiProperty({ description: 'The council’s code (GSS), as the official table gives it.', example: 'E08000003' })
  authority!: string;

  @ApiProperty({ type: 'integer', description: 'Its average Band D council tax a year, in whole pence.', example: 218634 })
  bandD!: number;
}

export class BandDEditDto implements BandDEdit {
  @ApiProperty({ enum: ['band-d'], description: 'Councils’ Band D council tax for a council tax year, from the official table.' })
  kind!: 'band-d';

  @ApiProperty({ description: 'The council tax year, 1 April to 31 March.', example: '2027/28' })
  year!: string;

  @ApiProperty({ type: [BandDFigureDto], description: 'Each council’s figure for the year (1 to 400).' })
  figures!: BandDFigureDto[];

  @ApiProperty({ type: PolicySourceDto, nullable: true, description: 'The official table the figures come from; null until it is known.' })
  source!: PolicySourceDto | null;
}

export class LhaRatesDto {
  @ApiProperty({ type: 'integer', description: 'Shared accommodation, whole pence.' })
  shared!: number;

  @ApiProperty({ type: 'integer', description: 'One bedroom, whole pence.' })
  oneBedroom!: number;

  @ApiProperty({ type: 'integer', description: 'Two bedrooms, whole pence.' })
  twoBedrooms!: number;

  @ApiProperty({ type: 'integer', description: 'Three bedrooms, whole pence.' })
  threeBedrooms!: number;

  @ApiProperty({ type: 'integer', description: 'Four bedrooms, whole pence.' })
  fourBedrooms!: number;
}

export class LhaRatesEditDto implements LhaRatesEdit {
  @ApiProperty({ enum: ['lha-rates'], description: 'One Broad Rental Market Area’s Local Housing Allowance rates from a date.' })
  kind!: 'lha-rates';

  @ApiProperty({
    enum: ['universal-credit', 'housing-benefit'],
    description: "Universal Credit's monthly rates, or Housing Benefit's weekly ones.",
  })
  scheme!: 'universal-credit' | 'housing-benefit';

  @ApiProperty({ description: 'The area’s name, as the rent officers write it.', example: 'Central Greater Manchester' })
  area!: string;

  @ApiProperty({ ...DATE, description: 'The day the rates take effect, yyyy-mm-dd.' })
  from!: string;

  @ApiProperty({
    type: LhaRatesDto,
    description: 'Each category’s rate, in whole pence (a month for Universal Credit, a week for Housing Benefit).',
  })
  rates!: LhaRatesDto;

  @ApiProperty({ type: PolicySourceDto, nullable: true, description: 'The official table of the rates; null until it is known.' })
  source!: PolicySourceDto | null;
}

export class CouncilSchemeEditDto implements CouncilSchemeEdit {
  @ApiProperty({
    enum: ['ctr-scheme'],
    description: 'An English council’s working-age Council Tax Reduction scheme for a council tax year.',
  })
  kind!: 'ctr-scheme';

  @ApiProperty({ description: 'The council’s code (GSS).', example: 'E06000001' })
  authority!: string;

  @ApiProperty({ description: 'The council’s name, as its scheme’s file names it.', example: 'Hartlepool' })
  name!: string;

  @ApiProperty({ description: 'The council tax year the scheme is for (from 1 April).', example: '2027/28' })
  year!: string;

  @ApiProperty({
    ...ANY_JSON,
    description:
      'The year’s scheme as a council’s scheme file holds it, without from and source (definitions/schemas/council-tax-scheme.schema.json, SchemeValue): maximumSupport, bandCap, taper or incomeBands, income, capitalLimit, minimumAwardWeekly, nonDependantDeductions, protectedGroups, note, readVia.',
  })
  scheme!: Record<string, unknown>;

  @ApiProperty({
    type: PolicySourceDto,
    nullable: true,
    description: 'The council’s scheme document for the year; null until it is known.',
  })
  source!: PolicySourceDto | null;
}

export class CouncilRentAreasEditDto implements CouncilRentAreasEdit {
  @ApiProperty({
    enum: ['lha-council-areas'],
    description: 'The Broad Rental Market Areas that cover a council’s homes, confirmed by an official page.',
  })
  kind!: 'lha-council-areas';

  @ApiProperty({ description: 'The council’s code (GSS).', example: 'E08000003' })
  authority!: string;

  @ApiProperty({ description: 'The council’s name as the table holds it, checked against the code.', example: 'Manchester' })
  name!: string;

  @ApiProperty({ type: [String], description: 'The areas’ names as the rent officers write them, the one covering most homes first.' })
  areas!: string[];

  @ApiProperty({ type: PolicySourceDto, nullable: true, description: 'The official page that names the areas; null until it is known.' })
  source!: PolicySourceDto | null;
}

export class RuleEditDto implements RuleEdit {
  @ApiProperty({ enum: ['rule'], description: 'A rule’s conditions (json-rules-engine’s format) changed.' })
  kind!: 'rule';

  @ApiProperty({ description: 'The ruleset’s folder.', example: 'universal-credit' })
  ruleset!: string;

  @ApiProperty({ description: 'The rule’s name.' })
  rule!: string;

  @ApiProperty({ ...ANY_JSON, description: 'The rule’s conditions, in json-rules-engine’s format.' })
  conditions!: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'When given, the rule’s description is changed too.' })
  description?: string;
}

export class QuestionEditDto implements QuestionEdit {
  @ApiProperty({ enum: ['question'], description: 'A question of a questionnaire page: its text, help or show/hide rule.' })
  kind!: 'question';

  @ApiProperty({ description: 'The page file’s name without .json.', example: 'savings' })
  page!: string;

  @ApiProperty({ description: 'The question’s name on the page.' })
  question!: string;

  @ApiPropertyOptional({ description: 'The question’s text.' })
  text?: string;

  @ApiPropertyOptional({ description: 'The question’s help.' })
  helpText?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The show/hide rule in the questionnaire’s rule language; null removes it.',
  })
  showHide?: string | null;
}

export class ExtraHelpItemEditDto implements ExtraHelpItemEdit {
  @ApiProperty({ enum: ['extra-help-item'], description: 'An extra-help item, added or replaced by its name.' })
  kind!: 'extra-help-item';

  @ApiProperty({ description: 'The category file’s name.', example: 'energy' })
  category!: string;

  @ApiProperty({
    ...ANY_JSON,
    description: 'The whole item as the category file holds it (name, title, text, howToAccess, nations, condition, source).',
  })
  item!: Record<string, unknown>;
}

export class PolicyCaseDto implements PolicyCase {
  @ApiProperty({ description: 'What the case proves.' })
  name!: string;

  @ApiProperty({ ...DATE, description: 'The date the case is worked out at, yyyy-mm-dd.' })
  date!: string;

  @ApiProperty({ ...ANY_JSON, description: 'A household as the calculation API takes it (only what matters to the case).' })
  household!: Record<string, unknown>;

  @ApiProperty({
    ...ANY_JSON,
    description: 'By benefit code: { eligible?, weekly?, monthly?, elements?, rules? ... }, pounds to the penny.',
  })
  expected!: Record<string, unknown>;

  @ApiProperty({ description: 'How the figure is worked out by hand.' })
  workings!: string;
}

export class CaseEditDto implements CaseEdit {
  @ApiProperty({ enum: ['case'], description: 'A hand-worked case, saved with the change set.' })
  kind!: 'case';

  @ApiProperty({ description: 'The ruleset’s folder.', example: 'child-benefit' })
  ruleset!: string;

  @ApiProperty({ type: PolicyCaseDto, description: 'The case, in the format of rulesets/<ruleset>/cases/*.json.' })
  case!: PolicyCaseDto;
}

const POLICY_EDIT_MODELS = [
  ParameterValueEditDto,
  RatesHeldEditDto,
  LhaRatesHeldEditDto,
  BandDEditDto,
  LhaRatesEditDto,
  CouncilSchemeEditDto,
  CouncilRentAreasEditDto,
  RuleEditDto,
  QuestionEditDto,
  ExtraHelpItemEditDto,
  CaseEditDto,
];

/** Schemas reached only through a choice (oneOf), which the controller declares as extra models. */
export const POLICY_CHOICE_MODELS = [ShownFigureDto, WithheldFigureDto, ...POLICY_EDIT_MODELS];

/** One edit, any kind (common/policy/model.ts PolicyEdit). */
export const POLICY_EDIT_SCHEMA = { oneOf: POLICY_EDIT_MODELS.map((model) => ({ $ref: getSchemaPath(model) })) };

export class ChangeSetSummaryDto implements ChangeSetSummary {
  @ApiProperty({ type: 'integer', description: 'The change set’s number.', example: 1 })
  id!: number;

  @ApiProperty({ description: 'What it does.', example: 'Uprate Child Benefit for April 2027' })
  title!: string;

  @ApiProperty({ enum: CHANGE_SET_STATUSES, description: 'draft, approved, published, withdrawn or reverted.' })
  status!: ChangeSetStatus;

  @ApiProperty({ type: PolicyPersonDto, description: 'Who started it.' })
  author!: PolicyPersonDto;

  @ApiProperty({ type: PolicyPersonDto, nullable: true, description: 'Who approved it; null until approved.' })
  approver!: PolicyPersonDto | null;

  @ApiProperty({ type: String, nullable: true, ...DATE, description: 'yyyy-mm-dd: published from this date (null until published).' })
  effectiveFrom!: string | null;

  @ApiProperty({ type: String, nullable: true, ...DATE, description: 'yyyy-mm-dd: a reverted change set stops applying on this date.' })
  revertedFrom!: string | null;

  @ApiProperty({ type: 'integer', description: 'How many edits it holds.' })
  editCount!: number;

  @ApiProperty({ ...AT, description: 'When it last changed.' })
  updatedAt!: string;

  @ApiProperty({ description: 'Stopped in an emergency.' })
  isStopped!: boolean;

  @ApiProperty({ description: 'Found to fail when results were worked out with it: results fall back to the rules without it.' })
  isFailing!: boolean;

  @ApiProperty({ description: 'A withdrawal or revert is waiting for a second member to confirm it.' })
  hasPendingRequest!: boolean;
}

export class ChangeSetsResponseDto {
  @ApiProperty({ type: [ChangeSetSummaryDto], description: 'The change sets, newest first (at most 200).' })
  changeSets!: ChangeSetSummaryDto[];
}

export class PendingRequestDto implements PendingRequest {
  @ApiProperty({ enum: ['withdraw', 'revert'], description: 'A withdrawal before its date, or a revert from a date.' })
  kind!: 'withdraw' | 'revert';

  @ApiProperty({
    type: String,
    nullable: true,
    ...DATE,
    description: 'For a revert, the date it stops applying from; null for a withdrawal.',
  })
  from!: string | null;

  @ApiProperty({ description: 'Why, as the member who asked gave it.' })
  reason!: string;

  @ApiProperty({ type: PolicyPersonDto, description: 'The member who asked.' })
  by!: PolicyPersonDto;

  @ApiProperty({ ...AT, description: 'When they asked.' })
  at!: string;
}

export class StopRecordDto implements StopRecord {
  @ApiProperty({ type: PolicyPersonDto, description: 'The member who stopped it.' })
  by!: PolicyPersonDto;

  @ApiProperty({ ...AT, description: 'When.' })
  at!: string;

  @ApiProperty({ description: 'Why.' })
  reason!: string;
}

export class ChangeSetFailureDto implements ChangeSetFailure {
  @ApiProperty({ ...AT, description: 'When it failed.' })
  at!: string;

  @ApiProperty({ description: 'The error, as the engine gave it (it names rules and facts, never a household’s answers).' })
  message!: string;
}

export class ApprovalCheckDto implements ApprovalCheck {
  @ApiProperty({ enum: ['no-problems', 'checks-run', 'cases', 'sample'], description: 'Which check.' })
  name!: ApprovalCheck['name'];

  @ApiProperty({ description: 'Whether it is met.' })
  met!: boolean;

  @ApiProperty({ description: 'What it needs, in plain English.' })
  text!: string;
}

export class PolicyAuditEntryDto implements PolicyAuditEntry {
  @ApiProperty({ ...AT, description: 'When.' })
  at!: string;

  @ApiProperty({ type: PolicyPersonDto, description: 'Who.' })
  actor!: PolicyPersonDto;

  @ApiProperty({
    description: 'created, edited, approved, published, withdrawn, reverted, cases-run, impact-run, discarded...',
    example: 'edited',
  })
  action!: string;

  @ApiProperty({ description: 'What was done, in plain English.' })
  detail!: string;
}

export class EditProblemDto implements EditProblem {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The edit’s position in the change set, or null for a problem with the whole set.',
  })
  edit!: number | null;

  @ApiProperty({ description: 'The field: value, source.url, conditions.all[0].value...', example: 'source.url' })
  field!: string;

  @ApiProperty({ description: 'What is wrong, in plain English.' })
  message!: string;
}

export class LapsedApprovalDto {
  @ApiProperty({ type: PolicyPersonDto, description: 'Who had approved it.' })
  by!: PolicyPersonDto;

  @ApiProperty({ ...AT, description: 'When.' })
  at!: string;
}

export class CaseRunParameterDto {
  @ApiProperty({ description: 'The parameter’s name.' })
  name!: string;

  @ApiProperty({ description: 'Its label, as a policy officer reads it (a scale’s band: “…: band 2”).' })
  label!: string;

  @ApiProperty({ description: 'Its unit (pence a week, basis points...).' })
  unit!: string;

  @ApiProperty({ ...PARAMETER_VALUE, description: 'The value read.' })
  value!: number | boolean | null;

  @ApiProperty({ ...DATE, description: 'The date that value took effect.' })
  from!: string;
}

export class CaseRunBenefitDto {
  @ApiProperty({ description: 'The benefit’s code.', example: 'CHILD_BENEFIT' })
  code!: string;

  @ApiProperty({ description: 'The benefit’s name.' })
  name!: string;

  @ApiProperty({ description: 'Whether the household gets it.' })
  eligible!: boolean;

  @ApiProperty({ type: 'integer', description: 'Pence a week.' })
  weeklyPence!: number;

  @ApiProperty({ type: 'integer', description: 'Pence a month.' })
  monthlyPence!: number;

  @ApiProperty({ type: [String], description: 'The rules that held.' })
  rules!: string[];

  @ApiProperty({ type: [CaseRunParameterDto], description: 'The rates read.' })
  parameters!: CaseRunParameterDto[];
}

export class CaseRunResultDto implements CaseRunResult {
  @ApiProperty({ description: 'The case’s file.', example: 'child-benefit/cases/eldest.json' })
  file!: string;

  @ApiProperty({ description: 'The case’s name.' })
  name!: string;

  @ApiProperty({ ...DATE, description: 'The date it is worked out at.' })
  date!: string;

  @ApiProperty({ enum: ['files', 'change-set'], description: 'A file in the repository, or this change set’s own.' })
  origin!: 'files' | 'change-set';

  @ApiProperty({ description: 'Whether it passed.' })
  passed!: boolean;

  @ApiPropertyOptional({
    description: 'Failed with the change set but passes with the published rules (or is the change set’s own): it stops approval.',
  })
  newFailure?: boolean;

  @ApiProperty({ type: [String], description: 'What differs from the figures worked out by hand.' })
  problems!: string[];

  @ApiProperty({ type: [CaseRunBenefitDto], description: 'Each benefit the case names, worked out with the draft.' })
  benefits!: CaseRunBenefitDto[];
}

export class SampleFailureDto {
  @ApiProperty({ description: 'The generated household’s seed, which makes it again.' })
  source!: string;

  @ApiProperty({ ...DATE, description: 'The date it was worked out at.' })
  date!: string;

  @ApiProperty({ description: 'The error.' })
  message!: string;
}

export class SampleRunReportDto implements SampleRunReport {
  @ApiProperty({ type: 'integer', description: 'Generated households worked out.' })
  households!: number;

  @ApiProperty({ type: 'integer', description: 'The seed they were generated from.' })
  seed!: number;

  @ApiProperty({ type: 'integer', description: 'How many could not be worked out because the rules failed.' })
  failed!: number;

  @ApiProperty({ type: [SampleFailureDto], description: 'The first few that failed.' })
  failures!: SampleFailureDto[];
}

export class CasesRunReportDto implements CasesRunReport {
  @ApiProperty({ ...AT, description: 'When the checks ran.' })
  ranAt!: string;

  @ApiProperty({ type: 'integer', description: 'Cases run.' })
  total!: number;

  @ApiProperty({ type: 'integer', description: 'Cases that passed.' })
  passed!: number;

  @ApiProperty({ type: 'integer', description: 'Cases that failed.' })
  failed!: number;

  @ApiProperty({ type: [CaseRunResultDto], description: 'Each case.' })
  cases!: CaseRunResultDto[];

  @ApiPropertyOptional({ description: 'The digest of the edits run (ChangeSetDetail.digest).' })
  digest?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'The version of the edits run.' })
  version?: number;

  @ApiPropertyOptional({ description: 'The published rules the cases were compared with.', example: '2026-27+cs3' })
  comparedWith?: string;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'Cases that fail with the change set but not with the published rules, and its own that fail.',
  })
  newFailures?: number;

  @ApiPropertyOptional({ type: SampleRunReportDto, description: 'The generated households worked out with the change set: none may fail.' })
  sample?: SampleRunReportDto;
}

export class ImpactBandDto implements ImpactBand {
  @ApiProperty({ description: 'The band in words.', example: '£10 to £50 a month less' })
  label!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Monthly change in pence, from (inclusive); null for an open end.' })
  fromPence!: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Monthly change in pence, to (exclusive); null for an open end.' })
  toPence!: number | null;

  @ApiProperty({ type: 'integer', description: 'Households in the band.' })
  households!: number;
}

export class ImpactBenefitChangeDto implements ImpactBenefitChange {
  @ApiProperty({ description: 'The benefit’s code.', example: 'CHILD_BENEFIT' })
  code!: string;

  @ApiProperty({ description: 'The benefit’s name.' })
  name!: string;

  @ApiProperty({ type: 'integer', description: 'Households whose amount of this benefit changes.' })
  householdsChanged!: number;

  @ApiProperty({ type: 'integer', description: 'The total change a year over the households (pence; negative: less paid).' })
  yearlyChangePence!: number;

  @ApiProperty({ type: 'integer', description: 'The typical (median) change a month of the households whose amount changes (pence).' })
  typicalMonthlyChangePence!: number;
}

export class ImpactExampleBenefitDto {
  @ApiProperty({ description: 'The benefit’s code.' })
  code!: string;

  @ApiProperty({ description: 'The benefit’s name.' })
  name!: string;

  @ApiProperty({ type: 'integer', description: 'Pence a month with the published rules.' })
  beforeMonthlyPence!: number;

  @ApiProperty({ type: 'integer', description: 'Pence a month with the draft.' })
  afterMonthlyPence!: number;
}

export class ImpactExampleDto implements ImpactExample {
  @ApiProperty({ type: 'integer', description: 'The generated household’s seed: the same seed makes the same household again.' })
  seed!: number;

  @ApiProperty({
    description: 'The household in plain English.',
    example: 'Single, 30, renting privately in England, 1 child, working 16 hours',
  })
  description!: string;

  @ApiProperty({ type: 'integer', description: 'The change a month, pence.' })
  monthlyChangePence!: number;

  @ApiProperty({ type: [ImpactExampleBenefitDto], description: 'Each benefit before and after.' })
  benefits!: ImpactExampleBenefitDto[];
}

export class NotWorkedOutReasonDto implements NotWorkedOutReason {
  @ApiProperty({ description: 'Why, in words: the rates held end, a table of rates ends, or a rate has no value at the date.' })
  reason!: string;

  @ApiProperty({ description: 'What the policy officer can do about it, in words.' })
  nextStep!: string;

  @ApiProperty({ type: 'integer', description: 'Generated households not worked out for this reason.' })
  households!: number;
}

/** The impact over generated households: exact figures (they are no one's). */
export class ImpactSampleDto implements ImpactPart {
  @ApiProperty({ type: 'integer', description: 'Generated households.' })
  households!: number;

  @ApiProperty({ type: 'integer', description: 'Households that could not be worked out at the date with one of the two.' })
  notWorkedOut!: number;

  @ApiProperty({ type: [NotWorkedOutReasonDto], description: 'Why they could not, by reason, most households first; empty when all were.' })
  notWorkedOutReasons!: NotWorkedOutReasonDto[];

  @ApiProperty({
    type: [NotWorkedOutReasonDto],
    description:
      'Benefits whose amount is shown on one side only (not known on the other), by benefit, with the households it applies to: left out of their change, not counted as a gain or a loss.',
  })
  amountsNotKnown!: NotWorkedOutReasonDto[];

  @ApiProperty({ type: 'integer', description: 'Households whose amounts change.' })
  changed!: number;

  @ApiProperty({ type: 'integer', description: 'Households that get more.' })
  gainers!: number;

  @ApiProperty({ type: 'integer', description: 'Households that get less.' })
  losers!: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The typical (median) change a month of the households that gain (pence); null for none.',
  })
  typicalGainMonthlyPence!: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The typical (median) change a month of the households that lose (pence, negative); null for none.',
  })
  typicalLossMonthlyPence!: number | null;

  @ApiProperty({ type: 'integer', description: 'The total change a year, pence.' })
  totalYearlyChangePence!: number;

  @ApiProperty({ type: [ImpactBenefitChangeDto], description: 'The change for each benefit.' })
  benefits!: ImpactBenefitChangeDto[];

  @ApiProperty({ type: [ImpactBandDto], description: 'Households by change a month.' })
  distribution!: ImpactBandDto[];

  @ApiProperty({ type: 'integer', description: 'The seed the households are generated from.' })
  seed!: number;

  @ApiProperty({ type: [ImpactExampleDto], description: 'Households that change, as examples.' })
  examples!: ImpactExampleDto[];
}

export class StoredImpactBenefitDto {
  @ApiProperty({ description: 'The benefit’s code.' })
  code!: string;

  @ApiProperty({ description: 'The benefit’s name.' })
  name!: string;

  @ApiProperty({ ...FIGURE, description: 'Households whose amount of this benefit changes.' })
  householdsChanged!: Figure;

  @ApiProperty({ ...FIGURE, description: 'The change a year, pence.' })
  yearlyChangePence!: Figure;
}

export class StoredImpactBandDto {
  @ApiProperty({ description: 'The band in words.' })
  label!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Monthly change in pence, from (inclusive); null for an open end.' })
  fromPence!: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Monthly change in pence, to (exclusive); null for an open end.' })
  toPence!: number | null;

  @ApiProperty({ ...FIGURE, description: 'Households in the band.' })
  households!: Figure;
}

/**
 * The impact over real calculations, under the disclosure control: each figure rounded or withheld. Every count but
 * households is withheld below 10, and money from fewer than 10 households.
 */
export class StoredImpactPartDto implements StoredImpactPart {
  @ApiProperty({ ...FIGURE, description: 'Calculations held and read (0 shown as 0, 1 to 9 as fewer than 10).' })
  households!: Figure;

  @ApiProperty({ ...FIGURE, description: 'Households that could not be worked out at the date with one of the two.' })
  notWorkedOut!: Figure;

  @ApiProperty({ ...FIGURE, description: 'Households whose amounts change.' })
  changed!: Figure;

  @ApiProperty({ ...FIGURE, description: 'Households that get more.' })
  gainers!: Figure;

  @ApiProperty({ ...FIGURE, description: 'Households that get less.' })
  losers!: Figure;

  @ApiProperty({ ...FIGURE, description: 'The total change a year, pence.' })
  totalYearlyChangePence!: Figure;

  @ApiProperty({
    type: [StoredImpactBenefitDto],
    description: 'Benefits whose amount changes for at least 10 households; any other, for fewer or none.',
  })
  benefits!: StoredImpactBenefitDto[];

  @ApiProperty({ type: [StoredImpactBandDto], description: 'Households by change a month.' })
  distribution!: StoredImpactBandDto[];
}

export class ImpactReportDto implements ImpactReport {
  @ApiProperty({ ...AT, description: 'When it ran.' })
  ranAt!: string;

  @ApiProperty({ ...DATE, description: 'The date both the published rules and the draft are worked out at.' })
  date!: string;

  @ApiProperty({
    type: [String],
    description:
      'What the date means for the rates held, in plain words: the published rules compared with their last rates held, or a draft whose rates do not reach the date, with what to do. Empty when both cover it.',
  })
  dateNotes!: string[];

  @ApiProperty({ type: ImpactSampleDto, description: 'The reproducible sample of generated households.' })
  sample!: ImpactSampleDto;

  @ApiProperty({
    type: StoredImpactPartDto,
    description: 'Real calculations still kept, in aggregate only and under the disclosure control.',
  })
  stored!: StoredImpactPartDto;

  @ApiProperty({ type: 'integer', description: 'How long the sample took, in milliseconds.' })
  sampleMs!: number;

  @ApiProperty({ type: 'integer', description: 'How long the real calculations took, in milliseconds.' })
  storedMs!: number;
}

export class ChangeSetLinkDto implements ChangeSetLink {
  @ApiProperty({ type: 'integer', description: 'The other change set.' })
  id!: number;

  @ApiProperty({ description: 'Its title.' })
  title!: string;
}

export class ChangeSetDetailDto extends ChangeSetSummaryDto implements ChangeSetDetail {
  @ApiProperty({ description: 'Why: the law or announcement it follows.' })
  reason!: string;

  @ApiProperty({ type: 'array', items: POLICY_EDIT_SCHEMA, description: 'Its edits, in order.' })
  edits!: PolicyEdit[];

  @ApiProperty({ type: 'integer', description: 'The version of its edits: 1 after the first edit, one more after each change.' })
  version!: number;

  @ApiProperty({
    description: 'The digest of its edits as they are now: an approval and publishing send it back.',
    example: '9f2c5d0a4b7e4c1f8e3a6b2d5c9f0e1a7b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e',
  })
  digest!: string;

  @ApiProperty({ type: [PolicyPersonDto], description: 'Everyone who added, changed or removed an edit: none of them may approve it.' })
  contributors!: PolicyPersonDto[];

  @ApiProperty({ type: [EditProblemDto], description: 'What stops it being published now (empty when it can be).' })
  problems!: EditProblemDto[];

  @ApiProperty({ description: 'Whether the signed-in member may approve it now.' })
  canApprove!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the signed-in member cannot approve it; null when they can (or it is not a draft).',
  })
  cannotApproveBecause!: string | null;

  @ApiProperty({ type: [ApprovalCheckDto], description: 'What an approval and publishing need, each met or not.' })
  approvalChecks!: ApprovalCheckDto[];

  @ApiProperty({
    type: LapsedApprovalDto,
    nullable: true,
    description: 'The approval that lapsed when it was changed after it, if it was.',
  })
  lapsedApproval!: LapsedApprovalDto | null;

  @ApiProperty({ type: PendingRequestDto, nullable: true, description: 'A withdrawal or revert waiting for a second member.' })
  pendingRequest!: PendingRequestDto | null;

  @ApiProperty({ description: 'Whether the signed-in member may confirm the pending request (not the member who asked).' })
  canConfirmRequest!: boolean;

  @ApiProperty({ type: StopRecordDto, nullable: true, description: 'The emergency stop, if it was stopped.' })
  stopped!: StopRecordDto | null;

  @ApiProperty({ type: ChangeSetFailureDto, nullable: true, description: 'How it failed when results were worked out with it, if it did.' })
  failure!: ChangeSetFailureDto | null;

  @ApiProperty({ type: [PolicyAuditEntryDto], description: 'What has happened to it, latest first.' })
  audit!: PolicyAuditEntryDto[];

  @ApiProperty({
    type: [ChangeSetLinkDto],
    description: 'Published change sets, published after this one, that set again something it set (empty unless it is published).',
  })
  changedAgainBy!: ChangeSetLinkDto[];

  @ApiProperty({
    type: [ChangeSetLinkDto],
    description: 'Published change sets, published before this one, whose settings it sets again (empty unless it is published).',
  })
  changesAgain!: ChangeSetLinkDto[];

  @ApiProperty({ type: CasesRunReportDto, nullable: true, description: 'The last checks run on it, if any.' })
  lastCasesRun!: CasesRunReportDto | null;

  @ApiProperty({ type: ImpactReportDto, nullable: true, description: 'The last impact run on it, if any.' })
  lastImpact!: ImpactReportDto | null;
}

export class UpratingCurrentDto {
  @ApiProperty({ ...DATE, description: 'The date the value in force took effect.' })
  from!: string;

  @ApiProperty({ type: 'integer', description: 'The value in force the day before the new one.' })
  value!: number;
}

export class UpratingProposalDto implements UpratingProposal {
  @ApiProperty({ description: 'The parameter’s name.' })
  parameter!: string;

  @ApiProperty({ description: 'The parameter’s label.' })
  label!: string;

  @ApiProperty({ description: 'Its unit.', example: 'pence-per-week' })
  unit!: string;

  @ApiProperty({ type: UpratingCurrentDto, description: 'The value in force the day before from, which the percentage is applied to.' })
  current!: UpratingCurrentDto;

  @ApiProperty({ type: 'integer', description: 'The value proposed.' })
  proposed!: number;

  @ApiProperty({ enum: UPRATING_ROUNDINGS, description: 'How it is rounded.' })
  rounding!: UpratingRounding;

  @ApiProperty({ description: 'Why this rounding: the parameter’s own, or the default for its unit and period.' })
  roundingReason!: string;
}

export class UpratingSkippedDto {
  @ApiProperty({ description: 'The parameter’s name.' })
  parameter!: string;

  @ApiProperty({ description: 'Why it cannot be uprated by a percentage.' })
  reason!: string;
}

export class UpratingResponseDto implements UpratingResponse {
  @ApiProperty({ type: [UpratingProposalDto], description: 'Next year’s values.' })
  proposals!: UpratingProposalDto[];

  @ApiProperty({
    type: [UpratingSkippedDto],
    description: 'Parameters that cannot be uprated by a percentage (switches, counts, limits not uprated), and why.',
  })
  skipped!: UpratingSkippedDto[];
}

export class FailingChangeSetDto {
  @ApiProperty({ type: 'integer', description: 'The change set’s number.' })
  id!: number;

  @ApiProperty({ description: 'Its title.' })
  title!: string;

  @ApiProperty({ ...AT, description: 'When it failed.' })
  at!: string;

  @ApiProperty({ description: 'The error.' })
  message!: string;

  @ApiProperty({ description: 'Whether it has been stopped since.' })
  isStopped!: boolean;
}

export class StoppedChangeSetDto {
  @ApiProperty({ type: 'integer', description: 'The change set’s number.' })
  id!: number;

  @ApiProperty({ description: 'Its title.' })
  title!: string;

  @ApiProperty({ ...AT, description: 'When it was stopped.' })
  at!: string;

  @ApiProperty({ description: 'Why.' })
  reason!: string;

  @ApiProperty({ type: PolicyPersonDto, description: 'Who stopped it.' })
  by!: PolicyPersonDto;
}

export class PublishedChangeSetDto {
  @ApiProperty({ type: 'integer', description: 'The change set’s number.' })
  id!: number;

  @ApiProperty({ description: 'Its title.' })
  title!: string;

  @ApiProperty({ ...DATE, description: 'The date it applies from.' })
  effectiveFrom!: string;

  @ApiProperty({ type: String, nullable: true, ...DATE, description: 'The date it stops applying, when reverted.' })
  revertedFrom!: string | null;

  @ApiProperty({
    enum: ['in-files', 'not-exported', 'differs'],
    description: 'in-files: exported; not-exported: applied over the files; differs: the files hold something else.',
  })
  files!: 'in-files' | 'not-exported' | 'differs';

  @ApiProperty({ type: [String], description: 'How the files differ.' })
  differences!: string[];
}

export class RatesHeldDto {
  @ApiProperty({
    description:
      'held: more than 60 days left; running-out: the last date held is within 60 days; last-rates-held: it has passed and results use the last rates held, marked; ran-out: it passed more than a year ago and results cannot be worked out.',
    enum: ['held', 'running-out', 'last-rates-held', 'ran-out'],
  })
  state!: PolicyStatus['ratesHeld']['state'];

  @ApiProperty({ description: 'The last date the rates held cover, published change sets counted.', format: 'date', example: '2027-03-31' })
  lastDateHeld!: string;

  @ApiProperty({ description: 'Days from today to that date: 0 on it, negative after it.', example: 42 })
  daysLeft!: number;
}

export class PolicyStatusDto implements PolicyStatus {
  @ApiProperty({ description: 'The rules version today’s results are worked out with.', example: '2026-27+cs3+cs5' })
  rulesVersionToday!: string;

  @ApiProperty({ type: RatesHeldDto, description: 'How long the rates held last.' })
  ratesHeld!: RatesHeldDto;

  @ApiProperty({
    type: [FailingChangeSetDto],
    description: 'Published change sets that failed when results were worked out with them: results leave them out.',
  })
  failing!: FailingChangeSetDto[];

  @ApiProperty({ type: [StoppedChangeSetDto], description: 'Change sets stopped in an emergency, latest first (the last 20).' })
  stopped!: StoppedChangeSetDto[];

  @ApiProperty({
    type: [PublishedChangeSetDto],
    description: 'Published change sets in force or scheduled, and whether the files already hold them.',
  })
  published!: PublishedChangeSetDto[];
}

export class RulesetSummaryDto implements RulesetSummary {
  @ApiProperty({ description: 'The ruleset’s folder under rulesets/.', example: 'child-benefit' })
  folder!: string;

  @ApiProperty({ description: 'The benefit’s name as people write it.', example: 'Child Benefit' })
  title!: string;

  @ApiProperty({ description: 'The benefit.' })
  benefit!: string;

  @ApiProperty({ description: 'What the benefit is.' })
  description!: string;

  @ApiProperty({ type: 'integer', description: 'How many rules.' })
  rules!: number;

  @ApiProperty({ type: 'integer', description: 'How many hand-worked cases.' })
  cases!: number;
}

export class ExtraHelpHouseholdAmountPartDto {
  @ApiProperty({ description: 'A rate’s parameter.', example: 'gov/social_security_scotland/best_start_foods/amount/standard' })
  parameter!: string;

  @ApiProperty({ description: 'The number fact of the household it is multiplied by.', example: 'childrenAgedOneOrTwo' })
  times!: string;
}

export class ExtraHelpHouseholdAmountViewDto implements ExtraHelpHouseholdAmountView {
  @ApiProperty({ description: 'The sentence, with {{amount}} where the sum goes.' })
  text!: string;

  @ApiProperty({ type: [ExtraHelpHouseholdAmountPartDto], description: 'The rates and the counts they are multiplied by.' })
  amount!: ExtraHelpHouseholdAmountPartDto[];
}

export class ExtraHelpItemViewDto implements ExtraHelpItemView {
  @ApiProperty({ description: 'The item’s id, unique across every category.', example: 'warm-home-discount' })
  name!: string;

  @ApiProperty({ description: 'Its heading on the results page.' })
  title!: string;

  @ApiProperty({ description: 'What it is and roughly how much, in plain English.' })
  text!: string;

  @ApiPropertyOptional({ description: 'The heading of the help on how to get it; ‘How to access support’ when absent.' })
  howToAccessTitle?: string;

  @ApiProperty({ description: 'Who to contact and how to apply.' })
  howToAccess!: string;

  @ApiProperty({ type: [String], description: 'The nations it is offered in.', example: ['ENGLAND', 'WALES'] })
  nations!: string[];

  @ApiProperty({ ...ANY_JSON, description: 'When it is shown: json-rules-engine’s condition over the facts listed beside.' })
  condition!: Record<string, unknown>;

  @ApiProperty({ type: PolicySourceDto, description: 'The official page about it.' })
  source!: PolicySourceDto;

  @ApiPropertyOptional({
    type: ExtraHelpHouseholdAmountViewDto,
    description: 'What it comes to for the household, said after the text when above nil; kept as it is when the item is edited.',
  })
  forHousehold?: ExtraHelpHouseholdAmountViewDto;
}

export class ExtraHelpCategoryViewDto {
  @ApiProperty({ description: 'The category’s id.', example: 'energy' })
  name!: string;

  @ApiProperty({ description: 'Its heading on the results page.', example: 'Energy bills' })
  title!: string;

  @ApiProperty({ type: [ExtraHelpItemViewDto], description: 'Its items, in the order the results show them.' })
  items!: ExtraHelpItemViewDto[];
}

export class FactValueChoiceDto {
  @ApiProperty({ description: 'The value as a condition names it.', example: 'PRIVATE_RENT' })
  value!: string;

  @ApiProperty({ description: 'The value in words.', example: 'Private rent' })
  text!: string;
}

export class ExtraHelpFactChoiceDto implements ExtraHelpFactChoice {
  @ApiProperty({ description: 'The fact’s name, as a condition names it.', example: 'getsUniversalCredit' })
  name!: string;

  @ApiProperty({ enum: ['boolean', 'number', 'string'], description: 'Yes or no, a number, or one of the values listed.' })
  type!: 'boolean' | 'number' | 'string';

  @ApiProperty({ type: [FactValueChoiceDto], nullable: true, description: 'The only values a text fact takes, in words.' })
  values!: FactValueChoiceDto[] | null;

  @ApiProperty({ description: 'What the fact means, in words.' })
  label!: string;

  @ApiProperty({ description: 'A number held in pence, entered and shown in pounds.' })
  pounds!: boolean;
}

export class CouncilSchemeYearDto {
  @ApiProperty({ description: 'The council tax year, from 1 April.', example: '2026/27' })
  year!: string;

  @ApiProperty({
    ...ANY_JSON,
    description:
      'The year’s scheme as the council’s file holds it, without its date and sources (definitions/schemas/council-tax-scheme.schema.json, SchemeValue): what a ctr-scheme edit’s scheme is.',
  })
  scheme!: Record<string, unknown>;
}

export class CouncilSchemeHeldDto implements CouncilSchemeHeld {
  @ApiProperty({ description: 'The council’s code (GSS).', example: 'E06000023' })
  authority!: string;

  @ApiProperty({ description: 'The council’s name, as its scheme’s file names it.', example: 'Bristol' })
  name!: string;

  @ApiProperty({ type: [CouncilSchemeYearDto], description: 'Each year held, newest first.' })
  years!: CouncilSchemeYearDto[];
}

export class ExtraHelpCatalogueDto implements ExtraHelpCatalogue {
  @ApiProperty({ type: [ExtraHelpCategoryViewDto], description: 'The categories in the order the results show them.' })
  categories!: ExtraHelpCategoryViewDto[];

  @ApiProperty({ type: [ExtraHelpFactChoiceDto], description: 'The facts a condition may name.' })
  facts!: ExtraHelpFactChoiceDto[];
}

export class RulesetsResponseDto {
  @ApiProperty({ type: [RulesetSummaryDto], description: 'Every ruleset.' })
  rulesets!: RulesetSummaryDto[];
}

export class RuleSentenceDto {
  @ApiProperty({ type: 'integer', description: 'How deeply it is nested.' })
  depth!: number;

  @ApiProperty({ description: 'The condition in plain English.' })
  text!: string;
}

export class RuleEventDto {
  @ApiProperty({ description: 'The event’s type.' })
  type!: string;

  @ApiPropertyOptional({ ...ANY_JSON, description: 'The event’s params.' })
  params?: Record<string, unknown>;
}

export class RuleViewDto implements RuleView {
  @ApiProperty({ description: 'The rule’s name.' })
  name!: string;

  @ApiProperty({ description: 'What it does.' })
  description!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Its priority, if it has one.' })
  priority!: number | null;

  @ApiProperty({
    type: [RuleSentenceDto],
    description: '"Applies when all of these hold:" then one line per condition, nested with depth.',
  })
  sentences!: RuleSentenceDto[];

  @ApiProperty({ ...ANY_JSON, description: 'Its conditions, in json-rules-engine’s format.' })
  conditions!: Record<string, unknown>;

  @ApiProperty({ type: RuleEventDto, description: 'What it sets when it holds.' })
  event!: RuleEventDto;

  @ApiProperty({ type: [String], description: 'Parameters the rule’s conditions read.' })
  parameters!: string[];
}

export class RulesetFactDto {
  @ApiProperty({ description: 'The fact’s name.' })
  name!: string;

  @ApiProperty({ description: 'What it means.' })
  meaning!: string;
}

export class RulesetCaseDto {
  @ApiProperty({ description: 'The case’s file.' })
  file!: string;

  @ApiProperty({ description: 'The case’s name.' })
  name!: string;

  @ApiProperty({ ...DATE, description: 'The date it is worked out at.' })
  date!: string;

  @ApiProperty({ description: 'How the figure is worked out by hand.' })
  workings!: string;
}

export class RulesetViewDto implements RulesetView {
  @ApiProperty({ description: 'The ruleset’s folder.' })
  folder!: string;

  @ApiProperty({ description: 'The benefit’s name as people write it.', example: 'Child Benefit' })
  title!: string;

  @ApiProperty({ description: 'The benefit.' })
  benefit!: string;

  @ApiProperty({ description: 'What the benefit is.' })
  description!: string;

  @ApiProperty({ type: [PolicySourceDto], description: 'The legislation it follows.' })
  legislation!: PolicySourceDto[];

  @ApiProperty({ type: [RulesetFactDto], description: 'Its facts.' })
  facts!: RulesetFactDto[];

  @ApiProperty({ type: [RuleViewDto], description: 'Its rules.' })
  rules!: RuleViewDto[];

  @ApiProperty({ type: [RulesetCaseDto], description: 'Its hand-worked cases.' })
  cases!: RulesetCaseDto[];
}

export class ParameterLatestDto {
  @ApiProperty({ ...DATE, description: 'The date the latest value takes effect.' })
  from!: string;

  @ApiProperty({ ...POLICY_VALUE, description: 'The latest value.' })
  value!: number | boolean | null;
}

export class ParameterSummaryDto implements ParameterSummary {
  @ApiProperty({ description: 'The parameter’s name: its path, which mirrors the legislation.' })
  name!: string;

  @ApiProperty({ description: 'Its label.' })
  label!: string;

  @ApiProperty({ description: 'Its unit.' })
  unit!: string;

  @ApiProperty({
    enum: YEAR_DECISIONS,
    description:
      'What is decided about it for a new year: uprated (money the law uprates by a percentage), fixed (money frozen or fixed in its own law), council (a council’s own figure) or not-money (hours, tapers, ages, counts, switches).',
  })
  yearDecision!: YearDecision;

  @ApiProperty({ description: 'Its period.' })
  period!: string;

  @ApiProperty({ type: ParameterLatestDto, description: 'Its latest value.' })
  latest!: ParameterLatestDto;
}

export class ParametersResponseDto {
  @ApiProperty({ type: [ParameterSummaryDto], description: 'Every parameter.' })
  parameters!: ParameterSummaryDto[];
}

export class ParameterUpratingDto {
  @ApiProperty({ enum: UPRATING_ROUNDINGS, description: 'How its uprated values are rounded.' })
  rounding!: UpratingRounding;

  @ApiProperty({ description: 'Why.' })
  reason!: string;
}

export class ParameterValueDto {
  @ApiProperty({ ...DATE, description: 'The date it takes effect.' })
  from!: string;

  @ApiProperty({ ...POLICY_VALUE, description: 'The value.' })
  value!: number | boolean | null;

  @ApiProperty({ type: PolicySourceDto, description: 'Its official source.' })
  source!: PolicySourceDto;

  @ApiPropertyOptional({ description: 'A note.' })
  note?: string;
}

export class ParameterCaseDto {
  @ApiProperty({ description: 'The ruleset’s folder.', example: 'child-benefit' })
  ruleset!: string;

  @ApiProperty({ description: 'The benefit’s name as people write it.', example: 'Child Benefit' })
  rulesetTitle!: string;

  @ApiProperty({ description: 'The case’s name.', example: 'One child: the eldest rate only' })
  name!: string;
}

export class ParameterRuleDto {
  @ApiProperty({ description: 'The ruleset’s folder.' })
  ruleset!: string;

  @ApiProperty({ description: 'The benefit’s name as people write it.', example: 'Child Benefit' })
  rulesetTitle!: string;

  @ApiProperty({ description: 'The rule’s name.' })
  rule!: string;
}

export class ParameterViewDto implements ParameterView {
  @ApiProperty({ description: 'The parameter’s name.' })
  name!: string;

  @ApiProperty({ description: 'Its label.' })
  label!: string;

  @ApiProperty({ description: 'What it is.' })
  description!: string;

  @ApiProperty({ description: 'Its unit.' })
  unit!: string;

  @ApiProperty({ description: 'Its period.' })
  period!: string;

  @ApiProperty({ type: PolicySourceDto, description: 'The regulation it comes from.' })
  legislation!: PolicySourceDto;

  @ApiProperty({ type: ParameterUpratingDto, description: 'How it is uprated.' })
  uprating!: ParameterUpratingDto;

  @ApiProperty({ type: [ParameterValueDto], description: 'Its dated values.' })
  values!: ParameterValueDto[];

  @ApiProperty({ type: [ParameterCaseDto], description: 'The hand-worked cases that read it.' })
  cases!: ParameterCaseDto[];

  @ApiProperty({ type: [ParameterRuleDto], description: 'The rules whose conditions read it.' })
  rules!: ParameterRuleDto[];
}

export class PolicySearchHitDto implements PolicySearchHit {
  @ApiProperty({ enum: ['parameter', 'rule', 'question', 'extra-help'], description: 'What was found.' })
  kind!: PolicySearchHit['kind'];

  @ApiProperty({ description: 'Its title.' })
  title!: string;

  @ApiProperty({ description: 'Parameter name, ruleset/rule, page/question or category/item.' })
  path!: string;

  @ApiProperty({ description: 'Where the match is: the label, the regulation, the text...' })
  detail!: string;
}

export class PolicySearchResponseDto {
  @ApiProperty({ type: [PolicySearchHitDto], description: 'At most 50 hits, best first.' })
  hits!: PolicySearchHitDto[];
}
