/**
 * The `properties` tier's captcha attacks: simple scripts (test/support/captcha-attacks.ts) try to read 100 security
 * codes from their pictures and 100 from their recordings, and read every code drawn or spoken the way codes were
 * before. Over that many codes the share a script reads is a fair measure; they take minutes, so `npm test` (so CI)
 * and `npm run bench` run them, not `npm run test:unit`. How each code is drawn and spoken is checked in the unit tier
 * (api/src/captcha/captcha-image.spec.ts, captcha-audio.spec.ts).
 */
import { createRequire } from 'node:module';
import { audioTemplates, imageTemplates, readImageCode, readSpokenCode, splitOnSilence } from '../support/captcha-attacks.js';
import { drawChallenge } from '../../api/src/captcha/captcha-image.js';
import { CHALLENGE_ALPHABET, CHALLENGE_LENGTH, newChallengeText } from '../../api/src/captcha/challenge-text.js';
import { CLIP_SAMPLE_RATE, loadClipLibrary, speakChallenge, type ClipLibrary } from '../../api/src/captcha/spoken-challenge.js';
import { readWav } from '../../api/src/captcha/wav.js';

/**
 * The image side of the attack: a script that has read a few pictures by eye (18 codes, each character five
 * times) names each character of a new picture after the nearest one it has seen, first by the sequence of path
 * commands, then by the shape of its points in a unit box.
 */
describe('a script reading the picture by matching character outlines against ones it has seen', () => {
  const labelledCodes = Array.from({ length: CHALLENGE_ALPHABET.length }, (_, code) =>
    Array.from({ length: CHALLENGE_LENGTH }, (_, index) => CHALLENGE_ALPHABET[(code + index * 4) % CHALLENGE_ALPHABET.length]).join(''),
  );

  function attack(draw: (text: string) => string): { read: number; characters: number } {
    const templates = imageTemplates(labelledCodes.map((text) => ({ text, svg: draw(text) })));
    const outcome = { read: 0, characters: 0 };
    for (let code = 0; code < 100; code += 1) {
      const text = newChallengeText();
      const guess = readImageCode(draw(text), templates, CHALLENGE_LENGTH);
      if (guess === text) outcome.read += 1;
      outcome.characters += [...text].filter((character, index) => guess[index] === character).length;
    }
    return outcome;
  }

  it('reads every code drawn by svg-captcha itself, one path per character (how codes were drawn before)', () => {
    const svgCaptcha = createRequire(import.meta.url)('svg-captcha') as (text: string, options: object) => string;
    expect(attack((text) => svgCaptcha(text, { width: 220, height: 76, fontSize: 68, noise: 2, color: false }))).toEqual({
      read: 100,
      characters: 500,
    });
  });

  it('reads at most 5 of 100 codes, and under a third of the characters', () => {
    const outcome = attack((text) => drawChallenge(text));
    expect(outcome.read).toBeLessThanOrEqual(5);
    expect(outcome.characters).toBeLessThan(500 / 3);
  }, 120_000);
});

/**
 * The attack: a script that knows every recorded clip (as anyone can collect them by asking for many
 * codes) splits the recording on silence and names each sound after the clip that correlates best with it, sliding
 * the clip along the sound. It reads every code made of fixed clips joined by fixed silences.
 */
describe('a script reading the spoken code by matching samples against the recorded clips', () => {
  let clips: ClipLibrary;
  let templates: ReturnType<typeof audioTemplates>;
  beforeAll(async () => {
    clips = await loadClipLibrary();
    templates = audioTemplates(clips);
  });

  function attack(codes: number, speak: (text: string) => Int16Array): { read: number; characters: number; split: number } {
    const outcome = { read: 0, characters: 0, split: 0 };
    for (let code = 0; code < codes; code += 1) {
      const text = newChallengeText();
      const samples = speak(text);
      if (splitOnSilence(samples, CLIP_SAMPLE_RATE).length === CHALLENGE_LENGTH) outcome.split += 1;
      const guess = readSpokenCode(samples, CLIP_SAMPLE_RATE, templates, CHALLENGE_LENGTH);
      if (guess === text) outcome.read += 1;
      outcome.characters += [...text].filter((character, index) => guess[index] === character).length;
    }
    return outcome;
  }

  it('reads every code when the same clips are joined by the same silences (how codes were spoken before)', () => {
    const silence = (milliseconds: number) => new Int16Array(Math.round((CLIP_SAMPLE_RATE * milliseconds) / 1000));
    const joinFixedClips = (text: string) => {
      const pieces = [
        silence(400),
        ...[...text].flatMap((character, index) => [...(index > 0 ? [silence(700)] : []), clips.get(character)![0]]),
        silence(300),
      ];
      return Int16Array.from(pieces.flatMap((piece) => [...piece]));
    };
    expect(attack(20, joinFixedClips)).toEqual({ read: 20, characters: 100, split: 20 });
  });

  it('finds the five sounds of a code but reads at most 5 of 100 codes, and not many more characters than guessing', () => {
    const outcome = attack(100, (text) => readWav(speakChallenge(text, clips)).samples);
    // The silences are still there to split on: the matching is what fails.
    expect(outcome.split).toBeGreaterThanOrEqual(95);
    expect(outcome.read).toBeLessThanOrEqual(5);
    // Guessing gets 1 character in 18 right (28 of 500); the matcher does little better.
    expect(outcome.characters).toBeLessThan(125);
  }, 300_000);
});
