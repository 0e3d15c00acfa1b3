import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsString, Matches, MaxLength, Min, ValidateIf } from 'class-validator';
import {
  POLICY_LIMITS,
  type ApproveRequest,
  type ConfirmRequest,
  type CreateChangeSetRequest,
  type ImpactRequest,
  type PolicyEdit,
  type PublishRequest,
  type RevertRequest,
  type StopRequest,
  type UpratingRequest,
  type WithdrawRequest,
} from '../../../common/policy/model.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';
import { POLICY_EDIT_SCHEMA } from './policy-answers.dto.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// Each request DTO implements its request type of common/policy/model.ts (the one the web and the engine use), so
// the two cannot drift apart: the DTO adds only the validation and the OpenAPI description.
// PostgreSQL text cannot hold a NUL character: saving one failed with a database error (a 500, found by the fuzz).
const NO_NUL = /^[^\u0000]*$/;

export class CreateChangeSetDto extends BrowserRequest implements CreateChangeSetRequest {
  @ApiProperty({
    description: 'A short title: what the change set does.',
    example: 'Uprate Child Benefit for April 2027',
    maxLength: POLICY_LIMITS.titleMaxLength,
  })
  @IsString({ message: 'Enter a title for the change set.' })
  @Matches(/\S/, { message: 'Enter a title for the change set.' })
  @MaxLength(POLICY_LIMITS.titleMaxLength, { message: `The title must be at most ${POLICY_LIMITS.titleMaxLength} characters.` })
  @Matches(NO_NUL, { message: 'The title must be ordinary text.' })
  title!: string;

  @ApiProperty({
    description: 'Why: the law or announcement it follows.',
    example: 'The Social Security Benefits Up-rating Order 2027 raises Child Benefit by 3.8% from 6 April 2027.',
    maxLength: POLICY_LIMITS.reasonMaxLength,
  })
  @IsString({ message: 'Say why the change is made.' })
  @Matches(/\S/, { message: 'Say why the change is made.' })
  @MaxLength(POLICY_LIMITS.reasonMaxLength, { message: `The reason must be at most ${POLICY_LIMITS.reasonMaxLength} characters.` })
  @Matches(NO_NUL, { message: 'The reason must be ordinary text.' })
  reason!: string;
}

export class EditDto extends BrowserRequest {
  @ApiProperty({
    ...POLICY_EDIT_SCHEMA,
    description:
      "One edit (common/policy/model.ts PolicyEdit; checked with the JSON Schema definitions/schemas/policy-edit.schema.json): kind 'parameter-value', 'rates-held', 'lha-rates-held', 'band-d', 'lha-rates', 'ctr-scheme', 'lha-council-areas', 'rule', 'question', 'extra-help-item' or 'case'.",
    example: {
      kind: 'parameter-value',
      parameter: 'gov/hmrc/child_benefit/amount/eldest',
      from: '2027-04-12',
      value: 2810,
      source: {
        title: 'Benefit and pension rates 2027 to 2028',
        url: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2027-to-2028',
      },
    },
  })
  @IsObject({ message: 'edit must be an object: one edit of the change set.' })
  edit!: PolicyEdit;
}

const DIGEST = /^[0-9a-f]{64}$/;
const DIGEST_PROPERTY = {
  description:
    "The digest of the change set's edits as they were shown (ChangeSetDetail.digest): what is approved or published. A change set changed since is refused with 409 CHANGE_SET_CHANGED.",
  example: '9f2c5d0a4b7e4c1f8e3a6b2d5c9f0e1a7b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e',
};
const DIGEST_MESSAGE = "digest must be the change set's digest as the workbench showed it (64 hexadecimal characters).";

/** Why a withdrawal, a revert or an emergency stop is made: recorded in the audit. */
class ReasonDto extends BrowserRequest {
  @ApiProperty({
    description: 'Why, in a sentence or two: recorded in the audit and shown to the member who confirms.',
    example: 'The rate was announced in error; the government has withdrawn it.',
    maxLength: POLICY_LIMITS.requestReasonMaxLength,
  })
  @IsString({ message: 'Say why.' })
  @Matches(/\S/, { message: 'Say why.' })
  @MaxLength(POLICY_LIMITS.requestReasonMaxLength, {
    message: `The reason must be at most ${POLICY_LIMITS.requestReasonMaxLength} characters.`,
  })
  @Matches(NO_NUL, { message: 'The reason must be ordinary text.' })
  reason!: string;
}

