export const INVALID_XML = 'Invalid XML';

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attributes(element: Element): string {
  return Array.from(element.attributes, (attribute) => ` ${attribute.name}="${escapeText(attribute.value).replace(/"/g, '&quot;')}"`).join(
    '',
  );
}

function lines(element: Element, depth: number): string[] {
  const indent = '  '.repeat(depth);
  const open = `${element.tagName}${attributes(element)}`;
  const children = Array.from(element.children);
  if (children.length === 0) {
    const text = element.textContent?.trim() ?? '';
    return [text ? `${indent}<${open}>${escapeText(text)}</${element.tagName}>` : `${indent}<${open} />`];
  }
  return [`${indent}<${open}>`, ...children.flatMap((child) => lines(child, depth + 1)), `${indent}</${element.tagName}>`];
}

/**
 * The calculation XML laid out as an indented tree for testers, or null when it does not parse.
 * DOMParser reports a parse failure as a document holding a <parsererror> element rather than by throwing.
 */
export function formatXml(xml: string): string | null {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  if (!document.documentElement || document.getElementsByTagName('parsererror').length > 0) return null;
  return lines(document.documentElement, 0).join('\n');
}
