import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { TestModeRequest, TestModeResponse, VerificationRequest, VerificationResponse } from './verification.dto.js';
import { callerOf } from '../access/caller.js';
import { setGrantCookie } from '../access/grant-cookie.js';
import { VerificationService, type Checked } from './verification.service.js';

function answer<T>(response: Response, { result, grant }: Checked<T>): T {
  if (grant) setGrantCookie(response, grant);
  return result;
}

@ApiTags('Verification')
@Public()
@Controller('api/data')
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  @Post('verify')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Identity check: open a calculation in this browser with its postcode',
    description: 'Rate limited. A match sets an http-only cookie for 3 days.',
  })
  @ApiOkResponse({ type: VerificationResponse })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  async verify(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Body() body: VerificationRequest,
  ): Promise<VerificationResponse> {
    return answer(response, await this.verification.verifyPostcode(body.session, body.postcode, callerOf(request, body.browserId)));
  }

  @Post('test')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Test mode: check the password',
    description: 'Rate limited. A right password sets an http-only cookie for 30 days.',
  })
  @ApiOkResponse({ type: TestModeResponse })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  async test(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Body() body: TestModeRequest,
  ): Promise<TestModeResponse> {
    return answer(response, await this.verification.checkTestModePassword(body.password, callerOf(request, body.browserId)));
  }
}
