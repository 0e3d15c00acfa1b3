import { isBrowserId } from '../../../common/browser-id';

export const BROWSER_ID_KEY = 'browserId';

let fallbackId: string | null = null;

function newBrowserId(): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => (byte % 36).toString(36)).join('');
  return `browser_${Date.now()}_${random}`;
}

/**
 * This browser's id (`browser_<time>_<random>`), made once and kept in local storage. Where
 * local storage is blocked, the id lasts as long as the page.
 */
export function browserId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()): string {
  try {
    const saved = storage?.getItem(BROWSER_ID_KEY);
    if (isBrowserId(saved)) return saved;
    const created = newBrowserId();
    storage?.setItem(BROWSER_ID_KEY, created);
    if (storage) return created;
  } catch {
    // Storage full or forbidden: fall through to an id for this page only.
  }
  fallbackId ??= newBrowserId();
  return fallbackId;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
