import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  type ApiKeyLevels,
  type ApiKeySecretResponse,
  type ApiKeysResponse,
  type ApiKeyView,
} from '../../../common/api-keys/model.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';

/**
 * A number typed as text ("500") becomes the number; anything else is left for the checks to refuse. class-transformer's
 * @Type(() => Number) would call Number() on an object, which throws on one whose toString is not a function (a 500
 * the endpoint fuzz found), where this answers 400 naming the field.
 */
function numberFromText({ value }: TransformFnParams): unknown {
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
// PostgreSQL text cannot hold a NUL character.
const NO_NUL = /^[^\u0000]*$/;

export class CreateApiKeyRequest extends BrowserRequest {
  @ApiProperty({
    description: 'What the key is for, so that people can tell keys apart.',
    example: 'Case management system',
    maxLength: 100,
  })
  @Transform(trimmed)
  @IsString({ message: API_KEY_MESSAGES.nameRequired })
  @MinLength(1, { message: API_KEY_MESSAGES.nameRequired })
  @MaxLength(API_KEY_LIMITS.nameMaxLength, { message: API_KEY_MESSAGES.nameTooLong })
  @Matches(NO_NUL, { message: API_KEY_MESSAGES.nameRequired })
  name!: string;

  @ApiPropertyOptional({
    description: `Households the key may have worked out a day (UK date); ${API_KEY_LIMITS.defaultDailyQuota} when not given, or less if the organisation's level leaves less. At most the organisation's daily level, and with the keys in use at most that level between them.`,
    minimum: 1,
    maximum: API_KEY_LIMITS.maxDailyQuota,
    example: API_KEY_LIMITS.defaultDailyQuota,
  })
  @IsOptional()
  @Transform(numberFromText)
  @IsInt({ message: API_KEY_MESSAGES.dailyQuota })
  @Min(1, { message: API_KEY_MESSAGES.dailyQuota })
  @Max(API_KEY_LIMITS.maxDailyQuota, { message: API_KEY_MESSAGES.dailyQuota })
  dailyQuota?: number;

  @ApiPropertyOptional({
    description: `Calls the key may make a minute; ${API_KEY_LIMITS.defaultPerMinute} when not given, or the organisation's level if lower. At most the organisation's per-minute level.`,
    minimum: 1,
    maximum: API_KEY_LIMITS.maxPerMinute,
    example: API_KEY_LIMITS.defaultPerMinute,
  })
  @IsOptional()
  @Transform(numberFromText)
  @IsInt({ message: API_KEY_MESSAGES.perMinute })
  @Min(1, { message: API_KEY_MESSAGES.perMinute })
  @Max(API_KEY_LIMITS.maxPerMinute, { message: API_KEY_MESSAGES.perMinute })
  perMinute?: number;
}

/** Rotating and revoking send nothing but the browser id the web app adds to every POST. */
export class ApiKeyActionRequest extends BrowserRequest {}

export class ApiKeyParams {
  @ApiProperty({ format: 'uuid', description: 'The key’s id, as the list gives it.' })
  @IsUUID('all', { message: API_KEY_MESSAGES.notFound })
  id!: string;
}

export class ApiKeyViewDto implements ApiKeyView {
  @ApiProperty({ format: 'uuid', description: 'The key’s id, for rotating and revoking it.' })
  id!: string;

  @ApiProperty({ description: 'What the key is for, as the admin named it.', example: 'Case management system' })
  name!: string;

  @ApiProperty({ description: 'The first characters of the key, to tell keys apart.', example: 'bc_live_Hk3vQ9xZ' })
  prefix!: string;

  @ApiProperty({
    description:
      'Households the key may have worked out a day (UK date), as counted: its quota, or its share of the organisation’s level if that was lowered below what its keys in use add up to.',
    example: 10000,
  })
  dailyQuota!: number;

  @ApiProperty({
    description: 'Calls the key may make a minute, as counted: its limit, or the organisation’s level if lower.',
    example: 60,
  })
  perMinute!: number;

  @ApiProperty({ format: 'date-time', description: 'When the key was created.' })
  createdAt!: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When the key was revoked; null while it works.' })
  revokedAt!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When a call last came with the key; null if never.' })
  lastUsedAt!: string | null;

  @ApiProperty({ description: 'Households worked out today (UK date) with this key.', example: 120 })
  callsToday!: number;

  @ApiProperty({ description: 'Calls refused today, over the quota or the per-minute limit.', example: 0 })
  refusedToday!: number;
}

export class ApiKeyLevelsDto implements ApiKeyLevels {
  @ApiProperty({
    description: 'Households the organisation’s keys in use may work out a day between them, as the service sets it (not the admin).',
    example: 100000,
  })
  dailyQuota!: number;

  @ApiProperty({ description: 'Calls a minute each of the organisation’s keys may make at most, as the service sets it.', example: 600 })
  perMinute!: number;

  @ApiProperty({ description: 'The daily quotas of the organisation’s keys in use, added up as they were set.', example: 20000 })
  dailyQuotaInUse!: number;
}

export class ApiKeysResponseDto implements ApiKeysResponse {
  @ApiProperty({ type: [ApiKeyViewDto], description: 'Keys in use first, newest first; then revoked keys.' }) keys!: ApiKeyViewDto[];
  @ApiProperty({ type: ApiKeyLevelsDto, description: 'The level the service sets for the organisation’s keys.' })
  levels!: ApiKeyLevelsDto;
}

export class ApiKeySecretResponseDto implements ApiKeySecretResponse {
  @ApiProperty({ type: ApiKeyViewDto, description: 'The key, as the list shows it.' })
  key!: ApiKeyViewDto;
  @ApiProperty({
    description: 'The whole key, shown this once: only its SHA-256 is kept. Send it in X-Api-Key.',
    example: 'bc_live_Hk3vQ9xZ2mP0aB7cD1eF4gH5iJ6kL8nO9pQrStUvWx',
  })
  secret!: string;
}
