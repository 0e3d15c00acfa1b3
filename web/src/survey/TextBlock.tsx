import { Fragment, type ReactNode } from 'react';
import { ExternalLink } from '../shared/ExternalLink';

/** A web address written out in a definition's text (https only), which becomes a link. */
const WEB_ADDRESS = /(https:\/\/[^\s<>"']+[^\s<>"'.,;:!?)])/;

/** A line of text with each https address in it as a link that opens in a new tab; everything else stays plain text. */
function withLinks(line: string): ReactNode[] {
  return line.split(WEB_ADDRESS).map((part, index) =>
    index % 2 === 1 ? (
      <ExternalLink key={index} href={part}>
        {part.replace(/^https:\/\//, '').replace(/\/$/, '')}
      </ExternalLink>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

/**
 * Text from the definitions, shown as plain text: a blank line starts a new paragraph and a single line break is
 * kept; an https address becomes a link. Never parsed as HTML, so nothing in a definition can run in the
 * visitor's browser.
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
              {withLinks(line)}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
