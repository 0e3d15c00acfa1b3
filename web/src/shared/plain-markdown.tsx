import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` in the built app (web/vite.config.ts). @rjsf/core turns text into markdown
 * only when a uiSchema sets `ui:enableMarkdownInDescription` or `ui:enableMarkdownInHelp`, and for its own
 * developer messages (an unsupported field). Our questions draw their own text (web/src/survey/questions) and
 * no page sets either option, so the 31 KB gzipped parser would load with every survey page unused (the
 * first-load budget). This shows the text as it is, which is also what rjsf shows when markdown is off.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
