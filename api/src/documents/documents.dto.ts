import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { DOCUMENT_PERIODS, type DocumentPeriod } from './result-view.js';

/** GET /api/data/pdf?session&period&id. */
export class ResultPdfQuery {
  @ApiProperty({ description: 'The calculation.', format: 'uuid', example: '5b0c2c0e-3f7e-4a43-9d39-2d1f1b7f3a10' })
  @IsUUID('all', { message: 'session must be a calculation id.' })
  session!: string;

  @ApiPropertyOptional({
    description: 'The period the amounts are shown in, as chosen on the results page.',
    enum: DOCUMENT_PERIODS,
    default: 'weekly',
  })
  @IsOptional()
  @IsIn(DOCUMENT_PERIODS, { message: 'period must be weekly or monthly.' })
  period?: DocumentPeriod;

  @ApiPropertyOptional({
    description:
      "The partner id of a portal visit. The document does not depend on it: the calculation already knows its partner, and whether the partner's portal hides the helpline.",
  })
  @IsOptional()
  @IsString({ message: 'id must be text.' })
  @MaxLength(40, { message: 'id must be at most 40 characters.' })
  id?: string;
}
