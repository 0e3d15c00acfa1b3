import { Controller, Get, Header } from '@nestjs/common';
import { ApiInternalServerErrorResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { Public } from '../access/access.js';
import { AccuracyReportDto } from './accuracy.dto.js';
import { AccuracyService } from './accuracy.service.js';

@ApiTags('Accuracy')
@Public()
@Controller('api/data/accuracy')
export class AccuracyController {
  constructor(private readonly accuracy: AccuracyService) {}

  @Get()
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({
    summary: 'The public accuracy page',
    description:
      "What the calculator covers and how it is checked: the hand-worked cases per benefit, the Local Housing Allowance areas and councils' schemes held, and what is estimated, counted from the calculator's own data for today. docs/accuracy.md is the same report for the last council tax year held.",
  })
  @ApiOkResponse({ type: AccuracyReportDto })
  @ApiInternalServerErrorResponse({
    type: ErrorResponseDto,
    description: 'The calculator could not count its own data (a data file is broken): no page rather than a wrong one.',
  })
  report(): AccuracyReportDto {
    return this.accuracy.report();
  }
}
