import { Body, Controller, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiRequestTimeoutResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Public } from '../access/access.js';
import { ApiError } from '../errors/api-error.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { RateLimited } from '../rate-limit/route-limits.js';
import { MAX_BATCH_HOUSEHOLDS } from './batch-answer.js';
import { BATCH_BODY_LIMIT_KB, BatchCalculationService, BODY_TIME_LIMIT_MS, STALL_LIMIT_MS } from './batch-calculation.service.js';
import { BATCH_PLACE_LIMITS } from './batch-places.js';
import { MAX_CHANGE_SET_ID } from '../rules-in-force/approved-rules.js';
import { CalculationQuery } from './calculation-query.dto.js';
import { CalculationResponseDto } from './calculation-response.dto.js';
import { CalculationService } from './calculation.service.js';

const MAX = MAX_BATCH_HOUSEHOLDS.toLocaleString('en-GB');

/** The headers of every answer to a call with an API key (ApiKeysService.admit). */
const KEY_HEADERS = {
  'X-RateLimit-Limit': { description: 'With an API key: the key’s daily quota.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'With an API key: what is left of today’s quota.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': {
    description: 'With an API key: seconds until the quota starts again (midnight UK time).',
    schema: { type: 'integer' },
  },
};
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds until a call may succeed.', schema: { type: 'integer' } } };
const KEY_REFUSED = {
  type: ErrorResponseDto,
  description: 'API_KEY_INVALID: X-Api-Key was sent but is not a current key (unknown, revoked, or replaced by a rotation).',
};
/** The example of POST /api/v1/calculations: a lone parent in Westminster, working part time and renting privately (fields left out take their defaults). */
const LONE_PARENT_IN_LONDON = {
  date: '2026-11-21',
  household: {
    country: 'ENGLAND',
    localAuthority: 'E09000033',
    adults: [
      {
        dateOfBirth: '1990-05-01',
        earnings: { amount: 1200, period: 'MONTH', basis: 'NET' },
        hoursPerWeek: 20,
        otherIncome: [{ type: 'PRIVATE_PENSION', amount: 50, period: 'WEEK' }],
        benefitsReceived: [{ type: 'PIP_DAILY_LIVING', rate: 'STANDARD' }],
        health: { lcwra: false, lcwraBefore2026April: false, terminallyIll: false },
        caring: { hoursPerWeek: 0, caredForGetsQualifyingBenefit: false },
        student: false,
      },
    ],
    children: [{ dateOfBirth: '2019-03-02', sex: 'FEMALE', disability: 'NONE', inNonAdvancedEducation: false }],
    nonDependants: [{ age: 24, grossIncome: { amount: 300, period: 'WEEK' }, exempt: false }],
    housing: {
      tenure: 'PRIVATE_RENT',
      rent: { amount: 850, period: 'MONTH' },
      bedrooms: 2,
      councilTax: { band: 'C', liable: true },
    },
    capital: 4000,
  },
};

/** The example of the batch route in the OpenAPI document: three households, the second refused. */
const BATCH_EXAMPLE_REQUEST = [
  {
    date: '2026-11-21',
    household: {
      country: 'ENGLAND',
      adults: [{ age: 30 }],
      children: [{ dateOfBirth: '2019-03-02' }],
      housing: { tenure: 'SOCIAL_RENT', rent: { amount: 500, period: 'MONTH' } },
    },
  },
  { date: '2001-04-06', household: { country: 'ENGLAND', adults: [{ age: 40 }], housing: { tenure: 'OWNER_OCCUPIER' } } },
  { date: '2026-11-21', household: { country: 'WALES', adults: [{ age: 70 }], housing: { tenure: 'OWNER_OCCUPIER' } } },
];
const BATCH_EXAMPLE_RESPONSE = [
  '{"date":"2026-11-21","rulesVersion":"2026-27","system":"UNIVERSAL_CREDIT","benefits":[{"code":"CHILD_BENEFIT","weekly":27.05,"monthly":117.22,"...":"..."}],"totals":{"...":"..."},"...":"..."}',
  '{"index":1,"statusCode":422,"code":"DATE_OUT_OF_RANGE","message":"The rules and rates held start on 2025-04-07; 2001-04-06 is before that, so it cannot be worked out.","errors":[{"path":"date","message":"The rules and rates held start on 2025-04-07; 2001-04-06 is before that, so it cannot be worked out."}]}',
  '{"date":"2026-11-21","rulesVersion":"2026-27","system":"PENSION_AGE","benefits":[{"code":"CHILD_BENEFIT","...":"..."}],"...":"..."}',
  '',
].join('\n');

