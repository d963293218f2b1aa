// Face login: <edu-face> on the demo page with Chromium's fake camera playing a y4m of face-api's
// sample1.jpg (made here by ffmpeg), detection in the page's Worker, the reference server recognising the face.
//   - end of the countdown → automatic capture (the element's `lastTracking.captureMs`: tracking start to the 9th
//     consecutive hit); baseline: the goal, 1000 ms.
//   - longest main-thread task while the camera runs (PerformanceObserver longtask, from the click on "登录" to the
//     login event: countdown, detection, capture, call); baseline: the goal, 50 ms. 0 means no task over 50 ms.
//   - lazy weight of the face path: gzip of every response the face page fetched beyond the host's own first load
//     (element chunk, Worker, face-api, model, wasm); baseline: the host's first load (JS and CSS, gzip).
//   - the server's time per match: `login/face` with a 480 × 480 capture, from Node over loopback; baseline: a
//     password login over the same loopback.
// A new browser per run (its own camera). Medians of 3 runs; the server's times medians of 7 calls.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium, fakeMediaArgs } from '../scripts/chromium.mjs';
import { ensureSpeechTools } from '../scripts/speech-tools.mjs';
import { DEMO_PASSWORD, median, signInForCookie } from './support.mjs';

const RUNS = 3;
const CALLS = 7;
const SAMPLE = 'node_modules/@vladmandic/face-api/demo/sample1.jpg';

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

async function post(baseURL, path, data, cookie = '') {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(data),
  });
  return response.json();
}

const isCode = (url, type) => /\.(js|css)(\?|$)/.test(url) || type === 'script' || type === 'stylesheet';

async function once(baseURL, y4m) {
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [...chromiumArgs, ...fakeMediaArgs({ video: y4m })],
  });
  try {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const seen = new Map();
    let phase = 'first';
    page.on('response', async (response) => {
      const url = response.url();
      if (seen.has(url) || !response.ok()) return;
      const kind = response.request().resourceType();
      try {
        const body = await response.body();
        seen.set(url, { url, phase, kind, gzip: gzipSync(body, { level: 9 }).length });
      } catch {
        /* a redirect or a body already gone */
      }
    });
    await page.goto('/#/login');
    await page.waitForLoadState('networkidle');
    phase = 'face';
    await page.goto('/#/blocks/face');
    const face = page.locator('edu-face');
    const start = face.getByRole('button', { name: '登录' });
    await start.waitFor();
    await page.waitForFunction(() => document.querySelector('edu-face')?.phase === 'ready', null, {
      timeout: 30_000,
    });
    await page.evaluate(() => {
      window.faceBench = { longest: 0, loggedIn: false, captureMs: null };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.faceBench.longest = Math.max(window.faceBench.longest, entry.duration);
      }).observe({ type: 'longtask' });
      document.querySelector('edu-face').addEventListener('edu-face-login', (event) => {
        event.preventDefault();
        // Read now: the demo page mounts a new element once the session user changes.
        window.faceBench.captureMs = event.target.lastTracking.captureMs;
        window.faceBench.loggedIn = true;
      });
    });
    await start.click();
    await page.waitForFunction(() => window.faceBench.loggedIn, null, { timeout: 30_000 });
    const result = await page.evaluate(() => window.faceBench);
    const entries = [...seen.values()];
    const sum = (list) => list.reduce((total, e) => total + e.gzip, 0);
    return {
      captureMs: result.captureMs,
      longest: result.longest,
      lazy: sum(entries.filter((e) => e.phase === 'face')) / 1000,
      firstLoad: sum(entries.filter((e) => e.phase === 'first' && isCode(e.url, e.kind))) / 1000,
    };
  } finally {
    await browser.close();
  }
}

export default async function run({ baseURL }) {
  ensureSpeechTools();
  const dir = mkdtempSync(join(tmpdir(), 'edu-face-bench-'));
  try {
    const y4m = join(dir, 'cam.y4m');
    ffmpeg([
      ...['-loop', '1', '-framerate', '15', '-i', SAMPLE, '-t', '2'],
      ...['-vf', 'crop=640:480:621:329,format=yuv420p', '-f', 'yuv4mpegpipe', y4m],
    ]);
    const enrolPhoto = join(dir, 'enrol.jpg');
    ffmpeg(['-i', SAMPLE, '-vf', 'crop=560:560:661:269,scale=480:480', enrolPhoto]);
    const probePhoto = join(dir, 'probe.jpg');
    ffmpeg(['-i', SAMPLE, '-vf', 'crop=480:480:701:329', probePhoto]);

    // teacher1's face enrolled through the real calls: the password asked again first (a fresh credential).
    const { user, cookie } = await signInForCookie(baseURL);
    const confirmed = await post(baseURL, '/api/uaa/oauth/confirm_password', { password: DEMO_PASSWORD }, cookie);
    if (confirmed.status !== 200) throw new Error(`face bench: password not confirmed: ${confirmed.message}`);
    const enrolled = await post(
      baseURL,
      '/api/uaa/face/check',
      { faceImage: readFileSync(enrolPhoto).toString('base64'), userId: String(user.userId) },
      cookie,
    );
    if (enrolled.status !== 200) throw new Error(`face bench: enrolment refused: ${enrolled.message}`);

    // The server's time per match against a password login, after one warm-up call each.
    const probe = readFileSync(probePhoto).toString('base64');
    const timed = async (call) => {
      const t = performance.now();
      await call();
      return performance.now() - t;
    };
    const faceCall = async () => {
      const answer = await post(baseURL, '/api/uaa/oauth/login/face', { faceImage: probe });
      if (answer.status !== 200) throw new Error(`face bench: face login refused: ${answer.message}`);
    };
    await faceCall();
    await signInForCookie(baseURL);
    const matchTimes = [];
    const passwordTimes = [];
    for (let i = 0; i < CALLS; i++) {
      matchTimes.push(await timed(faceCall));
      passwordTimes.push(await timed(() => signInForCookie(baseURL)));
    }

    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await once(baseURL, y4m));
    const pick = (key) => +median(runs.map((r) => r[key])).toFixed(1);
    return {
      name: 'face',
      description: `<edu-face> login with the fake camera, detection in a Worker (medians of ${RUNS} runs; server ${CALLS} calls)`,
      rows: [
        {
          metric: 'end of countdown → automatic capture (goal ≤ 1000)',
          value: pick('captureMs'),
          baseline: 1000,
          unit: 'ms',
        },
        {
          metric: 'longest main-thread task while the camera runs (goal < 50)',
          value: pick('longest'),
          baseline: 50,
          unit: 'ms',
        },
        {
          metric: 'face path lazy weight (gzip) vs the host first load',
          value: pick('lazy'),
          baseline: pick('firstLoad'),
          unit: 'kB',
        },
        {
          metric: 'server: face login (match) vs password login',
          value: +median(matchTimes).toFixed(1),
          baseline: +median(passwordTimes).toFixed(1),
          unit: 'ms',
        },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
