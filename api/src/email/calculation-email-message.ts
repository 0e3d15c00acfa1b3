/**
 * The e-mail that carries the link to a calculation. It says only what is needed to find the calculation again:
 * the link and the reference. No amounts, no postcode, no names: an inbox may be shared or read by someone else.
 */

export const CALCULATION_EMAIL_SUBJECT = 'Your benefits calculation';

export interface CalculationEmailContent {
  /** `<PUBLIC_URL>/result/<session>`. */
  link: string;
  /** The calculation reference (`token` on the wire). */
  reference: string;
  /** Who sends it: the charity's name from definitions/site.json. */
  senderName: string;
}

export interface CalculationEmailMessage {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

/** The result page's address: the public address with any trailing slash removed, then /result/<session>. */
export function calculationLink(publicUrl: string, sessionId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/result/${encodeURIComponent(sessionId)}`;
}

/** The paragraphs of the e-mail, shared by its plain-text and HTML parts so the two always say the same. */
function paragraphs({ reference }: CalculationEmailContent): string[] {
  return [
    'You asked us to e-mail you a link to your benefits calculation. Use it to see your results again at any time in the next 6 months.',
    `Your calculation reference is ${reference}. You can also use it, with the postcode you gave, to find your calculation on our website.`,
    'If you open the link on a different computer, phone or browser, we will ask for the postcode used in the calculation before showing your results. This keeps them private.',
    'If you did not ask for this e-mail, you can ignore it.',
  ];
}

export function calculationEmailMessage(content: CalculationEmailContent): CalculationEmailMessage {
  const [intro, ...rest] = paragraphs(content);
  const text = [
    CALCULATION_EMAIL_SUBJECT,
    '',
    intro,
    '',
    `See your results: ${content.link}`,
    '',
    ...rest.flatMap((paragraph) => [paragraph, '']),
    content.senderName,
    '',
  ].join('\n');
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en-GB">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(CALCULATION_EMAIL_SUBJECT)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1b1b1b;">',
    `<h1 style="font-size: 24px;">${escapeHtml(CALCULATION_EMAIL_SUBJECT)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(content.link)}" style="color: #1a4fa0; font-weight: bold;">See your results</a></p>`,
    `<p>If the link does not work, copy this address into your browser: ${escapeHtml(content.link)}</p>`,
    ...rest.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p>${escapeHtml(content.senderName)}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject: CALCULATION_EMAIL_SUBJECT, text, html };
}
