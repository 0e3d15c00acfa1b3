import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHALLENGE_ALPHABET } from './challenge-text.js';
import { CAPTCHA_AUDIO_DIR, CLIP_SAMPLE_RATE, LEAD_IN_MS, loadClipLibrary, PAUSE_MS, speakChallenge, TAIL_MS } from './spoken-challenge.js';
import { readWav, WAV_HEADER_BYTES } from './wav.js';

describe('the recorded clips (api/assets/captcha-audio)', () => {
  it('are one WAV for each character of the alphabet, and nothing else', () => {
    const clips = readdirSync(CAPTCHA_AUDIO_DIR).filter((name) => name.endsWith('.wav'));
    expect(clips.sort()).toEqual([...CHALLENGE_ALPHABET].map((character) => `${character}.wav`).sort());
  });

  it('are all 16-bit PCM mono at the one sample rate, each a short spoken word', () => {
    for (const character of CHALLENGE_ALPHABET) {
      const { sampleRate, samples } = readWav(readFileSync(join(CAPTCHA_AUDIO_DIR, `${character}.wav`)));
      expect({ character, sampleRate }).toEqual({ character, sampleRate: CLIP_SAMPLE_RATE });
      const seconds = samples.length / sampleRate;
      expect(seconds).toBeGreaterThan(0.2);
      expect(seconds).toBeLessThan(1);
      // Normalised when recorded: every clip about as loud as the others.
      const peak = samples.reduce((most, sample) => Math.max(most, Math.abs(sample)), 0) / 32767;
      expect(peak).toBeCloseTo(0.85, 2);
    }
  });

  it('are small enough to ship', () => {
    const bytes = readdirSync(CAPTCHA_AUDIO_DIR).reduce((total, name) => total + readFileSync(join(CAPTCHA_AUDIO_DIR, name)).length, 0);
    expect(bytes).toBeLessThan(300 * 1024);
  });
});

describe('speakChallenge', () => {
  it('says the characters in order with a pause between each, as one valid WAV', async () => {
    const clips = await loadClipLibrary();
    const wav = speakChallenge('K7M3X', clips);
    const { sampleRate, samples } = readWav(wav);
    expect(sampleRate).toBe(CLIP_SAMPLE_RATE);
    const spoken = [...'K7M3X'].reduce((total, character) => total + clips.get(character)!.length, 0);
    const quiet = Math.round((CLIP_SAMPLE_RATE * LEAD_IN_MS) / 1000) + 4 * Math.round((CLIP_SAMPLE_RATE * PAUSE_MS) / 1000) + Math.round((CLIP_SAMPLE_RATE * TAIL_MS) / 1000);
    expect(samples.length).toBe(spoken + quiet);
    expect(wav.readUInt32LE(40)).toBe(samples.length * 2);
    expect(wav.readUInt32LE(4)).toBe(WAV_HEADER_BYTES - 8 + samples.length * 2);
    // The second clip starts after the lead-in, the first clip and one pause.
    const secondStarts = Math.round((CLIP_SAMPLE_RATE * LEAD_IN_MS) / 1000) + clips.get('K')!.length + Math.round((CLIP_SAMPLE_RATE * PAUSE_MS) / 1000);
    expect(samples.slice(secondStarts, secondStarts + clips.get('7')!.length)).toEqual(clips.get('7'));
  });

  it('refuses a character it has no clip for, without saying the code', async () => {
    const clips = await loadClipLibrary();
    expect(() => speakChallenge('K0', clips)).toThrow('No recorded clip for a character of the security code (position 2).');
  });

  it('stops the server with the clip’s name when one is missing', async () => {
    await expect(loadClipLibrary('/nonexistent')).rejects.toThrow(`The audio security code needs /nonexistent/${CHALLENGE_ALPHABET[0]}.wav: run scripts/record-captcha-clips.sh.`);
  });
});
