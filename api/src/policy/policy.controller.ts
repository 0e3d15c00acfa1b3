import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
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
  CouncilSchemeHeld,
  CasesRunReport,
  ExtraHelpCatalogue,
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
import { signedInUser } from '../access/signed-in-user.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { RateLimited } from '../rate-limit/route-limits.js';
import {
  ApproveDto,
  ConfirmDto,
  CreateChangeSetDto,
  OpenYearDto,
  SourceEditsDto,
  UprateEditsDto,
  EditDto,
  ImpactDto,
  ParameterQuery,
  PublishDto,
  RevertDto,
  SearchQuery,
  CouncilSchemeQuery,
  StopDto,
  UpratingDto,
  WithdrawDto,
} from './policy.dto.js';
import {
  CasesRunReportDto,
  ChangeSetDetailDto,
  ChangeSetsResponseDto,
  ImpactReportDto,
  ParametersResponseDto,
  ParameterViewDto,
  PolicySearchResponseDto,
  PolicyStatusDto,
  RulesetsResponseDto,
  ExtraHelpCatalogueDto,
  CouncilSchemeHeldDto,
  RulesetViewDto,
  UpratingResponseDto,
  POLICY_CHOICE_MODELS,
} from './policy-answers.dto.js';
import { PolicyCatalogueService } from './policy-catalogue.service.js';
import { PolicyChangeSetsService } from './policy-change-sets.service.js';
import { PolicyProofService } from './policy-proof.service.js';

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
// The kinds of edit, and a figure shown or withheld, that answers (and an edit's body) choose between.
@ApiExtraModels(...POLICY_CHOICE_MODELS)
@PolicyStaff()
@ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
@Controller('api/policy')
export class PolicyController {
  constructor(
    private readonly changeSets: PolicyChangeSetsService,
    private readonly proof: PolicyProofService,
    private readonly catalogue: PolicyCatalogueService,
  ) {}

