import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { ADVISER_LIMITS, type ClientSearchType } from '../../../common/adviser/model.js';
import { DOCUMENT_PERIODS, type DocumentPeriod } from '../documents/result-view.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';

/**
 * The adviser area's requests (the `/api/intermediary/...` calls). Lengths are checked by the service with the
 * adviser area's own messages (adviser-rules.ts); here only the shape: ids are ids, text is text.
 */

const SESSION_ID = { message: 'session must be a calculation id.' };
const CLIENT_GUID = { message: 'clientGuid must be a client id.' };
const CLIENT_SEARCH_TYPES: readonly ClientSearchType[] = ['user', 'organisation'];

/** A repeated query parameter arrives as an array, a single one as text: always an array here. */
const asArray = ({ value }: { value: unknown }) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export class ClientSearchQuery {
  @ApiProperty({
    description:
      "Part of the client's name, or their date of birth as DD/MM/YYYY; at least 3 characters. Empty with searchType 'user': the adviser's own clients, most recently worked on first.",
    example: 'Smi',
  })
  @IsString({ message: 'search must be text.' })
  @MaxLength(200, { message: 'search must be at most 200 characters.' })
  // PostgreSQL text cannot hold a NUL character: searching for one failed with a database error (a 500).
  @Matches(/^[^\u0000]*$/, { message: 'search must not contain a NUL character.' })
  search!: string;

  @ApiProperty({ description: "'user': only my clients; 'organisation': all clients in my organisation.", enum: CLIENT_SEARCH_TYPES })
  @IsIn(CLIENT_SEARCH_TYPES, { message: 'searchType must be user or organisation.' })
  searchType!: ClientSearchType;
}

export class ClientQuery {
  @ApiProperty({ description: 'The client.', format: 'uuid' })
  @IsUUID('all', CLIENT_GUID)
  clientGuid!: string;
}

export class CalculationQuery {
  @ApiProperty({ description: 'The calculation.', format: 'uuid' })
  @IsUUID('all', SESSION_ID)
  session!: string;
}

export class CompareQuery {
  @ApiProperty({ description: 'The client the calculations belong to.', format: 'uuid' })
  @IsUUID('all', CLIENT_GUID)
  clientGuid!: string;

  @ApiProperty({
    description: `The calculations to compare, the parameter repeated once for each: ${ADVISER_LIMITS.compareMin} to ${ADVISER_LIMITS.compareMax}, all finished.`,
    type: [String],
    format: 'uuid',
  })
  @Transform(asArray)
  @IsArray({ message: 'session must be repeated once for each calculation.' })
  @ArrayMinSize(ADVISER_LIMITS.compareMin, { message: `Choose at least ${ADVISER_LIMITS.compareMin} calculations to compare.` })
  @ArrayMaxSize(ADVISER_LIMITS.compareMax, { message: `Choose at most ${ADVISER_LIMITS.compareMax} calculations to compare.` })
  @IsUUID('all', { each: true, message: 'Each session must be a calculation id.' })
  session!: string[];
}

export class AdviserPdfQuery {
  @ApiProperty({ description: 'The client the calculations belong to.', format: 'uuid' })
  @IsUUID('all', CLIENT_GUID)
  clientGuid!: string;

  @ApiProperty({
    description: `One calculation (its results PDF) or ${ADVISER_LIMITS.compareMin} to ${ADVISER_LIMITS.compareMax} (the comparison PDF), the parameter repeated once for each.`,
    type: [String],
    format: 'uuid',
  })
  @Transform(asArray)
  @IsArray({ message: 'session must be repeated once for each calculation.' })
  @ArrayMinSize(1, { message: 'Choose a calculation to download.' })
  @ArrayMaxSize(ADVISER_LIMITS.compareMax, { message: `Choose at most ${ADVISER_LIMITS.compareMax} calculations to compare.` })
  @IsUUID('all', { each: true, message: 'Each session must be a calculation id.' })
  session!: string[];

  @ApiPropertyOptional({ description: 'The period the amounts are shown in.', enum: DOCUMENT_PERIODS, default: 'weekly' })
  @IsOptional()
  @IsIn(DOCUMENT_PERIODS, { message: 'period must be weekly or monthly.' })
  period?: DocumentPeriod;
}

/** The device fields the web app sends with start and duplicate; accepted, not kept. */
class DeviceFields extends BrowserRequest {
  @ApiPropertyOptional({ description: 'Sent by the web app; not kept.' })
  @IsOptional()
  @IsBoolean({ message: 'isMobile must be true or false.' })
  isMobile?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Sent by the web app (null when not known); not kept.' })
  @IsOptional()
  @IsString({ message: 'browserVersion must be text.' })
  @MaxLength(100, { message: 'browserVersion must be at most 100 characters.' })
  browserVersion?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Sent by the web app (null when not known); not kept.' })
  @IsOptional()
  @IsString({ message: 'browserName must be text.' })
  @MaxLength(100, { message: 'browserName must be at most 100 characters.' })
  browserName?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Sent by the web app (null when not known); not kept.' })
  @IsOptional()
  @IsString({ message: 'OsName must be text.' })
  @MaxLength(100, { message: 'OsName must be at most 100 characters.' })
  OsName?: string | null;
}

