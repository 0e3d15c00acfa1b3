/**
 * The browser's local storage, or null where it is blocked (private modes, some embedded frames). Reading the
 * property itself can throw, so every use goes through here.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function localStorageOrNull(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a key, treating blocked or failing storage as empty. */
export function readStored(key: string, storage: KeyValueStorage | null = localStorageOrNull()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a key; a full or blocked storage is ignored, since all of this is a convenience the server re-checks. */
export function writeStored(key: string, value: string, storage: KeyValueStorage | null = localStorageOrNull()): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Nothing is lost: the server's own checks still decide.
  }
}

export function removeStored(key: string, storage: KeyValueStorage | null = localStorageOrNull()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // As above.
  }
}
