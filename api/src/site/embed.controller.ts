import { Controller, Get, Header, Inject, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SiteConfig } from '../../../common/site.js';
import { Public } from '../access/access.js';
import { ApiError } from '../errors/api-error.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { checkEmbed, type EmbedCheck } from './embed-check.js';
import { SITE_CONFIG } from './site-config-token.js';

class EmbedCheckResponse implements EmbedCheck {
  @ApiProperty({ description: 'Whether the browser will show the calculator, in this partner’s portal, on the page that asked.' })
  allowed!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why not, and what to do, for the partner’s web team (embed.js shows it in place of the frame); null when allowed.',
  })
  message!: string | null;
}

/** The embed kit's question before it makes the frame (docs/embed.md): may this page show this partner's portal? */
@ApiTags('Embed')
@Public()
@Controller('api/embed')
export class EmbedController {
  constructor(@Inject(SITE_CONFIG) private readonly site: SiteConfig) {}

  @Get('check')
  // Asked by partners' pages on other origins, with no credentials; the answer is the same for every page of an origin.
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Whether the page asking (its Origin header) may show a partner’s portal',
    description:
      'embed.js asks this before it makes the frame. A page that is not at one of the partner’s registered origins would get a frame the browser refuses to show; embed.js shows the message instead.',
  })
  @ApiQuery({ name: 'partner', description: 'The partner id of the script tag’s data-partner.', example: 'cap_live' })
  @ApiOkResponse({ type: EmbedCheckResponse })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'partner is missing, given twice, or longer than 100 characters.' })
  check(@Req() request: Request, @Query('partner') partner: unknown): EmbedCheckResponse {
    if (typeof partner !== 'string' || partner.length > 100)
      throw ApiError.validation([{ path: 'partner', message: 'partner must be the partner id of the script tag, as text.' }]);
    const id = partner.trim().toLowerCase();
    return checkEmbed(this.site, id, request.get('origin') ?? null, `${request.protocol}://${request.get('host')}`);
  }
}
