/**
 * E-mailing the link to a calculation, written
 * once: the web app checks the form before sending it and the API checks the request again with the same words.
 */
import type { FieldError } from '../errors.js';

/** The e-mail form's messages, and the answer to a mistyped security code. */
export const CALCULATION_EMAIL_MESSAGES = {
  emailRequired: 'The email address is required',
  challengeRequired: 'The challenge text is required',
  emailInvalid: 'Please enter a valid email address.',
  challengeWrong: 'The challenge text was not right. Please try the new one.',
} as const;

/**
 * A basic address pattern: something, an @, a domain with at least one dot, ending in 2 or more
 * letters. Deliberately loose: the mail server is the real test, and a strict pattern turns away real addresses.
 */
export const EMAIL_ADDRESS_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** RFC 5321 allows no longer address; anything longer is not one. */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

/** Longer than any security code the API issues; a longer one cannot be right and is not worth checking. */
export const CHALLENGE_MAX_LENGTH = 20;

/**
 * Shown beside the form: an e-mail may be read by someone else who uses the inbox, so the
 * form names a free helpline for anyone who is not safe at home.
 */
export const DOMESTIC_ABUSE_HELPLINE = {
  name: 'National Domestic Abuse Helpline',
  phoneNumber: '0808 2000 247',
  /** The number as a tel: link dials it. */
  phoneLink: 'tel:08082000247',
  hours: 'free, 24 hours a day',
} as const;

/** The form's fields, in the order they appear, so the error summary lists problems top to bottom. */
export interface CalculationEmailForm {
  challenge: unknown;
  email: unknown;
}

/** The security code as the API compares it: what is typed is upper-cased; spaces around it do not count. */
export function normaliseChallenge(typed: string): string {
  return typed.trim().toUpperCase();
}

export function challengeProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return CALCULATION_EMAIL_MESSAGES.challengeRequired;
  return null;
}

export function emailAddressProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return CALCULATION_EMAIL_MESSAGES.emailRequired;
  const address = value.trim();
  if (address.length > EMAIL_ADDRESS_MAX_LENGTH || !EMAIL_ADDRESS_PATTERN.test(address)) return CALCULATION_EMAIL_MESSAGES.emailInvalid;
  return null;
}

/** Every problem with the form, each with the field it concerns (`challenge`, `email`), in the form's order. */
export function calculationEmailProblems(form: CalculationEmailForm): FieldError[] {
  const problems: FieldError[] = [];
  const challenge = challengeProblem(form.challenge);
  if (challenge) problems.push({ path: 'challenge', message: challenge });
  const email = emailAddressProblem(form.email);
  if (email) problems.push({ path: 'email', message: email });
  return problems;
}

/** The success message, the server's own, naming the address typed. */
export function emailSentMessage(address: string): string {
  return `We have sent the link to your calculation to ${address.trim()}.`;
}
