import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { BrowserRequest } from '../requests/browser-request.dto.js';

/** The survey page response: what POST /api/data/survey answers; the page and its questions are described in common/survey/model.ts. */
export class SurveyPageResponseDto {
  @ApiProperty({ description: 'False when the calculation was not found or is older than 6 months: the web app shows Not Found.' })
  isValid!: boolean;

  @ApiProperty({ description: "Whether to show the helpline card (a partner's portal may hide it)." })
  showHelpline!: boolean;

  @ApiProperty({ description: 'Whether to show the web chat (configured, and not hidden by a partner portal).' })
  showWebchat!: boolean;

  @ApiProperty({ description: 'The number of the page returned, which may differ from the one asked for.' })
  pageNumber!: number;

  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The calculation; null before the first page is posted.' })
  session!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The calculation reference to write down.' })
  token!: string | null;

  @ApiProperty({ description: 'Whether the visitor is signed in as an adviser.' })
  isIntermediary!: boolean;

  @ApiProperty({ type: Object, nullable: true, description: "The adviser's client; null for the public." })
  client!: unknown;

  @ApiProperty({ description: 'Whether the calculation has a postcode answer (the identity check needs one).' })
  hasPostcode!: boolean;

  @ApiProperty({
    description:
      'Whether the calculation was finished and every page that applies is answered: the page may then be saved straight back to the results (action 4), so changing one answer is one page. A change that makes another page apply answers 409 SURVEY_INCOMPLETE naming it.',
  })
  canSeeResults!: boolean;

  @ApiProperty({
    type: Object,
    nullable: true,
    description:
      'The page: name, title, text, headerType, progress (per cent of the pages that apply), isExitPage, showHide, and fields (each with show and its questions: name, text, subtext, noteText, helpText, toolTip, autoOpenHelpText, questionType 1-9, options, answer.value, default, required, validation, isNumeric, minValue, maxValue, pattern, prefix, isDate18, minimumAge, dueDate, showHide, originalShowHide, parseShowHide (the rule parsed, with earlier pages’ answers worked in), show, valid, error, postcodePage, and for the council tax band country (the bands offered are its nation’s: England and Scotland A to H, Wales A to I) and bandLookup (whether ‘Look this up for me’ is offered: only where addresses with bands are loaded for the postcode, never in Scotland)).',
  })
  page!: unknown;
}

export class CalculationLookupRequest extends BrowserRequest {
  @ApiProperty({ description: 'The calculation reference, as typed.', example: 'K7M2QX9D' })
  @IsString({ message: 'Please enter a valid reference.' })
  @IsNotEmpty({ message: 'Please enter a valid reference.' })
  @MaxLength(40, { message: 'Please enter a valid reference.' })
  token!: string;

  @ApiProperty({ description: 'The postcode given in the calculation.', example: 'SW1A 1AA' })
  @IsString({ message: 'Please enter the postcode used for this calculation.' })
  @IsNotEmpty({ message: 'Please enter the postcode used for this calculation.' })
  @MaxLength(20, { message: 'Please enter the postcode used for this calculation.' })
  postcode!: string;
}

export class CalculationLookupResponse {
  @ApiProperty({ description: 'True when the reference and postcode belong to one calculation younger than 6 months.' })
  valid!: boolean;

  @ApiProperty({ description: 'Whether the questionnaire was finished (then the web app opens the results).' })
  isComplete!: boolean;

  @ApiProperty({ description: 'The page to carry on from.' })
  pageNumber!: number;

  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The calculation found; null when none was.' })
  session!: string | null;
}

export class BandsRequest extends BrowserRequest {
  @ApiProperty({ format: 'uuid', description: 'The calculation whose postcode is looked up.' })
  @IsUUID('all', { message: 'session must be a calculation id.' })
  session!: string;
}
