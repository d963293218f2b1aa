// Chunked upload, a 256 MiB file of random bytes written to a temp folder at bench time (deleted after),
// each measure against a baseline in the same run:
//   1. MD5 in the browser: core's real hashing path (`EduPortal.core.hashFile` of the drop-in bundle: a Worker running
//      hash-wasm over `blob.stream()`) on the File picked through an <input type=file>, timed from the call to the
//      digest, vs `md5sum` of the same file (process start to exit). Speeds in MiB/s; goal ≥ 0.6× md5sum. The
//      digests must agree.
//   2. The page's main thread while hashing: the longest gap between two ticks of a MessageChannel probe (what a
//      click would wait for at worst; in runs of their own, since the probe keeps a core busy), and the longest entry
//      of the Long Tasks API (tasks ≥ 50 ms; 0 = none; every run), vs the same probes over an idle period of the
//      same length. Goal < 50 ms.
//   3. End to end: the file picked into <edu-upload> (chunks of 8 MiB sent 3 at a time under an upload id while the
//      Worker hashes, the existence check once the MD5 is known, the merge verified by the server) against the
//      reference server over loopback, from the input's `change` to the element's `edu-upload-success`, vs `md5sum`
//      plus one `curl` POST of the whole file to the server's single-upload route (`/zuul/api/storage/upload`, the
//      same session cookie, the server also streaming it to disk while hashing it). Goal ≤ 1.3×. Beside it, core's
//      controller in the spec's order (hash, existence check, 128 chunks of 2 MB), as against a server without the
//      extensions.
//   4. A plain XHR upload of the same bytes with no kit and no hashing (8 MiB chunks, 3 at a time under an upload id,
//      then the merge with the MD5 md5sum gave) vs the `curl` POST alone: what the transfer itself costs here.
// Each run changes the file's first bytes so the server never has it already (no instant second upload). Medians.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, openBenchPage, signInPage, writeRandomFile } from './support.mjs';

const MiB = 1024 * 1024;
const SIZE = 256 * MiB;
const HASH_RUNS = 5;
const PROBE_RUNS = 3;
const UPLOAD_RUNS = 3;

const round = (n, digits = 2) => +n.toFixed(digits);

/** New content for the next run: 32 random bytes at the start (the server has never seen the file then). */
function changeHead(path) {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, randomBytes(32), 0, 32, 0);
  } finally {
    closeSync(fd);
  }
}

/** `md5sum FILE`: the digest and the wall time of the whole process, in ms. */
function md5sum(path) {
  const start = performance.now();
  const out = execFileSync('md5sum', [path], { encoding: 'utf8' });
  return { md5: out.split(/\s+/)[0], ms: performance.now() - start };
}

/** One `curl` multipart POST of the whole file to the single-upload route; its wall time in ms. */
function curlUpload(url, cookie, path, md5) {
  const start = performance.now();
  const result = spawnSync(
    'curl',
    [
      '-sS',
      '--fail',
      '-H',
      `Cookie: ${cookie}`,
      '-F',
      'serverid=base',
      '-F',
      'uid=1',
      '-F',
      `md5=${md5}`,
      '-F',
      `file=@${path};filename=bench.bin`,
      url,
    ],
    { encoding: 'utf8', maxBuffer: 16 * MiB },
  );
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`curl failed (${result.status}): ${result.stderr}`);
  const body = JSON.parse(result.stdout);
  if (body.status !== 200 || body.data?.md5 !== md5) throw new Error(`curl upload refused: ${result.stdout}`);
  return ms;
}

async function pickInto(page, selector, path) {
  // The plain input is picked directly; <edu-upload>'s own input is inside its shadow root.
  await page.locator(selector).setInputFiles(path);
}

