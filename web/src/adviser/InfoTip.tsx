import { useId, useState } from 'react';

/**
 * A tooltip that works without a mouse (the 'toggletip' pattern): a small button beside the label shows and hides
 * the explanation, which is announced when it appears. Escape hides it again.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <span className="info-tip">
      <button
        type="button"
        className="info-tip__button"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setIsOpen(false);
        }}
      >
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">About {label}</span>
      </button>
      <span id={id} className="info-tip__text" role="status">
        {isOpen ? text : ''}
      </span>
    </span>
  );
}
