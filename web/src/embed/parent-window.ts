/** Added to the content's height so the partner's iframe never shows a scroll bar. */
const EMBEDDED_HEIGHT_PADDING = 40;

export type ParentMessage = { name: 'resize'; value: number } | { name: 'scroll'; value: true };

function isEmbedded(view: Window): boolean {
  try {
    return view.self !== view.top;
  } catch {
    // A cross-origin parent forbids even looking at it, which itself means the page is framed.
    return true;
  }
}

function tellParent(view: Window, message: ParentMessage): void {
  // The partner's page may be on any origin, and the messages say nothing about the visitor.
  view.parent.postMessage(message, '*');
}

/** Ask the partner's page to scroll to the top of the frame, as a new page of the calculator begins. */
export function requestParentScroll(view: Window): void {
  if (isEmbedded(view)) tellParent(view, { name: 'scroll', value: true });
}

/**
 * When the app is inside a partner's iframe, tell the parent the height of the content (plus 40) whenever it
 * changes, so the iframe can grow and shrink with it. Returns a function that stops the reporting.
 */
export function reportHeightToParent(view: Window, content: HTMLElement): () => void {
  if (!isEmbedded(view)) return () => undefined;
  let lastHeight = -1;
  const report = () => {
    const height = Math.ceil(content.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    tellParent(view, { name: 'resize', value: height + EMBEDDED_HEIGHT_PADDING });
  };
  const observer = new ResizeObserver(report);
  observer.observe(content);
  report();
  return () => observer.disconnect();
}
