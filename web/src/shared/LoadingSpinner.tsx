/** Shown while a screen or its data loads. */
export function LoadingSpinner() {
  return (
    <div className="loading-spinner" role="status">
      <span className="loading-spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
