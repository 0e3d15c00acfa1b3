import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, StreamableFile } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { CaseloadRunResponse, CaseloadRunsResponse, StartCaseloadRunResponse } from '../../../common/adviser/caseload.js';
import { Adviser } from '../access/access.js';
import { signedInUser } from '../access/signed-in-user.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { RateLimited } from '../rate-limit/route-limits.js';
import {
  CaseloadCsvQuery,
  CaseloadRunQuery,
  CaseloadRunResponseDto,
  CaseloadRunsResponseDto,
  StartCaseloadRunRequest,
  StartCaseloadRunResponseDto,
} from './caseload.dto.js';
import { CaseloadService } from './caseload.service.js';

const NO_ACCESS =
  'NO_ACCESS: not signed in to the adviser area as an adviser or organisation admin; CSRF_FAILED: a POST without the X-CSRF-Token header.';
const RUN_NOT_FOUND = "CASELOAD_RUN_NOT_FOUND: no such run of the adviser's organisation.";

/**
 * Caseload runs (issue 18): recalculate the latest calculation of each of the organisation's clients at a date, in a
 * background job, and read who gains and who loses. Advisers and admins of the organisation only.
 */
@ApiTags('Adviser')
@Adviser()
@Controller('api/adviser')
export class CaseloadController {
  constructor(private readonly caseloads: CaseloadService) {}

  @Get('caseload-runs')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The organisation's caseload runs", description: 'The 10 latest, the date to offer and the dates allowed.' })
  @ApiOkResponse({ type: CaseloadRunsResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  runs(@Req() request: Request): Promise<CaseloadRunsResponse> {
    return this.caseloads.runs(signedInUser(request));
  }

  @Post('caseload-runs')
  @HttpCode(202)
  @RateLimited('caseload-run')
  @ApiOperation({
    summary: 'Start a caseload run',
    description:
      "Queues a background job that recalculates the latest calculation of each of the organisation's clients at the date, beside its figures on the day it was saved. Poll GET caseload-run for progress. One run per organisation at a time.",
  })
  @ApiAcceptedResponse({ type: StartCaseloadRunResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'date is not a real date, or outside the rates held.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'CHANGE_SET_NOT_FOUND: changeSet is not the number of a change set approved or published.',
  })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'CASELOAD_RUN_IN_PROGRESS: a run of the organisation is queued or running. CHANGE_SET_DOES_NOT_FIT: the approved change set asked for no longer fits the rules published since.',
  })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'TOO_MANY_REQUESTS: RATE_LIMIT_CASELOAD_RUN reached.' })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'JOBS_UNAVAILABLE: the job queue could not take the run.' })
  async start(@Req() request: Request, @Body() body: StartCaseloadRunRequest): Promise<StartCaseloadRunResponse> {
    return { run: await this.caseloads.start(signedInUser(request), body.date, body.changeSet) };
  }

  @Get('caseload-run')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'A caseload run', description: 'Its progress and, once done, every client’s figures in pence.' })
  @ApiOkResponse({ type: CaseloadRunResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'id is not a run id.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: RUN_NOT_FOUND })
  run(@Req() request: Request, @Query() query: CaseloadRunQuery): Promise<CaseloadRunResponse> {
    return this.caseloads.run(signedInUser(request), query.id);
  }

  @Get('caseload-run/csv')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "A done caseload run's table as CSV", description: 'One client a line; amounts in pounds, a week or a month.' })
  @ApiOkResponse({ description: 'The CSV, as an attachment.', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'id is not a run id, or period is not weekly or monthly.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: RUN_NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CASELOAD_RUN_NOT_DONE: the run has not finished.' })
  async csv(@Req() request: Request, @Query() query: CaseloadCsvQuery): Promise<StreamableFile> {
    const csv = Buffer.from(await this.caseloads.csv(signedInUser(request), query.id, query.period ?? 'weekly'), 'utf8');
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      length: csv.length,
      disposition: `attachment; filename="caseload-${query.id.toLowerCase()}.csv"`,
    });
  }
}
