/**
 * The body of POST /api/v1/calculations/batch, checked without building it: a JSON list of up to
 * MAX_BATCH_HOUSEHOLDS calculation requests, found as byte ranges in the raw body. Each household is parsed only when
 * its turn comes, so a 16 MB body never becomes one huge object graph, and a body that would (millions of tiny
 * objects, a household of 16 MB) is refused or answered for that household alone without being built.
 *
 * It runs in the batch parser's worker thread (household-list-thread.ts) for large bodies, and in the calling thread
 * for small ones and where no compiled thread exists (the in-process tests): no I/O, no framework.
 */

/** Whole-body refusals, answered in the error shape before any household is worked out. */
export interface HouseholdListRefusal {
  statusCode: 400 | 413;
  code: 'INVALID_JSON' | 'VALIDATION_FAILED' | 'TOO_MANY_HOUSEHOLDS' | 'BODY_TOO_DEEP';
  message: string;
}

/** Where each household's JSON is in the body: household i is bytes [ranges[2i], ranges[2i + 1]). */
export type HouseholdList = { ok: true; count: number; ranges: Uint32Array } | { ok: false; refusal: HouseholdListRefusal };

export interface HouseholdListLimits {
  /** The most households one list may hold. */
  maxHouseholds: number;
  /** The deepest nesting allowed, the list itself at depth 0 (MAX_BODY_DEPTH). */
  maxDepth: number;
  /** A household larger than this is not parsed here: its own line says it is too large (BODY_LIMIT_KB). */
  maxHouseholdBytes: number;
}

const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const isJsonSpace = (byte: number) => byte === SPACE || byte === TAB || byte === LINE_FEED || byte === CARRIAGE_RETURN;

function skipSpace(bytes: Uint8Array, at: number): number {
  while (at < bytes.length && isJsonSpace(bytes[at])) at += 1;
  return at;
}

const refusal = (statusCode: 400 | 413, code: HouseholdListRefusal['code'], message: string): HouseholdList => ({
  ok: false,
  refusal: { statusCode, code, message },
});

export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';
export const notAListMessage = (maxHouseholds: number) =>
  `The body must be a JSON list of calculation requests, each as POST /api/v1/calculations takes one, at most ${maxHouseholds.toLocaleString('en-GB')}.`;
export const EMPTY_LIST_MESSAGE = 'The list is empty: send at least one household.';
export const tooManyMessage = (count: string, maxHouseholds: number) =>
  `The list has ${count} households; one request may carry at most ${maxHouseholds.toLocaleString('en-GB')}. Send the rest in another request.`;
export const tooDeepMessage = (maxDepth: number) => `The request body nests more than ${maxDepth} levels deep.`;

const decoder = new TextDecoder('utf-8');

/**
 * Finds each household of a JSON list in `bytes` (UTF-8; JSON's structural characters are ASCII, and no byte of a
 * multi-byte UTF-8 character is ASCII, so the bytes can be scanned as they are). Checks, as express.json in strict mode
 * with the batch's rules did: the body is a list (a bare string or number is INVALID_JSON, an object is not a list),
 * not empty, at most `maxHouseholds`, nested at most `maxDepth`, and valid JSON throughout. A household up to
 * `maxHouseholdBytes` is parsed to prove it is JSON; a larger one is only scanned, and answered on its own line.
 */
export function findHouseholds(bytes: Uint8Array, limits: HouseholdListLimits): HouseholdList {
  let at = skipSpace(bytes, bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0);
  if (at === bytes.length) return refusal(400, 'VALIDATION_FAILED', notAListMessage(limits.maxHouseholds));
  if (bytes[at] === OPEN_OBJECT) {
    // An object is valid JSON but not a list. One as large as a household is checked to tell the two refusals
    // apart; a larger one is refused as not a list without being built.
    if (bytes.length - at <= limits.maxHouseholdBytes && !parses(bytes, at, bytes.length))
      return refusal(400, 'INVALID_JSON', INVALID_JSON_MESSAGE);
    return refusal(400, 'VALIDATION_FAILED', notAListMessage(limits.maxHouseholds));
  }
  if (bytes[at] !== OPEN_LIST) return refusal(400, 'INVALID_JSON', INVALID_JSON_MESSAGE);
  at = skipSpace(bytes, at + 1);
  if (bytes[at] === CLOSE_LIST) {
    if (skipSpace(bytes, at + 1) !== bytes.length) return refusal(400, 'INVALID_JSON', INVALID_JSON_MESSAGE);
    return refusal(400, 'VALIDATION_FAILED', EMPTY_LIST_MESSAGE);
  }
  const ranges: number[] = [];
  let count = 0;
  for (;;) {
    const start = at;
    const end = endOfValue(bytes, start, limits.maxDepth);
    if (end === TOO_DEEP) return refusal(400, 'BODY_TOO_DEEP', tooDeepMessage(limits.maxDepth));
    let last = end;
    while (last > start && isJsonSpace(bytes[last - 1])) last -= 1;
    if (end === UNFINISHED || last === start) return refusal(400, 'INVALID_JSON', INVALID_JSON_MESSAGE);
    count += 1;
    // Past the most a list may hold, the rest is only counted, for the refusal to say how many there are.
    if (count <= limits.maxHouseholds) {
      if (last - start <= limits.maxHouseholdBytes && !parses(bytes, start, last))
        return refusal(400, 'INVALID_JSON', INVALID_JSON_MESSAGE);
      ranges.push(start, last);
    }
    if (bytes[end] === COMMA) {
      at = skipSpace(bytes, end + 1);
      continue;
    }
    // bytes[end] closes the list: nothing but space may follow.
    if (skipSpace(bytes, end + 1) !== bytes.length) return refusal(400, 'INVALID_JSON', INVALID_JSON_MESSAGE);
    if (count > limits.maxHouseholds)
      return refusal(413, 'TOO_MANY_HOUSEHOLDS', tooManyMessage(count.toLocaleString('en-GB'), limits.maxHouseholds));
    return { ok: true, count, ranges: Uint32Array.from(ranges) };
  }
}

const UNFINISHED = -1;
const TOO_DEEP = -2;

/**
 * Where the list item starting at `start` ends: the index of the comma or closing bracket after it, UNFINISHED when
 * the body ends first, TOO_DEEP when it nests deeper than allowed (the list itself is depth 0). Brackets are only
 * counted here; parsing the item proves they match.
 */
function endOfValue(bytes: Uint8Array, start: number, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let at = start; at < bytes.length; at += 1) {
    const byte = bytes[at];
    if (inString) {
      if (byte === BACKSLASH) at += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_LIST) {
      depth += 1;
      if (depth >= maxDepth) return TOO_DEEP;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_LIST) {
      if (depth === 0) return at;
      depth -= 1;
    } else if (byte === COMMA && depth === 0) return at;
  }
  return UNFINISHED;
}

function parses(bytes: Uint8Array, start: number, end: number): boolean {
  try {
    JSON.parse(decoder.decode(bytes.subarray(start, end)));
    return true;
  } catch {
    return false;
  }
}

/** Household `index`'s JSON text. */
export function householdText(bytes: Uint8Array, ranges: Uint32Array, index: number): string {
  return decoder.decode(bytes.subarray(ranges[2 * index], ranges[2 * index + 1]));
}

/** Household `index`'s size in bytes. */
export function householdBytes(ranges: Uint32Array, index: number): number {
  return ranges[2 * index + 1] - ranges[2 * index];
}
