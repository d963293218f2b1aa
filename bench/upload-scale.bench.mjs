// Uploads at scale, through <edu-upload> on a plain page against the reference server over loopback:
//   1. A 4 GiB file (random bytes written to a temp folder at bench time, deleted after): sent while hashing in 8 MiB
//      chunks. Memory sampled every second before, during and after: the page's JS heap and the hashing Worker's
//      (DevTools protocol `Runtime.getHeapUsage`), the resident memory of Chromium's renderer and network processes
//      (what holds file slices and request bodies), and the reference server's. Goal: growth ≤ 64 MiB for the page
//      and the Worker; the server's memory flat (a bound that does not grow with the file).
//   2. 1,000 small files (1–16 KiB) picked at once into a `multiple` element: the time until all are stored vs a
//      plain XHR loop sending the same files to the same single-upload route three at a time (MD5s computed in Node,
//      no kit); the most requests the page had in flight (goal: the element's concurrency, 3) and the longest task
//      the Long Tasks API saw on the main thread from the queue (goal < 50 ms): from the end of the task that
//      delivered the picked files, since materialising 1,000 picked files is the browser's own work (its cost is
//      measured too, with a plain <input> reading the same files, and said in the description).
import { randomBytes, createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchPage, signInPage, writeRandomFile } from './support.mjs';

const MiB = 1024 * 1024;
/** EDU_BENCH_BIG_MIB tries the memory run on a smaller file (the recorded result is 4 GiB). */
const BIG = (Number(process.env.EDU_BENCH_BIG_MIB) || 4096) * MiB;
const SMALL_FILES = 1000;

const round = (n, digits = 1) => +n.toFixed(digits);

