import type { ChromePart, PartnerDefinition } from '../../../common/site';

/** What each part a portal may hide is called on the page. */
export const CHROME_PART_NAMES: Record<ChromePart, string> = {
  header: 'The charity’s header',
  footer: 'The charity’s footer',
  chat: 'The chat window',
  poweredBy: 'The “Powered by” line',
  icons: 'The icons beside the questions',
  helpline: 'The charity’s helpline (the partner’s own is shown)',
};

/** The form's fields, by the first part of the API's path for them (`partner.origins[0]` is `origins`). */
export const PARTNER_FIELD_LABELS: Record<string, string> = {
  id: 'Partner id',
  name: 'Name',
  origins: 'Addresses of the partner’s pages',
  logoPng: 'Logo',
  accentColour: 'Colour',
  checkboxIcon: 'Tick colour',
  helpline: 'Helpline',
  links: 'Links',
  hiddenInPortal: 'What the partner’s pages hide',
  benefits: 'Benefits not shown',
  extraHelp: 'Extra help not shown',
};

/** `extra-help` category names as words: `broadband-and-phone` is "Broadband and phone". */
export function categoryName(category: string): string {
  const words = category.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const list = (values: readonly string[]) => (values.length === 0 ? 'none' : values.join(', '));

/**
 * What a change does to a partner, a line each in plain English, for the administrator who approves it: each field
 * that differs, as it was and as it will be.
 */
export function differences(current: PartnerDefinition, next: PartnerDefinition, benefitName: (code: string) => string): string[] {
  const lines: string[] = [];
  const changed = (label: string, before: string, after: string) => {
    if (before !== after) lines.push(`${label}: ${before} becomes ${after}`);
  };
  changed('Name', current.name, next.name);
  const added = next.origins.filter((origin) => !current.origins.includes(origin));
  const removed = current.origins.filter((origin) => !next.origins.includes(origin));
  if (added.length > 0) lines.push(`Pages that may show the calculator, added: ${added.join(', ')}`);
  if (removed.length > 0) lines.push(`Pages that may show the calculator, taken away: ${removed.join(', ')}`);
  if (current.logo !== next.logo) lines.push('A new logo (shown below)');
  changed('Colour', current.accentColour, next.accentColour);
  changed('Tick colour', current.checkboxIcon.colour, next.checkboxIcon.colour);
  changed('Tick box shape', current.checkboxIcon.shape, next.checkboxIcon.shape);
  changed('Helpline', current.helpline.phoneNumber, next.helpline.phoneNumber);
  changed('Helpline opening hours', current.helpline.openingHours, next.helpline.openingHours);
  const links = (partner: PartnerDefinition) => list(partner.links.map((link) => `${link.text} (${link.url})`));
  changed('Links', links(current), links(next));
  changed(
    'What the partner’s pages hide',
    list(current.hiddenInPortal.map((part) => CHROME_PART_NAMES[part])),
    list(next.hiddenInPortal.map((part) => CHROME_PART_NAMES[part])),
  );
  changed('Benefits not shown', list(current.benefits.hide.map(benefitName)), list(next.benefits.hide.map(benefitName)));
  changed('Extra help not shown', list(current.extraHelp.hide.map(categoryName)), list(next.extraHelp.hide.map(categoryName)));
  return lines;
}

/**
 * A problem the API names by its path (`partner.origins[1]`, with a message starting `origins[1] must be...`) as the
 * form says it: "Addresses of the partner’s pages, line 2: must be a web address that starts with https://...".
 */
export function plainProblem(path: string, message: string): { field: string; message: string } {
  const inner = path.replace(/^partner\.?/, '');
  const [, field = inner || 'id', index] = /^([A-Za-z]+)(?:\.[A-Za-z]+)*(?:\[(\d+)\])?/.exec(inner) ?? [];
  const stripped = inner && message.startsWith(inner) ? message.slice(inner.length).trim() : message;
  const label = PARTNER_FIELD_LABELS[field] ?? 'The partner';
  const where = index !== undefined ? `${label}, ${field === 'origins' ? 'line' : 'number'} ${Number(index) + 1}` : label;
  return { field, message: stripped === message ? message : `${where}: ${stripped}` };
}
