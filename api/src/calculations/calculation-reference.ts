import { randomInt } from 'node:crypto';

/**
 * The calculation reference a visitor writes down to come back (`token` on the wire). Letters and digits that are
 * easily confused when read aloud or handwritten (0/O, 1/I/L) are left out. 31^8 is about 850 billion
 * references, so they cannot be guessed; a look-up also needs the postcode and is rate limited.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 8;

export function newCalculationReference(): string {
  let reference = '';
  for (let index = 0; index < REFERENCE_LENGTH; index += 1) reference += ALPHABET[randomInt(ALPHABET.length)];
  return reference;
}

/** As typed: any case, with spaces or hyphens. Returns null for anything that cannot be a reference. */
export function normaliseCalculationReference(typed: string): string | null {
  const reference = typed.replace(/[\s-]/g, '').toUpperCase();
  return reference.length === REFERENCE_LENGTH && [...reference].every((character) => ALPHABET.includes(character)) ? reference : null;
}