  @Get('status')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The rules version today, and the published change sets the files do not hold',
    description:
      "Each published change set: whether the repository's files hold it (in-files), it is laid over them (not-exported), or they differ; and the change sets that failed when results were worked out with them (results leave them out) or were stopped in an emergency.",
  })
  @ApiOkResponse({ type: PolicyStatusDto })
  status(): Promise<PolicyStatus> {
    return this.changeSets.status();
  }

  @Get('extra-help')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The extra help in force today, for the form that adds or changes an item',
    description: 'Each category with its items as the files hold them, and the facts an item’s condition may name, in words.',
  })
  @ApiOkResponse({ type: ExtraHelpCatalogueDto })
  extraHelp(): ExtraHelpCatalogue {
    return this.catalogue.extraHelp();
  }

  @Get('council-tax-schemes')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A council’s own Council Tax Reduction scheme, each year held',
    description:
      'As the rules hold it with every published change set (next year’s too): what the form for a council’s scheme starts next year’s from.',
  })
  @ApiOkResponse({ type: CouncilSchemeHeldDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'authority is not an English council’s code.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'COUNCIL_SCHEME_NOT_HELD: the council has no scheme of its own here.' })
  councilScheme(@Query() query: CouncilSchemeQuery): CouncilSchemeHeld {
    return this.catalogue.councilScheme(query.authority);
  }

  @Get('rulesets')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Every ruleset, shortly',
    description: 'As in force today (the files with the published change sets in force).',
  })
  @ApiOkResponse({ type: RulesetsResponseDto })
  rulesets(): Promise<{ rulesets: RulesetSummary[] }> {
    return this.catalogue.rulesets();
  }

  @Get('rulesets/:folder')
  @Header('Cache-Control', 'no-store')
  @ApiParam({ name: 'folder', description: "The ruleset's folder under rulesets/.", example: 'child-benefit' })
  @ApiOperation({
    summary: 'A ruleset',
    description:
      'Its rules with their conditions as plain-English sentences (made from the JSON), its facts, the rates each rule reads and its hand-worked cases.',
  })
  @ApiOkResponse({ type: RulesetViewDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'RULESET_NOT_FOUND' })
  ruleset(@Param('folder') folder: string): Promise<RulesetView> {
    return this.catalogue.ruleset(folder);
  }

  @Get('parameters')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Every parameter, shortly',
    description: 'Named by its path, which mirrors the legislation: the screen builds the tree.',
  })
  @ApiOkResponse({ type: ParametersResponseDto })
  parameters(): Promise<{ parameters: ParameterSummary[] }> {
    return this.catalogue.parameters();
  }

  @Get('parameter')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A parameter',
    description: 'Its dated values with their sources, unit, period, regulation, uprating rounding, and the cases and rules that read it.',
  })
  @ApiOkResponse({ type: ParameterViewDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: name is not a parameter name.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'PARAMETER_NOT_FOUND' })
  parameter(@Query() query: ParameterQuery): Promise<ParameterView> {
    return this.catalogue.parameter(query.name);
  }

  @Get('search')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Search rates, rules, questions and extra help',
    description: 'By name, path, label, text or regulation; at most 50 hits, best first.',
  })
  @ApiOkResponse({ type: PolicySearchResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: q missing or too long.' })
  search(@Query() query: SearchQuery): Promise<{ hits: PolicySearchHit[] }> {
    return this.catalogue.search(query.q);
  }

  @Get('household-schema')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "The calculation API's household as a JSON Schema",
    description: 'For the form a hand-worked case is written in.',
  })
  @ApiOkResponse({
    description: 'A JSON Schema (2020-12).',
    schema: {
      type: 'object',
      additionalProperties: true,
      example: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' },
    },
  })
  householdSchema(): Record<string, unknown> {
    return this.catalogue.householdSchema();
  }

  @Post('uprating')
  @HttpCode(200)
  @ApiOperation({
    summary: "Propose next year's values",
    description:
      "Each parameter's value the day before `from`, raised by the percentage and rounded by its own rule; those not uprated by a percentage are listed with why. Nothing is saved: add the proposals to a change set as edits.",
  })
  @ApiOkResponse({ type: UpratingResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'VALIDATION_FAILED: an unknown parameter, a percentage or a date that cannot be read.',
  })
  uprating(@Body() body: UpratingDto): UpratingResponse {
    return this.catalogue.uprating({ parameters: body.parameters, percent: body.percent, from: body.from });
  }

  @Get('change-sets')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The change sets, newest first (at most 200)' })
  @ApiOkResponse({ type: ChangeSetsResponseDto })
  list(): Promise<{ changeSets: ChangeSetSummary[] }> {
    return this.changeSets.list();
  }

  @Post('change-sets')
  @HttpCode(201)
  @ApiOperation({ summary: 'Start a change set', description: 'A draft with a title and a reason, written by the member signed in.' })
  @ApiCreatedResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: title or reason missing or too long.' })
  create(@Req() request: Request, @Body() body: CreateChangeSetDto): Promise<ChangeSetDetail> {
    return this.changeSets.create(signedInUser(request), body.title, body.reason);
  }

  @Post('change-sets/new-year')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Open next year',
    description:
      'A draft titled "Rates for 2027 to 2028" that moves the last date the rates held cover on a year and carries every rate forward unchanged with no source (to confirm): uprate what the law uprates, confirm or type the rest, give each its source. Tables of bands (scales) are not carried yet; the change set’s problems name them.',
  })
  @ApiCreatedResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: the reason missing or too long.' })
  openYear(@Req() request: Request, @Body() body: OpenYearDto): Promise<ChangeSetDetail> {
    return this.changeSets.openYear(signedInUser(request), body.reason);
  }

  @Get('change-sets/:id')
  @Header('Cache-Control', 'no-store')
  @ApiParam(ID)
  @ApiOperation({
    summary: 'A change set',
    description: 'Its edits, what stops it being published (problems, at each edit and field), its audit and last runs.',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  detail(@Req() request: Request, @Param('id') id: string): Promise<ChangeSetDetail> {
    return this.changeSets.detail(idOf(id), signedInUser(request));
  }

  @Post('change-sets/:id/edits')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Add an edit',
    description:
      'Checked as the loaders check the file it changes (same schema, same cross-references); a problem is answered at its field (edit.value...). Editing an approved change set takes it back to a draft.',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: the edit, with each problem at its field.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_CLOSED: published, withdrawn or reverted.' })
  addEdit(@Req() request: Request, @Param('id') id: string, @Body() body: EditDto): Promise<ChangeSetDetail> {
    return this.changeSets.changeEdits(signedInUser(request), idOf(id), null, body.edit);
  }

  @Post('change-sets/:id/uprate')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Uprate values by a percentage',
    description:
      'The dated values named, each from last year’s value raised by the percentage with its own rounding. Only money the law uprates each year: hours, tapers, ages, frozen and councils’ figures are refused, named.',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'VALIDATION_FAILED: an edit that is not a dated value, or cannot be uprated.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_CLOSED: published, withdrawn or reverted.' })
  uprateEdits(@Req() request: Request, @Param('id') id: string, @Body() body: UprateEditsDto): Promise<ChangeSetDetail> {
    return this.changeSets.uprateEdits(signedInUser(request), idOf(id), body.edits, body.percent);
  }

  @Post('change-sets/:id/source')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Give many values one source',
    description: 'The official source (the uprating order, the Budget document, a council’s scheme) of every dated value named.',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'VALIDATION_FAILED: an edit that is not a dated value, or a source that is not official.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_CLOSED: published, withdrawn or reverted.' })
  sourceEdits(@Req() request: Request, @Param('id') id: string, @Body() body: SourceEditsDto): Promise<ChangeSetDetail> {
    return this.changeSets.sourceEdits(signedInUser(request), idOf(id), body.edits, { title: body.title.trim(), url: body.url });
  }

  @Put('change-sets/:id/edits/:index')
  @ApiParam(ID)
  @ApiParam(INDEX)
  @ApiOperation({ summary: 'Change an edit' })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: the edit, with each problem at its field.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_CLOSED: published, withdrawn or reverted.' })
  changeEdit(
    @Req() request: Request,
    @Param('id') id: string,
    @Param('index') index: string,
    @Body() body: EditDto,
  ): Promise<ChangeSetDetail> {
    return this.changeSets.changeEdits(signedInUser(request), idOf(id), /^\d{1,4}$/.test(index) ? Number(index) : -1, body.edit);
  }

  @Delete('change-sets/:id/edits/:index')
  @ApiParam(ID)
  @ApiParam(INDEX)
  @ApiOperation({ summary: 'Remove an edit' })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_CLOSED: published, withdrawn or reverted.' })
  removeEdit(@Req() request: Request, @Param('id') id: string, @Param('index') index: string): Promise<ChangeSetDetail> {
    return this.changeSets.changeEdits(signedInUser(request), idOf(id), /^\d{1,4}$/.test(index) ? Number(index) : -1, null);
  }

  @Post('change-sets/:id/cases-run')
  @HttpCode(200)
  @RateLimited('policy-run')
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Run every hand-worked case with the draft',
    description: "The repository's cases and the change set's own; each with its figures, the rules that held and the rates read.",
  })
  @ApiOkResponse({ type: CasesRunReportDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_HAS_PROBLEMS: the draft does not load.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'RATE_LIMITED: RATE_LIMIT_POLICY_RUN.' })
  runCases(@Req() request: Request, @Param('id') id: string): Promise<CasesRunReport> {
    return this.proof.runCases(signedInUser(request), idOf(id));
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
  @ApiOkResponse({ type: ImpactReportDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: date.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_HAS_PROBLEMS: the draft does not load.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: 'RATE_LIMITED: RATE_LIMIT_POLICY_RUN.' })
  impact(@Req() request: Request, @Param('id') id: string, @Body() body: ImpactDto): Promise<ImpactReport> {
    return this.proof.impact(signedInUser(request), idOf(id), body.date);
  }

  @Post('change-sets/:id/approve')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Approve a draft, as it was shown',
    description:
      'By a member of the policy team who neither started it nor added, changed or removed any of its edits. The body names the digest of the edits approved: a change set changed since is refused. Approval needs the checks (cases-run) run on exactly these edits against the rules published now, with no hand-worked case newly failing and no generated household failing. Any later change to the edits takes it back to a draft.',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: digest missing or not a digest.' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: `OWN_CHANGE_SET: the member who started it; CHANGED_CHANGE_SET: a member who changed its edits. ${NO_ACCESS}`,
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'CHANGE_SET_NOT_DRAFT; CHANGE_SET_CHANGED: the digest is not that of the edits held now; CHANGE_SET_HAS_PROBLEMS with each problem; CHECKS_NEEDED: the checks are not run on this version, or cases or households fail (the message says what to run or correct).',
  })
  approve(@Req() request: Request, @Param('id') id: string, @Body() body: ApproveDto): Promise<ChangeSetDetail> {
    return this.changeSets.approve(signedInUser(request), idOf(id), body.digest);
  }

  @Post('change-sets/:id/publish')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Publish an approved change set from a date',
    description:
      'Exactly the edits approved (the digest sent, the approval and the edits held must agree). From that date every calculation (results, the API, the adviser area) is worked out with it, with no deploy; each result names its rules version.',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: effectiveFrom before today, or digest missing.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'CHANGE_SET_NOT_APPROVED; CHANGE_SET_CHANGED: not what was approved; CHANGE_SET_HAS_PROBLEMS (a value without its source...); CHECKS_NEEDED: run the checks again (another change set was published since).',
  })
  publish(@Req() request: Request, @Param('id') id: string, @Body() body: PublishDto): Promise<ChangeSetDetail> {
    return this.changeSets.publish(signedInUser(request), idOf(id), body.effectiveFrom, body.digest);
  }

  @Post('change-sets/:id/withdraw')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Ask for a published change set to be withdrawn before its date',
    description: 'With a reason. Nothing changes until a second member, not the one who asked, confirms (confirm).',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto, description: 'The change set, with its pendingRequest.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: reason missing or too long.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'CHANGE_SET_IN_FORCE: already in force (ask for a revert instead); REQUEST_PENDING: a request is already waiting.',
  })
  withdraw(@Req() request: Request, @Param('id') id: string, @Body() body: WithdrawDto): Promise<ChangeSetDetail> {
    return this.changeSets.askWithdrawal(signedInUser(request), idOf(id), body.reason);
  }

  @Post('change-sets/:id/revert')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Ask for a change set in force to be reverted from a date',
    description:
      'With a reason; from today (its own date included) or later. Nothing changes until a second member, not the one who asked, confirms (confirm). Calculations before that date keep it; from it, they do not.',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto, description: 'The change set, with its pendingRequest.' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'VALIDATION_FAILED: from before today or before its date; reason missing.',
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'CHANGE_SET_NOT_IN_FORCE: its date is ahead (ask for a withdrawal instead); REQUEST_PENDING: a request is already waiting.',
  })
  revert(@Req() request: Request, @Param('id') id: string, @Body() body: RevertDto): Promise<ChangeSetDetail> {
    return this.changeSets.askRevert(signedInUser(request), idOf(id), body.from, body.reason);
  }

  @Post('change-sets/:id/confirm')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Confirm the withdrawal or revert another member asked for',
    description: 'Names the request as it was shown (kind and date). Never by the member who asked.',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: kind or from.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: `OWN_REQUEST: the member who asked. ${NO_ACCESS}` })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'NO_REQUEST; REQUEST_CHANGED: not the request shown; REQUEST_OUT_OF_DATE: its date has passed; CHANGE_SET_IN_FORCE or CHANGE_SET_NOT_IN_FORCE: it can no longer be done.',
  })
  confirm(@Req() request: Request, @Param('id') id: string, @Body() body: ConfirmDto): Promise<ChangeSetDetail> {
    return this.changeSets.confirm(signedInUser(request), idOf(id), { kind: body.kind, from: body.from ?? null });
  }

  @Post('change-sets/:id/cancel-request')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({ summary: 'Cancel the withdrawal or revert waiting to be confirmed', description: 'Any member of the policy team.' })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'NO_REQUEST' })
  cancelRequest(@Req() request: Request, @Param('id') id: string): Promise<ChangeSetDetail> {
    return this.changeSets.cancelRequest(signedInUser(request), idOf(id));
  }

  @Post('change-sets/:id/stop')
  @HttpCode(200)
  @ApiParam(ID)
  @ApiOperation({
    summary: 'Emergency stop: take a published change set out of force from today',
    description:
      'One member, with a reason, recorded in the audit: in force, it stops applying from today (calculations dated before today keep it); with its date ahead, it is withdrawn. For results that are wrong now (or a change set that fails); otherwise ask for a revert.',
  })
  @ApiOkResponse({ type: ChangeSetDetailDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'VALIDATION_FAILED: reason missing or too long.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: NOT_FOUND })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'CHANGE_SET_NOT_IN_FORCE: not published, or already out of force.' })
  stop(@Req() request: Request, @Param('id') id: string, @Body() body: StopDto): Promise<ChangeSetDetail> {
    return this.changeSets.stop(signedInUser(request), idOf(id), body.reason);
  }
}
