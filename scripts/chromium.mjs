// Finds the Chromium that every browser test uses. No test tool may download a browser here (TOOLCHAIN.md):
// we take CHROMIUM_PATH or Debian's /usr/bin/chromium, and install Debian's package when we are root with apt-get.
import { existsSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Chromium's fake camera and microphone, allowed without asking: the camera plays `video` (a .y4m), the microphone
 * `audio` (a .wav; `%noloop` plays it once). Without a file the device plays Chromium's own test pattern or beep.
 */
export function fakeMediaArgs({ video, audio } = {}) {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    ...(video ? [`--use-file-for-fake-video-capture=${video}`] : []),
    ...(audio ? [`--use-file-for-fake-audio-capture=${audio}`] : []),
  ];
}

function candidates() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
}

/** The path of a usable Chromium, or undefined. */
export function findChromium() {
  return candidates().find((p) => existsSync(p));
}

function hasAptGet() {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** Finds Chromium, installing Debian's package when possible; exits with instructions otherwise. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasAptGet()) {
    console.log('No Chromium found: installing Debian\'s "chromium" package (about a minute)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    [
      'No Chromium found, and it cannot be installed automatically here.',
      'Provide one and run again, for example:',
      '  sudo apt-get install chromium          (Debian, Ubuntu)',
      '  CHROMIUM_PATH=/path/to/chrome npm test (any Chromium or Chrome build)',
    ].join('\n'),
  );
  process.exit(1);
}
