/** The first things a keyboard user reaches: straight past the header to the content or the footer. */
export function SkipLinks({ hasFooter }: { hasFooter: boolean }) {
  return (
    <div className="skip-links">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {hasFooter && (
        <a className="skip-link" href="#site-footer">
          Skip to footer
        </a>
      )}
    </div>
  );
}
