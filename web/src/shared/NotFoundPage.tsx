import { usePageTitle } from './page-title';

/** Any address the app does not know. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="message-page">
      <h1>Page Not Found</h1>
      <p>Sorry, we cannot find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      <p>
        <a href="/">Go to the homepage</a>
      </p>
    </div>
  );
}
