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
import type { ApiKeySecretResponse, ApiKeysResponse, ApiKeyView } from '../../../common/api-keys/model.js';
import { OrganisationAdmin } from '../access/access.js';
import { signedInUser } from '../access/signed-in-user.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import {
  ApiKeyActionRequest,
  ApiKeyParams,
  ApiKeySecretResponseDto,
  ApiKeysResponseDto,
  ApiKeyViewDto,
  CreateApiKeyRequest,
} from './api-keys.dto.js';
import { ApiKeysService } from './api-keys.service.js';

const ERROR = { type: ErrorResponseDto };
const FORBIDDEN = {
  ...ERROR,
  description: 'Not signed in as an organisation admin (NO_ACCESS); or, on a POST, X-CSRF-Token missing or wrong (CSRF_FAILED).',
};
const NOT_FOUND = { ...ERROR, description: 'No key with this id in the admin’s organisation (API_KEY_NOT_FOUND).' };

/** A key's secret appears in these answers: nothing may keep a copy. */
function noStore(response: Response): void {
  response.set('Cache-Control', 'no-store');
}

/** The organisation admin's API keys for the calculation API, in the account area. */
@ApiTags('API keys')
@OrganisationAdmin()
@Controller('api/account/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOperation({
    summary: 'The organisation’s API keys, with today’s calls of each, and the level the service sets for them',
    description: 'Never the secrets.',
  })
  @ApiOkResponse({ type: ApiKeysResponseDto })
  @ApiForbiddenResponse(FORBIDDEN)
  async list(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ApiKeysResponse> {
    noStore(response);
    return this.keys.list(signedInUser(request).organisationId);
  }

  @Post()
  @ApiOperation({
    summary: 'Create an API key',
    description:
      'The answer holds the key’s secret: the only time it is shown. Its daily quota and calls a minute are within the level the service sets for the organisation (`levels` in the list): each at most that level, and the daily quotas of the keys in use together at most the daily level. Not given, they are 10,000 and 60, or less if the level leaves less.',
  })
  @ApiCreatedResponse({ type: ApiKeySecretResponseDto })
  @ApiBadRequestResponse({
    ...ERROR,
    description:
      'A field is missing or not right, or the daily quota or calls a minute are above the organisation’s level (VALIDATION_FAILED); each error names its field.',
  })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiConflictResponse({ ...ERROR, description: 'The organisation already has 20 keys in use (TOO_MANY_API_KEYS).' })
  async create(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Body() body: CreateApiKeyRequest,
  ): Promise<ApiKeySecretResponse> {
    noStore(response);
    return this.keys.create(signedInUser(request), body);
  }

  @Post(':id/rotate')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Give an API key a new secret',
    description:
      'The old secret stops working at once; the answer holds the new one, shown this once. Quota, limit and usage stay with the key.',
  })
  @ApiOkResponse({ type: ApiKeySecretResponseDto })
  @ApiBadRequestResponse({ ...ERROR, description: 'The body is not right.' })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse({ ...ERROR, description: 'The key is revoked (API_KEY_REVOKED).' })
  async rotate(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Param() params: ApiKeyParams,
    @Body() _body: ApiKeyActionRequest,
  ): Promise<ApiKeySecretResponse> {
    noStore(response);
    return this.keys.rotate(signedInUser(request), params.id);
  }

  @Post(':id/revoke')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Revoke an API key',
    description: 'It stops working at once, for good. Revoking a revoked key changes nothing.',
  })
  @ApiOkResponse({ type: ApiKeyViewDto })
  @ApiBadRequestResponse({ ...ERROR, description: 'The body is not right.' })
  @ApiForbiddenResponse(FORBIDDEN)
  @ApiNotFoundResponse(NOT_FOUND)
  revoke(@Req() request: Request, @Param() params: ApiKeyParams, @Body() _body: ApiKeyActionRequest): Promise<ApiKeyView> {
    return this.keys.revoke(signedInUser(request), params.id);
  }
}
