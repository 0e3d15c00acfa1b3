import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type {
  AdviserActionResponse,
  AdviserCalculationResponse,
  ClientResponse,
  ClientsResponse,
  CompareResponse,
} from '../../../common/adviser/model.js';
import { Adviser } from '../access/access.js';
import { signedInUser } from '../access/signed-in-user.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import {
  AdviserActionResponseDto,
  AdviserCalculationResponseDto,
  AdviserPdfQuery,
  CalculationQuery,
  ClientQuery,
  ClientResponseDto,
  ClientSearchQuery,
  ClientsResponseDto,
  CompareQuery,
  CompareResponseDto,
  DeleteRequest,
  DetailsRequest,
  DuplicateRequest,
  StartRequest,
} from './adviser.dto.js';
import { AdviserService } from './adviser.service.js';

const NO_ACCESS =
  'NO_ACCESS: not signed in to the adviser area as an adviser or organisation admin (the No Access screen); CSRF_FAILED: a POST without the X-CSRF-Token header.';
const CLIENT_NOT_FOUND = "CLIENT_NOT_FOUND: no such client in the adviser's organisation.";
const CALCULATION_NOT_FOUND = "CALCULATION_NOT_FOUND: no such calculation of the organisation's clients, or it is older than 6 months.";

/**
 * The adviser area's calls (`/api/intermediary/...`). Every route needs an adviser's or admin's account
 * session; the service then proves the client or calculation belongs to their organisation.
 */
@ApiTags('Adviser')
@Adviser()
@Controller('api/intermediary')
export class AdviserController {
  constructor(private readonly advisers: AdviserService) {}

