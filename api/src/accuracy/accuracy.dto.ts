import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'AccuracyTable', description: 'A table of the accuracy page: column headings, then rows of cells.' })
export class AccuracyTableDto {
  @ApiProperty({ description: 'The column headings.', type: [String], example: ['Benefit', 'Hand-worked cases'] })
  columns!: string[];

  @ApiProperty({
    description: 'The rows, each a list of cells in the order of `columns`.',
    type: 'array',
    items: { type: 'array', items: { type: 'string' } },
    example: [['Universal Credit', '61']],
  })
  rows!: string[][];
}

@ApiSchema({ name: 'AccuracySection', description: 'One section of the accuracy page.' })
export class AccuracySectionDto {
  @ApiProperty({ description: "The section's id, used as the page's anchor.", example: 'how-it-is-checked' })
  id!: string;

  @ApiProperty({ description: "The section's heading.", example: 'How it is checked' })
  heading!: string;

  @ApiProperty({ description: 'Its paragraphs, in plain English.', type: [String] })
  paragraphs!: string[];

  @ApiPropertyOptional({
    description: 'A bulleted list, when the section has one (for example the councils whose schemes are held).',
    type: [String],
  })
  list?: string[];

  @ApiPropertyOptional({ description: 'A table, when the section has one.', type: AccuracyTableDto })
  table?: AccuracyTableDto;
}

@ApiSchema({ name: 'AccuracyReport', description: "The public accuracy page, counted from the calculator's own data." })
export class AccuracyReportDto {
  @ApiProperty({ description: "The page's title.", example: 'How accurate is the calculator?' })
  title!: string;

  @ApiProperty({ format: 'date', example: '2026-11-24', description: 'The date the counts are for.' })
  date!: string;

  @ApiProperty({ description: 'The sections, in the order the page shows them.', type: [AccuracySectionDto] })
  sections!: AccuracySectionDto[];
}
