import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  onClose(): void;
  /** What takes the focus when the dialog opens; its first control unless given. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The id of the text that says what the dialog is about, for screen readers. */
  describedBy?: string;
  children: ReactNode;
}

/**
 * A modal dialog: the questionnaire's pop-up messages and the adviser's actions (start, duplicate, delete, case
 * label). Focus moves into it, Tab and Shift+Tab stay inside it, Escape closes it, and focus goes back to where it
 * was, usually the button that opened it.
 */
export function ModalDialog({ title, onClose, initialFocus, describedBy, children }: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The latest onClose, without re-running the focus effect when a parent passes a new function each render.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Only on opening: the initial focus's element is in place by then.
  useEffect(() => {
    const returnTo = document.activeElement as HTMLElement | null;
    (initialFocus?.current ?? dialog.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => returnTo?.focus?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening, as above
  }, []);

  return (
    <div className="modal-backdrop">
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        ref={dialog}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCloseRef.current();
            return;
          }
          if (event.key !== 'Tab' || !dialog.current) return;
          const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
          if (focusable.length === 0) return;
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
        <h2 className="modal__title" id={titleId}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
