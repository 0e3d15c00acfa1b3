import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CHALLENGE_ALPHABET } from './challenge-text.js';
import { concatenate, readWav, silence, writeWav } from './wav.js';

/** The recorded clips, one `<character>.wav` each (see its README for how they were made). */
export const CAPTCHA_AUDIO_DIR = resolve('api/assets/captcha-audio');

/** Every clip is recorded at this rate: plenty for a spoken letter, and a quarter of CD quality in size. */
export const CLIP_SAMPLE_RATE = 11025;

/** Quiet before the first character, so a player that starts slowly does not swallow it. */
export const LEAD_IN_MS = 400;
/** The pause between characters: long enough to type one before the next is said. */
export const PAUSE_MS = 700;
export const TAIL_MS = 300;

/** One clip of samples per character of the alphabet, all at CLIP_SAMPLE_RATE. */
export type ClipLibrary = ReadonlyMap<string, Int16Array>;

/** Reads every character's clip; a missing or differently recorded clip stops the server with its name. */
export async function loadClipLibrary(directory = CAPTCHA_AUDIO_DIR): Promise<ClipLibrary> {
  const clips = new Map<string, Int16Array>();
  for (const character of CHALLENGE_ALPHABET) {
    const file = join(directory, `${character}.wav`);
    const bytes = await readFile(file).catch(() => {
      throw new Error(`The audio security code needs ${file}: run scripts/record-captcha-clips.sh.`);
    });
    let audio;
    try {
      audio = readWav(bytes);
    } catch (error) {
      throw new Error(`${file} is not a clip the audio security code can use: ${(error as Error).message}.`);
    }
    if (audio.sampleRate !== CLIP_SAMPLE_RATE) {
      throw new Error(`${file} is recorded at ${audio.sampleRate} Hz; every clip must be ${CLIP_SAMPLE_RATE} Hz (run scripts/record-captcha-clips.sh).`);
    }
    clips.set(character, audio.samples);
  }
  return clips;
}

/** The characters said one by one, with a pause between each: a complete WAV file. */
export function speakChallenge(text: string, clips: ClipLibrary): Buffer {
  const pieces: Int16Array[] = [silence(CLIP_SAMPLE_RATE, LEAD_IN_MS)];
  [...text].forEach((character, index) => {
    const clip = clips.get(character);
    if (!clip) throw new Error(`No recorded clip for a character of the security code (position ${index + 1}).`);
    if (index > 0) pieces.push(silence(CLIP_SAMPLE_RATE, PAUSE_MS));
    pieces.push(clip);
  });
  pieces.push(silence(CLIP_SAMPLE_RATE, TAIL_MS));
  return writeWav({ sampleRate: CLIP_SAMPLE_RATE, samples: concatenate(pieces) });
}
