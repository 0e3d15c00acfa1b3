import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../access/access.js';
import { ErrorResponseDto } from '../errors/error-response.dto.js';
import { PostcodeCheckRequest, PostcodeCheckResponse } from './lookup.dto.js';
import { LookupService } from './lookup.service.js';

@ApiTags('Lookup')
@Public()
@Controller('api/data/postcode')
export class PostcodeController {
  constructor(private readonly lookup: LookupService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Check a postcode and find its local authority',
    description:
      'Badly formed: valid false. Well formed: valid true with the postcode in its standard form and, when known, its local authority, country and position. ' +
      'A well-formed postcode that is not known, or that cannot be looked up just now, comes back with the authority empty so the person can pick it.',
  })
  @ApiOkResponse({ type: PostcodeCheckResponse })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The body is not valid JSON or postcode is not text.' })
  check(@Body() request: PostcodeCheckRequest): Promise<PostcodeCheckResponse> {
    return this.lookup.checkPostcode(request.postcode);
  }
}
