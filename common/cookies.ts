import { parseCookie } from 'cookie';

/** decodeURIComponent, or undefined for a value that is not percent-encoding, which leaves that cookie out. */
function decodeOrSkip(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The cookies of a Cookie header (the API) or of document.cookie (the web app), by name, read by the `cookie`
 * package. A cookie whose value cannot be decoded is left out, since the calculator set none such; of two with the
 * same name, the first is read, as browsers send the one set for the longer path first.
 */
export function readCookies(header: string | undefined): Record<string, string | undefined> {
  return parseCookie(header ?? '', { decode: decodeOrSkip });
}
