import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { BrowserRequest } from '../requests/browser-request.dto.js';

export const MAX_STORED_ERROR_LENGTH = 8000;

export class ClientErrorReportRequest extends BrowserRequest {
  @ApiProperty({ description: 'Where in the web app the error happened.', example: 'Survey', maxLength: 100 })
  @IsString({ message: 'source must be text.' })
  @IsNotEmpty({ message: 'source must say where the error happened.' })
  @MaxLength(100, { message: 'source must be at most 100 characters.' })
  source!: string;

  @ApiProperty({
    description: `The error, as text. Up to ${MAX_STORED_ERROR_LENGTH} characters are kept; the rest is cut off rather than refused.`,
    example: 'GET /api/data/survey/2/0b7c… answered 500: Something went wrong on our side.',
  })
  @IsString({ message: 'error must be text.' })
  error!: string;

  @ApiPropertyOptional({
    description: 'The calculation the visitor was in, if any. A value that is not a known calculation is ignored.',
    example: '0b7c3a4e-52a1-4f7e-9d0c-3f4a2b1c9d8e',
    nullable: true,
    type: String,
  })
  @IsOptional()
  @IsString({ message: 'session must be text.' })
  @MaxLength(100, { message: 'session must be at most 100 characters.' })
  session?: string | null;
}