@ApiTags('Calculations')
@ApiHeader({
  name: 'X-Api-Key',
  required: false,
  description:
    'An API key from the account area: calls are then held to the key’s per-minute limit and daily quota instead of the low anonymous limit per address. See docs/calculation-api.md, "API keys".',
})
@Public()
@RateLimited('calculation-api')
@Controller('api/v1/calculations')
export class CalculationController {
  constructor(
    private readonly calculations: CalculationService,
    private readonly batches: BatchCalculationService,
  ) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Work out every benefit for a household on a date',
    description:
      'Stateless: nothing is stored. The same JSON goes through `npm run calc -- <file.json|->`. Each benefit comes with its amount in both periods, the plain-English reasons, the rules that held and every rate used with its source.',
  })
  // The body is checked against definitions/schemas/calculation-request.schema.json, which the document shows (openapi.ts).
  @ApiBody({
    schema: { $ref: '#/components/schemas/CalculationRequest' },
    examples: {
      loneParentInLondon: {
        summary: 'A lone parent in Westminster, working part time and renting privately',
        value: LONE_PARENT_IN_LONDON,
      },
    },
  })
  @ApiOkResponse({
    type: CalculationResponseDto,
    description: 'Every benefit worked out for the household on the date.',
    headers: KEY_HEADERS,
  })
  @ApiUnauthorizedResponse(KEY_REFUSED)
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'VALIDATION_FAILED: each problem with its JSON path (e.g. household.adults[0].dateOfBirth); INVALID_JSON for a body that is not JSON.',
  })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      'Without a key, TOO_MANY_REQUESTS: over the calculations one address may ask for (RATE_LIMIT_CALCULATION_ANONYMOUS). With a key, API_KEY_RATE_LIMITED: over its calls a minute; API_KEY_QUOTA_USED: over its daily quota. Retry-After says in how many seconds to try again.',
    headers: { ...RETRY_AFTER, ...KEY_HEADERS },
  })
  @ApiUnprocessableEntityResponse({
    type: ErrorResponseDto,
    description: 'DATE_OUT_OF_RANGE: a valid household, but the date is outside the rules and rates held.',
  })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'CHANGE_SET_NOT_ALLOWED: `changeSet` was given by a call with no API key and no policy staff signed in.',
  })
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'CHANGE_SET_NOT_FOUND: `changeSet` is not the number of a change set approved or published.',
  })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'CHANGE_SET_DOES_NOT_FIT: the approved change set asked for no longer fits the rules published since it was approved.',
  })
  calculate(@Body() body: unknown, @Query() query: CalculationQuery, @Req() request: Request): Promise<CalculationResponseDto> {
    const changeSet = query.changeSet === undefined ? undefined : Number(query.changeSet);
    if (changeSet !== undefined && changeSet > MAX_CHANGE_SET_ID)
      throw ApiError.validation([{ path: 'changeSet', message: 'changeSet must be the number of a change set, such as 12.' }]);
    return this.calculations.calculate(body, request, changeSet);
  }

  @Post('batch')
  @RateLimited('calculation-batch')
  @ApiOperation({
    summary: `Work out up to ${MAX} households at once, streamed as NDJSON`,
    description: `Stateless: nothing is stored. The body is a JSON list of calculation requests, each as POST /api/v1/calculations takes one (at most ${MAX}, and at most ${BATCH_BODY_LIMIT_KB / 1024} MB, sent uncompressed within ${BODY_TIME_LIMIT_MS / 1000} seconds; a household larger than the single route takes is answered 413 on its own line). The answer is streamed as NDJSON (application/x-ndjson): one line per household, in the order of the list, each the body POST /api/v1/calculations would give that household: its response, or its error body (400 VALIDATION_FAILED, 422 DATE_OUT_OF_RANGE, or 500 CALCULATION_FAILED when the calculator failed on that household alone) with \`index\`, its place in the list from 0. One bad household never stops the others. The same households go through \`npm run calc -- --batch <file.jsonl|file.csv>\` on the command line. One batch at a time per API key, or per address without one; at most ${BATCH_PLACE_LIMITS.total} at once in one server process, of which at most ${BATCH_PLACE_LIMITS.anonymous} without a key. Read the answer as it comes: a client that reads nothing for ${STALL_LIMIT_MS / 1000} seconds, or reads far more slowly than it is written, is cut off.`,
  })
  @ApiBody({
    schema: { type: 'array', minItems: 1, maxItems: MAX_BATCH_HOUSEHOLDS, items: { $ref: '#/components/schemas/CalculationRequest' } },
    examples: {
      threeHouseholds: { summary: 'Three households, the second on a date outside the rates held', value: BATCH_EXAMPLE_REQUEST },
    },
  })
  @ApiOkResponse({
    description:
      'One JSON line per household, in input order: a CalculationResponse, or an ErrorResponse with `index`. The example shortens the responses with "...".',
    headers: KEY_HEADERS,
    content: { 'application/x-ndjson': { schema: { type: 'string' }, example: BATCH_EXAMPLE_RESPONSE } },
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'VALIDATION_FAILED: the body is not a list, or the list is empty, or the call asks for a change set (`changeSet`, which only the single route takes); INVALID_JSON for a body that is not JSON; BODY_TOO_DEEP for one nested more than 64 levels. Nothing is worked out.',
  })
  @ApiRequestTimeoutResponse({
    type: ErrorResponseDto,
    description: `BODY_TIMEOUT: the body did not arrive within ${BODY_TIME_LIMIT_MS / 1000} seconds. Nothing is worked out.`,
  })
  @ApiUnsupportedMediaTypeResponse({
    type: ErrorResponseDto,
    description:
      'UNSUPPORTED_MEDIA_TYPE: the body is not application/json; UNSUPPORTED_ENCODING: it is compressed (Content-Encoding) or not UTF-8. Nothing is read.',
  })
  @ApiPayloadTooLargeResponse({
    type: ErrorResponseDto,
    description: `TOO_MANY_HOUSEHOLDS: more than ${MAX} households; BODY_TOO_LARGE: a body over ${BATCH_BODY_LIMIT_KB / 1024} MB. Nothing is worked out.`,
  })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      'Without a key, TOO_MANY_REQUESTS: over the batches one address may send (RATE_LIMIT_CALCULATION_BATCH). With a key, API_KEY_RATE_LIMITED: over its calls a minute; API_KEY_QUOTA_USED: the batch’s households would pass its daily quota (nothing is worked out). BATCH_ALREADY_RUNNING: the previous batch of the same key, or of the same address without one, is still being worked out. Retry-After says in how many seconds to try again.',
    headers: { ...RETRY_AFTER, ...KEY_HEADERS },
  })
  @ApiUnauthorizedResponse(KEY_REFUSED)
  @ApiServiceUnavailableResponse({
    type: ErrorResponseDto,
    description: `BATCHES_BUSY: the server is already working out ${BATCH_PLACE_LIMITS.total} batches (or ${BATCH_PLACE_LIMITS.anonymous} without a key, when this call has none); Retry-After says when to try again.`,
  })
  // The route reads its own body, after the guards (rate limit, API key) and once it has a place: no @Body().
  async calculateBatch(@Req() request: Request, @Res() response: Response): Promise<void> {
    // Asked of the single route only: a batch silently worked out with the published rules would mislead.
    if (request.query.changeSet !== undefined)
      throw ApiError.validation([
        { path: 'changeSet', message: 'The batch route does not take changeSet: send each household to POST /api/v1/calculations.' },
      ]);
    return this.batches.stream(request, response);
  }
}
