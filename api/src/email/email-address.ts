import addressparser from 'nodemailer/lib/addressparser';
import { domainToASCII } from 'node:url';
import { CALCULATION_EMAIL_MESSAGES, emailAddressProblem } from '../../../common/email/calculation-email.js';

/**
 * The one address the e-mail form sends to. The form is not a relay: it takes exactly one plain address
 * (`name@example.org`), never a list, a group (`friends: a@x.org;`), a display name (`"Jo" <jo@x.org>`), a comment
 * (`jo@x.org (Jo)`), an angle-bracketed or quoted address, or any character that could start a new mail header or
 * line. The mail library's own parser (nodemailer's addressparser, which nodemailer uses to read `to`) must read the
 * text as that one address and nothing else, so what we check is what would be sent.
 *
 * Canonical form: the text with the spaces around it removed and the domain in lower case; the local part (before
 * the @) is kept as typed, since a mail server may treat its case as meaningful. That is the address e-mailed and
 * shown in the success message.
 */

/**
 * Never part of an address: control characters (C0, DEL and C1, so CR, LF, tab and U+0085 NEXT LINE), format
 * characters (zero-width spaces and joiners, bidirectional overrides that make an address read differently, the
 * byte-order mark) and the Unicode line and paragraph separators (U+2028, U+2029).
 */
const FORBIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** A plain address has no space of any kind inside it. */
const ANY_SPACE = /[\s\p{Z}]/u;
/**
 * RFC 5322's dot-atom: letters, digits and ``!#$%&'*+/=?^_`{|}~-``, with single dots between them, plus any
 * non-ASCII character left after the checks above (RFC 6531 allows UTF-8 local parts). No quotes, backslashes,
 * brackets, commas, colons or semicolons.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+)*$/u;
/** Labels of letters, digits, marks and hyphens (an internationalised domain is allowed), joined by single dots. */
const DOMAIN = /^[\p{L}\p{N}\p{M}-]+(?:\.[\p{L}\p{N}\p{M}-]+)+$/u;
/** RFC 5321's longest local part. */
const LOCAL_PART_MAX_LENGTH = 64;

export interface RecipientAddress {
  /** What is sent to and shown: trimmed, domain in lower case, local part as typed. */
  address: string;
  /**
   * What the per-address limit counts: the canonical address with its local part in lower case too and the domain
   * in its ASCII (punycode) form. Nearly every mail provider ignores the case of the local part, so `Jo@` and `jo@`
   * reach one inbox and share one count; `bücher.example` and `xn--bcher-kva.example` are one domain.
   */
  limitKey: string;
}

/** The plain address in the text, in canonical form, or null when the text is anything else. */
export function plainRecipientAddress(value: unknown): RecipientAddress | null {
  if (typeof value !== 'string' || FORBIDDEN_CHARACTER.test(value)) return null;
  const text = value.trim();
  if (text === '' || ANY_SPACE.test(text)) return null;

  // The library's reading of the text must be one address, not in a group, with no name, and the whole text.
  const parsed = addressparser(text);
  if (parsed.length !== 1) return null;
  const [only] = parsed;
  if (only.group !== undefined || only.name !== '' || only.address !== text) return null;

  const at = text.lastIndexOf('@');
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  if (at <= 0 || local.length > LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local) || !DOMAIN.test(domain)) return null;
  const asciiDomain = domainToASCII(domain);
  if (asciiDomain === '') return null;
  return { address: `${local}@${domain}`, limitKey: `${local.normalize('NFC').toLowerCase()}@${asciiDomain}` };
}

/**
 * The form's check (the same rules and messages as the web app's) and then the plain-address rule above: an
 * address the web app's basic pattern lets through but that is not one plain address gets the form's 'Please enter
 * a valid email address.' too.
 */
export function recipientAddressProblem(value: unknown): string | null {
  const basic = emailAddressProblem(value);
  if (basic) return basic;
  return plainRecipientAddress(value) ? null : CALCULATION_EMAIL_MESSAGES.emailInvalid;
}
