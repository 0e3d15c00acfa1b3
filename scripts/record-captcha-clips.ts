/**
 * Records the audio security code's clips (scripts/record-captcha-clips.sh runs this): for each character of
 * CHALLENGE_ALPHABET, one clip in each of CLIP_VOICES, spoken by espeak-ng, then tidied so that every clip is alike:
 * the quiet around the word cut, resampled to CLIP_SAMPLE_RATE, and all equally loud. 16-bit PCM mono.
 * Several voices per character, so that a code cannot be read by matching the samples against one known clip.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHALLENGE_ALPHABET } from '../api/src/captcha/challenge-text.js';
import { CAPTCHA_AUDIO_DIR, CLIP_SAMPLE_RATE, CLIP_VOICES, clipFileName, type ClipVoice } from '../api/src/captcha/spoken-challenge.js';
import { normalisePeak, readWav, resample, trimSilence, writeWav } from '../api/src/captcha/wav.js';

/**
 * espeak-ng's voice (language and variant), speed in words a minute and pitch (0-99, 50 by default) for each voice:
 * British accents, men's and women's voices, all a little slower than espeak-ng's 175 words a minute.
 */
const ESPEAK_VOICES: Record<ClipVoice, { voice: string; speed: number; pitch: number }> = {
  'en-gb': { voice: 'en-gb', speed: 130, pitch: 50 },
  'received-pronunciation-woman': { voice: 'en-gb-x-rp+f3', speed: 125, pitch: 55 },
  scottish: { voice: 'en-gb-scotland+m3', speed: 135, pitch: 40 },
  'lancaster-woman': { voice: 'en-gb-x-gbclan+f2', speed: 130, pitch: 65 },
  'west-midlands-low': { voice: 'en-gb-x-gbcwmd+m7', speed: 120, pitch: 35 },
};
/** Sound quieter than 1% of full scale counts as silence; 15 ms is kept either side of the word. */
const SILENCE_THRESHOLD = 0.01;
const MARGIN_MS = 15;
/** Loud and clear, with headroom left. */
const PEAK = 0.85;

const scratch = mkdtempSync(join(tmpdir(), 'captcha-clips-'));
try {
  for (const stale of readdirSync(CAPTCHA_AUDIO_DIR).filter((name) => name.endsWith('.wav'))) unlinkSync(join(CAPTCHA_AUDIO_DIR, stale));
  let totalBytes = 0;
  for (const character of CHALLENGE_ALPHABET) {
    for (const name of CLIP_VOICES) {
      const { voice, speed, pitch } = ESPEAK_VOICES[name];
      const raw = join(scratch, 'clip.wav');
      // A lone letter is read as its name ('K' as "kay"), a lone digit as its number.
      execFileSync('espeak-ng', ['-v', voice, '-s', String(speed), '-p', String(pitch), '-w', raw, character]);
      const spoken = readWav(readFileSync(raw));
      const trimmed = trimSilence(spoken.samples, SILENCE_THRESHOLD, Math.round((spoken.sampleRate * MARGIN_MS) / 1000));
      const samples = normalisePeak(resample(trimmed, spoken.sampleRate, CLIP_SAMPLE_RATE), PEAK);
      const clip = writeWav({ sampleRate: CLIP_SAMPLE_RATE, samples });
      writeFileSync(join(CAPTCHA_AUDIO_DIR, clipFileName(character, name)), clip);
      totalBytes += clip.length;
      console.log(`${clipFileName(character, name)}  ${(samples.length / CLIP_SAMPLE_RATE).toFixed(2)} s  ${clip.length} bytes`);
    }
  }
  console.log(`${CHALLENGE_ALPHABET.length * CLIP_VOICES.length} clips, ${Math.round(totalBytes / 1024)} KB, in ${CAPTCHA_AUDIO_DIR}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
