import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { HealthResponse } from './health.dto.js';
import { HealthService } from './health.service.js';

@ApiTags('Health')
@Public()
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({
    summary: 'Whether the service and its database are working',
    description:
      "For load balancers and monitoring: 200 when the database answers, 503 when it does not. A 200 says status 'degraded', with details, while a published policy change set fails at run time: results are still given, worked out with the rules without it.",
  })
  @ApiOkResponse({ type: HealthResponse })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'The database did not answer.' })
  check(): Promise<HealthResponse> {
    return this.health.check();
  }
}
