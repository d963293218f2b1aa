// Finds the tools that make real speech for voice tests: espeak-ng speaks a phrase to a WAV file, ffmpeg turns it
// into 16 kHz mono 16-bit PCM (TOOLCHAIN.md "Microphone"). Like scripts/chromium.mjs, Debian's packages are installed
// when we are root with apt-get; otherwise the caller fails with instructions (never a silent skip).
import { execFileSync, spawnSync } from 'node:child_process';

const TOOLS = { 'espeak-ng': 'espeak-ng', ffmpeg: 'ffmpeg' };

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Makes sure espeak-ng and ffmpeg are on the PATH, installing Debian's packages when possible. */
export function ensureSpeechTools() {
  const missing = Object.keys(TOOLS).filter((command) => !has(command));
  if (!missing.length) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && has('apt-get')) {
    console.log(`Installing Debian's ${missing.map((c) => TOOLS[c]).join(', ')} for the voice tests…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing.map((c) => TOOLS[c])], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (Object.keys(TOOLS).every(has)) return;
  }
  throw new Error(
    `The voice tests need ${missing.join(' and ')}: sudo apt-get install ${missing.map((c) => TOOLS[c]).join(' ')}`,
  );
}

/**
 * `text` spoken by espeak-ng (`voice`: cmn for Mandarin, en for English) as 16 kHz mono 16-bit little-endian PCM,
 * with `padMs` of digital silence before and after.
 */
export function speechPcm(text, { voice = 'cmn', padMs = 0 } = {}) {
  ensureSpeechTools();
  const wav = execFileSync('espeak-ng', ['-v', voice, '--stdout', text], { maxBuffer: 64 * 1024 * 1024 });
  const pcm = execFileSync(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-ar', '16000', '-ac', '1', '-f', 's16le', 'pipe:1'],
    {
      input: wav,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const pad = Buffer.alloc(Math.round((16000 * padMs) / 1000) * 2);
  return Buffer.concat([pad, pcm, pad]);
}

/** A 16-bit PCM WAV file's bytes: `samples` (−1…1, interleaved when `channels` > 1) at `rate`. */
export function wavBytes(samples, { rate = 16000, channels = 1 } = {}) {
  const bytes = samples.length * 2;
  const wav = Buffer.alloc(44 + bytes);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + bytes, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * channels * 2, 28);
  wav.writeUInt16LE(channels * 2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(bytes, 40);
  for (let i = 0; i < samples.length; i++) {
    wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i])) * 0x7fff), 44 + i * 2);
  }
  return wav;
}
