import { ApiProperty } from '@nestjs/swagger';
import type { Provisional } from '../../../engine/core/calculation-result.js';

export class ApprovedNotPublishedDto {
  @ApiProperty({ description: 'The change set’s number, as `changeSet` asked for it.', example: 12 })
  changeSet!: number;

  @ApiProperty({ description: 'Its title, as the policy team wrote it.', example: 'Benefit rates from April 2027' })
  title!: string;
}

/** Why figures are provisional: in a calculation's answer and a caseload run's (RulesVersions.provisionalOf). */
export class ProvisionalDto implements Provisional {
  @ApiProperty({
    description:
      'yyyy-mm-dd: the day the last of the published rules and rates used takes effect. Until then they are announced, not in force, and may still change. Null when the only rules ahead are those of `approvedNotPublished`, which have no date until they are published.',
    format: 'date',
    type: String,
    nullable: true,
    example: '2027-04-12',
  })
  inForceFrom!: string | null;

  @ApiProperty({
    description:
      'Set only when the call asked for a change set by its number (`changeSet`) that the policy team has approved but not yet published: the figures use it as if it were published today, each of its changes from its own date, and it may still change or be withdrawn before it is published. Null otherwise.',
    type: ApprovedNotPublishedDto,
    nullable: true,
  })
  approvedNotPublished!: ApprovedNotPublishedDto | null;
}
