import { UK_COUNTRIES, type UkCountry } from '../../../common/survey/model.js';
import { LookupUnavailableError } from './lookup-unavailable.error.js';
import type { PostcodeFound, PostcodeProvider } from './postcode-provider.js';

export const POSTCODES_IO_TIMEOUT_MS = 3000;

interface PostcodesIoResult {
  postcode: string;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  codes: { admin_district: string | null };
}

function isPostcodesIoResult(value: unknown): value is PostcodesIoResult {
  const result = value as Partial<PostcodesIoResult> | null;
  const numberOrNull = (part: unknown) => part === null || part === undefined || typeof part === 'number';
  return (
    typeof result === 'object' &&
    result !== null &&
    typeof result.postcode === 'string' &&
    numberOrNull(result.latitude) &&
    numberOrNull(result.longitude) &&
    typeof result.codes === 'object' &&
    result.codes !== null
  );
}

/**
 * A postcodes.io-compatible service (https://postcodes.io, or one run by the charity from the same open data):
 * GET {base}/postcodes/{postcode} answers 200 with the postcode's details, or 404 when it is not a live postcode.
 * Anything else, or no answer within the timeout, means the service is unavailable.
 */
export class PostcodesIoProvider implements PostcodeProvider {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = POSTCODES_IO_TIMEOUT_MS,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  async find(postcode: string): Promise<PostcodeFound | null> {
    const url = `${this.base}/postcodes/${encodeURIComponent(postcode.replace(/\s+/g, ''))}`;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: timeout });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new LookupUnavailableError(`The postcode service answered ${response.status}.`);
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof LookupUnavailableError) throw error;
      // The URL holds the postcode, so the cause is kept off the message (and out of any log line).
      throw new LookupUnavailableError(
        timeout.aborted
          ? `The postcode service did not answer within ${this.timeoutMs} ms.`
          : 'The postcode service could not be reached or sent a body that is not JSON.',
        { cause: error },
      );
    }
    const result = (body as { result?: unknown } | null)?.result;
    if (!isPostcodesIoResult(result)) throw new LookupUnavailableError('The postcode service answered 200 without a postcode result.');
    const country = UK_COUNTRIES.includes(result.country as UkCountry) ? (result.country as UkCountry) : null;
    return {
      postcode,
      authorityCode:
        typeof result.codes.admin_district === 'string' && result.codes.admin_district !== '' ? result.codes.admin_district : null,
      latitude: result.latitude ?? null,
      longitude: result.longitude ?? null,
      country,
    };
  }
}
