/**
 * The member-area login's return URL: after signing in, the adviser goes back to the page they were
 * on. Only a path on this site is honoured; anything else (another site, `//evil.example`, `javascript:`) would let
 * a link send a freshly signed-in adviser somewhere else, so it is ignored.
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes are read by some browsers as other separators.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = 'https://return-url.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Coming back to the sign-in page itself would only show the form again.
  return /^\/account(\/sign-in)?\/?$/.test(url.pathname) ? null : path;
}

export function returnUrlOf(search: string): string | null {
  return safeReturnUrl(new URLSearchParams(search).get('returnUrl'));
}
