import { Controller, Get, Header, Query, Req, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { SessionHolder } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { RateLimited } from '../rate-limit/route-limits.js';
import { callerOf } from '../access/caller.js';
import { ResultPdfQuery } from './documents.dto.js';
import { DocumentsService } from './documents.service.js';
import { RESULT_PDF_FILE_NAME } from './result-pdf.js';

@ApiTags('Documents')
@SessionHolder()
@RateLimited('pdf')
@ApiTooManyRequestsResponse({
  type: ErrorResponseDto,
  description:
    'TOO_MANY_REQUESTS: over the PDFs one address may ask for (RATE_LIMIT_PDF); Retry-After says in how many seconds to try again.',
})
@Controller('api/data')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Get('pdf')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "The results as the charity's 'Your Benefit Results' PDF",
    description:
      'Worked out as GET /api/data/result/ works them out, with the same masking of the answers, and every amount in the period asked for. Sent as a download with its Content-Length, so the page can show the progress.',
  })
  @ApiHeader({ name: 'X-Browser-Id', required: false, description: 'The browser id the web app keeps.' })
  @ApiOkResponse({
    description: `The PDF, as an attachment named "${RESULT_PDF_FILE_NAME}"; never cached.`,
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      'Content-Length': { description: 'The size of the file in bytes.', schema: { type: 'integer' } },
      'Content-Disposition': { description: `attachment; filename="${RESULT_PDF_FILE_NAME}"`, schema: { type: 'string' } },
    },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'session is not a calculation id, or period is not weekly or monthly.' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'VERIFICATION_REQUIRED: another browser owns the calculation; the identity check (POST /api/data/verify/) opens it.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The calculation was not found or is older than 6 months.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'RESULTS_NOT_READY: answers must be changed or given before there are results.',
  })
  async resultPdf(@Req() request: Request, @Query() query: ResultPdfQuery): Promise<StreamableFile> {
    const pdf = await this.documents.resultPdf(query.session, query.period ?? 'weekly', callerOf(request));
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      length: pdf.length,
      disposition: `attachment; filename="${RESULT_PDF_FILE_NAME}"`,
    });
  }
}
