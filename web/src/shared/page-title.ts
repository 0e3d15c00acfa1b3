import { useEffect } from 'react';

export const SITE_TITLE = 'Benefits Calculator';

/** Each screen names itself in the browser tab and to screen readers (WCAG 2.4.2). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title === SITE_TITLE ? SITE_TITLE : `${title} - ${SITE_TITLE}`;
  }, [title]);
}
