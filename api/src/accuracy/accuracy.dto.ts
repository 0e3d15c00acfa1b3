import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'AccuracyTable', description: 'A table of the accuracy page: column headings, then rows of cells.' })
export class AccuracyTableDto {
  @ApiProperty({ type: [String], example: ['Benefit', 'Hand-worked cases'] })
  columns!: string[];

  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string' } }, example: [['Universal Credit', '61']] })
  rows!: string[][];
}

@ApiSchema({ name: 'AccuracySection', description: 'One section of the accuracy page.' })
export class AccuracySectionDto {
  @ApiProperty({ example: 'how-it-is-checked' })
  id!: string;

  @ApiProperty({ example: 'How it is checked' })
  heading!: string;

  @ApiProperty({ type: [String] })
  paragraphs!: string[];

  @ApiPropertyOptional({ type: [String] })
  list?: string[];

  @ApiPropertyOptional({ type: AccuracyTableDto })
  table?: AccuracyTableDto;
}

@ApiSchema({ name: 'AccuracyReport', description: "The public accuracy page, counted from the calculator's own data." })
export class AccuracyReportDto {
  @ApiProperty({ example: 'How accurate is the calculator?' })
  title!: string;

  @ApiProperty({ format: 'date', example: '2026-11-24', description: 'The date the counts are for.' })
  date!: string;

  @ApiProperty({ type: [AccuracySectionDto] })
  sections!: AccuracySectionDto[];
}
