import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { BrowserRequest } from '../requests/browser-request.dto.js';

/** The identity check and test mode: a browser proves it may open a calculation, or turns on test mode. */

export class VerificationRequest extends BrowserRequest {
  @ApiProperty({ format: 'uuid', description: 'The calculation to open.' })
  @IsUUID('all', { message: 'session must be a calculation id.' })
  session!: string;

  @ApiProperty({ description: 'The postcode given in the calculation.' })
  @IsString({ message: 'Please type in the postcode.' })
  @IsNotEmpty({ message: 'Please type in the postcode.' })
  @MaxLength(20, { message: 'Please type in the postcode.' })
  postcode!: string;
}

export class VerificationResponse {
  @ApiProperty({ description: 'True when the postcode matches; the browser may then open the calculation for 3 days.' })
  valid!: boolean;
}

export class TestModeRequest extends BrowserRequest {
  @ApiProperty({
    description: 'The test-mode password: not blank (non-empty after trimming).',
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
  })
  @IsString({ message: 'password must be text.' })
  @Matches(/\S/, { message: 'password must not be blank: enter the test mode password.' })
  @MaxLength(200, { message: 'password must be at most 200 characters.' })
  password!: string;
}

export class TestModeResponse {
  @ApiProperty({ description: 'True when the password is right; testing data is then shown in this browser for 30 days.' })
  isTestModeValid!: boolean;
}
