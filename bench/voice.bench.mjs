// Voice commands: <edu-voice-recorder> on the demo page with Chromium's fake microphone playing a phrase
// spoken by espeak-ng, against the reference server's development gateway over loopback.
//   - release → final text: from the button's release to `edu-voice-result` (the final text after StopRecognition,
//     RecognitionCompleted and the vocabulary call); baseline: one vocabulary call from the same page (the floor of
//     anything the recorder does after the release).
//   - main-thread time per second of recording (Chromium's TaskDuration over the hold, from the DevTools protocol);
//     baseline: the same page idle for the same time. Also the longest task seen while recording (goal < 50 ms).
// A new browser per run: the fake microphone plays its file once. Medians of 5 runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium, fakeMediaArgs } from '../scripts/chromium.mjs';
import { ensureSpeechTools } from '../scripts/speech-tools.mjs';
import { DEMO_PASSWORD, median, signInForCookie } from './support.mjs';

const RUNS = 5;
const HOLD_MS = 3000;

/** The phrase as a 44.1 kHz stereo wav with 300 ms of breath before it. */
function speechWav(dir, text) {
  const raw = join(dir, 'raw.wav');
  const wav = join(dir, 'phrase.wav');
  execFileSync('espeak-ng', ['-v', 'cmn', '-w', raw, text]);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', raw],
    ...['-af', 'adelay=300:all=1,apad=pad_dur=1', '-ar', '44100', '-ac', '2', wav],
  ]);
  return wav;
}

async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration').value;
}

async function once(baseURL, wav, transcript) {
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [...chromiumArgs, ...fakeMediaArgs({ audio: `${wav}%noloop` })],
  });
  try {
    const context = await browser.newContext({ baseURL });
    const signIn = await context.request.post('/api/uaa/oauth/login', {
      data: { username: 'teacher1', password: DEMO_PASSWORD },
    });
    if ((await signIn.json()).status !== 200) throw new Error('voice bench: teacher1 could not sign in');
    const page = await context.newPage();
    await page.goto('/#/blocks/voice');
    const recorder = page.locator('edu-voice-recorder');
    const button = recorder.getByRole('button', { name: '按住说话，发出语音指令' });
    await button.waitFor();
    await page.evaluate(() => {
      window.voiceBench = { longest: 0, finalAt: 0, pressedAt: 0, releasedAt: 0, text: '', tasks: [] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.voiceBench.longest = Math.max(window.voiceBench.longest, entry.duration);
          window.voiceBench.tasks.push({ start: entry.startTime, duration: entry.duration });
        }
      }).observe({ type: 'longtask' });
      document.addEventListener('pointerdown', () => (window.voiceBench.pressedAt = performance.now()), true);
      document.addEventListener('pointerup', () => (window.voiceBench.releasedAt = performance.now()), true);
      document.querySelector('edu-voice-recorder').addEventListener('edu-voice-result', (event) => {
        window.voiceBench.finalAt = performance.now();
        window.voiceBench.text = event.detail.text;
        event.preventDefault(); // stay on the page
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    // Idle baseline: the same page, nothing pressed, for as long as the hold.
    const idleStart = await taskSeconds(cdp);
    await page.waitForTimeout(HOLD_MS);
    const idle = (await taskSeconds(cdp)) - idleStart;

    // The vocabulary call alone, from the page, as the baseline of the release → final text.
    const roundTrip = await page.evaluate(async (text) => {
      const start = performance.now();
      await fetch('/api/base/find_by_vocabulary', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ vocabulary: text }),
      }).then((r) => r.json());
      return performance.now() - start;
    }, transcript);

    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const holdStart = await taskSeconds(cdp);
    await page.mouse.down();
    await page.waitForTimeout(HOLD_MS);
    const holding = (await taskSeconds(cdp)) - holdStart;
    await page.mouse.up();
    await page.waitForFunction(() => window.voiceBench.finalAt > 0, null, { timeout: 15_000 });
    const result = await page.evaluate(() => window.voiceBench);
    if (!result.text) throw new Error('voice bench: no text recognised');
    // Where the long tasks fall: milliseconds after the press (start-up of capture) or later (steady recording).
    const tasks = result.tasks
      .filter((task) => task.start >= result.pressedAt - 50 && task.start <= result.releasedAt)
      .map((task) => `${Math.round(task.start - result.pressedAt)}+${Math.round(task.duration)}`);
    if (process.env.VOICE_BENCH_TASKS) console.log('  long tasks while recording (ms after press + duration):', tasks);
    return {
      latency: result.finalAt - result.releasedAt,
      roundTrip,
      // TaskDuration is in seconds: milliseconds of main-thread work per second held.
      busy: (holding * 1000) / (HOLD_MS / 1000),
      idle: (idle * 1000) / (HOLD_MS / 1000),
      // Only tasks from the press to the release (the page's load and idle time are not recording).
      longest: Math.max(
        0,
        ...result.tasks
          .filter((task) => task.start >= result.pressedAt - 50 && task.start <= result.releasedAt)
          .map((task) => task.duration),
      ),
    };
  } finally {
    await browser.close();
  }
}

export default async function run({ baseURL }) {
  ensureSpeechTools();
  const dir = mkdtempSync(join(tmpdir(), 'edu-voice-bench-'));
  try {
    // The default transcript of the development gateway opens teacher1's first app: speak exactly that phrase.
    const { cookie } = await signInForCookie(baseURL);
    const setting = await fetch(`${baseURL}/api/speech/dev/transcript?language=zh-CN`, { headers: { cookie } });
    const transcript = (await setting.json()).data.transcript.replace(/。$/, '');
    const wav = speechWav(dir, transcript);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await once(baseURL, wav, transcript));
    const pick = (key) => +median(runs.map((r) => r[key])).toFixed(1);
    return {
      name: 'voice',
      description: `<edu-voice-recorder> over loopback with the development gateway (medians of ${RUNS} runs)`,
      rows: [
        { metric: 'release → final text', value: pick('latency'), baseline: pick('roundTrip'), unit: 'ms' },
        {
          metric: 'main-thread time per second while recording',
          value: pick('busy'),
          baseline: pick('idle'),
          unit: 'ms',
        },
        {
          metric: 'longest main-thread task while recording (goal < 50)',
          value: pick('longest'),
          baseline: 50,
          unit: 'ms',
        },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
