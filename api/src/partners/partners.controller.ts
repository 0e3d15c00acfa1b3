import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PartnerProposal, PartnersResponse } from '../../../common/partners/model.js';
import { Public, ServiceAdmin } from '../access/access.js';
import { signedInUser, signedInUserOrNull } from '../access/signed-in-user.js';
import { ApiError } from '../errors/api-error.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import {
  PartnerActionRequest,
  PartnerChangeParams,
  PartnerIdParams,
  PartnerLogoParams,
  PartnerProposalDto,
  PartnerProposalRequestDto,
  PartnersResponseDto,
} from './partners.dto.js';
import { PartnersService } from './partners.service.js';

const ERROR = { type: ErrorResponseDto };
const FORBIDDEN = {
  ...ERROR,
  description:
    'Not signed in as a service administrator (NO_ACCESS); on a POST, X-CSRF-Token missing or wrong (CSRF_FAILED); approving one’s own change (SECOND_PERSON_NEEDED).',
};
const CHANGE_NOT_FOUND = { ...ERROR, description: 'No change with this reference (PARTNER_CHANGE_NOT_FOUND).' };
const DECIDED = { ...ERROR, description: 'The change was already approved or rejected (PARTNER_CHANGE_DECIDED).' };

/**
 * The partner register in the account area (docs/embed.md 'Registering a partner'): the charity's service
 * administrators register, change and remove partners; every change waits for a second administrator's approval.
 */
@ApiTags('Partners')
@ServiceAdmin()
@Controller('api/partners')
export class PartnersController {
  constructor(private readonly partners: PartnersService) {}

  @Get()
  @ApiOperation({ summary: 'The partners in force, and the changes waiting for approval' })
  @ApiOkResponse({ type: PartnersResponseDto })
  @ApiForbiddenResponse(FORBIDDEN)
  list(@Req() request: Request): Promise<PartnersResponse> {
    return this.partners.list(signedInUser(request));
  }

  @Post('proposals')
  @ApiOperation({
    summary: 'Propose a new partner, or a new definition of one',
    description:
      'Checked as a partner file is; it takes effect when a second service administrator approves it. One change a partner waits at a time.',
  })
  @ApiCreatedResponse({ type: PartnerProposalDto })
  @ApiBadRequestResponse({ ...ERROR, description: 'A field is missing or not right (VALIDATION_FAILED); each error names its field.' })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiConflictResponse({ ...ERROR, description: 'A change to this partner is already waiting (PARTNER_CHANGE_OPEN).' })
  propose(@Req() request: Request, @Body() body: PartnerProposalRequestDto): Promise<PartnerProposal> {
    return this.partners.propose(signedInUser(request), body);
  }

  @Post('removals/:partnerId')
  @ApiOperation({ summary: 'Propose removing a partner', description: 'Its pages can no longer show the calculator once it is approved.' })
  @ApiCreatedResponse({ type: PartnerProposalDto })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiNotFoundResponse({ ...ERROR, description: 'No partner with this id (PARTNER_NOT_FOUND).' })
  @ApiConflictResponse({ ...ERROR, description: 'A change to this partner is already waiting (PARTNER_CHANGE_OPEN).' })
  proposeRemoval(@Req() request: Request, @Param() params: PartnerIdParams, @Body() _body: PartnerActionRequest): Promise<PartnerProposal> {
    return this.partners.proposeRemoval(signedInUser(request), params.partnerId);
  }

  @Post('proposals/:reference/approve')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Approve a change someone else proposed',
    description: 'It takes effect at once on this server, and within 30 seconds on every other. Never one’s own.',
  })
  @ApiOkResponse({ type: PartnersResponseDto })
  @ApiBadRequestResponse({ ...ERROR, description: 'The change no longer passes the checks (VALIDATION_FAILED).' })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiNotFoundResponse(CHANGE_NOT_FOUND)
  @ApiConflictResponse(DECIDED)
  approve(@Req() request: Request, @Param() params: PartnerChangeParams, @Body() _body: PartnerActionRequest): Promise<PartnersResponse> {
    return this.partners.approve(signedInUser(request), params.reference);
  }

  @Post('proposals/:reference/reject')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Reject a change, or withdraw one’s own' })
  @ApiOkResponse({ type: PartnersResponseDto })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiNotFoundResponse(CHANGE_NOT_FOUND)
  @ApiConflictResponse(DECIDED)
  reject(@Req() request: Request, @Param() params: PartnerChangeParams, @Body() _body: PartnerActionRequest): Promise<PartnersResponse> {
    return this.partners.reject(signedInUser(request), params.reference);
  }
}

/** A registered partner's logo, which its portal shows (on every page, to anyone, once approved). */
@ApiTags('Partners')
@Public()
@Controller('api/partners/logos')
export class PartnerLogosController {
  constructor(private readonly partners: PartnersService) {}

  @Get(':file')
  @ApiOperation({ summary: 'A registered partner’s logo', description: 'A waiting change’s logo only to a service administrator.' })
  @ApiOkResponse({ description: 'The PNG.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ ...ERROR, description: 'No logo here (LOGO_NOT_FOUND).' })
  async logo(@Req() request: Request, @Res() response: Response, @Param() params: PartnerLogoParams): Promise<void> {
    const user = signedInUserOrNull(request);
    const bytes = await this.partners.logo(params.file.slice(0, -'.png'.length), user);
    if (!bytes) throw new ApiError(404, 'LOGO_NOT_FOUND', 'There is no logo at this address.');
    // A change's logo never changes: a new logo is a new change with its own address.
    response.set('Cache-Control', user ? 'private, no-store' : 'public, max-age=86400, immutable');
    response.set('Content-Security-Policy', "default-src 'none'");
    response.type('image/png').send(bytes);
  }
}
