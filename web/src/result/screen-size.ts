import { useSyncExternalStore } from 'react';

/** Below the product's 768px breakpoint the menu is a bottom bar and the helpline card shows. */
export const NARROW_SCREEN_QUERY = '(max-width: 767.98px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_SCREEN_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the screen is narrower than 768px now; follows the window as it is resized or turned. */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
