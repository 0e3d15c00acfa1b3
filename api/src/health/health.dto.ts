import { ApiProperty } from '@nestjs/swagger';

export class HealthResponse {
  @ApiProperty({ description: 'Always `ok` in a 200 answer.', example: 'ok', enum: ['ok'] })
  status!: 'ok';

  @ApiProperty({ description: 'Always `up` in a 200 answer: the database answered a query.', example: 'up', enum: ['up'] })
  database!: 'up';
}