  @Get('clients')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Find clients by name or date of birth',
    description:
      "Part of a first or last name (any case), or an exact date of birth as DD/MM/YYYY; at least 3 characters. 'user' searches the adviser's own clients, 'organisation' all of the organisation's. An empty search with 'user' lists the adviser's own clients, most recently worked on first (up to 50).",
  })
  @ApiOkResponse({ type: ClientsResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'search is shorter than 3 characters or not a real date, or searchType is not user or organisation.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  async clients(@Req() request: Request, @Query() query: ClientSearchQuery): Promise<ClientsResponse> {
    return {
      isIntermediary: true,
      searchClients: await this.advisers.searchClients(signedInUser(request), query.search, query.searchType),
    };
  }

  @Get('client')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'A client and their calculations', description: 'The calculations younger than 6 months, newest first.' })
  @ApiOkResponse({ type: ClientResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'clientGuid is not a client id.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: CLIENT_NOT_FOUND })
  async client(@Req() request: Request, @Query() query: ClientQuery): Promise<ClientResponse> {
    return { isIntermediary: true, ...(await this.advisers.clientWithCalculations(signedInUser(request), query.clientGuid)) };
  }

  @Get('calculation')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'One client calculation with its figures and answers',
    description:
      'Worked out again from the stored answers with today’s rules, as the results page is. An unfinished calculation has its details only.',
  })
  @ApiOkResponse({ type: AdviserCalculationResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'session is not a calculation id.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: CALCULATION_NOT_FOUND })
  async calculation(@Req() request: Request, @Query() query: CalculationQuery): Promise<AdviserCalculationResponse> {
    return { isValid: true, isIntermediary: true, calculation: await this.advisers.calculation(signedInUser(request), query.session) };
  }

  @Post('start')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start a new calculation for a client',
    description: 'The adviser then answers it from page 1 of the survey. Recorded in the audit.',
  })
  @ApiOkResponse({ type: AdviserActionResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'The case label is missing or longer than 20 characters, or clientGuid is not a client id.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: CLIENT_NOT_FOUND })
  async start(@Req() request: Request, @Body() body: StartRequest): Promise<AdviserActionResponse & { isIntermediary: true }> {
    const session = await this.advisers.start(signedInUser(request), body.clientGuid, body.caseReference ?? '');
    return { isValid: true, isIntermediary: true, session };
  }

  @Post('duplicate')
  @HttpCode(200)
  @ApiOperation({
    summary: "Copy a client's calculation",
    description: 'A new calculation for the same client with the same answers, under a new case label. Recorded in the audit.',
  })
  @ApiOkResponse({ type: AdviserActionResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'The case label is missing or longer than 20 characters, or an id is malformed.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: `${CLIENT_NOT_FOUND} ${CALCULATION_NOT_FOUND}` })
  async duplicate(@Req() request: Request, @Body() body: DuplicateRequest): Promise<AdviserActionResponse & { isIntermediary: true }> {
    const session = await this.advisers.duplicate(signedInUser(request), body.clientGuid, body.session, body.caseReference ?? '');
    return { isValid: true, isIntermediary: true, session };
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOperation({
    summary: "Delete a client's calculation",
    description: 'The calculation and its answers go; the audit record of who deleted it stays.',
  })
  @ApiOkResponse({ type: AdviserActionResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'session is not a calculation id.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: CALCULATION_NOT_FOUND })
  async delete(@Req() request: Request, @Body() body: DeleteRequest): Promise<AdviserActionResponse & { isIntermediary: true }> {
    await this.advisers.delete(signedInUser(request), body.session);
    return { isValid: true, isIntermediary: true };
  }

  @Post('details')
  @HttpCode(200)
  @ApiOperation({ summary: "Update a calculation's case label and notes", description: 'Recorded in the audit.' })
  @ApiOkResponse({ type: AdviserActionResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'The case label is missing or longer than 20 characters, the notes are longer than 2000, or session is malformed.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: CALCULATION_NOT_FOUND })
  async details(@Req() request: Request, @Body() body: DetailsRequest): Promise<AdviserActionResponse & { isIntermediary: true }> {
    await this.advisers.updateDetails(signedInUser(request), body.session, body.caseLabel ?? '', body.caseNotes ?? '');
    return { isValid: true, isIntermediary: true };
  }

  @Get('compare')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "Compare 2 to 6 of a client's calculations",
    description: 'For each system, the benefits of each finished calculation side by side, with the totals.',
  })
  @ApiOkResponse({ type: CompareResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Fewer than 2 or more than 6 sessions, one given twice, or a malformed id.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: `${CLIENT_NOT_FOUND} ${CALCULATION_NOT_FOUND}` })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'CALCULATION_NOT_COMPLETE or RESULTS_NOT_READY: a calculation has no results to compare yet.',
  })
  async compare(@Req() request: Request, @Query() query: CompareQuery): Promise<CompareResponse> {
    return { isIntermediary: true, ...(await this.advisers.compare(signedInUser(request), query.clientGuid, query.session)) };
  }

  @Get('pdf')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Download one calculation’s results, or a comparison, as a PDF',
    description:
      'One session: the results PDF, as the public results page gives it. 2 to 6: the comparison PDF. Sent as an attachment with its Content-Length.',
  })
  @ApiOkResponse({
    description: 'The PDF, as an attachment; never cached.',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    headers: { 'Content-Length': { description: 'The size of the file in bytes.', schema: { type: 'integer' } } },
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'No session or more than 6, one given twice, a malformed id, or period not weekly or monthly.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NO_ACCESS })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: `${CLIENT_NOT_FOUND} ${CALCULATION_NOT_FOUND}` })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'CALCULATION_NOT_COMPLETE or RESULTS_NOT_READY: a calculation has no results yet.',
  })
  async pdf(@Req() request: Request, @Query() query: AdviserPdfQuery): Promise<StreamableFile> {
    const { pdf, fileName } = await this.advisers.pdf(signedInUser(request), query.clientGuid, query.session, query.period ?? 'weekly');
    return new StreamableFile(pdf, { type: 'application/pdf', length: pdf.length, disposition: `attachment; filename="${fileName}"` });
  }
}
