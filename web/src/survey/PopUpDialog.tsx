import { useEffect, useRef } from 'react';
import { TextBlock } from './TextBlock';

export const POP_UP_TITLE = 'Important information about your answer';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The modal shown when an option with a pop-up message is chosen (spec 000 §4). Focus moves into it, Tab stays
 * inside it, Escape or Close shuts it, and focus returns to where it was.
 */
export function PopUpDialog({ message, onClose }: { message: string; onClose(): void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const returnTo = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => returnTo?.focus?.();
  }, []);

  return (
    <div className="modal-backdrop">
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="pop-up-title"
        aria-describedby="pop-up-message"
        ref={dialog}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
            return;
          }
          if (event.key !== 'Tab' || !dialog.current) return;
          const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
          const first = focusable[0];
          const last = focusable[focusable.length - 1];
          if (event.shiftKey && document.activeElement === first) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
        <h2 className="modal__title" id="pop-up-title">
          {POP_UP_TITLE}
        </h2>
        <div id="pop-up-message" className="modal__body">
          <TextBlock text={message} />
        </div>
        <button type="button" className="button" ref={close} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
