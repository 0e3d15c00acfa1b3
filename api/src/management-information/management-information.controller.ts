import { Controller, Get, Header, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ManagementInformationResponse } from '../../../common/accounts/management-information.js';
import { OrganisationAdmin } from '../access/access.js';
import { signedInUser } from '../access/signed-in-user.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { ManagementInformationQuery, ManagementInformationResponseDto } from './management-information.dto.js';
import { ManagementInformationService } from './management-information.service.js';

const NO_ACCESS = { type: ErrorResponseDto, description: 'Not signed in as an organisation admin (NO_ACCESS).' };
const BAD_PERIOD = {
  type: ErrorResponseDto,
  description:
    'year is not a year written like 2026-27, scope is neither organisation nor partner, or another field was sent (from and to are no longer taken).',
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
      "Calculations of the organisation's clients started and finished in each month of a year (April to March) and over the year, the share that found something to claim, the estimated yearly entitlement found per benefit, and the calls of each API key per day. Every figure of calculations is under the disclosure control (docs/privacy.md): a count of 1 to 9 is withheld as fewer-than-10 and 0 is 0; other counts are rounded to a multiple of 5 and money to a multiple of £10,000 (1,000,000 pence), up or down as the calculations' record keys draw, so the same question always gets the same answer; money from fewer than 10 calculations is withheld as too-few; a figure that with the others would give a withheld one back is withheld as would-reveal-another. The API keys' calls are exact.",
  })
  @ApiOkResponse({ type: ManagementInformationResponseDto })
  @ApiBadRequestResponse(BAD_PERIOD)
  @ApiForbiddenResponse(NO_ACCESS)
  @ApiNotFoundResponse(NO_PORTAL)
  information(@Req() request: Request, @Query() query: ManagementInformationQuery): Promise<ManagementInformationResponse> {
    return this.figures.figures(signedInUser(request), query.year, query.scope);
  }

  @Get('management-information/csv')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'The management information as CSV',
    description:
      'The same tables, one after another; a withheld figure says why ("fewer than 10", "withheld: too few" or "withheld: would reveal another figure").',
  })
  @ApiOkResponse({ description: 'The CSV, as an attachment.', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse(BAD_PERIOD)
  @ApiForbiddenResponse(NO_ACCESS)
  @ApiNotFoundResponse(NO_PORTAL)
  async csv(@Req() request: Request, @Query() query: ManagementInformationQuery): Promise<StreamableFile> {
    const user = signedInUser(request);
    const year = this.figures.year(query.year);
    const csv = Buffer.from(await this.figures.csv(user, year, query.scope), 'utf8');
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      length: csv.length,
      disposition: `attachment; filename="management-information-${query.scope === 'partner' ? 'portal-' : ''}${year}.csv"`,
    });
  }
}
