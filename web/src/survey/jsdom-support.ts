import { deserialize, serialize } from 'node:v8';

/**
 * What jsdom lacks and the survey screen uses, for the jsdom tests only: `structuredClone` (rjsf copies form data
 * with it) and `window.scrollTo` (jsdom has no layout, so scrolling is a no-op rather than a logged error).
 */
export function installJsdomSupport(): void {
  if (typeof globalThis.structuredClone !== 'function') {
    globalThis.structuredClone = <T>(value: T): T => deserialize(serialize(value)) as T;
  }
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
}
