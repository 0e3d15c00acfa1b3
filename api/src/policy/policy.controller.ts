import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { CasesRunReport, ChangeSetDetail, ChangeSetSummary, PolicyStatus } from '../../../common/policy/model.js';
import { PolicyStaff } from '../access/access.js';
import { signedInUser } from '../accounts/signed-in-user.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { RateLimited } from '../rate-limit/route-limits.js';
import { CreateChangeSetDto, EditDto, PublishDto, RevertDto } from './policy.dto.js';
import { PolicyService } from './policy.service.js';

const NO_ACCESS =
  "NO_ACCESS: not signed in as the charity's policy staff (advisers and admins included); CSRF_FAILED: a change without the X-CSRF-Token header.";
const NOT_FOUND = 'CHANGE_SET_NOT_FOUND: no change set with this number; EDIT_NOT_FOUND: no edit with that number.';
const ID = { name: 'id', description: 'The change set, by its number.', example: 1 };
const INDEX = { name: 'index', description: 'The edit, by its position in the change set (0 for the first).', example: 0 };

/** A change set's number from the address: anything but a whole number is a change set that is not there. */
function idOf(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : 0;
}

/**
 * The policy workbench (issue 19): change sets of the rules and rates, their cases and impact, approval and
 * publication. Policy staff only; every change is audited.
 */
@ApiTags('Policy')
@PolicyStaff()
@ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
@Controller('api/policy')
export class PolicyController {
  constructor(private readonly policy: PolicyService) {}

