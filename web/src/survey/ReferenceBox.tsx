import { useEffect, useState } from 'react';

/** The 'Copied' note stays for 3 seconds. */
export const COPIED_NOTE_MS = 3000;

/** Below the questions: the calculation reference to write down, used to come back later. */
export function ReferenceBox({ reference }: { reference: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const canCopy = typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
  return (
    <section className="reference-box" aria-labelledby="reference-box-title">
      <h2 className="reference-box__title" id="reference-box-title">
        Your calculation reference
      </h2>
      <p className="reference-box__reference">
        <strong>{reference}</strong>
      </p>
      <p className="reference-box__hint">Keep this reference with the postcode you gave, to come back to this calculation later.</p>
      {canCopy && (
        <p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() =>
              void navigator.clipboard.writeText(reference).then(
                () => setCopied(true),
                () => undefined,
              )
            }
          >
            Copy reference
          </button>
          <span className="reference-box__copied" aria-live="polite">
            {copied ? ' Copied' : ''}
          </span>
        </p>
      )}
    </section>
  );
}
