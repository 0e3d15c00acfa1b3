import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitOnSilence } from '../../../test/support/captcha-attacks.js';
import { rootMeanSquare } from './audio-variation.js';
import { CHALLENGE_ALPHABET, CHALLENGE_LENGTH, newChallengeText } from './challenge-text.js';
import {
  CAPTCHA_AUDIO_DIR,
  CLIP_SAMPLE_RATE,
  CLIP_VOICES,
  clipFileName,
  loadClipLibrary,
  speakChallenge,
  VARIATION,
  type ClipLibrary,
} from './spoken-challenge.js';
import { readWav, WAV_HEADER_BYTES } from './wav.js';

describe('the recorded clips (api/assets/captcha-audio)', () => {
  it('are one WAV for each character of the alphabet in each voice, and nothing else', () => {
    const clips = readdirSync(CAPTCHA_AUDIO_DIR).filter((name) => name.endsWith('.wav'));
    expect(clips.sort()).toEqual(
      [...CHALLENGE_ALPHABET].flatMap((character) => CLIP_VOICES.map((voice) => clipFileName(character, voice))).sort(),
    );
  });

  it('are all 16-bit PCM mono at the one sample rate, each a short spoken word', () => {
    for (const character of CHALLENGE_ALPHABET) {
      for (const voice of CLIP_VOICES) {
        const { sampleRate, samples } = readWav(readFileSync(join(CAPTCHA_AUDIO_DIR, clipFileName(character, voice))));
        expect({ character, voice, sampleRate }).toEqual({ character, voice, sampleRate: CLIP_SAMPLE_RATE });
        const seconds = samples.length / sampleRate;
        expect(seconds).toBeGreaterThan(0.2);
        expect(seconds).toBeLessThan(1);
        // Normalised when recorded: every clip about as loud as the others.
        const peak = samples.reduce((most, sample) => Math.max(most, Math.abs(sample)), 0) / 32767;
        expect(peak).toBeCloseTo(0.85, 2);
        // The generator's length limits below count on no clip being longer.
        expect(seconds).toBeLessThan(0.72);
      }
    }
  });

  it('are small enough to ship', () => {
    const bytes = readdirSync(CAPTCHA_AUDIO_DIR).reduce((total, name) => total + readFileSync(join(CAPTCHA_AUDIO_DIR, name)).length, 0);
    expect(bytes).toBeLessThan(1200 * 1024);
  });
});

describe('speakChallenge', () => {
  let clips: ClipLibrary;
  beforeAll(async () => {
    clips = await loadClipLibrary();
  });

  it('is one valid WAV of 16-bit PCM mono at 11,025 Hz, of a reasonable size', () => {
    const wav = speakChallenge('K7M3X', clips);
    const { sampleRate, samples } = readWav(wav);
    expect(sampleRate).toBe(CLIP_SAMPLE_RATE);
    expect(wav.readUInt32LE(40)).toBe(samples.length * 2);
    expect(wav.readUInt32LE(4)).toBe(WAV_HEADER_BYTES - 8 + samples.length * 2);
    // At most five of the longest clip (0.72 s) played at the slowest, the longest pauses, lead-in and tail.
    const slowest = VARIATION.slower[0] * (1 - VARIATION.waverDepth[1]);
    const longest = (5 * 0.72) / slowest + (4 * VARIATION.pauseMs[1] + VARIATION.leadInMs[1] + VARIATION.tailMs[1]) / 1000;
    expect(longest).toBeLessThan(9.5);
    expect(samples.length / CLIP_SAMPLE_RATE).toBeGreaterThan(4);
    expect(samples.length / CLIP_SAMPLE_RATE).toBeLessThan(longest);
    expect(wav.length).toBeLessThan(9.5 * CLIP_SAMPLE_RATE * 2 + WAV_HEADER_BYTES);
  });

  it('is different each time, even for the same characters', () => {
    const first = readWav(speakChallenge('K7M3X', clips)).samples;
    const second = readWav(speakChallenge('K7M3X', clips)).samples;
    expect(Buffer.from(first.buffer).equals(Buffer.from(second.buffer))).toBe(false);
  });

  /**
   * A character's own short silence (the stop inside 'seven', slowed down, can pass 150 ms: about 1 code in 400)
   * is not a pause between characters, which is never shorter than VARIATION.pauseMs[0]: join sounds apart by
   * less than half of that.
   */
  function withinCharacterGapsJoined(sounds: [number, number][]): [number, number][] {
    const shortest = (VARIATION.pauseMs[0] / 2000) * CLIP_SAMPLE_RATE;
    return sounds.reduce<[number, number][]>((joined, [start, end]) => {
      const last = joined.at(-1);
      if (last && start - last[1] < shortest) last[1] = end;
      else joined.push([start, end]);
      return joined;
    }, []);
  }

  // A person listening hears each character on its own, clearly above the hiss, never clipped.
  it('says the characters one at a time, with pauses of at least 600 ms, each well above the background hiss', () => {
    for (let code = 0; code < 20; code += 1) {
      const { samples } = readWav(speakChallenge(newChallengeText(), clips));
      const sounds = withinCharacterGapsJoined(splitOnSilence(samples, CLIP_SAMPLE_RATE));
      expect(sounds).toHaveLength(CHALLENGE_LENGTH);
      for (let index = 1; index < sounds.length; index += 1) {
        // The sounds are cut 10 ms frames wide, so a pause can look up to 20 ms shorter than it is.
        expect((sounds[index][0] - sounds[index - 1][1]) / CLIP_SAMPLE_RATE).toBeGreaterThanOrEqual(VARIATION.pauseMs[0] / 1000 - 0.02);
      }
      const hiss = rootMeanSquare(samples.subarray(0, Math.round((CLIP_SAMPLE_RATE * VARIATION.leadInMs[0]) / 1000)));
      expect(hiss).toBeGreaterThan(0);
      for (const [start, end] of sounds) expect(20 * Math.log10(rootMeanSquare(samples.subarray(start, end)) / hiss)).toBeGreaterThan(12);
      const peak = samples.reduce((most, sample) => Math.max(most, Math.abs(sample)), 0) / 32767;
      expect(peak).toBeLessThan(0.95);
      expect(peak).toBeGreaterThan(VARIATION.peak[0]);
    }
  });

  it('refuses a character it has no clip for, without saying the code', () => {
    expect(() => speakChallenge('K0', clips)).toThrow('No recorded clip for a character of the security code (position 2).');
  });

  it('stops the server with the clip’s name when one is missing', async () => {
    await expect(loadClipLibrary('/nonexistent')).rejects.toThrow(
      `The audio security code needs /nonexistent/${clipFileName(CHALLENGE_ALPHABET[0], CLIP_VOICES[0])}: run scripts/record-captcha-clips.sh.`,
    );
  });
});

// A script's attempt to read the recordings (100 codes spoken as now, 20 as before) is in the `properties` tier:
// test/properties/captcha-attacks.properties.spec.ts.