/** Resident memory of a process in bytes (0 once it is gone). */
function rss(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Reads JS heaps through the DevTools protocol: the page's, and the hashing Worker's while there is one. */
async function heapReader(browser, page) {
  const pageSession = await page.context().newCDPSession(page);
  const browserSession = await browser.newBrowserCDPSession();
  let nextId = 1;
  const waiting = new Map();
  browserSession.on('Target.receivedMessageFromTarget', ({ message }) => {
    const reply = JSON.parse(message);
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  const attached = new Map();
  /** The Worker's heap (a Worker is a target of its own; one message session per Worker). */
  async function workerHeap() {
    const { targetInfos } = await browserSession.send('Target.getTargets');
    const worker = targetInfos.find((target) => target.type === 'worker');
    if (!worker) return null;
    let sessionId = attached.get(worker.targetId);
    if (!sessionId) {
      ({ sessionId } = await browserSession.send('Target.attachToTarget', {
        targetId: worker.targetId,
        flatten: false,
      }));
      attached.set(worker.targetId, sessionId);
    }
    const id = nextId++;
    const reply = new Promise((resolve) => {
      waiting.set(id, resolve);
      setTimeout(() => resolve(null), 2000);
    });
    await browserSession
      .send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
      })
      .catch(() => undefined);
    return (await reply)?.result?.usedSize ?? null;
  }
  /** Renderer and network process ids of this browser. */
  async function browserPids() {
    const { processInfo } = await browserSession.send('SystemInfo.getProcessInfo');
    return processInfo.filter((p) => p.type === 'renderer' || /network/i.test(p.type)).map((p) => p.id);
  }
  return {
    pageHeap: async () => (await pageSession.send('Runtime.getHeapUsage')).usedSize,
    collectGarbage: () => pageSession.send('HeapProfiler.collectGarbage'),
    workerHeap,
    browserRss: async () => (await browserPids()).reduce((sum, pid) => sum + rss(pid), 0),
    detach: async () => {
      await pageSession.detach().catch(() => undefined);
      await browserSession.detach().catch(() => undefined);
    },
  };
}

/** A signed-in page with one `<edu-upload multiple>`. */
async function openUploadPage(context, baseURL) {
  const page = await context.newPage();
  await signInPage(page);
  await openBenchPage(page, baseURL, 'upload-scale', { body: '<edu-upload id="upload" multiple></edu-upload>' });
  await page.waitForFunction(() => customElements.get('edu-upload') !== undefined);
  return page;
}

/** Resolves with the ms from the pick until `count` files are stored (rejects on the first failure). */
function storedAll(page, count) {
  return page.evaluate((expected) => {
    const upload = document.getElementById('upload');
    const input = upload.shadowRoot.querySelector('input.files');
    return new Promise((resolve, reject) => {
      let pickedAt = 0;
      let stored = 0;
      input.addEventListener('change', (event) => (pickedAt = event.timeStamp), { once: true });
      upload.addEventListener('edu-upload-success', () => {
        stored += 1;
        if (stored === expected) resolve(performance.now() - pickedAt);
      });
      upload.addEventListener('edu-upload-error', (event) => reject(new Error(event.detail.message)), { once: true });
    });
  }, count);
}

async function bigFile(browser, context, baseURL, serverPid, dir) {
  const path = join(dir, 'year-recording.bin');
  writeRandomFile(path, BIG);
  const page = await openUploadPage(context, baseURL);
  const heaps = await heapReader(browser, page);
  try {
    await heaps.collectGarbage();
    const before = { page: await heaps.pageHeap(), browser: await heaps.browserRss(), server: rss(serverPid) };
    const most = { page: before.page, worker: 0, browser: before.browser, server: before.server };
    let workerFirst = null;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        most.page = Math.max(most.page, await heaps.pageHeap());
        const worker = await heaps.workerHeap();
        if (worker !== null) {
          workerFirst ??= worker;
          most.worker = Math.max(most.worker, worker);
        }
        most.browser = Math.max(most.browser, await heaps.browserRss());
        most.server = Math.max(most.server, rss(serverPid));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const done = storedAll(page, 1);
    await page.locator('#upload input.files').setInputFiles(path);
    const ms = await done;
    sampling = false;
    await sampler;
    await heaps.collectGarbage();
    const after = { page: await heaps.pageHeap(), browser: await heaps.browserRss(), server: rss(serverPid) };
    return { ms, before, most, after, workerFirst: workerFirst ?? 0 };
  } finally {
    await heaps.detach();
    await page.close();
    rmSync(path, { force: true });
  }
}

async function manyFiles(context, baseURL, dir) {
  const folder = join(dir, 'class-photos');
  mkdirSync(folder);
  const files = [];
  for (let i = 0; i < SMALL_FILES; i++) {
    const bytes = randomBytes(1024 + Math.floor(Math.random() * 15 * 1024));
    const path = join(folder, `photo-${String(i).padStart(4, '0')}.jpg`);
    writeFileSync(path, bytes);
    files.push({ path, md5: createHash('md5').update(bytes).digest('hex') });
  }
  const page = await openUploadPage(context, baseURL);
  try {
    // Requests in flight (fetch and XHR) and long tasks, watched in the page.
    await page.evaluate(() => {
      const watch = { inFlight: 0, most: 0, longest: 0 };
      window.watch = watch;
      const begin = () => (watch.most = Math.max(watch.most, ++watch.inFlight));
      const end = () => watch.inFlight--;
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (...args) {
        begin();
        this.addEventListener('loadend', end, { once: true });
        return send.apply(this, args);
      };
      const plainFetch = window.fetch;
      window.fetch = (...args) => {
        begin();
        return plainFetch(...args).finally(end);
      };
      // Tasks from the queue: those that start once the task delivering the picked files has ended.
      const input = document.getElementById('upload').shadowRoot.querySelector('input.files');
      let queueFrom = Infinity;
      input.addEventListener('change', () => setTimeout(() => (queueFrom = performance.now())), { capture: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.startTime >= queueFrom) watch.longest = Math.max(watch.longest, entry.duration);
          else watch.pick = Math.max(watch.pick ?? 0, entry.duration);
        }
      }).observe({ type: 'longtask', buffered: false });
    });
    const done = storedAll(page, SMALL_FILES);
    await page.locator('#upload input.files').setInputFiles(files.map((file) => file.path));
    const ms = await done;
    const watched = await page.evaluate(() => ({ ...window.watch }));

    // The same files again, new content each (the server must not have them), by a plain XHR loop.
    for (const file of files) {
      const bytes = randomBytes(1024 + Math.floor(Math.random() * 15 * 1024));
      writeFileSync(file.path, bytes);
      file.md5 = createHash('md5').update(bytes).digest('hex');
    }
    // The browser's own cost of 1,000 picked files: a plain input whose change handler reads them.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.multiple = true;
      input.id = 'plain';
      document.body.append(input);
      window.plainPick = new Promise((resolve) => {
        let longest = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
        });
        observer.observe({ type: 'longtask', buffered: false });
        input.addEventListener('change', () => {
          window.picked = Array.from(input.files);
          setTimeout(() => {
            for (const entry of observer.takeRecords()) longest = Math.max(longest, entry.duration);
            observer.disconnect();
            resolve(longest);
          }, 500);
        });
      });
    });
    await page.locator('#plain').setInputFiles(files.map((file) => file.path));
    const pickMs = await page.evaluate(() => window.plainPick);
    const plainMs = await page.evaluate(
      async (md5s) => {
        const picked = [...document.getElementById('plain').files];
        const start = performance.now();
        let next = 0;
        const sendOne = (file, md5) =>
          new Promise((resolve, reject) => {
            const form = new FormData();
            form.append('serverid', 'base');
            form.append('uid', '1');
            form.append('md5', md5);
            form.append('file', file);
            const xhr = new XMLHttpRequest();
            xhr.open('POST', '/zuul/api/storage/upload');
            xhr.onload = () =>
              JSON.parse(xhr.responseText).status === 200 ? resolve() : reject(new Error(xhr.responseText));
            xhr.onerror = () => reject(new Error('network'));
            xhr.send(form);
          });
        const lane = async () => {
          while (next < picked.length) {
            const index = next++;
            await sendOne(picked[index], md5s[index]);
          }
        };
        await Promise.all([lane(), lane(), lane()]);
        return performance.now() - start;
      },
      files.map((file) => file.md5),
    );
    return { ms, plainMs, pickMs, watched };
  } finally {
    await page.close();
  }
}

