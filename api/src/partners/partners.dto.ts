import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import {
  PARTNER_LOGO_MAX_BYTES,
  PARTNER_MESSAGES,
  type PartnerChangeKind,
  type PartnerEntry,
  type PartnerProposal,
  type PartnerProposalRequest,
  type PartnersResponse,
} from '../../../common/partners/model.js';
import type { PartnerDefinition } from '../../../common/site.js';
import { BrowserRequest } from '../requests/browser-request.dto.js';

const DEFINITION = {
  type: 'object',
  additionalProperties: true,
  description:
    'A partner, as a partner file holds it (definitions/schemas/partner.schema.json): id, name, origins, logo, accentColour, checkboxIcon, helpline, links, hiddenInPortal, benefits.hide, extraHelp.hide.',
} as const;

export class PartnerProposalRequestDto extends BrowserRequest implements PartnerProposalRequest {
  @ApiProperty({
    ...DEFINITION,
    description:
      'The partner’s whole definition but its logo, checked exactly as a partner file is (definitions/schemas/partner.schema.json); each problem names its field, such as partner.origins[0]. An id that is a partner already changes it; a new id registers one.',
  })
  @IsObject({ message: 'partner must be the partner’s definition, as a JSON object.' })
  partner!: Omit<PartnerDefinition, 'logo'>;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: `The logo, a PNG file of at most ${PARTNER_LOGO_MAX_BYTES / 1000} KB, base64-encoded. Needed for a new partner; left out, a change keeps the current logo.`,
  })
  @IsOptional()
  @IsString({ message: PARTNER_MESSAGES.logoNotPng })
  @MaxLength(Math.ceil(PARTNER_LOGO_MAX_BYTES / 3) * 4 + 4, { message: PARTNER_MESSAGES.logoTooLarge })
  logoPng?: string | null;
}

export class PartnerActionRequest extends BrowserRequest {}

export class PartnerChangeParams {
  @ApiProperty({ format: 'uuid', description: 'The change’s reference, as the list gives it.' })
  @IsUUID('all', { message: PARTNER_MESSAGES.proposalNotFound })
  reference!: string;
}

export class PartnerIdParams {
  @ApiProperty({ description: 'The partner’s id.', example: 'cap_live' })
  @Matches(/^[a-z][a-z0-9_]{1,39}$/, { message: PARTNER_MESSAGES.notFound })
  partnerId!: string;
}

export class PartnerLogoParams {
  @ApiProperty({ description: 'The change’s reference and .png, as the partner’s logo path gives it.' })
  @Matches(/^[0-9a-f-]{36}\.png$/, { message: 'There is no logo at this address.' })
  file!: string;
}

class BenefitNameDto {
  @ApiProperty({ description: 'The benefit’s code in results (engine/core/benefit.ts).', example: 'PIP' })
  code!: string;

  @ApiProperty({ description: 'The benefit’s name.', example: 'Personal Independence Payment' })
  name!: string;
}

class PartnerPersonDto {
  @ApiProperty({ description: 'The administrator’s name, as the account area shows it.', example: 'Sam Service' })
  name!: string;
}

export class PartnerEntryDto implements PartnerEntry {
  @ApiProperty(DEFINITION)
  definition!: PartnerDefinition;

  @ApiProperty({ enum: ['file', 'registered'], description: 'From the partner files, or registered in the account area.' })
  source!: 'file' | 'registered';

  @ApiProperty({ type: PartnerPersonDto, nullable: true, description: 'Who approved its registration; null for a partner file.' })
  approvedBy!: PartnerPersonDto | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When; null for a partner file.' })
  approvedAt!: string | null;
}

export class PartnerProposalDto implements PartnerProposal {
  @ApiProperty({ format: 'uuid', description: 'The change’s reference, to approve or reject it.' })
  reference!: string;

  @ApiProperty({ description: 'The partner it changes.', example: 'cap_live' })
  partnerId!: string;

  @ApiProperty({ enum: ['register', 'change', 'remove'], description: 'A new partner, a new definition of one, or its removal.' })
  kind!: PartnerChangeKind;

  @ApiProperty({ ...DEFINITION, nullable: true, description: 'The partner as it will be; null for a removal.' })
  definition!: PartnerDefinition | null;

  @ApiProperty({ ...DEFINITION, nullable: true, description: 'The partner as it is now; null for a new one.' })
  current!: PartnerDefinition | null;

  @ApiProperty({ type: PartnerPersonDto, description: 'Who proposed it.' })
  proposedBy!: PartnerPersonDto;

  @ApiProperty({ format: 'date-time', description: 'When.' })
  proposedAt!: string;

  @ApiProperty({ description: 'Whether the signed-in administrator may approve it: anyone but its author.' })
  mayApprove!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Why the signed-in administrator may not approve it; null when they may.' })
  whyNot!: string | null;
}

export class PartnersResponseDto implements PartnersResponse {
  @ApiProperty({ type: [PartnerEntryDto], description: 'The partners in force, by name.' })
  partners!: PartnerEntryDto[];

  @ApiProperty({ type: [PartnerProposalDto], description: 'The changes waiting for a second service administrator.' })
  proposals!: PartnerProposalDto[];

  @ApiProperty({ type: [BenefitNameDto], description: 'The benefits a partner may hide, with their names.' })
  benefits!: BenefitNameDto[];

  @ApiProperty({ type: [String], description: 'The extra-help categories a partner may hide.' })
  extraHelpCategories!: string[];
}
