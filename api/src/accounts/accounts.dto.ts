import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, ADDABLE_ROLES, type AddableRole } from '../../../common/accounts/model.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
// Deliberately loose: something@something.something. Whether the address works is the person's business.
const EMAIL_PATTERN = /^[^\s@\u0000]+@[^\s@\u0000]+\.[^\s@\u0000]+$/;
// PostgreSQL text cannot hold a NUL character: looking one up failed with a database error (a 500, found by the fuzz).
const NO_NUL = /^[^\u0000]*$/;

export class SignInRequest extends BrowserRequest {
  @ApiProperty({ description: 'The e-mail address of the account; any case.', example: 'adviser@example.org' })
  @Transform(trimmed)
  @IsString({ message: ACCOUNT_MESSAGES.emailRequired })
  @MinLength(1, { message: ACCOUNT_MESSAGES.emailRequired })
  @MaxLength(ACCOUNT_LIMITS.emailMaxLength, { message: ACCOUNT_MESSAGES.signInFailed })
  @Matches(NO_NUL, { message: ACCOUNT_MESSAGES.signInFailed })
  email!: string;

  @ApiProperty({ format: 'password', description: 'The account password. Never logged.' })
  @IsString({ message: ACCOUNT_MESSAGES.passwordRequired })
  @MinLength(1, { message: ACCOUNT_MESSAGES.passwordRequired })
  @MaxLength(ACCOUNT_LIMITS.passwordMaxLength, { message: ACCOUNT_MESSAGES.signInFailed })
  password!: string;
}

/** Sign-out sends nothing but the browser id the web app adds to every POST. */
export class SignOutRequest extends BrowserRequest {}

export class AddUserRequest extends BrowserRequest {
  @ApiProperty({
    description: 'The new person’s e-mail address; they sign in with it. Kept in lower case.',
    example: 'new.adviser@example.org',
  })
  @Transform(trimmed)
  @IsString({ message: ACCOUNT_MESSAGES.emailInvalid })
  @Matches(EMAIL_PATTERN, { message: ACCOUNT_MESSAGES.emailInvalid })
  @MaxLength(ACCOUNT_LIMITS.emailMaxLength, { message: ACCOUNT_MESSAGES.emailInvalid })
  email!: string;

  @ApiProperty({ description: 'The name shown in the adviser area.', example: 'Sam Adviser' })
  @Transform(trimmed)
  @IsString({ message: ACCOUNT_MESSAGES.displayNameRequired })
  @MinLength(1, { message: ACCOUNT_MESSAGES.displayNameRequired })
  @MaxLength(ACCOUNT_LIMITS.displayNameMaxLength, { message: ACCOUNT_MESSAGES.nameTooLong })
  displayName!: string;

  @ApiProperty({
    format: 'password',
    minLength: ACCOUNT_LIMITS.passwordMinLength,
    description: 'The first password; the person is told it by the admin.',
  })
  @IsString({ message: ACCOUNT_MESSAGES.passwordTooShort })
  @MinLength(ACCOUNT_LIMITS.passwordMinLength, { message: ACCOUNT_MESSAGES.passwordTooShort })
  @MaxLength(ACCOUNT_LIMITS.passwordMaxLength, { message: ACCOUNT_MESSAGES.passwordTooLong })
  password!: string;

  @ApiProperty({ enum: ADDABLE_ROLES, description: 'adviser, or organisation-admin to let them manage the organisation too.' })
  @IsIn(ADDABLE_ROLES, { message: ACCOUNT_MESSAGES.roleInvalid })
  role!: AddableRole;
}

export class ClientRequest extends BrowserRequest {
  @ApiProperty({ description: 'The client’s first name.', example: 'Jane' })
  @Transform(trimmed)
  @IsString({ message: ACCOUNT_MESSAGES.firstNameRequired })
  @MinLength(1, { message: ACCOUNT_MESSAGES.firstNameRequired })
  @MaxLength(ACCOUNT_LIMITS.nameMaxLength, { message: ACCOUNT_MESSAGES.nameTooLong })
  firstName!: string;

