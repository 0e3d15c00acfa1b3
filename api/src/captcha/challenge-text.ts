import { randomInt } from 'node:crypto';

/**
 * The characters a security code is made of: ones that can be told apart both in the distorted picture and when
 * spoken. Left out because they look alike: 0 O, 1 I L, S 5, B 8, Z 2. Left out because they sound alike when
 * spoken (the "ee" letters B C D E G P T V Z, M and N): C D E G P V and N, keeping one of each group (T, M).
 * scripts/record-captcha-clips.sh records one spoken clip for each character here.
 */
export const CHALLENGE_ALPHABET = 'AFHJKMQRTUWXY34679';

/** Five characters: about 1.9 million codes, and short enough to hold in mind while typing (or listening). */
export const CHALLENGE_LENGTH = 5;

/** A new code, each character drawn with the operating system's secure random numbers. */
export function newChallengeText(length = CHALLENGE_LENGTH, pick: (below: number) => number = randomInt): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += CHALLENGE_ALPHABET[pick(CHALLENGE_ALPHABET.length)];
  return text;
}
