#!/bin/sh
# Re-records the audio security code's clips into api/assets/captcha-audio/ with espeak-ng: one WAV in each voice per
# character of the captcha alphabet (api/src/captcha/challenge-text.ts), 16-bit PCM mono at 11025 Hz.
# Needs espeak-ng (Debian/Ubuntu: apt-get install espeak-ng). Run from anywhere: ./scripts/record-captcha-clips.sh
set -eu
cd "$(dirname "$0")/.."
if ! command -v espeak-ng >/dev/null 2>&1; then
  echo "espeak-ng is not installed (Debian/Ubuntu: apt-get install espeak-ng)." >&2
  exit 1
fi
espeak-ng --version
exec node --import ./scripts/register-typescript.mjs scripts/record-captcha-clips.ts
