import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Public } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { RateLimited } from '../rate-limit/route-limits.js';
import { CalculationResponseDto } from './calculation-response.dto.js';
import { CalculationService } from './calculation.service.js';

@ApiTags('Calculations')
@Public()
@RateLimited('calculation-api')
@Controller('api/v1/calculations')
export class CalculationController {
  constructor(private readonly calculations: CalculationService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Work out every benefit for a household on a date',
    description:
      'Stateless: nothing is stored. The same JSON goes through `npm run calc -- <file.json|->`. Each benefit comes with its amount in both periods, the plain-English reasons, the rules that held and every rate used with its source.',
  })
  // The body is checked against definitions/schemas/calculation-request.schema.json, which the document shows (openapi.ts).
  @ApiBody({ schema: { $ref: '#/components/schemas/CalculationRequest' } })
  @ApiOkResponse({ type: CalculationResponseDto, description: 'Every benefit worked out for the household on the date.' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'VALIDATION_FAILED: each problem with its JSON path (e.g. household.adults[0].dateOfBirth); INVALID_JSON for a body that is not JSON.',
  })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      'TOO_MANY_REQUESTS: over the calculations one address may ask for (RATE_LIMIT_CALCULATION_API); Retry-After says in how many seconds to try again.',
  })
  @ApiUnprocessableEntityResponse({
    type: ErrorResponseDto,
    description: 'DATE_OUT_OF_RANGE: a valid household, but the date is outside the rules and rates held.',
  })
  calculate(@Body() body: unknown): Promise<CalculationResponseDto> {
    return this.calculations.calculate(body);
  }
}
