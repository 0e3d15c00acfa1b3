import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { SessionHolder } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { callerOf } from '../access/caller.js';
import { CalculationEmailRequest, CalculationEmailResponse } from './email.dto.js';
import { EmailService } from './email.service.js';

@ApiTags('Results')
@SessionHolder()
@Controller('api/data')
export class EmailController {
  constructor(private readonly email: EmailService) {}

  @Post('email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'E-mail the link to a calculation',
    description:
      'Needs the security code shown by GET /assets/img/{session} (or spoken by GET /assets/wav/{session}/); each code is used up by one try. ' +
      'Only a finished calculation with results can be e-mailed. The e-mail holds the link to the results and the calculation reference, never amounts or answers. ' +
      'Rate limited per calculation, per address e-mailed, per network asking (IPv4 address or IPv6 /64) and for the whole service, each per hour.',
  })
  @ApiOkResponse({
    type: CalculationEmailResponse,
    description: 'valid true: sent. valid false: the security code was wrong (ask for a new picture), or the e-mail could not be sent.',
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'email or challenge missing, or email not one plain address: the e-mail form’s own messages, with the field as path.',
  })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'VERIFICATION_REQUIRED: another browser owns the calculation; the identity check (POST /api/data/verify/) opens it.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The calculation was not found or is older than 6 months.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'CALCULATION_NOT_FINISHED: the questionnaire is not finished; RESULTS_NOT_READY: answers need changing or giving first. Nothing is sent and the security code is not used.',
  })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      'TOO_MANY_EMAILS: too many tries for this calculation or from this network, or e-mails to this address or from the whole service, in the last hour. Retry-After gives the seconds to wait.',
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
  })
  send(@Req() request: Request, @Body() body: CalculationEmailRequest): Promise<CalculationEmailResponse> {
    return this.email.sendCalculationLink(body, callerOf(request, body.browserId));
  }
}
