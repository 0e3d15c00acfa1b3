import { answerOf, api } from '../api/client';
import { recordSessionOwner } from '../session/session-owner';

/** POST /api/data/lookup/ answer. */
export interface LookupResponse {
  valid: boolean;
  isComplete: boolean;
  pageNumber: number | null;
  session: string | null;
}

/** GET /api/intermediary/index/ answer. */
export interface IntermediaryIndexResponse {
  isIntermediary: boolean;
}

export const REFERENCE_REQUIRED = 'Please enter a valid reference.';
export const POSTCODE_REQUIRED = 'Please enter the postcode used for this calculation.';
export const CALCULATION_NOT_FOUND = 'No calculation found with the provided reference and postcode.';

/**
 * Where a found calculation opens: an unfinished one at its page of the
 * questionnaire, a finished one at its results. The query string goes along, as everywhere else.
 */
export function calculationAddress(found: LookupResponse, search: string): string | null {
  if (!found.valid || !found.session) return null;
  const session = encodeURIComponent(found.session);
  if (found.isComplete) return `/result/${session}${search}`;
  if (found.pageNumber === null || found.pageNumber === undefined) return null;
  return `/survey/${encodeURIComponent(String(found.pageNumber))}/${session}${search}`;
}

/**
 * Looks a calculation up by its reference and postcode, and returns the address to open, or null when none
 * was found. A failed call counts as not found; see ReturnToCalculation for why.
 * A found calculation is recorded as this browser's, since the visitor has just proved they know it.
 */
export async function findCalculation(reference: string, postcode: string, search: string): Promise<string | null> {
  let found: LookupResponse;
  try {
    found = await answerOf<LookupResponse>(api.POST('/api/data/lookup', { body: { token: reference, postcode } }));
  } catch {
    return null;
  }
  const address = found ? calculationAddress(found, search) : null;
  if (address && found.session) recordSessionOwner(found.session);
  return address;
}

/** Whether the visitor is an adviser. A failed check counts as no. */
export async function isIntermediary(): Promise<boolean> {
  try {
    const answer = await answerOf<IntermediaryIndexResponse | null>(api.GET('/api/intermediary/index'));
    return answer?.isIntermediary === true;
  } catch {
    return false;
  }
}
