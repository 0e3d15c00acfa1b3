import { ApiProperty } from '@nestjs/swagger';
import { IsUUID, ValidateBy } from 'class-validator';
import { challengeProblem, EMAIL_ADDRESS_MAX_LENGTH } from '../../../common/email/calculation-email.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';
import { recipientAddressProblem } from './email-address.js';

/** A class-validator rule from one of common/'s checks, with its message word for word (null means no problem). */
function Satisfies(name: string, problemWith: (value: unknown) => string | null): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value) => problemWith(value) === null,
      defaultMessage: (argument) => problemWith(argument?.value) ?? '',
    },
  });
}

/** POST /api/data/email/. */
export class CalculationEmailRequest extends BrowserRequest {
  @ApiProperty({ description: 'The calculation whose link to send.', format: 'uuid' })
  @IsUUID('all', { message: 'session must be a calculation id.' })
  session!: string;

  @ApiProperty({
    description:
      'Where to send the link: exactly one plain address, name@domain, with spaces around it ignored. No lists, groups, display names, comments, ' +
      'quotes, angle brackets or control characters (400 otherwise). Never stored or logged.',
    example: 'jo@example.org',
    maxLength: EMAIL_ADDRESS_MAX_LENGTH,
  })
  @Satisfies('emailAddress', recipientAddressProblem)
  email!: string;

  @ApiProperty({
    description:
      'The security code as typed from the picture or the audio (GET /assets/img/{session}); case and surrounding spaces do not matter. One try per code.',
    example: 'K7M3X',
  })
  @Satisfies('challengeText', challengeProblem)
  challenge!: string;
}

export class CalculationEmailResponse {
  @ApiProperty({ description: 'True when the e-mail was sent; false when the security code was wrong or the e-mail could not be sent.' })
  valid!: boolean;

  @ApiProperty({
    description: 'What to tell the person, in plain English: a success alert when valid, a danger alert when not.',
    example: 'We have sent the link to your calculation to jo@example.org.',
  })
  message!: string;
}
