import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class HealthRatesDetails {
  @ApiProperty({
    description:
      "`running-out`: the last date the rates held cover is within 60 days; `last-rates-held`: it has passed, and results use the last rates held (marked as such) until next year's are published; `ran-out`: it passed more than a year ago, and results cannot be worked out.",
    enum: ['running-out', 'last-rates-held', 'ran-out'],
    example: 'running-out',
  })
  state!: 'running-out' | 'last-rates-held' | 'ran-out';

  @ApiProperty({
    description: 'yyyy-mm-dd: the last date the rates held cover, published change sets counted.',
    format: 'date',
    example: '2027-03-31',
  })
  lastDateHeld!: string;

  @ApiProperty({ description: 'Days from today to that date: 0 on it, negative after it.', example: 42 })
  daysLeft!: number;
}

export class HealthRulesDetails {
  @ApiProperty({
    description: 'The published policy change sets that failed when results were worked out with them, by number (empty when none).',
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

  @ApiPropertyOptional({
    description:
      'From 60 days before the rates held run out: how long they last. Its own, without a failing change set, leaves status `ok` until the last date held has passed.',
    type: HealthRatesDetails,
  })
  rates?: HealthRatesDetails;
}

export class HealthResponse {
  @ApiProperty({
    description:
      '`ok`; or `degraded` when a published policy change set fails at run time, or when the rates held have run out and results use the last rates held: results are still worked out, so the answer stays 200 and load balancers keep sending traffic, and `details` says why. Monitoring alerts on `degraded`, and warns on `details` with `ok`.',
    example: 'ok',
    enum: ['ok', 'degraded'],
  })
  status!: 'ok' | 'degraded';

  @ApiProperty({ description: 'Always `up` in a 200 answer: the database answered a query.', example: 'up', enum: ['up'] })
  database!: 'up';

  @ApiPropertyOptional({
    description:
      'When degraded, or from 60 days before the rates held run out: the change sets results fall back from, and how long the rates held last.',
    type: HealthRulesDetails,
  })
  details?: HealthRulesDetails;
}
