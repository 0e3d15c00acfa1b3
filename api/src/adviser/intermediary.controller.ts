import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { IntermediaryIndexResponse } from '../survey/survey-responses.dto.js';

@ApiTags('Adviser')
@Public()
@Controller('api/intermediary')
export class IntermediaryController {
  @Get('index')
  @ApiOperation({
    summary: 'Whether the visitor is an adviser (intermediary)',
    description: 'The landing page sends advisers to /adviser/. Adviser sign-in arrives with the adviser area; until then no visitor is signed in as one.',
  })
  @ApiOkResponse({ type: IntermediaryIndexResponse })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'The service is down for a moment.' })
  index(): IntermediaryIndexResponse {
    return { isIntermediary: false };
  }
}