export class ApproveDto extends BrowserRequest implements ApproveRequest {
  @ApiProperty(DIGEST_PROPERTY)
  @IsString({ message: DIGEST_MESSAGE })
  @Matches(DIGEST, { message: DIGEST_MESSAGE })
  digest!: string;
}

export class PublishDto extends BrowserRequest implements PublishRequest {
  @ApiProperty({ description: 'The date it applies from, yyyy-mm-dd: today or later.', example: '2027-04-06' })
  @Matches(DATE, { message: 'Enter the date it applies from, written yyyy-mm-dd.' })
  effectiveFrom!: string;

  @ApiProperty(DIGEST_PROPERTY)
  @IsString({ message: DIGEST_MESSAGE })
  @Matches(DIGEST, { message: DIGEST_MESSAGE })
  digest!: string;
}

export class WithdrawDto extends ReasonDto implements WithdrawRequest {}

export class StopDto extends ReasonDto implements StopRequest {}

export class RevertDto extends ReasonDto implements RevertRequest {
  @ApiProperty({
    description: 'The date it stops applying, yyyy-mm-dd: today or later, and not before its own date.',
    example: '2027-05-01',
  })
  @Matches(DATE, { message: 'Enter the date it stops applying, written yyyy-mm-dd.' })
  from!: string;
}

export class ConfirmDto extends BrowserRequest implements ConfirmRequest {
  @ApiProperty({
    description: 'The request confirmed, as it was shown: withdraw or revert.',
    enum: ['withdraw', 'revert'],
    example: 'revert',
  })
  @IsIn(['withdraw', 'revert'], { message: 'kind must be withdraw or revert, as the request was shown.' })
  kind!: 'withdraw' | 'revert';

