import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ErrorResponse, FieldError } from '../../../common/errors.js';

@ApiSchema({ name: 'FieldError', description: 'One problem with one field of a request.' })
export class FieldErrorDto implements FieldError {
  @ApiProperty({
    description:
      'The field the problem is with, as a JSON path such as `household.adults[0].dateOfBirth`; empty when it is the request as a whole.',
    example: 'error',
  })
  path!: string;

  @ApiProperty({ description: 'What is wrong with the field, in plain English.', example: 'error must be text.' })
  message!: string;
}

@ApiSchema({ name: 'ErrorResponse', description: 'The one shape of every error answer.' })
export class ErrorResponseDto implements ErrorResponse {
  @ApiProperty({ description: 'The HTTP status code, repeated in the body.', example: 400 })
  statusCode!: number;

  @ApiProperty({
    description:
      'A stable code for the kind of error: VALIDATION_FAILED, INVALID_JSON, BODY_TOO_LARGE, NOT_FOUND, FORBIDDEN, SERVICE_UNAVAILABLE, INTERNAL_ERROR and others.',
    example: 'VALIDATION_FAILED',
  })
  code!: string;

  @ApiProperty({
    description: 'A plain-English summary of what went wrong and, where possible, what to do.',
    example: 'error must be text.',
  })
  message!: string;

  @ApiProperty({
    description: 'Each problem with a field of the request; empty when the error is not about a field.',
    type: [FieldErrorDto],
  })
  errors!: FieldErrorDto[];
}
