import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { MANAGEMENT_INFORMATION_SCOPES } from '../../../common/accounts/management-information.js';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export class ManagementInformationQuery {
  @ApiPropertyOptional({ description: 'The first month, yyyy-mm. Left out: 11 months before `to`.', example: '2026-01' })
  @IsOptional()
  @Matches(MONTH, { message: 'from must be a month written yyyy-mm.' })
  from?: string;

  @ApiPropertyOptional({ description: 'The last month, yyyy-mm. Left out: this month (or 11 months after `from`).', example: '2026-12' })
  @IsOptional()
  @Matches(MONTH, { message: 'to must be a month written yyyy-mm.' })
  to?: string;

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
  @ApiProperty({ type: 'integer', nullable: true, description: 'The figure; null when suppressed.', example: 42 })
  value!: number | null;

  @ApiProperty({ description: 'True when the figure is under 10, or worked out from fewer than 10 calculations: shown as <10.' })
  suppressed!: boolean;
}

export class PeriodFiguresDto {
  @ApiProperty({ type: FigureDto, description: 'Calculations started.' })
  started!: FigureDto;

  @ApiProperty({ type: FigureDto, description: 'Calculations finished.' })
  finished!: FigureDto;

  @ApiProperty({ type: FigureDto, description: 'Finished calculations that found at least one benefit with an amount to claim.' })
  foundSomething!: FigureDto;

  @ApiProperty({ type: FigureDto, description: 'foundSomething as a whole percentage of finished.' })
  foundSomethingPercent!: FigureDto;
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

  @ApiProperty({ type: FigureDto, description: 'Calls answered with the key that day.' })
  calls!: FigureDto;

  @ApiProperty({ type: FigureDto, description: 'Calls refused (over the quota or the rate limit).' })
  refused!: FigureDto;
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

  @ApiProperty({ type: FigureDto, description: 'Calls answered with the key over the period.' })
  totalCalls!: FigureDto;

  @ApiProperty({ type: FigureDto, description: 'Calls refused over the period.' })
  totalRefused!: FigureDto;
}

export class ManagementInformationResponseDto {
  @ApiProperty({ description: 'The first month of the period, yyyy-mm.', example: '2026-01' })
  from!: string;

  @ApiProperty({ description: 'The last month of the period, yyyy-mm.', example: '2026-12' })
  to!: string;

  @ApiProperty({ enum: MANAGEMENT_INFORMATION_SCOPES, description: 'Whose calculations the figures are of.', example: 'organisation' })
  scope!: string;

  @ApiProperty({
    type: PartnerOfOrganisationDto,
    nullable: true,
    description: 'The partner portal the organisation runs (its figures: scope=partner); null when it runs none.',
  })
  partner!: PartnerOfOrganisationDto | null;

  @ApiProperty({ type: [MonthFiguresDto], description: 'Every month of the period, in order.' })
  months!: MonthFiguresDto[];

  @ApiProperty({ type: PeriodFiguresDto, description: 'The whole period.' })
  totals!: PeriodFiguresDto;

  @ApiProperty({ type: [BenefitFiguresDto], description: 'Each benefit found by at least one finished calculation.' })
  benefits!: BenefitFiguresDto[];

  @ApiProperty({ type: [ApiKeyUsageDto], description: "The organisation's API keys and their calls." })
  apiKeys!: ApiKeyUsageDto[];
}
