import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
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
import type {
  CasesRunReport,
  ChangeSetDetail,
  ImpactReport,
  ChangeSetSummary,
  ParameterSummary,
  ParameterView,
  PolicySearchHit,
  PolicyStatus,
  RulesetSummary,
  RulesetView,
  UpratingResponse,
} from '../../../common/policy/model.js';
import { PolicyStaff } from '../access/access.js';
import { signedInUser } from '../accounts/signed-in-user.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { RateLimited } from '../rate-limit/route-limits.js';
import { CreateChangeSetDto, EditDto, ImpactDto, ParameterQuery, PublishDto, RevertDto, SearchQuery, UpratingDto } from './policy.dto.js';
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

  @Get('rulesets')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Every ruleset, shortly',
    description: 'As in force today (the files with the published change sets in force).',
  })
  @ApiOkResponse({ description: '{ rulesets: RulesetSummary[] }' })
  rulesets(): Promise<{ rulesets: RulesetSummary[] }> {
    return this.policy.rulesets();
  }

  @Get('rulesets/:folder')
  @Header('Cache-Control', 'no-store')
  @ApiParam({ name: 'folder', description: "The ruleset's folder under rulesets/.", example: 'child-benefit' })
  @ApiOperation({
    summary: 'A ruleset',
    description:
      'Its rules with their conditions as plain-English sentences (made from the JSON), its facts, the rates each rule reads and its hand-worked cases.',
  })
  @ApiOkResponse({ description: 'RulesetView' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'RULESET_NOT_FOUND' })
  ruleset(@Param('folder') folder: string): Promise<RulesetView> {
    return this.policy.ruleset(folder);
  }

  @Get('parameters')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Every parameter, shortly',
    description: 'Named by its path, which mirrors the legislation: the screen builds the tree.',
  })
  @ApiOkResponse({ description: '{ parameters: ParameterSummary[] }' })
  parameters(): Promise<{ parameters: ParameterSummary[] }> {
    return this.policy.parameters();
  }

  @Get('parameter')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A parameter',
    description: 'Its dated values with their sources, unit, period, regulation, uprating rounding, and the cases and rules that read it.',
  })
  @ApiOkResponse({ description: 'ParameterView' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: name is not a parameter name.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'PARAMETER_NOT_FOUND' })
  parameter(@Query() query: ParameterQuery): Promise<ParameterView> {
    return this.policy.parameter(query.name);
  }

  @Get('search')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Search rates, rules, questions and extra help',
    description: 'By name, path, label, text or regulation; at most 50 hits, best first.',
  })
  @ApiOkResponse({ description: '{ hits: PolicySearchHit[] }' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: q missing or too long.' })
  search(@Query() query: SearchQuery): Promise<{ hits: PolicySearchHit[] }> {
    return this.policy.search(query.q);
  }

  @Get('household-schema')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "The calculation API's household as a JSON Schema",
    description: 'For the form a hand-worked case is written in.',
  })
  @ApiOkResponse({ description: 'A JSON Schema (2020-12).' })
  householdSchema(): Record<string, unknown> {
    return this.policy.householdSchema();
  }

  @Post('uprating')
  @HttpCode(200)
  @ApiOperation({
    summary: "Propose next year's values",
    description:
      "Each parameter's value the day before `from`, raised by the percentage and rounded by its own rule; those not uprated by a percentage are listed with why. Nothing is saved: add the proposals to a change set as edits.",
  })
  @ApiOkResponse({ description: 'UpratingResponse' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'VALIDATION_FAILED: an unknown parameter, a percentage or a date that cannot be read.',
  })
  uprating(@Body() body: UpratingDto): UpratingResponse {
    return this.policy.uprating({ parameters: body.parameters, percent: body.percent, from: body.from });
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

  @Post('change-sets/:id/impact')
  @HttpCode(200)
  @RateLimited('policy-run')
  @ApiParam(ID)
  @ApiOperation({
    summary: 'The impact of the draft against the published rules on a date',
    description:
      'Over a reproducible sample of 10,000 generated households (with examples) and over the households of real calculations still kept (in aggregate only): households that change, gainers and losers, the change a year for each benefit, and the distribution of changes.',
  })
  @ApiOkResponse({ description: 'ImpactReport' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: date.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_HAS_PROBLEMS: the draft does not load.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'RATE_LIMITED: RATE_LIMIT_POLICY_RUN.' })
  impact(@Req() request: Request, @Param('id') id: string, @Body() body: ImpactDto): Promise<ImpactReport> {
    return this.policy.impact(signedInUser(request), idOf(id), body.date);
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
