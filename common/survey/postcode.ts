/**
 * UK postcode format, shared by the web app (as the person types) and the API (before any lookup). Framework-free.
 *
 * The check is deliberately the shape of a postcode, not Royal Mail's list: a well-formed postcode that no lookup
 * knows still lets the person go on by picking their local authority, whereas refusing a real postcode would
 * leave them stuck.
 */

// Outward code: area (1-2 letters; Q, V, X never first; I, J, Z never second), district digit, then an optional
// digit or letter (SW1A, EC1V, M1, B33). Inward code: a digit and two letters. GIR 0AA is the one exception.
const POSTCODE = /^(?:GIR0AA|(?:[A-PR-UWYZ][0-9][A-Z0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][A-Z0-9]?)[0-9][A-Z]{2})$/;

/**
 * The postcode in its standard written form ('sw1a1aa ' gives 'SW1A 1AA'), or null when the text is not a UK
 * postcode. Case and spaces are forgiven; anything else (hyphens, letters for digits) is not.
 */
export function normalisePostcode(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (!POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * For the Postcode question's `pattern`, which blocks typing that does not match: letters, digits
 * and spaces, up to the longest postcode with a space either side. It must accept every partly typed postcode,
 * so it does not check the format; `normalisePostcode` does that when the answer is sent.
 */
export const POSTCODE_TYPING_PATTERN = '^[A-Za-z0-9 ]{0,10}$';

/** The postcode area: the letters a postcode starts with ('LS' of 'LS1 4AP', 'G' of 'G1 1XQ'). */
export function postcodeAreaOf(postcode: string): string {
  return /^[A-Z]{1,2}/.exec(postcode.trim().toUpperCase())?.[0] ?? '';
}

/** Why a typed postcode cannot be used, for the message at the field: badly formed. */
export const POSTCODE_FORMAT_REASON = 'Enter a full UK postcode, like LS1 4AP.';

/** Why a postcode of the Channel Islands or the Isle of Man cannot be used: the calculator works out the UK's benefits. */
export function outsideUkReason(place: string): string {
  return `Postcodes in ${place} are outside the UK: this calculator works out benefits in England, Scotland, Wales and Northern Ireland.`;
}
