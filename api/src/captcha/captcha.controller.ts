import { Controller, Get, Param, Query, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SessionHolder } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { callerOf } from '../access/caller.js';
import { ChallengeAudioQuery, ChallengeImageQuery } from './captcha.dto.js';
import { CaptchaService } from './captcha.service.js';

const SESSION = { name: 'session', description: 'The calculation the e-mail form belongs to.', format: 'uuid' };
const NOT_FOUND = { type: ErrorResponseDto, description: 'The calculation was not found or is older than 6 months.' };
const TOO_MANY = { type: ErrorResponseDto, description: 'Too many new codes from one address; wait a few minutes.' };
const FORBIDDEN = {
  type: ErrorResponseDto,
  description:
    'VERIFICATION_REQUIRED: only a browser that may open the calculation gets its codes (the owner, or one that passed the identity check); NO_ACCESS for an adviser’s client calculation without the adviser’s sign-in.',
};
const BROWSER_ID_HEADER = {
  name: 'X-Browser-Id',
  required: false,
  description: 'The browser id the web app keeps: the web app fetches the picture and the sound with it.',
};

/** Every code is new or used up; no cache may keep one. */
function noStore(response: Response): void {
  response.set('Cache-Control', 'no-store');
}

/**
 * The security code of the e-mail form. Each new code replaces the calculation's last one, so only
 * those who may open the calculation get one: otherwise a stranger holding the id could keep the owner from ever
 * typing a code in time. The web app fetches the picture and the sound with the browser id (X-Browser-Id).
 */
@ApiTags('Captcha')
@SessionHolder()
@Controller('assets')
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  @Get('img/:session')
  @ApiOperation({
    summary: 'A new security code as a picture',
    description: 'Replaces the calculation’s code: the one drawn here is the one to type. Good for 10 minutes and one try.',
  })
  @ApiParam(SESSION)
  @ApiHeader(BROWSER_ID_HEADER)
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiOkResponse({ description: 'An SVG picture titled "Security code".', content: { 'image/svg+xml': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiTooManyRequestsResponse(TOO_MANY)
  async image(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Param('session') session: string,
    @Query() query: ChallengeImageQuery,
  ): Promise<string> {
    const svg = await this.captcha.newChallengeImage(session, query.partner ?? null, callerOf(request));
    noStore(response);
    response.type('image/svg+xml');
    return svg;
  }

  @Get('wav/:session')
  @ApiOperation({
    summary: 'The current security code, spoken',
    description:
      'The characters of the code last drawn, one by one. When there is none (used or expired) a new code is made, and only this recording says it.',
  })
  @ApiParam(SESSION)
  @ApiHeader(BROWSER_ID_HEADER)
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiOkResponse({
    description: 'A WAV file: 16-bit PCM, mono, 11,025 Hz.',
    content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiTooManyRequestsResponse(TOO_MANY)
  async audio(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Param('session') session: string,
    @Query() _query: ChallengeAudioQuery,
  ): Promise<StreamableFile> {
    const wav = await this.captcha.currentChallengeAudio(session, callerOf(request));
    noStore(response);
    return new StreamableFile(wav, { type: 'audio/wav', length: wav.length });
  }
}
