/**
 * Moving to another screen is a full page load (web/src/app/routes.ts). Screens take this as a prop so tests
 * can see where they would go.
 */
export type Navigate = (url: string, options?: { replace?: boolean }) => void;

export const navigateByPageLoad: Navigate = (url, options) => {
  if (options?.replace) window.location.replace(url);
  else window.location.assign(url);
};

/** The query that opens the landing page as the public sees it, for a signed-in adviser too (the Adviser Area links to it). */
export const PUBLIC_VIEW_PARAMETER = 'public';

/** The landing page as the public sees it, whoever is signed in: `/?public`, keeping the rest of the query. */
export function publicLandingPath(search: string): string {
  const query = new URLSearchParams(search);
  query.delete(PUBLIC_VIEW_PARAMETER);
  const rest = query.toString();
  return `/?${PUBLIC_VIEW_PARAMETER}${rest ? `&${rest}` : ''}`;
}
