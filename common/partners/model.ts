/**
 * The account area's partner register (issue 32, point 5), shared by the API and the web pages: the charity's service
 * administrators register a partner whose pages show the calculator, or change or remove one, and a second
 * administrator approves it before it takes effect. The partner files (definitions/partners/) are the seed: a
 * registration of the same id takes their place.
 */
import type { PartnerDefinition } from '../site.js';

/** A partner's id, as its pages give it (`data-partner="cap_live"`, `?id=cap_live`). */
export const PARTNER_ID_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;

/** A logo upload: a PNG no larger than this (shown 40 pixels high in the portal’s bar; its base64 fits in a request). */
export const PARTNER_LOGO_MAX_BYTES = 60_000;

export const PARTNER_MESSAGES = {
  idInvalid: 'The partner id must be 2 to 40 characters: small letters, digits and underscores, starting with a letter, like cap_live.',
  idTaken: 'There is already a partner with this id. To change it, choose it from the list of partners.',
  notFound: 'There is no partner with this id.',
  logoRequired: 'Choose the partner’s logo: a PNG file.',
  logoNotPng: 'The logo must be a PNG file.',
  logoTooLarge: `The logo must be smaller than ${PARTNER_LOGO_MAX_BYTES / 1000} KB.`,
  openProposal: 'A change to this partner is already waiting for approval. Approve or reject it first.',
  proposalNotOpen: 'This change has already been approved or rejected.',
  proposalNotFound: 'There is no change waiting with this reference.',
  ownProposal: 'Someone else must approve this change: a second service administrator checks every change to the partners.',
} as const;

/** What a change does. */
export type PartnerChangeKind = 'register' | 'change' | 'remove';

export const PARTNER_CHANGE_NAMES: Record<PartnerChangeKind, string> = {
  register: 'Register a new partner',
  change: 'Change a partner',
  remove: 'Remove a partner',
};

export interface PartnerPerson {
  name: string;
}

/** A partner as it is now. */
export interface PartnerEntry {
  definition: PartnerDefinition;
  /** From the partner files, as the service was installed, or registered in the account area. */
  source: 'file' | 'registered';
  /** Who approved its registration and when (ISO time); null for a partner file. */
  approvedBy: PartnerPerson | null;
  approvedAt: string | null;
}

/** A change waiting for a second service administrator. */
export interface PartnerProposal {
  reference: string;
  partnerId: string;
  kind: PartnerChangeKind;
  /** The partner as it will be; null for a removal. */
  definition: PartnerDefinition | null;
  /** The partner as it is now; null for a new one. */
  current: PartnerDefinition | null;
  proposedBy: PartnerPerson;
  proposedAt: string;
  /** Whether the signed-in administrator may approve it: anyone but its author. */
  mayApprove: boolean;
  /** Why not, in plain English; null when they may. */
  whyNot: string | null;
}

export interface PartnersResponse {
  partners: PartnerEntry[];
  proposals: PartnerProposal[];
  /** The benefits a partner may hide, with their names. */
  benefits: { code: string; name: string }[];
  /** The extra-help categories a partner may hide. */
  extraHelpCategories: string[];
}

/** What a service administrator submits: the partner's whole definition but its logo, and a new logo if any. */
export interface PartnerProposalRequest {
  partner: Omit<PartnerDefinition, 'logo'>;
  /** A PNG, base64-encoded; needed for a new partner, and optional for a change (the current logo stays). */
  logoPng?: string | null;
}
