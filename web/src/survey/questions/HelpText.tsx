import { useEffect, useRef, useState } from 'react';
import { TextBlock } from '../TextBlock';

/** Tooltip timings: the help shows 150 ms after the pointer arrives and hides 400 ms after it leaves. */
export const HELP_SHOW_DELAY_MS = 150;
export const HELP_HIDE_DELAY_MS = 400;

/**
 * A question's help text behind its toolTip link text. A click (or Enter/Space) opens and pins it, as touch and
 * keyboard users need; a mouse pointer resting on the link opens it too, and it stays while the pointer is over
 * the link or the help (WCAG 1.4.13). Escape closes it.
 */
export function HelpText({ id, linkText, text, autoOpen }: { id: string; linkText: string; text: string; autoOpen: boolean }) {
  const [pinned, setPinned] = useState(autoOpen);
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const open = pinned || hovered;

  useEffect(() => () => clearTimer(), []);

  function clearTimer() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }

  function pointerEnter() {
    clearTimer();
    timer.current = setTimeout(() => setHovered(true), HELP_SHOW_DELAY_MS);
  }

  function pointerLeave() {
    clearTimer();
    timer.current = setTimeout(() => setHovered(false), HELP_HIDE_DELAY_MS);
  }

  function close() {
    clearTimer();
    setPinned(false);
    setHovered(false);
  }

  return (
    <div
      className="question__help"
      onMouseEnter={pointerEnter}
      onMouseLeave={pointerLeave}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        type="button"
        className="question__help-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          clearTimer();
          if (open) close();
          else setPinned(true);
        }}
      >
        {linkText}
      </button>
      <div id={id} className="question__help-text" hidden={!open}>
        <TextBlock text={text} />
      </div>
    </div>
  );
}
