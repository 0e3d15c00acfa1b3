import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ProvisionalDto } from '../rules-in-force/provisional.dto.js';
import { IsIn, IsInt, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';
import { MAX_CHANGE_SET_ID } from '../rules-in-force/approved-rules.js';
import { CASELOAD_PROBLEMS, CASELOAD_RUN_STATUSES } from '../../../common/adviser/caseload.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';

const RUN_ID = { message: 'id must be a caseload run id.' };
const PERIODS = ['weekly', 'monthly'] as const;

export class StartCaseloadRunRequest extends BrowserRequest {
  @ApiPropertyOptional({
    description:
      'The date to recalculate at, yyyy-mm-dd, within the rates held (GET caseload-runs gives the range). Left out: the next 6 April when its rates are held, otherwise the last day they cover.',
    example: '2027-03-31',
  })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date written yyyy-mm-dd.' })
  date?: string;

  @ApiPropertyOptional({
    description:
      'The number of a change set the policy team has approved but not yet published (GET caseload-runs lists them), to work the run out with: its figures are marked provisional and name it. Left out: the published rules.',
    example: 12,
  })
  @IsOptional()
  @IsInt({ message: 'changeSet must be the number of a change set, such as 12.' })
  @Min(1, { message: 'changeSet must be the number of a change set, such as 12.' })
  @Max(MAX_CHANGE_SET_ID, { message: 'changeSet must be the number of a change set, such as 12.' })
  changeSet?: number;
}

export class CaseloadRunQuery {
  @ApiProperty({ description: 'The caseload run.', format: 'uuid' })
  @IsUUID('all', RUN_ID)
  id!: string;
}

export class CaseloadCsvQuery extends CaseloadRunQuery {
  @ApiPropertyOptional({ description: 'Amounts a week (the default) or a month.', enum: PERIODS })
  @IsOptional()
  @IsIn(PERIODS, { message: 'period must be weekly or monthly.' })
  period?: (typeof PERIODS)[number];
}

export class CaseloadRunSummaryDto {
  @ApiProperty({ format: 'uuid', description: 'The run, for GET caseload-run and its CSV.' })
  id!: string;

  @ApiProperty({ description: 'The date recalculated at, yyyy-mm-dd.', example: '2027-03-31' })
  atDate!: string;

  @ApiProperty({
    enum: CASELOAD_RUN_STATUSES,
    description: 'queued, running, done, or failed (the job itself failed; see the server log).',
  })
  status!: string;

  @ApiProperty({
    description:
      "The rules version the run was worked out with: the tax year and the published policy change sets in force at its date ('2027-28+cs7'); '' for runs from before it was recorded.",
    example: '2026-27',
  })
  rulesVersion!: string;

  @ApiProperty({
    type: ProvisionalDto,
    nullable: true,
    description:
      "Null when every rule and rate the run used is in force today. Otherwise the run's date is one for which the policy team has published rates that take effect after today (next April's uprating, announced ahead): the figures are provisional until `inForceFrom`; or the run was started with a change set approved but not yet published (`changeSet`), named in `approvedNotPublished`.",
  })
  provisional!: ProvisionalDto | null;

  @ApiProperty({ description: 'Clients with a calculation to recalculate (0 until the job has counted them).' })
  total!: number;

  @ApiProperty({ description: 'Clients worked through so far.' })
  done!: number;

  @ApiProperty({ description: 'Clients that could not be recalculated (each with its reason in the run).' })
  failed!: number;

  @ApiProperty({ format: 'date-time', description: 'When the run was started.' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When it was done or failed; null until then.' })
  finishedAt!: string | null;
}

export class StartCaseloadRunResponseDto {
  @ApiProperty({ type: CaseloadRunSummaryDto, description: 'The run, queued.' })
  run!: CaseloadRunSummaryDto;
}

export class CaseloadChangeSetChoiceDto {
  @ApiProperty({ description: 'The change set’s number, for `changeSet`.', example: 12 })
  id!: number;

  @ApiProperty({ description: 'Its title, as the policy team wrote it.', example: 'Benefit rates from April 2027' })
  title!: string;

  @ApiProperty({ description: 'The date offered first with it, yyyy-mm-dd.', example: '2027-04-12' })
  defaultDate!: string;

  @ApiProperty({ description: 'The last date a run with it may ask for, yyyy-mm-dd.', example: '2028-04-09' })
  ratesHeldUntil!: string;
}

export class CaseloadRunsResponseDto {
  @ApiProperty({ description: 'The date offered first: the next 6 April when its rates are held, else the last day they cover.' })
  defaultDate!: string;

  @ApiProperty({ description: 'The first date a run may ask for.' })
  ratesHeldFrom!: string;

  @ApiProperty({ description: 'The last date a run may ask for.' })
  ratesHeldUntil!: string;

  @ApiProperty({ type: [CaseloadRunSummaryDto], description: "The organisation's 10 latest runs, newest first." })
  runs!: CaseloadRunSummaryDto[];

  @ApiProperty({
    type: [CaseloadChangeSetChoiceDto],
    description:
      'Change sets approved by the policy team and not yet published, latest first: a run can be worked out with one (`changeSet`).',
  })
  changeSets!: CaseloadChangeSetChoiceDto[];
}

export class CaseloadRunResponseDto {
  @ApiProperty({ type: CaseloadRunSummaryDto, description: 'The run and its progress.' })
  run!: CaseloadRunSummaryDto;

  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: 'The benefit columns, in the engine’s order: code and name of every benefit any client gets before or after.',
  })
  benefits!: unknown[];

  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: `Once the run is done, every client: clientGuid, displayName, session (the latest calculation), savedOn (yyyy-mm-dd, the day its 'before' figures are worked out on), problem (null or one of ${CASELOAD_PROBLEMS.join(', ')}), benefits (by code: beforeWeeklyPence, beforeMonthlyPence, afterWeeklyPence, afterMonthlyPence) and total (the same, for the household's system; null with a problem). Empty until done.`,
  })
  clients!: unknown[];
}
