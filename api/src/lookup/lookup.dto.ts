import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { UK_COUNTRIES, type PostcodeAnswer, type UkCountry } from '../../../common/survey/model.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';
import { COUNCIL_TAX_BANDS, type CouncilTaxBand } from './council-tax-address.entity.js';

export class PostcodeCheckRequest extends BrowserRequest {
  @ApiProperty({ description: 'The postcode as the person typed it; case and spaces do not matter.', example: 'sw1a 1aa', maxLength: 20 })
  @IsString({ message: 'postcode must be text.' })
  @MaxLength(20, { message: 'postcode must be at most 20 characters.' })
  postcode!: string;
}

@ApiSchema({ name: 'PostcodeAnswer', description: 'The answer to a Postcode question.' })
export class PostcodeAnswerDto implements PostcodeAnswer {
  @ApiProperty({
    description: 'The postcode in its standard written form; empty when the person sleeps rough (option).',
    example: 'SW1A 1AA',
  })
  postcode!: string;

  @ApiProperty({
    description: 'The local authority’s name; empty when the postcode’s authority is not known, and the person is then asked to pick it.',
    example: 'Westminster',
  })
  authority!: string;

  @ApiProperty({ description: 'The local authority’s GSS code; empty when not known.', example: 'E09000033' })
  authorityCode!: string;

  @ApiProperty({ description: 'The country of the UK; empty when not known.', enum: [...UK_COUNTRIES, ''], example: 'England' })
  country!: UkCountry | '';

  @ApiPropertyOptional({
    description: 'Latitude of the postcode’s centre; null when not known.',
    type: Number,
    nullable: true,
    example: 51.501,
  })
  latitude!: number | null;

  @ApiPropertyOptional({
    description: 'Longitude of the postcode’s centre; null when not known.',
    type: Number,
    nullable: true,
    example: -0.1416,
  })
  longitude!: number | null;

  @ApiProperty({
    description: 'Whether the person ticked ‘I am homeless and sleeping rough’; always false in a postcode check.',
    example: false,
  })
  option!: boolean;
}

@ApiSchema({ name: 'PostcodeCheckResponse', description: 'The answer to POST /api/data/postcode/.' })
export class PostcodeCheckResponse {
  @ApiProperty({
    description:
      'False when the text is not a UK postcode, or is one of the Channel Islands or the Isle of Man (the web says ‘{label} is invalid.’ and the reason); true for every well-formed UK postcode, found or not.',
    example: true,
  })
  valid!: boolean;

  @ApiProperty({
    description:
      'The answer to store in place of the typed one; null when not valid. A well-formed postcode that no lookup knows (or found while the lookup is down) comes back with the authority and code empty, and the person picks their local authority; its country is then the nation of the postcode’s area where all of the area is in one nation (definitions/lookup/postcode-areas.json), else empty.',
    type: PostcodeAnswerDto,
    nullable: true,
  })
  value!: PostcodeAnswerDto | null;

  @ApiProperty({
    description:
      'Why the postcode cannot be used, when valid is false: badly formed, or in the Channel Islands or the Isle of Man (outside the UK). The web shows it after ‘{label} is invalid.’. Null when valid.',
    type: String,
    nullable: true,
    example: null,
  })
  reason!: string | null;
}

@ApiSchema({ name: 'CouncilTaxAddress', description: 'One address at the postcode, with its council tax band.' })
export class CouncilTaxAddressDto {
  @ApiProperty({ description: 'Identifies the address in this list.', example: '5b0d9c1e-8a43-4f4e-9f55-2a8f0c6f3d21' })
  id!: string;

  @ApiProperty({ description: 'The first line of the address.', example: '12 Park Place' })
  line1!: string;

  @ApiProperty({ description: 'The council tax band; picking the address stores ‘Band {band}’.', enum: COUNCIL_TAX_BANDS, example: 'C' })
  band!: CouncilTaxBand;
}

@ApiSchema({ name: 'BandsResponse', description: 'The addresses at the calculation’s postcode with their bands.' })
export class BandsResponse {
  @ApiProperty({
    description: 'False when the bands cannot be looked up just now; the web then asks the person to enter their band.',
    example: true,
  })
  valid!: boolean;

  @ApiProperty({ description: 'The addresses, in street order; empty when none are known at the postcode.', type: [CouncilTaxAddressDto] })
  value!: CouncilTaxAddressDto[];
}