  @Get('status')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The rules version today, and the published change sets the files do not hold',
    description:
      "Each published change set: whether the repository's files hold it (in-files), it is laid over them (not-exported), or they differ.",
  })
  @ApiOkResponse({ description: 'PolicyStatus (common/policy/model.ts).' })
  status(): PolicyStatus {
    return this.policy.status();
  }

  @Get('change-sets')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The change sets, newest first (at most 200)' })
  @ApiOkResponse({ description: '{ changeSets: ChangeSetSummary[] }' })
  list(): Promise<{ changeSets: ChangeSetSummary[] }> {
    return this.policy.list();
  }

  @Post('change-sets')
  @HttpCode(201)
  @ApiOperation({ summary: 'Start a change set', description: 'A draft with a title and a reason, written by the member signed in.' })
  @ApiCreatedResponse({ description: 'ChangeSetDetail' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: title or reason missing or too long.' })
  create(@Req() request: Request, @Body() body: CreateChangeSetDto): Promise<ChangeSetDetail> {
    return this.policy.create(signedInUser(request), body.title, body.reason);
  }

  @Get('change-sets/:id')
  @Header('Cache-Control', 'no-store')
  @ApiParam(ID)
  @ApiOperation({
    summary: 'A change set',
    description: 'Its edits, what stops it being published (problems, at each edit and field), its audit and last runs.',
  })
  @ApiOkResponse({ description: 'ChangeSetDetail' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  detail(@Req() request: Request, @Param('id') id: string): Promise<ChangeSetDetail> {
    return this.policy.detail(idOf(id), signedInUser(request));
  }

  @Post('change-sets/:id/edits')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Add an edit',
    description:
      'Checked as the loaders check the file it changes (same schema, same cross-references); a problem is answered at its field (edit.value...). Editing an approved change set takes it back to a draft.',
  })
  @ApiOkResponse({ description: 'ChangeSetDetail' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: the edit, with each problem at its field.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_CLOSED: published, withdrawn or reverted.' })
  addEdit(@Req() request: Request, @Param('id') id: string, @Body() body: EditDto): Promise<ChangeSetDetail> {
    return this.policy.changeEdits(signedInUser(request), idOf(id), null, body.edit);
  }

  @Put('change-sets/:id/edits/:index')
  @ApiParam(ID)
  @ApiParam(INDEX)
  @ApiOperation({ summary: 'Change an edit' })
  @ApiOkResponse({ description: 'ChangeSetDetail' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: the edit, with each problem at its field.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_CLOSED: published, withdrawn or reverted.' })
  changeEdit(
    @Req() request: Request,
    @Param('id') id: string,
    @Param('index') index: string,
    @Body() body: EditDto,
  ): Promise<ChangeSetDetail> {
    return this.policy.changeEdits(signedInUser(request), idOf(id), /^\d{1,4}$/.test(index) ? Number(index) : -1, body.edit);
  }

  @Delete('change-sets/:id/edits/:index')
  @ApiParam(ID)
  @ApiParam(INDEX)
  @ApiOperation({ summary: 'Remove an edit' })
  @ApiOkResponse({ description: 'ChangeSetDetail' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_CLOSED: published, withdrawn or reverted.' })
  removeEdit(@Req() request: Request, @Param('id') id: string, @Param('index') index: string): Promise<ChangeSetDetail> {
    return this.policy.changeEdits(signedInUser(request), idOf(id), /^\d{1,4}$/.test(index) ? Number(index) : -1, null);
  }

  @Post('change-sets/:id/cases-run')
  @HttpCode(200)
  @RateLimited('policy-run')
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Run every hand-worked case with the draft',
    description: "The repository's cases and the change set's own; each with its figures, the rules that held and the rates read.",
  })
  @ApiOkResponse({ description: 'CasesRunReport' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_HAS_PROBLEMS: the draft does not load.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'RATE_LIMITED: RATE_LIMIT_POLICY_RUN.' })
  runCases(@Req() request: Request, @Param('id') id: string): Promise<CasesRunReport> {
    return this.policy.runCases(signedInUser(request), idOf(id));
  }

  @Post('change-sets/:id/approve')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({ summary: 'Approve a draft', description: 'By another member of the policy team: never its author.' })
  @ApiOkResponse({ description: 'ChangeSetDetail' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: `OWN_CHANGE_SET: the author cannot approve it. ${NO_ACCESS}` })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_NOT_DRAFT, or CHANGE_SET_HAS_PROBLEMS with each problem.' })
  approve(@Req() request: Request, @Param('id') id: string): Promise<ChangeSetDetail> {
    return this.policy.approve(signedInUser(request), idOf(id));
  }

  @Post('change-sets/:id/publish')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Publish an approved change set from a date',
    description:
      'From that date every calculation (results, the API, the adviser area) is worked out with it, with no deploy; each result names its rules version.',
  })
  @ApiOkResponse({ description: 'ChangeSetDetail' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: effectiveFrom before today.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'CHANGE_SET_NOT_APPROVED, or CHANGE_SET_HAS_PROBLEMS (a value without its source...).',
  })
  publish(@Req() request: Request, @Param('id') id: string, @Body() body: PublishDto): Promise<ChangeSetDetail> {
    return this.policy.publish(signedInUser(request), idOf(id), body.effectiveFrom);
  }

  @Post('change-sets/:id/withdraw')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({ summary: 'Withdraw a published change set before its date' })
  @ApiOkResponse({ description: 'ChangeSetDetail' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_IN_FORCE: already in force; revert it instead.' })
  withdraw(@Req() request: Request, @Param('id') id: string): Promise<ChangeSetDetail> {
    return this.policy.withdraw(signedInUser(request), idOf(id));
  }

  @Post('change-sets/:id/revert')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Revert a change set in force from a date',
    description: 'Calculations before that date keep it; from it, they do not.',
  })
  @ApiOkResponse({ description: 'ChangeSetDetail' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: from before today or not after its date.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_NOT_IN_FORCE: its date is ahead; withdraw it instead.' })
  revert(@Req() request: Request, @Param('id') id: string, @Body() body: RevertDto): Promise<ChangeSetDetail> {
    return this.policy.revert(signedInUser(request), idOf(id), body.from);
  }
}
