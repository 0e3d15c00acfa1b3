import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type {
  AccountClientResponse,
  AccountClientsResponse,
  AccountStatus,
  MembersResponse,
  OrganisationMember,
} from '../../../common/accounts/model.js';
import { Adviser, OrganisationAdmin, Public } from '../access/access.js';
import type { Environment } from '../config/environment.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { callerOf } from '../access/caller.js';
import { clearAccountCookies, setAccountCookies } from './account-cookies.js';
import {
  AccountClientResponseDto,
  AccountClientsResponseDto,
  AccountStatusDto,
  AddUserRequest,
  ClientParams,
  ClientRequest,
  MembersResponseDto,
  OrganisationMemberDto,
  SignInRequest,
  SignOutRequest,
} from './accounts.dto.js';
import { AccountsService } from './accounts.service.js';
import { signedInUser, signedInUserOrNull } from '../access/signed-in-user.js';

const ERROR = { type: ErrorResponseDto };
const CSRF = {
  ...ERROR,
  description:
    'Signed in, but X-CSRF-Token is missing or does not match the csrf cookie (CSRF_FAILED); or not an organisation admin (NO_ACCESS).',
};

/** Nothing about an account may be cached by the browser or a proxy. */
function noStore(response: Response): void {
  response.set('Cache-Control', 'no-store');
}

/**
 * Accounts under /account/: sign-in and sign-out for advisers, organisation admins and policy staff, and
 * the admin's forms for the organisation's people and clients.
 */
@ApiTags('Accounts')
@Controller('api/account')
export class AccountsController {
  private readonly production: boolean;

  constructor(
    private readonly accounts: AccountsService,
    config: ConfigService<Environment, true>,
  ) {
    this.production = config.get('NODE_ENV', { infer: true }) === 'production';
  }

