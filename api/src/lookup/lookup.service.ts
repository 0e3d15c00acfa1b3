import { Inject, Injectable } from '@nestjs/common';
import type { PostcodeAnswer } from '../../../common/survey/model.js';
import { normalisePostcode, outsideUkReason, POSTCODE_FORMAT_REASON } from '../../../common/survey/postcode.js';
import { JsonLogger } from '../logging/json-logger.js';
import { COUNCIL_TAX_BAND_PROVIDER, type CouncilTaxAddressChoice, type CouncilTaxBandProvider } from './council-tax-band-provider.js';
import type { LocalAuthority, LocalAuthorityList } from './local-authorities.js';
import { LookupUnavailableError } from './lookup-unavailable.error.js';
import type { PostcodeAreas } from './postcode-areas.js';
import { POSTCODE_PROVIDER, type PostcodeFound, type PostcodeProvider } from './postcode-provider.js';

export const LOCAL_AUTHORITIES = Symbol('LOCAL_AUTHORITIES');
export const POSTCODE_AREAS = Symbol('POSTCODE_AREAS');

/** The 'Postcode check' answer. */
export interface PostcodeCheck {
  valid: boolean;
  value: PostcodeAnswer | null;
  /** Why the postcode cannot be used, as the message at the field goes on; null when valid. */
  reason: string | null;
}

/** Postcodes, local authorities and council tax bands: the one service of the lookup module. */
@Injectable()
export class LookupService {
  constructor(
    @Inject(LOCAL_AUTHORITIES) private readonly authorities: LocalAuthorityList,
    @Inject(POSTCODE_AREAS) private readonly areas: PostcodeAreas,
    @Inject(POSTCODE_PROVIDER) private readonly postcodes: PostcodeProvider,
    @Inject(COUNCIL_TAX_BAND_PROVIDER) private readonly bands: CouncilTaxBandProvider,
    private readonly logger: JsonLogger,
  ) {}

  /**
   * Checks a typed postcode. Badly formed, or in the Channel Islands or the Isle of Man: not valid, with the reason.
   * Well formed: valid, with the local authority when a provider knows it; otherwise with the authority empty (and
   * the nation, when the postcode's area is all in one), so the person picks it rather than being stuck, whether the
   * postcode is unknown or the lookup is down.
   */
  async checkPostcode(typed: string): Promise<PostcodeCheck> {
    const postcode = normalisePostcode(typed);
    const problem = this.problemWith(postcode);
    if (!postcode || problem) return { valid: false, value: null, reason: problem };
    let found: PostcodeFound | null = null;
    try {
      found = await this.postcodes.find(postcode);
    } catch (error) {
      if (!(error instanceof LookupUnavailableError)) throw error;
      this.logger.event('warn', 'postcode lookup unavailable', { reason: error.message });
    }
    return { valid: true, value: this.answerFor(postcode, found), reason: null };
  }

  /** Why a postcode (normalised, or null when badly formed) cannot be used, or null when it can. */
  problemWith(postcode: string | null): string | null {
    if (!postcode) return POSTCODE_FORMAT_REASON;
    const place = this.areas.placeOutsideUk(postcode);
    return place ? outsideUkReason(place) : null;
  }

  /** A picked or stored authority code's entry in the list (name, country), or null when it is not a code in the list. */
  findLocalAuthority(code: string): LocalAuthority | null {
    return this.authorities.find(code);
  }

  /** Every UK local authority, for the person to pick from when their postcode's is not known. */
  listLocalAuthorities(): readonly LocalAuthority[] {
    return this.authorities.all;
  }

  /**
   * The addresses at a postcode with their council tax bands, in street order; an empty list when the postcode is
   * not well formed or none are known. Throws LookupUnavailableError when the bands cannot be read just now
   * (POST /api/data/bands/ then answers valid false).
   */
  async findAddresses(postcode: string): Promise<CouncilTaxAddressChoice[]> {
    const normalised = normalisePostcode(postcode);
    if (!normalised) return [];
    return this.bands.findAddresses(normalised);
  }

  /**
   * Whether addresses with bands are loaded for a postcode, so the band question offers the look-up only where it
   * can find something. False when the postcode is not well formed, or when the table cannot be read just now (the
   * person is then told how to find their band, rather than sent to a look-up that fails).
   */
  async hasAddresses(postcode: string): Promise<boolean> {
    const normalised = normalisePostcode(postcode);
    if (!normalised) return false;
    try {
      return await this.bands.hasAddresses(normalised);
    } catch (error) {
      if (!(error instanceof LookupUnavailableError)) throw error;
      this.logger.event('warn', 'council tax band lookup unavailable', { reason: error.message });
      return false;
    }
  }

  private answerFor(postcode: string, found: PostcodeFound | null): PostcodeAnswer {
    const authority = found?.authorityCode ? this.authorities.find(found.authorityCode) : null;
    return {
      postcode,
      authority: authority?.name ?? '',
      authorityCode: authority?.code ?? '',
      // With no authority the person picks one, which brings its country; the provider's, or the nation of the
      // postcode's area, says which councils to offer first.
      country: authority?.country ?? (found?.country || this.areas.nationOf(postcode)) ?? '',
      latitude: found?.latitude ?? null,
      longitude: found?.longitude ?? null,
      option: false,
    };
  }
}
