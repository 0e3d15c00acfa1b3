import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNoContentResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { ClientErrorReportRequest } from './client-error-report.dto.js';
import { ClientErrorsService } from './client-errors.service.js';

@ApiTags('Errors')
@Public()
@Controller('api/data/error')
export class ClientErrorsController {
  constructor(private readonly clientErrors: ClientErrorsService) {}

  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Report an error the web app met',
    description:
      'Stores the report for the team. A well-formed report always gets 204, even if it could not be stored, so reporting never fails the page.',
  })
  @ApiNoContentResponse({ description: 'The report was received.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The body is not valid JSON or a field is of the wrong type.' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'The body is larger than the limit (BODY_LIMIT_KB).' })
  report(@Body() report: ClientErrorReportRequest): Promise<void> {
    return this.clientErrors.record(report);
  }
}
