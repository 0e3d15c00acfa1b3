import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

export class CalculationQuery {
  @ApiPropertyOptional({
    description:
      'For calls with an API key, or by policy staff signed in: the number of a change set the policy team has approved but not yet published (next April’s rates, once announced). The household is worked out with it laid over the rules in force, as if it were published today (each change from its own date), and the answer’s `provisional.approvedNotPublished` names it. A published change set’s number gives the rules in force, as leaving it out does. Without a key: 403 CHANGE_SET_NOT_ALLOWED; a number that is not approved or published: 404 CHANGE_SET_NOT_FOUND.',
    example: '12',
    pattern: '^[1-9][0-9]{0,9}$',
  })
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,9}$/, { message: 'changeSet must be the number of a change set, such as 12.' })
  changeSet?: string;
}