  @ApiProperty({
    description: "The revert's date as it was shown, yyyy-mm-dd; null for a withdrawal.",
    example: '2027-05-01',
    nullable: true,
    required: false,
    type: String,
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @Matches(DATE, { message: "from must be the revert's date as it was shown (yyyy-mm-dd), or null for a withdrawal." })
  from?: string | null;
}

export class ImpactDto extends BrowserRequest implements ImpactRequest {
  @ApiProperty({ description: 'The date both the published rules and the draft are worked out at, yyyy-mm-dd.', example: '2027-04-12' })
  @Matches(DATE, { message: 'Enter the date to work the households out at, written yyyy-mm-dd.' })
  date!: string;
}

export class UpratingDto extends BrowserRequest implements UpratingRequest {
  @ApiProperty({ description: 'The parameters to uprate, by name.', example: ['gov/hmrc/child_benefit/amount/eldest'] })
  @IsArray({ message: 'Choose the parameters to uprate.' })
  @ArrayMinSize(1, { message: 'Choose at least one parameter to uprate.' })
  @ArrayMaxSize(POLICY_LIMITS.upratingParametersMax, {
    message: `Choose at most ${POLICY_LIMITS.upratingParametersMax} parameters at a time.`,
  })
  @IsString({ each: true, message: 'Each parameter must be named by its path.' })
  parameters!: string[];

  @ApiProperty({ description: 'The uprating, a percentage with up to 2 decimals.', example: '3.8' })
  @Matches(/^-?\d{1,3}(\.\d{1,2})?$/, { message: 'Enter the percentage as a number with up to 2 decimals, like 3.8.' })
  percent!: string;

  @ApiProperty({ description: 'The date the new values take effect, yyyy-mm-dd.', example: '2027-04-12' })
  @Matches(DATE, { message: 'Enter the date the new values take effect, written yyyy-mm-dd.' })
  from!: string;
}

export class ParameterQuery {
  @ApiProperty({
    description: "The parameter's name: its path under rulesets/parameters/ without .json.",
    example: 'gov/hmrc/child_benefit/amount/eldest',
  })
  @Matches(/^[a-z][a-z0-9_]*(\/[a-z][a-z0-9_]*){0,12}$/, {
    message: 'name must be a parameter name, like gov/hmrc/child_benefit/amount/eldest.',
  })
  @MaxLength(300, { message: 'name must be a parameter name, like gov/hmrc/child_benefit/amount/eldest.' })
  name!: string;
}

export class CouncilSchemeQuery {
  @ApiProperty({ description: 'An English council’s code (GSS): E and 8 digits.', example: 'E06000023' })
  @Matches(/^E\d{8}$/, { message: 'authority must be an English council’s code: E and 8 digits, such as E06000023.' })
  authority!: string;
}

export class SearchQuery {
  @ApiProperty({ description: 'What to look for.', example: 'capital', maxLength: POLICY_LIMITS.searchMaxLength })
  @IsString({ message: 'Enter what to search for.' })
  @MaxLength(POLICY_LIMITS.searchMaxLength, { message: `Search for at most ${POLICY_LIMITS.searchMaxLength} characters.` })
  q!: string;
}

export class OpenYearDto extends BrowserRequest {
  @ApiProperty({
    description: 'Why: the announcement the year follows.',
    example: 'The rates announced in the Budget for April 2027.',
    maxLength: POLICY_LIMITS.reasonMaxLength,
  })
  @IsString({ message: 'Say why the year is opened: the announcement it follows.' })
  @Matches(/\S/, { message: 'Say why the year is opened: the announcement it follows.' })
  @MaxLength(POLICY_LIMITS.reasonMaxLength, { message: `The reason must be at most ${POLICY_LIMITS.reasonMaxLength} characters.` })
  @Matches(NO_NUL, { message: 'The reason must be ordinary text.' })
  reason!: string;
}

/** The edits (their numbers in the change set, from 0) a bulk change applies to. */
const EDIT_NUMBERS: ApiPropertyOptions = {
  description: 'The edits it applies to, by their place in the change set (the first is 0).',
  example: [1, 2, 3],
  type: 'integer',
  isArray: true,
};

export class UprateEditsDto extends BrowserRequest {
  @ApiProperty(EDIT_NUMBERS)
  @IsArray({ message: 'Choose the values to uprate.' })
  @ArrayMinSize(1, { message: 'Choose at least one value to uprate.' })
  @ArrayMaxSize(POLICY_LIMITS.editsMax, { message: `Choose at most ${POLICY_LIMITS.editsMax} values.` })
  @IsInt({ each: true, message: 'Each value is named by its number in the change set.' })
  @Min(0, { each: true, message: 'Each value is named by its number in the change set.' })
  edits!: number[];

  @ApiProperty({ description: 'The uprating, a percentage with up to 2 decimals, applied to last year’s value.', example: '3.8' })
  @Matches(/^\d{1,3}(\.\d{1,2})?$/, { message: 'Enter the percentage as a number with up to 2 decimals, like 3.8.' })
  percent!: string;
}

export class SourceEditsDto extends BrowserRequest {
  @ApiProperty(EDIT_NUMBERS)
  @IsArray({ message: 'Choose the values the source is for.' })
  @ArrayMinSize(1, { message: 'Choose at least one value the source is for.' })
  @ArrayMaxSize(POLICY_LIMITS.editsMax, { message: `Choose at most ${POLICY_LIMITS.editsMax} values.` })
  @IsInt({ each: true, message: 'Each value is named by its number in the change set.' })
  @Min(0, { each: true, message: 'Each value is named by its number in the change set.' })
  edits!: number[];

  @ApiProperty({ description: 'The official source’s title.', example: 'Benefit and pension rates 2027 to 2028' })
  @IsString({ message: 'Enter the title of the source.' })
  @Matches(/\S/, { message: 'Enter the title of the source.' })
  @MaxLength(300, { message: 'The title of the source must be at most 300 characters.' })
  @Matches(NO_NUL, { message: 'The title must be ordinary text.' })
  title!: string;

  @ApiProperty({
    description: 'The official source’s address.',
    example: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2027-to-2028',
  })
  @IsString({ message: 'Enter the address of the source.' })
  @Matches(/^https:\/\/\S+$/, { message: 'Enter the source’s address starting https://' })
  @MaxLength(2000, { message: 'The address must be at most 2,000 characters.' })
  url!: string;
}
