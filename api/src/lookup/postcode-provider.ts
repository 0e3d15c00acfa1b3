import type { UkCountry } from '../../../common/survey/model.js';
import { LookupUnavailableError } from './lookup-unavailable.error.js';

/** What a postcode provider knows about a postcode. */
export interface PostcodeFound {
  /** The postcode in its standard written form, e.g. SW1A 1AA. */
  postcode: string;
  /** GSS code of the local authority district; null for a postcode with none (a non-geographic postcode). */
  authorityCode: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The country the provider gives, when it gives one; the local-authority list's country wins over it. */
  country?: UkCountry | null;
}

/**
 * Where postcodes are looked up: the `postcodes` table (always) and, when configured, a postcodes.io-compatible
 * service. The postcode given is already in its standard written form (`normalisePostcode`).
 */
export interface PostcodeProvider {
  /** The postcode's details, or null when this provider does not know it. Throws LookupUnavailableError when it cannot answer. */
  find(postcode: string): Promise<PostcodeFound | null>;
}

export const POSTCODE_PROVIDER = Symbol('POSTCODE_PROVIDER');

/**
 * Asks each provider in turn (the database first, which is quick and works offline, then the service) and gives
 * the first that knows the postcode. Not known anywhere is an answer only when every provider answered; if one
 * could not, the postcode may well exist, so the lookup is unavailable.
 */
export class PostcodeProviderChain implements PostcodeProvider {
  constructor(private readonly providers: readonly PostcodeProvider[]) {}

  async find(postcode: string): Promise<PostcodeFound | null> {
    let failure: unknown = null;
    for (const provider of this.providers) {
      try {
        const found = await provider.find(postcode);
        if (found) return found;
      } catch (error) {
        failure = error;
      }
    }
    if (failure === null) return null;
    throw failure instanceof LookupUnavailableError
      ? failure
      : new LookupUnavailableError('The postcode lookup failed.', { cause: failure });
  }
}
