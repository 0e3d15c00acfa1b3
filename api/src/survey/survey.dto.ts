import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, validateSync } from 'class-validator';
import { SURVEY_ACTIONS } from '../../../common/survey/model.js';
import { ApiError } from '../errors/api-error.js';
import { fieldErrors } from '../errors/request-validation.pipe.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';
import { PORTAL_PASS_MAX_LENGTH } from '../site/portal-pass.js';

/** What every post of a visit carries: where the visitor came from and their device. */
export class VisitFields extends BrowserRequest {
  @ApiPropertyOptional({ description: 'Partner id from the query string (`id`).', nullable: true, type: String })
  @IsOptional()
  @IsString({ message: 'partner must be text.' })
  @MaxLength(40, { message: 'partner must be at most 40 characters.' })
  partner?: string | null;

  @ApiPropertyOptional({ description: 'Referral code from the query string (`ref`).', nullable: true, type: String })
  @IsOptional()
  @IsString({ message: 'referral must be text.' })
  @MaxLength(100, { message: 'referral must be at most 100 characters.' })
  referral?: string | null;

  @ApiPropertyOptional({ description: 'Sub-category from the query string (`sub`).', nullable: true, type: String })
  @IsOptional()
  @IsString({ message: 'subCategory must be text.' })
  @MaxLength(100, { message: 'subCategory must be at most 100 characters.' })
  subCategory?: string | null;

  @ApiPropertyOptional({ description: 'Whether the query string asked for test mode (`test=true`).' })
  @IsOptional()
  @IsBoolean({ message: 'test must be true or false.' })
  test?: boolean;

  @ApiPropertyOptional({ description: 'Device details the web app sends; not stored.' })
  @IsOptional()
  @IsBoolean({ message: 'isMobile must be true or false.' })
  isMobile?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Not stored.' })
  @IsOptional()
  @IsString({ message: 'browserVersion must be text.' })
  @MaxLength(100, { message: 'browserVersion must be at most 100 characters.' })
  browserVersion?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Not stored.' })
  @IsOptional()
  @IsString({ message: 'browserName must be text.' })
  @MaxLength(100, { message: 'browserName must be at most 100 characters.' })
  browserName?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Not stored.' })
  @IsOptional()
  @IsString({ message: 'OsName must be text.' })
  @MaxLength(100, { message: 'OsName must be at most 100 characters.' })
  OsName?: string | null;
}

/**
 * The fields of a survey post other than the answers. The answers sit beside them, keyed by
 * question name; question names are PascalCase, these fields camelCase (except `OsName`, as the web app sends it).
 */
export class SurveySubmissionFields extends VisitFields {
  @ApiPropertyOptional({
    description: 'The calculation; absent or null when the first page is posted for the first time.',
    format: 'uuid',
    nullable: true,
    type: String,
  })
  @IsOptional()
  @IsUUID('all', { message: 'session must be a calculation id.' })
  session?: string | null;

  @ApiProperty({ description: 'The number of the page whose answers these are.', minimum: 1, example: 1 })
  @IsInt({ message: 'page must be a whole page number.' })
  @Min(1, { message: 'page must be a whole page number.' })
  @Max(1000, { message: 'page must be a whole page number.' })
  page!: number;

  @ApiProperty({ description: '1 = go back, 2 = next, 4 = finished (go to results), 5 = re-calculate for better-off.', example: 2 })
  @IsInt({ message: 'Unknown survey action type' })
  action!: number;

  @ApiPropertyOptional({ description: 'Session id of a partner PIP tool (`pip`).', nullable: true, type: String })
  @IsOptional()
  @IsString({ message: 'pipSessionId must be text.' })
  @MaxLength(100, { message: 'pipSessionId must be at most 100 characters.' })
  pipSessionId?: string | null;

  @ApiPropertyOptional({
    description:
      'Shown inside a partner portal (`portal=true`). A calculation is started as the partner’s portal (shown as the partner shows it, and counted in its management information) only with `portalPass` too; otherwise it is an ordinary visit from the partner.',
  })
  @IsOptional()
  @IsBoolean({ message: 'portal must be true or false.' })
  portal?: boolean;

  @ApiPropertyOptional({
    description:
      'The portal pass the page’s settings gave when the server recognised the partner’s frame (`portal.pass`): only the first POST, which starts the calculation, needs it. Without a good one (or without the browser’s Sec-Fetch-Site: same-origin), the calculation is not credited to the portal.',
    nullable: true,
    type: String,
    maxLength: PORTAL_PASS_MAX_LENGTH,
  })
  @IsOptional()
  @IsString({ message: 'portalPass must be text.' })
  @MaxLength(PORTAL_PASS_MAX_LENGTH, { message: `portalPass must be at most ${PORTAL_PASS_MAX_LENGTH} characters.` })
  portalPass?: string | null;
}

const FIELD_NAMES = new Set([
  'browserId',
  'session',
  'page',
  'action',
  'partner',
  'referral',
  'subCategory',
  'test',
  'pipSessionId',
  'portal',
  'portalPass',
  'isMobile',
  'browserVersion',
  'browserName',
  'OsName',
]);

export const KNOWN_SURVEY_ACTIONS: readonly number[] = Object.values(SURVEY_ACTIONS);

export interface SurveySubmission {
  fields: SurveySubmissionFields;
  /** Raw answers keyed by question name, not yet checked against the questions. */
  answers: Record<string, unknown>;
}

/** Splits a survey post into its fields (checked here) and its answers (checked against the page's questions). */
export function readSurveySubmission(body: unknown): SurveySubmission {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw ApiError.validation([{ path: '', message: 'The request body must be a JSON object, sent with Content-Type: application/json.' }]);
  }
  const plainFields: Record<string, unknown> = {};
  const answers: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (FIELD_NAMES.has(key)) plainFields[key] = value;
    else answers[key] = value;
  }
  // Every field is a single value: a list or object given instead is refused here, by name.
  for (const [key, value] of Object.entries(plainFields)) {
    if (typeof value === 'object' && value !== null)
      throw ApiError.validation([{ path: key, message: `${key} must be a single value, not a list or object.` }]);
  }
  // Single values need no transforming (class-transformer's plainToInstance would copy them as they are, at a few per
  // cent of the POST's time): they are put on the class for class-validator to read its decorators.
  const fields = Object.assign(new SurveySubmissionFields(), plainFields);
  const errors = validateSync(fields, { forbidUnknownValues: true, validationError: { target: false, value: false } });
  if (errors.length > 0) throw ApiError.validation(fieldErrors(errors));
  if (!KNOWN_SURVEY_ACTIONS.includes(fields.action)) {
    throw new ApiError(400, 'UNKNOWN_SURVEY_ACTION', 'Unknown survey action type', [
      { path: 'action', message: 'Unknown survey action type' },
    ]);
  }
  return { fields, answers };
}
