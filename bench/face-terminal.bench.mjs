// A clock-in terminal over many clock-ins: <edu-face terminal> on the demo page (signed in as teacher1, whose face is
// enrolled), Chromium's fake camera playing face-api's sample1.jpg, no click after the first. The element returns to
// the camera by itself after each result (`result-seconds` 0.2, `wait-time` 0 to make the 200 clock-ins quick).
//   - JS heap used (CDP Performance.getMetrics after a forced GC) after 200 clock-ins; baseline: after the first.
//   - DOM nodes after 200 clock-ins; baseline: after the first.
//   - media stream tracks started by the page, and Workers created after the clock-in element was ready (counted by
//     wrapping getUserMedia and Worker in the page): should stay 1 and 0 (the camera and the Worker are kept).
//   - end of countdown → capture (`lastTracking.captureMs`, median over the clock-ins); baseline: the goal, 1000 ms.
// `npm run bench face-terminal`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium, fakeMediaArgs } from '../scripts/chromium.mjs';
import { ensureSpeechTools } from '../scripts/speech-tools.mjs';
import { DEMO_PASSWORD, median } from './support.mjs';

const CLOCK_INS = Number(process.env.FACE_TERMINAL_CLOCK_INS ?? 200);
const SAMPLE = 'node_modules/@vladmandic/face-api/demo/sample1.jpg';

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

export default async function run({ baseURL }) {
  ensureSpeechTools();
  const dir = mkdtempSync(join(tmpdir(), 'edu-face-terminal-'));
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [...chromiumArgs, ...fakeMediaArgs({ video: join(dir, 'cam.y4m') })],
  });
  try {
    ffmpeg([
      ...['-loop', '1', '-framerate', '15', '-i', SAMPLE, '-t', '2'],
      ...['-vf', 'crop=640:480:621:329,format=yuv420p', '-f', 'yuv4mpegpipe', join(dir, 'cam.y4m')],
    ]);
    const enrolPhoto = join(dir, 'enrol.jpg');
    ffmpeg(['-i', SAMPLE, '-vf', 'crop=560:560:661:269,scale=480:480', enrolPhoto]);

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const call = async (path, data) => (await (await page.request.post(path, { data })).json()).status;
    await call('/api/__test/face/reset', {});
    const signIn = await (
      await page.request.post('/api/uaa/oauth/login', { data: { username: 'teacher1', password: DEMO_PASSWORD } })
    ).json();
    if (signIn.status !== 200) throw new Error('face-terminal bench: sign-in failed');
    if ((await call('/api/uaa/oauth/confirm_password', { password: DEMO_PASSWORD })) !== 200)
      throw new Error('face-terminal bench: password confirmation failed');
    const enrolled = await call('/api/uaa/face/check', {
      faceImage: readFileSync(enrolPhoto).toString('base64'),
      userId: String(signIn.data.userId),
    });
    if (enrolled !== 200) throw new Error(`face-terminal bench: enrolment refused (${enrolled})`);

    await page.addInitScript(() => {
      const counts = { tracks: 0, workers: 0 };
      window.terminalBench = counts;
      const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        counts.tracks += stream.getTracks().length;
        return stream;
      };
      const NativeWorker = window.Worker;
      window.Worker = class extends NativeWorker {
        constructor(...args) {
          super(...args);
          counts.workers += 1;
        }
      };
    });
    await page.goto('/#/blocks/face');
    await page.getByRole('radio', { name: '人脸打卡（本终端需已登录）' }).check();
    const face = page.locator('edu-face');
    await page.waitForFunction(() => document.querySelector('edu-face')?.phase === 'ready', null, {
      timeout: 30_000,
    });
    await page.evaluate(() => {
      const el = document.querySelector('edu-face');
      el.resultSeconds = 0.2;
      el.waitTime = 0;
      window.terminalBench.captures = [];
      // The login-mode element the page showed first had its own Worker (closed when the mode changed).
      window.terminalBench.workersBefore = window.terminalBench.workers;
      window.terminalBench.errors = 0;
      el.addEventListener('edu-face-clock-in', () => window.terminalBench.captures.push(el.lastTracking.captureMs));
      el.addEventListener('edu-face-error', () => (window.terminalBench.errors += 1));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const sample = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const get = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
      return { heap: get('JSHeapUsedSize') / 1e6, nodes: get('Nodes') };
    };
    await face.getByRole('button', { name: '确定' }).click();
    const clockIns = () => page.evaluate(() => window.terminalBench.captures.length);
    await page.waitForFunction(() => window.terminalBench.captures.length >= 1, null, { timeout: 30_000 });
    const first = await sample();
    const started = performance.now();
    await page.waitForFunction((n) => window.terminalBench.captures.length >= n, CLOCK_INS, {
      timeout: CLOCK_INS * 5000,
      polling: 500,
    });
    const minutes = (performance.now() - started) / 60_000;
    const last = await sample();
    const counts = await page.evaluate(() => window.terminalBench);
    console.log(
      `face-terminal: ${await clockIns()} clock-ins in ${minutes.toFixed(1)} min, heap ${first.heap.toFixed(1)} → ` +
        `${last.heap.toFixed(1)} MB, nodes ${first.nodes} → ${last.nodes}, tracks ${counts.tracks}, workers ` +
        `${counts.workers}, errors ${counts.errors}`,
    );
    return {
      name: 'face-terminal',
      description: `<edu-face terminal> over ${CLOCK_INS} clock-ins without a click (one camera, one Worker)`,
      rows: [
        {
          metric: `JS heap used after ${CLOCK_INS} clock-ins vs after the first`,
          value: +last.heap.toFixed(2),
          baseline: +first.heap.toFixed(2),
          unit: 'MB',
        },
        {
          metric: `DOM nodes after ${CLOCK_INS} clock-ins vs after the first`,
          value: last.nodes,
          baseline: first.nodes,
          unit: 'nodes',
        },
        { metric: 'camera tracks started (goal 1)', value: counts.tracks, baseline: 1, unit: 'tracks' },
        {
          metric: 'Workers created from the first click to the last clock-in (goal 0)',
          value: counts.workers - counts.workersBefore,
          baseline: 0,
          unit: 'workers',
        },
        {
          metric: 'end of countdown → capture, median (goal ≤ 1000)',
          value: +median(counts.captures.filter((ms) => ms !== null)).toFixed(1),
          baseline: 1000,
          unit: 'ms',
        },
        { metric: 'refusals and errors during the run (goal 0)', value: counts.errors, baseline: 1, unit: 'errors' },
      ],
    };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