/** The page's measuring helpers (run in the page): the main-thread probe, hashing, the uploads to compare. */
function installPageHelpers() {
  /**
   * The main thread's responsiveness from now until `stop()`: the longest long task, and with `ticks` the longest
   * gap between two ticks of a MessageChannel loop (which keeps a core busy, so speed runs go without it).
   */
  window.probeMainThread = (ticks) => {
    const channel = new MessageChannel();
    let last = performance.now();
    let longestGap = 0;
    let running = ticks;
    channel.port1.onmessage = () => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      if (running) channel.port2.postMessage(0);
    };
    if (ticks) channel.port2.postMessage(0);
    let longestTask = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    return () => {
      running = false;
      for (const entry of observer.takeRecords()) longestTask = Math.max(longestTask, entry.duration);
      observer.disconnect();
      channel.port1.close();
      return { longestGap, longestTask };
    };
  };

  window.benchHash = async (ticks) => {
    const file = document.getElementById('plain').files[0];
    const stop = window.probeMainThread(ticks);
    const start = performance.now();
    const md5 = await window.EduPortal.core.hashFile(file);
    const ms = performance.now() - start;
    const busy = stop();
    // The same probe over an idle period of the same length.
    const idleStop = window.probeMainThread(ticks);
    await new Promise((resolve) => setTimeout(resolve, ms));
    const idle = idleStop();
    return { md5, ms, busy, idle };
  };

  /** Core's controller in the spec's order (hash first, then 2 MB chunks), as against a server without extensions. */
  window.specOrderUpload = async () => {
    const core = await window.EduPortal.ready.then((kit) => kit.loadCore());
    const file = document.getElementById('plain').files[0];
    const start = performance.now();
    const final = await core.createUpload(file, { extensions: false, notify: false, remember: false }).settled();
    if (final.state !== 'done' || final.instant) throw new Error(`spec-order upload: ${final.state}`);
    return { ms: performance.now() - start, md5: final.md5 };
  };

  /** No kit: 8 MiB slices by XMLHttpRequest, 3 at a time, under an upload id; then the merge with `md5`. */
  window.plainChunkedUpload = async (md5) => {
    const file = document.getElementById('plain').files[0];
    const eachSize = 8 * 1024 * 1024;
    const chunks = Math.ceil(file.size / eachSize);
    const uploadId = crypto.randomUUID().replaceAll('-', '');
    const post = (url, body, json) =>
      new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url);
        if (json) xhr.setRequestHeader('content-type', 'application/json');
        xhr.onload = () => {
          const answer = JSON.parse(xhr.responseText);
          if (answer.status === 200) resolve(answer.data);
          else reject(new Error(xhr.responseText));
        };
        xhr.onerror = () => reject(new Error('network'));
        xhr.send(body);
      });
    const start = performance.now();
    let next = 1;
    const lane = async () => {
      while (next <= chunks) {
        const chunk = next++;
        const blob = file.slice((chunk - 1) * eachSize, Math.min(file.size, chunk * eachSize));
        const form = new FormData();
        const fields = { chunked: 'true', chunk, chunks, eachSize, uploadId, fileName: 'bench.bin' };
        Object.assign(fields, { fullSize: file.size, uid: '1', size: blob.size, serverid: 'base' });
        for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
        form.append('file', blob, 'bench.bin');
        await post('/zuul/api/storage/file_piecewise/upload', form);
      }
    };
    await Promise.all([lane(), lane(), lane()]);
    const body = { md5, name: 'bench.bin', size: file.size, chunks, serverid: 'base', uid: '1', uploadId };
    const data = await post('/api/storage/file_piecewise/merge_file', JSON.stringify(body), true);
    return { ms: performance.now() - start, md5: data.md5 };
  };

  /** Resolves when the upload picked into `#id` is stored: the time from the pick, and when each phase began. */
  window.uploadDone = (id) => {
    const upload = document.getElementById(id);
    const input = upload.shadowRoot.querySelector('input.files');
    return new Promise((resolve, reject) => {
      let pickedAt = 0;
      const phases = {};
      input.addEventListener('change', (event) => (pickedAt = event.timeStamp), { once: true });
      const onProgress = (event) => (phases[event.detail.state] ??= performance.now() - pickedAt);
      upload.addEventListener('edu-upload-progress', onProgress);
      upload.addEventListener(
        'edu-upload-success',
        (event) => {
          upload.removeEventListener('edu-upload-progress', onProgress);
          const ms = performance.now() - pickedAt;
          resolve({ ms, phases, md5: event.detail.md5, instant: event.detail.instant });
        },
        { once: true },
      );
      upload.addEventListener('edu-upload-error', (event) => reject(new Error(event.detail.message)), {
        once: true,
      });
    });
  };
}

