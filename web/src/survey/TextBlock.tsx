import { Fragment } from 'react';

/**
 * Text from the definitions, shown as plain text: a blank line starts a new paragraph and a single line break is
 * kept. Never parsed as HTML, so nothing in a definition can run in the visitor's browser.
 */
export function TextBlock({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className={className}>
          {paragraph.split('\n').map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