  @ApiProperty({ description: 'The client’s last name.', example: 'Doe' })
  @Transform(trimmed)
  @IsString({ message: ACCOUNT_MESSAGES.lastNameRequired })
  @MinLength(1, { message: ACCOUNT_MESSAGES.lastNameRequired })
  @MaxLength(ACCOUNT_LIMITS.nameMaxLength, { message: ACCOUNT_MESSAGES.nameTooLong })
  lastName!: string;

  @ApiProperty({ description: 'DD/MM/YYYY.', example: '14/03/1987' })
  @IsString({ message: ACCOUNT_MESSAGES.dateOfBirthInvalid })
  @Matches(/^\s*\d{2}\/\d{2}\/\d{4}\s*$/, { message: ACCOUNT_MESSAGES.dateOfBirthInvalid })
  dateOfBirth!: string;

  @ApiPropertyOptional({ description: 'The organisation’s own number or reference for the client.', example: 'C-1042' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: ACCOUNT_MESSAGES.clientNumberTooLong })
  @MaxLength(ACCOUNT_LIMITS.clientNumberMaxLength, { message: ACCOUNT_MESSAGES.clientNumberTooLong })
  clientNumber?: string;

  @ApiPropertyOptional({
    description:
      'The adviser who owns the client: a member of the organisation. An admin must give it. An adviser may leave it out: a client an adviser adds is their own, and an adviser cannot give a client to someone else.',
    format: 'uuid',
  })
  @IsOptional()
  @IsUUID('all', { message: ACCOUNT_MESSAGES.adviserInvalid })
  adviserUserId?: string;
}

export class ClientParams {
  @ApiProperty({ format: 'uuid', description: 'The client (clientGuid).' })
  @IsUUID('all', { message: ACCOUNT_MESSAGES.clientNotFound })
  clientGuid!: string;
}

export class AccountUserDto {
  @ApiProperty({ format: 'uuid', description: 'The signed-in user.' })
  userId!: string;

  @ApiProperty({ description: 'The name shown in the adviser area.' })
  displayName!: string;

  @ApiProperty({ enum: ['adviser', 'organisation-admin', 'policy-staff'], description: 'What the user may do.' })
  role!: string;

  @ApiProperty({ description: 'The organisation the user belongs to.' })
  organisationName!: string;
}

export class AccountStatusDto {
  @ApiProperty({ description: 'Whether the request carried a live account session.' })
  signedIn!: boolean;

  @ApiProperty({ type: AccountUserDto, nullable: true, description: 'The signed-in user; null when signed out.' })
  user!: AccountUserDto | null;
}

export class OrganisationMemberDto {
  @ApiProperty({ format: 'uuid', description: 'The member’s user id.' })
  userId!: string;

  @ApiProperty({ description: 'The name shown in the adviser area.' })
  displayName!: string;

  @ApiProperty({ description: 'The address they sign in with.' })
  email!: string;

  @ApiProperty({ enum: ['adviser', 'organisation-admin', 'policy-staff'], description: 'What the member may do.' })
  role!: string;
}

export class MembersResponseDto {
  @ApiProperty({ type: [OrganisationMemberDto], description: 'Everyone in the admin’s organisation, by name.' })
  members!: OrganisationMemberDto[];
}

export class AccountClientDto {
  @ApiProperty({ format: 'uuid', description: 'The client (clientGuid).' })
  clientGuid!: string;

  @ApiProperty({ description: 'The client’s first name.' })
  firstName!: string;

  @ApiProperty({ description: 'The client’s last name.' })
  lastName!: string;

  @ApiProperty({ description: 'DD/MM/YYYY.' })
  dateOfBirth!: string;

  @ApiProperty({ description: 'The organisation’s own number or reference for the client; may be empty.' })
  clientNumber!: string;

  @ApiProperty({ format: 'uuid', description: 'The adviser who owns the client.' })
  adviserUserId!: string;

  @ApiProperty({ description: 'That adviser’s name.' })
  adviserName!: string;
}

export class AccountClientsResponseDto {
  @ApiProperty({ type: [AccountClientDto], description: 'The organisation’s clients, by last name.' })
  clients!: AccountClientDto[];
}

export class AccountClientResponseDto {
  @ApiProperty({ type: AccountClientDto, description: 'The client.' })
  client!: AccountClientDto;
}
