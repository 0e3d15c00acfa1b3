import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
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
import type { Request, Response } from 'express';
import { Public, SessionHolder } from '../access/access.js';
import { ApiError } from '../errors/api-error.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { RateLimited } from '../rate-limit/route-limits.js';
import { callerOf } from '../access/caller.js';
import { setGrantCookie } from '../access/grant-cookie.js';
import { CalculationLookupService } from './calculation-lookup.service.js';
import { readSurveySubmission, SurveySubmissionFields } from './survey.dto.js';
import { BandsResponse } from '../lookup/lookup.dto.js';
import { BandsRequest, CalculationLookupRequest, CalculationLookupResponse, SurveyPageResponseDto } from './survey-responses.dto.js';
import { SurveyService } from './survey.service.js';

function pageNumberOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (!/^\d{1,4}$/.test(text) || Number(text) < 1) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'The page must be a whole page number.', [
      { path: 'page', message: 'The page must be a whole page number.' },
    ]);
  }
  return Number(text);
}

const BROWSER_ID_HEADER = {
  name: 'X-Browser-Id',
  required: false,
  description: 'The browser id the web app keeps (POSTs carry it as browserId).',
};

@ApiTags('Survey')
@SessionHolder()
@ApiExtraModels(SurveySubmissionFields)
@Controller('api/data')
export class SurveyController {
  constructor(
    private readonly survey: SurveyService,
    private readonly lookups: CalculationLookupService,
  ) {}

  @Get(['survey', 'survey/:page', 'survey/:page/:session'])
  @ApiOperation({
    summary: 'A questionnaire page',
    description:
      'Without a session: the first page. With one: the page asked for if it is open to the visitor, else the furthest page they can carry on from.',
  })
  @ApiHeader(BROWSER_ID_HEADER)
  @ApiOkResponse({ type: SurveyPageResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The page is not a number.' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'VERIFICATION_REQUIRED: another browser owns the calculation; the identity check opens it.',
  })
  page(@Req() request: Request, @Param('page') page?: string, @Param('session') session?: string): Promise<SurveyPageResponseDto> {
    return this.survey.openPage(pageNumberOf(page), session ?? null, callerOf(request));
  }

  @Post('survey')
  @HttpCode(HttpStatus.OK)
  // Only a POST without a session, which starts a calculation, counts (RATE_LIMIT_CALCULATION_START).
  @RateLimited('calculation-start')
  @ApiOperation({
    summary: 'Save a page and move on',
    description:
      'The answers of the shown questions of one page, keyed by question name, beside the fields below. Action 2 (next) and 4 (finish) check every shown answer as the browser does and save the page in one transaction; action 1 (back) saves without checking; 5 (re-calculate for better-off) saves and finishes like 4.',
  })
  @ApiBody({ schema: { allOf: [{ $ref: getSchemaPath(SurveySubmissionFields) }], additionalProperties: true } })
  @ApiOkResponse({ type: SurveyPageResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'A field or an answer is wrong: each problem has the question name as its path.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'VERIFICATION_REQUIRED.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The calculation was not found or is older than 6 months.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'The page cannot be answered yet, is an exit page, or (finishing) an earlier page still needs answers.',
  })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      'TOO_MANY_REQUESTS: over the calculations one address may start (RATE_LIMIT_CALCULATION_START); only a POST without a session counts; Retry-After says in how many seconds to try again.',
  })
  submit(@Req() request: Request, @Body() body: unknown): Promise<SurveyPageResponseDto> {
    const submission = readSurveySubmission(body);
    return this.survey.submit(submission, callerOf(request, submission.fields.browserId), request.get('sec-fetch-site') ?? null);
  }

  @Post('bands')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Addresses at the calculation's postcode with their council tax bands",
    description: 'valid false when the band look-up cannot answer just now (the page then lets the person enter the band).',
  })
  @ApiOkResponse({ type: BandsResponse })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'VERIFICATION_REQUIRED.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  bands(@Req() request: Request, @Body() body: BandsRequest): Promise<BandsResponse> {
    return this.survey.findBands(body.session, callerOf(request, body.browserId));
  }

  @Post('lookup')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Find a saved calculation by its reference and postcode',
    description: 'On a match this browser may open the calculation for 3 days. Rate limited.',
  })
  @ApiOkResponse({ type: CalculationLookupResponse })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  async lookup(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Body() body: CalculationLookupRequest,
  ): Promise<CalculationLookupResponse> {
    const { result, grant } = await this.lookups.findCalculation(body.token, body.postcode, callerOf(request, body.browserId));
    if (grant) setGrantCookie(response, grant);
    return result;
  }
}
