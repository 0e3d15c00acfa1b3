import { usePageTitle } from './page-title';

/** A route of the web app whose screen has not been built yet. It says so plainly rather than pretending. */
export function UnbuiltPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="message-page">
      <h1>{title}</h1>
      <p>This part of the calculator is not available yet.</p>
      <p>
        <a href="/">Go to the homepage</a>
      </p>
    </div>
  );
}
