import { usePageTitle } from './page-title';

/** The generic error page, shown when a screen cannot load or breaks. */
export function ErrorPage() {
  usePageTitle('Something went wrong');
  return (
    <div className="message-page">
      <h1>Oops something went wrong</h1>
      <p>We have logged this error and will try to fix the problem asap.</p>
      <p>Please either refresh this page or retry our website at a later time.</p>
    </div>
  );
}
