/**
 * The web app keeps one browser id in local storage and adds it to every POST.
 * The server uses it to tell which browser first saw a calculation; it identifies a browser, not a person.
 */
export const BROWSER_ID_PATTERN = /^browser_\d{10,16}_[a-z0-9]{6,32}$/;

export function isBrowserId(value: unknown): value is string {
  return typeof value === 'string' && BROWSER_ID_PATTERN.test(value);
}
