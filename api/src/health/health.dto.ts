import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class HealthRulesDetails {
  @ApiProperty({
    description: 'The published policy change sets that failed when results were worked out with them, by number.',
    example: [5],
    type: [Number],
  })
  failingChangeSets!: number[];

  @ApiProperty({
    description: 'What it means, in a sentence.',
    example:
      'Published policy change set 5 failed when results were worked out with it: results are worked out with the rules without it until it is stopped.',
  })
  message!: string;
}

export class HealthResponse {
  @ApiProperty({
    description:
      '`ok`; or `degraded` when a published policy change set fails at run time: results are still worked out (with the rules without it), so the answer stays 200 and load balancers keep sending traffic, and `details` says which. Monitoring alerts on `degraded`.',
    example: 'ok',
    enum: ['ok', 'degraded'],
  })
  status!: 'ok' | 'degraded';

  @ApiProperty({ description: 'Always `up` in a 200 answer: the database answered a query.', example: 'up', enum: ['up'] })
  database!: 'up';

  @ApiPropertyOptional({ description: 'Only when degraded: the change sets results fall back from.', type: HealthRulesDetails })
  details?: HealthRulesDetails;
}
