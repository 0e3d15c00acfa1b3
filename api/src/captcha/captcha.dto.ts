import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The query of GET /assets/img/{session}. */
export class ChallengeImageQuery {
  @ApiPropertyOptional({
    description: 'Any value that changes each time, so the browser asks for a new picture instead of showing the last one.',
    example: '1795446000000',
  })
  @IsOptional()
  @IsString({ message: 'v must be text.' })
  @MaxLength(40, { message: 'v must be at most 40 characters.' })
  v?: string;

  @ApiPropertyOptional({
    description:
      'Inside a partner portal, the partner id (`cap_live`): the picture takes the partner’s colour. An unknown id gets the usual colours.',
    example: 'cap_live',
  })
  @IsOptional()
  @IsString({ message: 'partner must be text.' })
  @MaxLength(40, { message: 'partner must be at most 40 characters.' })
  partner?: string;
}

/** The query of GET /assets/wav/{session}/: nothing but a cache-buster. */
export class ChallengeAudioQuery {
  @ApiPropertyOptional({
    description: 'Any value that changes each time the picture does, so the browser fetches the new code’s audio.',
    example: '1795446000000',
  })
  @IsOptional()
  @IsString({ message: 'v must be text.' })
  @MaxLength(40, { message: 'v must be at most 40 characters.' })
  v?: string;
}
