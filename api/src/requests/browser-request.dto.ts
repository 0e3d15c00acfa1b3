import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { BROWSER_ID_PATTERN } from '../../../common/browser-id.js';

/** The fields the web app adds to every POST it sends. Request DTOs of POST routes extend this. */
export abstract class BrowserRequest {
  @ApiPropertyOptional({
    description:
      'The id the web app keeps in local storage and adds to every POST (`browser_<time>_<random>`). It tells which browser first saw a calculation; it identifies a browser, not a person.',
    example: 'browser_1795262400000_k3j9x2ab',
    pattern: BROWSER_ID_PATTERN.source,
  })
  @IsOptional()
  @Matches(BROWSER_ID_PATTERN, { message: 'browserId must look like browser_<time>_<random>.' })
  browserId?: string;
}