export default async function run({ browser, baseURL }) {
  const loadBefore = loadavg()[0];
  const dir = mkdtempSync(join(tmpdir(), 'edu-bench-upload-'));
  const path = join(dir, 'bench.bin');
  const context = await browser.newContext({ baseURL });
  try {
    writeRandomFile(path, SIZE);
    const page = await context.newPage();
    await signInPage(page);
    const cookie = (await context.cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join('; ');
    const body = '<input id="plain" type="file" /><edu-upload id="upload"></edu-upload>';
    await openBenchPage(page, baseURL, 'upload', { body });
    await page.waitForFunction(() => window.EduPortal !== undefined && customElements.get('edu-upload') !== undefined);

    await page.evaluate(installPageHelpers);

    // 1: MD5 in the browser vs md5sum, alternating (Long Tasks observed meanwhile); 2: the main thread probed with
    // ticks while hashing, in runs of their own.
    await pickInto(page, '#plain', path);
    md5sum(path); // warm: the file is in the page cache for both sides
    const browserMs = [];
    const md5sumMs = [];
    const busyGap = [];
    const busyTask = [];
    const idleGap = [];
    const idleTask = [];
    for (let i = 0; i < HASH_RUNS + PROBE_RUNS; i++) {
      const ticks = i >= HASH_RUNS;
      const expected = md5sum(path);
      const hashed = await page.evaluate((t) => window.benchHash(t), ticks);
      if (hashed.md5 !== expected.md5) throw new Error(`browser MD5 ${hashed.md5} ≠ md5sum ${expected.md5}`);
      busyTask.push(hashed.busy.longestTask);
      idleTask.push(hashed.idle.longestTask);
      if (ticks) {
        busyGap.push(hashed.busy.longestGap);
        idleGap.push(hashed.idle.longestGap);
      } else {
        browserMs.push(hashed.ms);
        md5sumMs.push(expected.ms);
      }
    }

    // 3: <edu-upload> end to end vs md5sum + curl of the same content, alternating.
    const uploadUrl = `${baseURL}/zuul/api/storage/upload`;
    const elementMs = [];
    const specOrderMs = [];
    const baselineMs = [];
    const curlMs = [];
    const plainMs = [];
    const phases = { merge: [] };
    const uploadOnce = async (id, run) => {
      changeHead(path);
      const expected = md5sum(path);
      const done = page.evaluate((which) => window.uploadDone(which), id);
      await pickInto(page, `#${id} input.files`, path);
      const uploaded = await done;
      if (uploaded.md5 !== expected.md5 || uploaded.instant)
        throw new Error(`upload run ${run} (${id}): ${JSON.stringify(uploaded)}`);
      return uploaded;
    };
    for (let i = 0; i < UPLOAD_RUNS; i++) {
      const uploaded = await uploadOnce('upload', i);
      elementMs.push(uploaded.ms);
      phases.merge.push(uploaded.ms - uploaded.phases.merging);
      changeHead(path);
      const hashed = md5sum(path);
      const curled = curlUpload(uploadUrl, cookie, path, hashed.md5);
      curlMs.push(curled);
      baselineMs.push(hashed.ms + curled);
      changeHead(path);
      const expected = md5sum(path);
      await pickInto(page, '#plain', path);
      const spec = await page.evaluate(() => window.specOrderUpload());
      if (spec.md5 !== expected.md5) throw new Error(`spec-order upload run ${i}: ${spec.md5} ≠ ${expected.md5}`);
      specOrderMs.push(spec.ms);
      changeHead(path);
      const sent = md5sum(path);
      await pickInto(page, '#plain', path);
      const plain = await page.evaluate((md5) => window.plainChunkedUpload(md5), sent.md5);
      if (plain.md5 !== sent.md5) throw new Error(`plain XHR upload run ${i}: ${plain.md5} ≠ ${sent.md5}`);
      plainMs.push(plain.ms);
    }
    const seconds = (values) => (median(values) / 1000).toFixed(2);

    const speed = (ms) => round(SIZE / MiB / (ms / 1000), 1);
    return {
      name: 'upload',
      description:
        `256 MiB of random bytes: core's MD5 (Worker, hash-wasm over blob.stream()) vs md5sum (median of ${HASH_RUNS}); ` +
        `the main thread meanwhile vs idle; <edu-upload> end to end over loopback (chunks sent while hashing, 8 MiB ` +
        `from 64 MiB up, as the reference server offers) and core in the spec's order (hash, then 2 MB chunks) vs ` +
        `md5sum + one curl upload (median of ${UPLOAD_RUNS}; the merge ${seconds(phases.merge)} s); 1-minute load ` +
        `average ${loadBefore.toFixed(1)} before, ` +
        `${loadavg()[0].toFixed(1)} after (the machine is shared)`,
      rows: [
        {
          metric: 'MD5 speed, browser vs md5sum (goal ≥ 0.6×)',
          value: speed(median(browserMs)),
          baseline: speed(median(md5sumMs)),
          unit: 'MiB/s',
        },
        {
          metric: 'longest main-thread gap while hashing vs idle (goal < 50 ms)',
          value: round(Math.max(...busyGap), 1),
          baseline: round(Math.max(...idleGap), 1),
          unit: 'ms',
        },
        {
          metric: 'longest Long Tasks API entry while hashing vs idle (0: none ≥ 50 ms)',
          value: round(Math.max(...busyTask), 1),
          baseline: round(Math.max(...idleTask), 1),
          unit: 'ms',
        },
        {
          metric: 'upload end to end, sent while hashing, vs md5sum + curl (goal ≤ 1.3×)',
          value: round(median(elementMs) / 1000),
          baseline: round(median(baselineMs) / 1000),
          unit: 's',
        },
        {
          metric: 'plain XHR upload, no kit, no hashing (8 MiB chunks, 3 at a time) vs curl alone',
          value: round(median(plainMs) / 1000),
          baseline: round(median(curlMs) / 1000),
          unit: 's',
        },
        {
          metric: "the spec's order (hash first, 2 MB chunks: a server without the extensions) vs md5sum + curl",
          value: round(median(specOrderMs) / 1000),
          baseline: round(median(baselineMs) / 1000),
          unit: 's',
        },
      ],
    };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
