import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { ResultModel } from '../../../common/result/model.js';
import { SessionHolder } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { RateLimited } from '../rate-limit/route-limits.js';
import { callerOf } from '../access/caller.js';
import {
  FeedbackRequest,
  readRecalculation,
  RecalculationFields,
  RESULT_MODEL_SCHEMA,
  ResultQuery,
  SectionRequest,
  ValidResponse,
} from './results.dto.js';
import { ResultsService } from './results.service.js';

const FORBIDDEN = {
  type: ErrorResponseDto,
  description: 'VERIFICATION_REQUIRED: another browser owns the calculation; the identity check (POST /api/data/verify/) opens it.',
};
const NOT_FOUND = { type: ErrorResponseDto, description: 'The calculation was not found or is older than 6 months.' };

@ApiTags('Results')
@SessionHolder()
@RateLimited('results')
@ApiTooManyRequestsResponse({
  type: ErrorResponseDto,
  description:
    'TOO_MANY_REQUESTS: over the results requests one address may send (RATE_LIMIT_RESULTS); Retry-After says in how many seconds to try again.',
})
@ApiExtraModels(RecalculationFields)
@Controller('api/data')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Get('result')
  @ApiOperation({
    summary: "A calculation's results",
    description:
      'Worked out from the stored answers with the rules and rates in force today. Out of date or unanswered instead when an answer must be changed or given first.',
  })
  @ApiHeader({ name: 'X-Browser-Id', required: false, description: 'The browser id the web app keeps.' })
  @ApiOkResponse({ schema: RESULT_MODEL_SCHEMA })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiNotFoundResponse(NOT_FOUND)
  result(@Req() request: Request, @Query() query: ResultQuery): Promise<ResultModel> {
    return this.results.resultFor(query.session, callerOf(request), { test: query.test });
  }

  @Post('result')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Better off? Re-calculate with changed circumstances',
    description:
      'The better-off answers (definitions/better-off/better-off.json), keyed by question name, beside the fields below. They are checked like survey answers and saved; the result compares now with after the change.',
  })
  @ApiBody({ schema: { allOf: [{ $ref: getSchemaPath(RecalculationFields) }], additionalProperties: true } })
  @ApiOkResponse({ schema: RESULT_MODEL_SCHEMA })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'A field or an answer is wrong: each problem has the question name as its path.',
  })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiNotFoundResponse(NOT_FOUND)
  recalculate(@Req() request: Request, @Body() body: unknown): Promise<ResultModel> {
    const { fields, answers } = readRecalculation(body);
    return this.results.recalculate(fields.session, answers, fields.isBetterOff, callerOf(request, fields.browserId), {
      test: fields.test,
    });
  }

  @Post('section')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'A results section was opened',
    description: 'For first-party analytics; the page sends it and reads nothing back.',
  })
  @ApiOkResponse({ type: ValidResponse })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiNotFoundResponse(NOT_FOUND)
  async section(@Req() request: Request, @Body() body: SectionRequest): Promise<ValidResponse> {
    await this.results.recordSection(body.session, body.sectionType, callerOf(request, body.browserId));
    return { valid: true };
  }

  @Post('feedback')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Was this page helpful?',
    description: 'Thumbs up or down, then an optional comment; the latest is kept, one per calculation.',
  })
  @ApiOkResponse({ type: ValidResponse })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiNotFoundResponse(NOT_FOUND)
  async feedback(@Req() request: Request, @Body() body: FeedbackRequest): Promise<ValidResponse> {
    await this.results.giveFeedback(body.session, body.feedbackType, body.feedback ?? '', callerOf(request, body.browserId));
    return { valid: true };
  }
}
