// Unit and component tests of core and elements, in real Chromium (Debian's), against the real reference server.
// The server runs as a child process with test hooks on; /api and the static plugin paths are proxied to it so
// the pages under test talk to it on their own origin, cookies included.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import http from 'node:http';
import { createReadStream, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, chromiumArgs, fakeMediaArgs } from './scripts/chromium.mjs';
import { startApiServer } from './scripts/api-server.mjs';
import { ensureSpeechTools, wavBytes } from './scripts/speech-tools.mjs';
import { faceAssetFile, faceAssetType } from './scripts/face-assets.mjs';
import { countingReporter } from './scripts/wtr-counting-reporter.mjs';
import { reactEsmPlugin } from './scripts/wtr-react-esm.mjs';

const executablePath = ensureChromium();

/**
 * The fake microphone of the voice recorder's tests: 4 s of a voiced sound (a 180 Hz tone with a harmonic in 4 Hz
 * syllables, 48 kHz mono), played in a loop, so every recording holds "speech" for the development gateway.
 */
function voicedWav() {
  const rate = 48000;
  const samples = Float32Array.from({ length: rate * 4 }, (_, i) => {
    const t = i / rate;
    const envelope = 0.35 + 0.25 * Math.sin(2 * Math.PI * 4 * t);
    return (envelope * (Math.sin(2 * Math.PI * 180 * t) + 0.5 * Math.sin(4 * Math.PI * 180 * t))) / 1.5;
  });
  const wav = wavBytes(samples, { rate });
  const file = join(tmpdir(), `edu-wtr-voice-${process.pid}.wav`);
  writeFileSync(file, wav);
  return file;
}
const microphoneWav = voicedWav();
/**
 * The fake camera of the face element's tests: a looping .y4m made now by ffmpeg from face-api's sample1.jpg,
 * cropped so one face (about 218 × 205 px) sits near the centre of a 640 × 480 frame (TOOLCHAIN "Face detection").
 */
function faceY4m() {
  const file = join(tmpdir(), `edu-wtr-face-${process.pid}.y4m`);
  const sample = fileURLToPath(new URL('./node_modules/@vladmandic/face-api/demo/sample1.jpg', import.meta.url));
  ensureSpeechTools(); // ffmpeg (Debian's, installed when missing)
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-loop', '1', '-framerate', '15', '-i', sample, '-t', '2'],
    ...['-vf', 'crop=640:480:621:329,format=yuv420p', '-f', 'yuv4mpegpipe', file],
  ]);
  return file;
}
const cameraY4m = faceY4m();
let api;
// API calls, static plugin files, module language packs (/{rootPath}/{code}/lang/…) and the viewport apps'
// manifests and files (/{app}/manifest.json, /{app}/static/…) belong to the server.
const proxied = new RegExp(
  [
    '^/(api|common|zuul)/',
    '^/[^/]+/[^/]+/lang/',
    '^/[^/]+/[^/]+/package\\.json$',
    '^/[^/]+/[^/]+-version/version\\.json$',
    '^/[^/]+/(manifest\\.json$|static/)',
  ].join('|'),
);

// The proxy stands for the server's own origin: Host and, when the page sent one, Origin are the server's, so it
// accepts the page's state-changing requests (it refuses those whose Origin is not its own) and hands out its own
// addresses (the speech gateway's WebSocket, which this proxy does not carry).
function proxy(ctx) {
  const target = new URL(ctx.url, api.url);
  const headers = { ...ctx.headers, host: target.host, ...(ctx.headers.origin ? { origin: target.origin } : {}) };
  return new Promise((resolve, reject) => {
    const req = http.request(target, { method: ctx.method, headers }, (res) => {
      ctx.status = res.statusCode ?? 502;
      ctx.message = res.statusMessage ?? '';
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) ctx.set(k, v);
      ctx.body = res;
      resolve();
    });
    req.on('error', reject);
    ctx.req.pipe(req);
  });
}

export default {
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  files: [
    'packages/core/src/**/*.test.ts',
    'packages/elements/src/**/*.test.ts',
    'packages/react/src/**/*.test.tsx',
    'demo/src/**/*.test.tsx',
  ],
  nodeResolve: { browser: true, exportConditions: ['@edu-portal/source', 'browser', 'development'] },
  concurrency: 1,
  // Test pages are Chinese pages, as the portal's are (with no stored choice the kit speaks the page's language), and
  // turn the zh-HK conversion of server texts on, as the demo host and the drop-in files do
  // (`@edu-portal/core/traditional`; opencc-js is an optional peer dependency).
  testRunnerHtml: (testFramework) =>
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"></head><body>` +
    `<script type="module">import '/packages/core/src/traditional.ts';</script>` +
    `<script type="module" src="${testFramework}"></script></body></html>`,
  testFramework: { config: { timeout: 20000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath,
        headless: true,
        args: [...chromiumArgs, ...fakeMediaArgs({ audio: microphoneWav, video: cameraY4m })],
        // Real scrollbars, so the scroll-lock tests can see that locking does not shift the layout.
        ignoreDefaultArgs: ['--hide-scrollbars'],
      },
    }),
  ],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countingReporter()],
  plugins: [
    // React is CommonJS: served to the browser as ES modules for the React tests.
    reactEsmPlugin(),
    esbuildPlugin({
      ts: true,
      tsx: true,
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
    {
      name: 'reference-server',
      async serverStart() {
        api = await startApiServer({ quiet: true });
      },
      async serverStop() {
        await api?.stop();
      },
    },
  ],
  middleware: [
    async (ctx, next) => {
      // The face detector's model and wasm files, from the installed packages (as every host serves them).
      const faceAsset = faceAssetFile(ctx.path);
      if (faceAsset) {
        ctx.type = faceAssetType(faceAsset);
        ctx.body = createReadStream(faceAsset);
        return undefined;
      }
      // The repository's own files (the code under test) are never the server's.
      const ownFile = /^\/(packages|node_modules|demo|e2e)\//.test(ctx.path);
      if (api && !ownFile && proxied.test(ctx.path)) return proxy(ctx);
      return next();
    },
  ],
};