  @Post('sign-in')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign in with e-mail address and password',
    description:
      'Sets the http-only account_session cookie and the readable csrf cookie (echo it in X-CSRF-Token on every POST). The 5th wrong password in a row ' +
      'locks sign-in to that address from the caller’s network (IPv4 address or IPv6 /64) for 15 minutes; other networks can still sign in. ' +
      'An address without an account is answered exactly as one with a wrong password, lock included.',
  })
  @ApiOkResponse({ type: AccountStatusDto })
  @ApiBadRequestResponse({ ...ERROR, description: 'A field is missing or not text.' })
  @ApiUnauthorizedResponse({
    ...ERROR,
    description: 'The e-mail address or password is not right (SIGN_IN_FAILED); which one is not said.',
  })
  @ApiResponse({
    status: 423,
    ...ERROR,
    description:
      'Sign-in to this address from this network is locked after 5 wrong passwords in a row (ACCOUNT_LOCKED). Retry-After gives the seconds left.',
    headers: { 'Retry-After': { description: 'Seconds until the lock ends.', schema: { type: 'integer' } } },
  })
  @ApiTooManyRequestsResponse({ ...ERROR, description: 'Too many sign-ins from one network, whichever accounts; wait a few minutes.' })
  async signIn(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Body() body: SignInRequest,
  ): Promise<AccountStatus> {
    const session = await this.accounts.signIn(body.email, body.password, callerOf(request).address);
    // A session this browser held before is ended rather than left to run out.
    await this.accounts.signOut(request);
    setAccountCookies(request, response, this.production, session);
    noStore(response);
    return this.accounts.statusOf(session.user);
  }

  @Post('sign-out')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign out',
    description: 'Ends the session of the account_session cookie, if any, and clears both account cookies.',
  })
  @ApiOkResponse({ type: AccountStatusDto })
  @ApiBadRequestResponse(ERROR)
  @ApiForbiddenResponse(CSRF)
  async signOut(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Body() _body: SignOutRequest,
  ): Promise<AccountStatus> {
    await this.accounts.signOut(request);
    clearAccountCookies(request, response, this.production);
    noStore(response);
    return { signedIn: false, user: null };
  }

  @Get('me')
  @Public()
  @ApiOperation({ summary: 'Who is signed in', description: 'signedIn false, with no user, when the request has no live account session.' })
  @ApiOkResponse({ type: AccountStatusDto })
  @ApiResponse({ status: 503, ...ERROR, description: 'The service is down for a moment.' })
  async me(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AccountStatus> {
    noStore(response);
    return this.accounts.statusOf(signedInUserOrNull(request));
  }

  @Get('users')
  @OrganisationAdmin()
  @ApiOperation({ summary: 'The people in the admin’s organisation' })
  @ApiOkResponse({ type: MembersResponseDto })
  @ApiForbiddenResponse({ ...ERROR, description: 'Not signed in as an organisation admin (NO_ACCESS).' })
  async users(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<MembersResponse> {
    noStore(response);
    return { members: await this.accounts.membersOf(signedInUser(request).organisationId) };
  }

  @Post('users')
  @OrganisationAdmin()
  @ApiOperation({
    summary: 'Add an adviser (or another admin) to the admin’s organisation',
    description: 'The admin chooses the first password and tells it to the person.',
  })
  @ApiCreatedResponse({ type: OrganisationMemberDto })
  @ApiBadRequestResponse({ ...ERROR, description: 'A field is missing or not right; each error names its field.' })
  @ApiForbiddenResponse(CSRF)
  @ApiConflictResponse({ ...ERROR, description: 'There is already an account with this e-mail address (EMAIL_TAKEN).' })
  @ApiTooManyRequestsResponse({
    ...ERROR,
    description: 'The admin was told EMAIL_TAKEN 10 times in the last hour; every add is refused for the rest of it (TOO_MANY_ATTEMPTS).',
  })
  addUser(@Req() request: Request, @Body() body: AddUserRequest): Promise<OrganisationMember> {
    return this.accounts.addUser(signedInUser(request), body);
  }

  @Get('clients')
  @Adviser()
  @ApiOperation({ summary: 'The clients of the signed-in adviser’s or admin’s organisation' })
  @ApiOkResponse({ type: AccountClientsResponseDto })
  @ApiForbiddenResponse({ ...ERROR, description: 'Not signed in as an adviser or organisation admin (NO_ACCESS).' })
  async clients(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AccountClientsResponse> {
    noStore(response);
    return { clients: await this.accounts.clientsOf(signedInUser(request).organisationId) };
  }

  @Post('clients')
  @Adviser()
  @ApiOperation({
    summary: 'Add New Client',
    description:
      'Adds a client to the organisation: an admin gives it to one of its advisers (adviserUserId); a client an adviser adds is their own.',
  })
  @ApiCreatedResponse({ type: AccountClientResponseDto })
  @ApiBadRequestResponse({ ...ERROR, description: 'A field is missing or not right; each error names its field.' })
  @ApiForbiddenResponse(CSRF)
  async addClient(@Req() request: Request, @Body() body: ClientRequest): Promise<AccountClientResponse> {
    return { client: await this.accounts.addClient(signedInUser(request), { ...body, clientNumber: body.clientNumber ?? '' }) };
  }

  @Get('clients/:clientGuid')
  @Adviser()
  @ApiOperation({ summary: 'One client of the signed-in user’s organisation, for the Edit Client form' })
  @ApiOkResponse({ type: AccountClientResponseDto })
  @ApiBadRequestResponse({ ...ERROR, description: 'clientGuid is not a client id.' })
  @ApiForbiddenResponse({ ...ERROR, description: 'Not signed in as an adviser or organisation admin (NO_ACCESS).' })
  @ApiNotFoundResponse({ ...ERROR, description: 'No such client in the organisation (CLIENT_NOT_FOUND).' })
  async client(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Param() params: ClientParams,
  ): Promise<AccountClientResponse> {
    noStore(response);
    return { client: await this.accounts.findClientOrThrow(signedInUser(request), params.clientGuid) };
  }

  @Post('clients/:clientGuid')
  @Adviser()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Edit Client',
    description: 'Changes a client’s names, date of birth or client number; an admin may also give the client to another adviser.',
  })
  @ApiOkResponse({ type: AccountClientResponseDto })
  @ApiBadRequestResponse({ ...ERROR, description: 'A field is missing or not right; each error names its field.' })
  @ApiForbiddenResponse(CSRF)
  @ApiNotFoundResponse({ ...ERROR, description: 'No such client in the organisation (CLIENT_NOT_FOUND).' })
  async editClient(@Req() request: Request, @Param() params: ClientParams, @Body() body: ClientRequest): Promise<AccountClientResponse> {
    return {
      client: await this.accounts.editClient(signedInUser(request), params.clientGuid, { ...body, clientNumber: body.clientNumber ?? '' }),
    };
  }
}
