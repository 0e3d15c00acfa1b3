import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { allPass, pinkNoise, playAt, rootMeanSquare, type Playback } from './audio-variation.js';
import { CHALLENGE_ALPHABET } from './challenge-text.js';
import { between, secureRandom, type Random } from './secure-random.js';
import { readWav, writeWav } from './wav.js';

/** The recorded clips, `<character>-<voice>.wav` (see its README for how they were made). */
export const CAPTCHA_AUDIO_DIR = resolve('api/assets/captcha-audio');

/** Every clip is recorded at this rate: plenty for a spoken letter, and a quarter of CD quality in size. */
export const CLIP_SAMPLE_RATE = 11025;

/** Each character is recorded in each of these voices (scripts/record-captcha-clips.ts says which espeak-ng voice). */
export const CLIP_VOICES = ['en-gb', 'received-pronunciation-woman', 'scottish', 'lancaster-woman', 'west-midlands-low'] as const;
export type ClipVoice = (typeof CLIP_VOICES)[number];

export function clipFileName(character: string, voice: ClipVoice): string {
  return `${character}-${voice}.wav`;
}

/**
 * How much each code varies, every value drawn afresh for each code and each character. The limits keep it easy to
 * follow by ear: one character at a time, never overlapping, each clearly louder than the hiss behind it.
 */
export const VARIATION = {
  /** Quiet before the first character, so a player that starts slowly does not swallow it. */
  leadInMs: [300, 600],
  /** The pause between characters: long enough to type one before the next is said. */
  pauseMs: [600, 900],
  tailMs: [200, 400],
  /** Played slower or faster than recorded (never within 5% of it), which also lowers or raises the voice a little. */
  slower: [0.86, 0.95],
  faster: [1.05, 1.14],
  /** The speed wavers by this fraction, this many times a second. */
  waverDepth: [0.015, 0.03],
  waverHertz: [2, 5],
  /** Each character's loudest point, as a fraction of full scale: within 5.5 dB of each other, never clipped. */
  peak: [0.45, 0.85],
  /** Two all-pass filters, centred between 330 and 2,750 Hz, change the shape of the wave but not how loud each pitch is. */
  allPassCentre: [0.03, 0.25],
  allPassRadius: [0.75, 0.92],
  /** The hiss is this many decibels quieter than the quietest character (root mean square over the spoken clip). */
  speechOverNoiseDb: [14, 20],
} as const satisfies Record<string, readonly [number, number]>;

/** Every recording of each character of the alphabet, all at CLIP_SAMPLE_RATE. */
export type ClipLibrary = ReadonlyMap<string, readonly Int16Array[]>;

/** Reads every character's clips; a missing or differently recorded clip stops the server with its name. */
export async function loadClipLibrary(directory = CAPTCHA_AUDIO_DIR): Promise<ClipLibrary> {
  const clips = new Map<string, Int16Array[]>();
  for (const character of CHALLENGE_ALPHABET) {
    const recordings: Int16Array[] = [];
    for (const voice of CLIP_VOICES) {
      const file = join(directory, clipFileName(character, voice));
      const bytes = await readFile(file).catch(() => {
        throw new Error(`The audio security code needs ${file}: run scripts/record-captcha-clips.sh.`);
      });
      let audio;
      try {
        audio = readWav(bytes);
      } catch (error) {
        throw new Error(`${file} is not a clip the audio security code can use: ${(error as Error).message}.`, { cause: error });
      }
      if (audio.sampleRate !== CLIP_SAMPLE_RATE) {
        throw new Error(
          `${file} is recorded at ${audio.sampleRate} Hz; every clip must be ${CLIP_SAMPLE_RATE} Hz (run scripts/record-captcha-clips.sh).`,
        );
      }
      recordings.push(audio.samples);
    }
    clips.set(character, recordings);
  }
  return clips;
}

function draw(random: Random, [low, high]: readonly [number, number]): number {
  return between(random, low, high);
}

function milliseconds(random: Random, range: readonly [number, number]): number {
  return Math.round((CLIP_SAMPLE_RATE * draw(random, range)) / 1000);
}

/** One character as it is heard in this code: a random voice, speed, wavering, loudness and wave shape. */
function varyCharacter(recordings: readonly Int16Array[], random: Random): Float64Array {
  const clip = recordings[Math.floor(random() * recordings.length)];
  const playback: Playback = {
    rate: draw(random, random() < 0.5 ? VARIATION.slower : VARIATION.faster),
    depth: draw(random, VARIATION.waverDepth),
    hertz: draw(random, VARIATION.waverHertz),
    phase: random() * 2 * Math.PI,
  };
  let sound = playAt(clip, CLIP_SAMPLE_RATE, playback);
  for (let filter = 0; filter < 2; filter += 1)
    sound = allPass(sound, draw(random, VARIATION.allPassCentre), draw(random, VARIATION.allPassRadius));
  const loudest = sound.reduce((most, sample) => Math.max(most, Math.abs(sample)), 0);
  const gain = loudest === 0 ? 0 : (draw(random, VARIATION.peak) * 32767) / loudest;
  return sound.map((sample) => sample * gain);
}

/**
 * The characters said one by one, with a pause between each, over a soft hiss: a complete WAV file. No two calls
 * give the same samples, even for the same characters.
 */
export function speakChallenge(text: string, clips: ClipLibrary, random: Random = secureRandom()): Buffer {
  const spoken = [...text].map((character, index) => {
    const recordings = clips.get(character);
    if (!recordings?.length) throw new Error(`No recorded clip for a character of the security code (position ${index + 1}).`);
    return varyCharacter(recordings, random);
  });
  const pieces: (Float64Array | number)[] = [milliseconds(random, VARIATION.leadInMs)];
  spoken.forEach((sound, index) => {
    if (index > 0) pieces.push(milliseconds(random, VARIATION.pauseMs));
    pieces.push(sound);
  });
  pieces.push(milliseconds(random, VARIATION.tailMs));
  const length = pieces.reduce<number>((total, piece) => total + (typeof piece === 'number' ? piece : piece.length), 0);
  const quietest = Math.min(...spoken.map(rootMeanSquare));
  const mix = pinkNoise(length, quietest / 10 ** (draw(random, VARIATION.speechOverNoiseDb) / 20), random);
  let offset = 0;
  for (const piece of pieces) {
    if (typeof piece === 'number') {
      offset += piece;
      continue;
    }
    for (let index = 0; index < piece.length; index += 1) mix[offset + index] += piece[index];
    offset += piece.length;
  }
  const samples = Int16Array.from(mix, (sample) => Math.max(-32768, Math.min(32767, Math.round(sample))));
  return writeWav({ sampleRate: CLIP_SAMPLE_RATE, samples });
}
