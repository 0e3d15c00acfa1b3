import { Controller, Get, Header, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ManagementInformationResponse } from '../../../common/accounts/management-information.js';
import { OrganisationAdmin } from '../access/access.js';
import { signedInUser } from '../accounts/signed-in-user.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { ManagementInformationQuery, ManagementInformationResponseDto } from './management-information.dto.js';
import { ManagementInformationService } from './management-information.service.js';

const NO_ACCESS = { type: ErrorResponseDto, description: 'Not signed in as an organisation admin (NO_ACCESS).' };
const BAD_PERIOD = {
  type: ErrorResponseDto,
  description: 'from or to is not a month written yyyy-mm, from is after to, or more than 24 months.',
};

/** Management information (issue 20): the organisation's figures, aggregate only, for its admins. */
const NO_PORTAL = {
  type: ErrorResponseDto,
  description: 'NO_PARTNER_PORTAL: scope=partner, but the organisation runs no partner portal (npm run accounts:link-partner links one).',
};

@ApiTags('Accounts')
@OrganisationAdmin()
@Controller('api/account')
export class ManagementInformationController {
  constructor(private readonly figures: ManagementInformationService) {}

  @Get('management-information')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "The organisation's management information",
    description:
      "Calculations of the organisation's clients started and finished by month, the share that found something to claim, the estimated yearly entitlement found per benefit, and the calls of each API key per day. A count under 10, and a figure worked out from fewer than 10 calculations, is suppressed.",
  })
  @ApiOkResponse({ type: ManagementInformationResponseDto })
  @ApiBadRequestResponse(BAD_PERIOD)
  @ApiForbiddenResponse(NO_ACCESS)
  @ApiNotFoundResponse(NO_PORTAL)
  information(@Req() request: Request, @Query() query: ManagementInformationQuery): Promise<ManagementInformationResponse> {
    return this.figures.figures(signedInUser(request), query.from, query.to, query.scope);
  }

  @Get('management-information/csv')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The management information as CSV',
    description: 'The same tables, one after another; <10 for a suppressed figure.',
  })
  @ApiOkResponse({ description: 'The CSV, as an attachment.', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse(BAD_PERIOD)
  @ApiForbiddenResponse(NO_ACCESS)
  @ApiNotFoundResponse(NO_PORTAL)
  async csv(@Req() request: Request, @Query() query: ManagementInformationQuery): Promise<StreamableFile> {
    const user = signedInUser(request);
    const { from, to } = this.figures.period(query.from, query.to);
    const csv = Buffer.from(await this.figures.csv(user, from, to, query.scope), 'utf8');
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      length: csv.length,
      disposition: `attachment; filename="management-information-${query.scope === 'partner' ? 'portal-' : ''}${from}-to-${to}.csv"`,
    });
  }
}
