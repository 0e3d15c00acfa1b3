import { usePageTitle } from '../shared/page-title';
import { signInPath } from './paths';

export const NO_ACCESS_TITLE = 'No Access';

/**
 * Shown in the adviser area when the server answers 403: the user is not signed in to the
 * provider's site as an adviser. The sign-in link brings them back to the page they asked for.
 */
export function NoAccessPage({ returnUrl }: { returnUrl: string }) {
  usePageTitle(NO_ACCESS_TITLE);
  return (
    <div className="message-page">
      <h1>{NO_ACCESS_TITLE}</h1>
      <p>You are not logged in to the adviser site, so you cannot see this page.</p>
      <p>The Adviser Area is for advisers working for their clients. Log in with your adviser account to carry on.</p>
      <p className="message-page__links">
        <a className="button" href={signInPath(returnUrl)}>
          Log in to the adviser site
        </a>
      </p>
    </div>
  );
}

/** The page the browser is on, for the sign-in link to come back to. */
export function currentPage(): string {
  return typeof window === 'undefined' ? '/adviser/' : `${window.location.pathname}${window.location.search}`;
}
