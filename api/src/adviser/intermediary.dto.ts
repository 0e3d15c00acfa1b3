import { ApiPropertyOptional } from '@nestjs/swagger';

export class IntermediaryIndexResponse {
  @ApiPropertyOptional({ description: 'True when the visitor is signed in as an adviser (intermediary).' })
  isIntermediary!: boolean;
}