export class StartRequest extends DeviceFields {
  @ApiProperty({ description: 'The client to start a calculation for.', format: 'uuid' })
  @IsUUID('all', CLIENT_GUID)
  clientGuid!: string;

  @ApiProperty({
    description: `The case label: required, at most ${ADVISER_LIMITS.caseLabelMaxLength} characters.`,
    example: 'Before new job',
  })
  @IsOptional()
  @IsString({ message: 'caseReference must be text.' })
  caseReference?: string;
}

export class DuplicateRequest extends StartRequest {
  @ApiProperty({ description: 'The calculation to copy.', format: 'uuid' })
  @IsUUID('all', SESSION_ID)
  session!: string;
}

/** Every POST of the web app carries its browser id; an adviser's calculation is opened through the account, not by it. */
export class DeleteRequest extends BrowserRequest {
  @ApiProperty({ description: 'The calculation to delete.', format: 'uuid' })
  @IsUUID('all', SESSION_ID)
  session!: string;
}

export class DetailsRequest extends BrowserRequest {
  @ApiProperty({ description: 'The calculation.', format: 'uuid' })
  @IsUUID('all', SESSION_ID)
  session!: string;

  @ApiProperty({ description: `The case label: required, at most ${ADVISER_LIMITS.caseLabelMaxLength} characters.` })
  @IsOptional()
  @IsString({ message: 'caseLabel must be text.' })
  caseLabel?: string;

  @ApiProperty({ description: `The case notes: at most ${ADVISER_LIMITS.caseNotesMaxLength} characters.` })
  @IsOptional()
  @IsString({ message: 'caseNotes must be text.' })
  caseNotes?: string;
}

export class ClientsResponseDto {
  @ApiProperty({ description: 'Always true: only advisers get an answer.' })
  isIntermediary!: boolean;

  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description:
      'At most 50 clients: clientGuid, displayName, firstName, lastName, dateOfBirth (DD/MM/YYYY), clientNumber, caseReference, caseNotes, searchName, calculationCreateDate and calculationUpdateDate (of the newest calculation, DD/MM/YYYY, or null).',
  })
  searchClients!: unknown[];
}

export class ClientResponseDto {
  @ApiProperty({ description: 'Always true: only advisers get an answer.' })
  isIntermediary!: boolean;

  @ApiProperty({ type: Object, description: 'The client, as in the search results.' })
  client!: unknown;

  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description:
      'Its calculations younger than 6 months, newest first: sessionId, token, createdDate (DD/MM/YYYY), caseReference (the case label), isComplete, link.',
  })
  calculations!: unknown[];
}

export class AdviserCalculationResponseDto {
  @ApiProperty({ description: 'True: the calculation was found.' })
  isValid!: boolean;

  @ApiProperty({ description: 'Always true: only advisers get an answer.' })
  isIntermediary!: boolean;

  @ApiProperty({
    type: Object,
    description:
      'token, session, clientGuid, displayName, createDate, updateDate, isComplete, isEligibleForLb, isEligibleForUc, link, caseNotes, caseReference, meansTested, nonMeansTested, universalCredit (benefitName, weeklyPayment, monthlyPayment, and when the client gave them claimStatus ALREADY_GET or COULD_CLAIM and paidAfterDeductions), oneOff (benefitName, amount, amountShown: lump sums paid once, in no total), the lb and uc totals (Benefit, Other, total; weekly and monthly), categories (the answers) and housingAllowance (for a private tenant: the Local Housing Allowance area used and why, as on the results page; null otherwise).',
  })
  calculation!: unknown;
}

export class CompareResponseDto {
  @ApiProperty({ description: 'Always true: only advisers get an answer.' })
  isIntermediary!: boolean;

  @ApiProperty({
    type: Object,
    description:
      'Universal Credit system: show, messageHtml, categories (benefit names), weeklyData and monthlyData (a column per calculation).',
  })
  uc!: unknown;

  @ApiProperty({ type: Object, description: 'Legacy benefits and pension age benefits, in the same shape as uc.' })
  lb!: unknown;

  @ApiProperty({
    type: Object,
    nullable: true,
    description:
      "Null while the rates held cover today. Otherwise next year's rates are not added yet and the figures use the last rates held: ratesDate (yyyy-mm-dd), and heading and notice to show first, in plain words.",
  })
  lastRatesHeld!: unknown;
}

export class AdviserActionResponseDto {
  @ApiProperty({ description: 'True: the change was made.' })
  isValid!: boolean;

  @ApiProperty({ description: 'Always true: only advisers get an answer.' })
  isIntermediary!: boolean;

  @ApiPropertyOptional({ format: 'uuid', description: 'start and duplicate: the new calculation, to open at page 1 of the survey.' })
  session?: string;
}
