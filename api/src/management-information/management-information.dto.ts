import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { MANAGEMENT_INFORMATION_SCOPES, YEAR_PATTERN } from '../../../common/accounts/management-information.js';
import { WITHHELD_REASONS } from '../../../common/disclosure-control.js';

export class ManagementInformationQuery {
  @ApiPropertyOptional({
    description:
      'The year, April to March, written 2026-27. Left out: the year today is in. Only whole fixed years are offered (no other period), so that no two answers overlap in a way whose difference is one person.',
    example: '2026-27',
  })
  @IsOptional()
  @Matches(YEAR_PATTERN, { message: 'year must be a year written like 2026-27 (April 2026 to March 2027).' })
  year?: string;

  @ApiPropertyOptional({
    description:
      "Whose calculations: the organisation's clients' (the default), or the public's in the partner portal the organisation runs.",
    enum: MANAGEMENT_INFORMATION_SCOPES,
    example: 'organisation',
  })
  @IsOptional()
  @IsIn(MANAGEMENT_INFORMATION_SCOPES, { message: 'scope must be organisation or partner.' })
  scope?: (typeof MANAGEMENT_INFORMATION_SCOPES)[number];
}

export class PartnerOfOrganisationDto {
  @ApiProperty({ description: "The partner's id, as its file in definitions/partners/ names it.", example: 'cap_live' })
  id!: string;

  @ApiProperty({ description: "The partner's name.", example: 'CAP' })
  name!: string;
}

export class FigureDto {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The figure after the disclosure control (counts a multiple of 5, money a multiple of 1,000,000 pence, or 0); null when withheld.',
    example: 40,
  })
  value!: number | null;

  @ApiProperty({
    // null listed too: OpenAPI 3.0 wants a nullable enum's null among its values.
    enum: [...WITHHELD_REASONS, null],
    nullable: true,
    description:
      'Null when shown; otherwise why it is withheld: fewer-than-10 (a count of 1 to 9), too-few (money or a share from fewer than 10 calculations), would-reveal-another (with the other figures it would give a withheld one back).',
    example: null,
  })
  withheld!: (typeof WITHHELD_REASONS)[number] | null;
}

export class PeriodFiguresDto {
  @ApiProperty({ type: FigureDto, description: 'Calculations started.' })
  started!: FigureDto;

  @ApiProperty({ type: FigureDto, description: 'Calculations finished.' })
  finished!: FigureDto;

  @ApiProperty({ type: FigureDto, description: 'Finished calculations that found at least one benefit with an amount to claim.' })
  foundSomething!: FigureDto;

  @ApiProperty({
    type: FigureDto,
    nullable: true,
    description:
      'foundSomething as a whole percentage of finished, worked out from the two figures as published (at most 100); null when none finished.',
  })
  foundSomethingPercent!: FigureDto | null;
}

export class MonthFiguresDto extends PeriodFiguresDto {
  @ApiProperty({ description: 'yyyy-mm (UK time).', example: '2026-11' })
  month!: string;
}

export class BenefitFiguresDto {
  @ApiProperty({ description: "The benefit's code.", example: 'CHILD_BENEFIT' })
  code!: string;

  @ApiProperty({ description: "The benefit's name.", example: 'Child Benefit' })
  name!: string;

  @ApiProperty({ type: FigureDto, description: 'Finished calculations that found this benefit with an amount.' })
  calculations!: FigureDto;

  @ApiProperty({ type: FigureDto, description: 'Estimated yearly entitlement found, in pence: monthly amounts times 12, added up.' })
  yearlyPence!: FigureDto;
}

export class ApiKeyDayFiguresDto {
  @ApiProperty({ description: 'yyyy-mm-dd.', example: '2026-11-02' })
  day!: string;

  @ApiProperty({ type: 'integer', description: 'Calls answered with the key that day (exact: the organisation’s own calls).' })
  calls!: number;

  @ApiProperty({ type: 'integer', description: 'Calls refused (over the quota or the rate limit).' })
  refused!: number;
}

export class ApiKeyUsageDto {
  @ApiProperty({ description: "The key's name, as the admin gave it.", example: 'Housing team website' })
  name!: string;

  @ApiProperty({ description: 'The first characters of the key, never the key.', example: 'bc_live_3f9a' })
  prefix!: string;

  @ApiProperty({ description: 'Whether the key has been revoked.' })
  revoked!: boolean;

  @ApiProperty({ type: [ApiKeyDayFiguresDto], description: 'Days with calls, in order.' })
  days!: ApiKeyDayFiguresDto[];

  @ApiProperty({ type: 'integer', description: 'Calls answered with the key over the year.' })
  totalCalls!: number;

  @ApiProperty({ type: 'integer', description: 'Calls refused over the year.' })
  totalRefused!: number;
}

export class ManagementInformationResponseDto {
  @ApiProperty({ description: 'The year, April to March.', example: '2026-27' })
  year!: string;

  @ApiProperty({ description: 'The first month of the year (April), yyyy-mm.', example: '2026-04' })
  from!: string;

  @ApiProperty({ description: 'The last month of the year (March), yyyy-mm.', example: '2027-03' })
  to!: string;

  @ApiProperty({ enum: MANAGEMENT_INFORMATION_SCOPES, description: 'Whose calculations the figures are of.', example: 'organisation' })
  scope!: string;

  @ApiProperty({
    type: PartnerOfOrganisationDto,
    nullable: true,
    description: 'The partner portal the organisation runs (its figures: scope=partner); null when it runs none.',
  })
  partner!: PartnerOfOrganisationDto | null;

  @ApiProperty({ type: [MonthFiguresDto], description: 'The twelve months of the year, April to March.' })
  months!: MonthFiguresDto[];

  @ApiProperty({ type: PeriodFiguresDto, description: 'The whole year.' })
  totals!: PeriodFiguresDto;

  @ApiProperty({ type: [BenefitFiguresDto], description: 'Every benefit the calculator works out, in its order, over the year.' })
  benefits!: BenefitFiguresDto[];

  @ApiProperty({ type: [ApiKeyUsageDto], description: "The organisation's API keys and their calls." })
  apiKeys!: ApiKeyUsageDto[];
}
