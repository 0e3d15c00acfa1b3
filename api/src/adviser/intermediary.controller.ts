import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../access/access.js';
import { signedInUserOrNull } from '../access/signed-in-user.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { IntermediaryIndexResponse } from './intermediary.dto.js';

@ApiTags('Adviser')
@Public()
@Controller('api/intermediary')
export class IntermediaryController {
  @Get('index')
  @ApiOperation({
    summary: 'Whether the visitor is an adviser (intermediary)',
    description:
      'True when the request carries the account session of an adviser or organisation admin; the landing page sends them to /adviser/.',
  })
  @ApiOkResponse({ type: IntermediaryIndexResponse })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'The service is down for a moment.' })
  index(@Req() request: Request): IntermediaryIndexResponse {
    const role = signedInUserOrNull(request)?.role;
    return { isIntermediary: role === 'adviser' || role === 'organisation-admin' };
  }
}
