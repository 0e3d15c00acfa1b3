/**
 * A lookup (postcode or council tax band) could not be answered just now: the database or the postcode service
 * failed, timed out or answered nonsense. Not the same as "not known", which is an answer. The message says what
 * failed and never quotes the postcode asked about.
 */
export class LookupUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LookupUnavailableError';
  }
}
