/**
 * Records the audio security code's clips (scripts/record-captcha-clips.sh runs this): one WAV per character of
 * CHALLENGE_ALPHABET, spoken by espeak-ng's British English voice, then tidied so that every clip is alike:
 * the quiet around the word cut, resampled to CLIP_SAMPLE_RATE, and all equally loud. 16-bit PCM mono.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHALLENGE_ALPHABET } from '../api/src/captcha/challenge-text.js';
import { CAPTCHA_AUDIO_DIR, CLIP_SAMPLE_RATE } from '../api/src/captcha/spoken-challenge.js';
import { normalisePeak, readWav, resample, trimSilence, writeWav } from '../api/src/captcha/wav.js';

const VOICE = 'en-gb';
/** Words a minute: a little slower than espeak-ng's 175, as the brief for the clips asks. */
const SPEED = '130';
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
    const raw = join(scratch, `${character}.wav`);
    // A lone letter is read as its name ('K' as "kay"), a lone digit as its number.
    execFileSync('espeak-ng', ['-v', VOICE, '-s', SPEED, '-w', raw, character]);
    const spoken = readWav(readFileSync(raw));
    const trimmed = trimSilence(spoken.samples, SILENCE_THRESHOLD, Math.round((spoken.sampleRate * MARGIN_MS) / 1000));
    const samples = normalisePeak(resample(trimmed, spoken.sampleRate, CLIP_SAMPLE_RATE), PEAK);
    const clip = writeWav({ sampleRate: CLIP_SAMPLE_RATE, samples });
    writeFileSync(join(CAPTCHA_AUDIO_DIR, `${character}.wav`), clip);
    totalBytes += clip.length;
    console.log(`${character}.wav  ${(samples.length / CLIP_SAMPLE_RATE).toFixed(2)} s  ${clip.length} bytes`);
  }
  console.log(`${CHALLENGE_ALPHABET.length} clips, ${Math.round(totalBytes / 1024)} KB, in ${CAPTCHA_AUDIO_DIR}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
