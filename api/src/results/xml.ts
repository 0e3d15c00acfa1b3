/**
 * Plain XML of a calculation's input and output for the testing panel (its xmlInput and
 * xmlOutput): elements named after the fields, list items as <item>, text escaped.
 */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A JSON field name as an XML element name. */
function elementName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

function element(name: string, value: unknown, indent: string): string {
  const tag = elementName(name);
  if (value === null || value === undefined) return `${indent}<${tag}/>`;
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}<${tag}/>`;
    return `${indent}<${tag}>\n${value.map((item) => element('item', item, `${indent}  `)).join('\n')}\n${indent}</${tag}>`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return `${indent}<${tag}/>`;
    return `${indent}<${tag}>\n${entries.map(([key, inner]) => element(key, inner, `${indent}  `)).join('\n')}\n${indent}</${tag}>`;
  }
  return `${indent}<${tag}>${escapeText(String(value))}</${tag}>`;
}

export function toXml(rootName: string, value: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(rootName, value, '')}\n`;
}