export default async function run({ browser, baseURL, serverPid }) {
  const loadBefore = loadavg()[0];
  const dir = mkdtempSync(join(tmpdir(), 'edu-bench-upload-scale-'));
  const context = await browser.newContext({ baseURL });
  try {
    const big = await bigFile(browser, context, baseURL, serverPid, dir);
    // A context of its own: the queue is not measured in a renderer still holding the 4 GiB run's memory.
    const queueContext = await browser.newContext({ baseURL });
    const many = await manyFiles(queueContext, baseURL, dir).finally(() => queueContext.close());
    const mib = (bytes) => round(bytes / MiB);
    return {
      name: 'upload-scale',
      description:
        `4 GiB sent while hashing through <edu-upload> in ${round(big.ms / 1000)} s (memory sampled every second: ` +
        `after the upload, page heap ${mib(big.after.page)} MiB, renderer + network RSS ${mib(big.after.browser)} ` +
        `MiB, server RSS ${mib(big.after.server)} MiB); ${SMALL_FILES} files of 1–16 KiB picked at once vs a plain ` +
        `XHR loop 3 at a time (the browser's own task delivering the picked files: ${round(many.pickMs)} ms with a ` +
        `plain input, ${round(many.watched.pick ?? 0)} ms with the element); 1-minute load average ` +
        `${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
      rows: [
        {
          metric: '4 GiB: page JS heap, most during vs before (goal: growth ≤ 64 MiB)',
          value: mib(big.most.page),
          baseline: mib(big.before.page),
          unit: 'MiB',
        },
        {
          metric: '4 GiB: hashing Worker JS heap, most vs when it started (goal: growth ≤ 64 MiB)',
          value: mib(big.most.worker),
          baseline: mib(big.workerFirst),
          unit: 'MiB',
        },
        {
          metric: '4 GiB: Chromium renderer + network processes RSS, most during vs before',
          value: mib(big.most.browser),
          baseline: mib(big.before.browser),
          unit: 'MiB',
        },
        {
          metric: '4 GiB: reference server RSS, most during vs before (flat: a bound, not the file)',
          value: mib(big.most.server),
          baseline: mib(big.before.server),
          unit: 'MiB',
        },
        {
          metric: `${SMALL_FILES} small files: <edu-upload> until all stored vs a plain XHR loop (3 at a time)`,
          value: round(many.ms / 1000, 2),
          baseline: round(many.plainMs / 1000, 2),
          unit: 's',
        },
        {
          metric: `${SMALL_FILES} small files: most requests in flight vs the concurrency (3)`,
          value: many.watched.most,
          baseline: 3,
          unit: 'requests',
        },
        {
          metric: `${SMALL_FILES} small files: longest main-thread task from the queue vs the 50 ms goal`,
          value: round(many.watched.longest),
          baseline: 50,
          unit: 'ms',
        },
      ],
    };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
