/**
 * Moving to another screen is a full page load (web/src/app/routes.ts). Screens take this as a prop so tests
 * can see where they would go.
 */
export type Navigate = (url: string, options?: { replace?: boolean }) => void;

export const navigateByPageLoad: Navigate = (url, options) => {
  if (options?.replace) window.location.replace(url);
  else window.location.assign(url);
};
