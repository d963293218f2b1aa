// Chunked upload end to end: files generated here go through <edu-upload> on the demo page to the
// reference server; what the server stored is fetched back and its MD5 compared with the file's own. The server's
// upload test hooks slow, fail and count chunk uploads.
import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer } from '../scripts/api-server.mjs';
import { collectPageErrors, PASSWORD, resetServer, SHOTS_DIR, signIn } from './helpers.ts';

const MB = 1024 * 1024;
let dir = '';

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'edu-upload-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The reset puts the upload hooks back to their defaults too (no failures, delays or limits; extensions on).
test.beforeEach(({ request }) => resetServer(request));

/** A file of random bytes (never seen by the server before) and its MD5. */
function makeFile(name: string, size: number): { path: string; md5: string } {
  const bytes = randomBytes(size);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, md5: createHash('md5').update(bytes).digest('hex') };
}

async function uploadHooks(request: APIRequestContext, settings: Record<string, unknown>): Promise<void> {
  const response = await request.post('/api/__test/upload/config', { data: settings });
  expect(response.ok()).toBe(true);
}

async function chunkStats(request: APIRequestContext): Promise<{ received: number; chunks: Record<string, number[]> }> {
  const response = await request.get(`/api/__test/upload/stats?_t=${Date.now()}`);
  return ((await response.json()) as { data: { received: number; chunks: Record<string, number[]> } }).data;
}

/**
 * The one chunk set that received chunks, and its chunk numbers in the order they arrived. Sent while hashing (the
 * reference server offers it), a file's chunks go under an upload id the page chose, not under its MD5.
 */
function onlySet(stats: { chunks: Record<string, number[]> }): [id: string, chunks: number[]] {
  const sets = Object.entries(stats.chunks);
  expect(sets, 'one chunk set').toHaveLength(1);
  return sets[0]!;
}

/** Picks files with the element's own button, through the browser's file chooser. */
async function pickWithButton(page: Page, uploader: Locator, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await uploader.getByRole('button', { name: '选择文件', exact: true }).click();
  await (await chooser).setFiles(paths);
}

/** The MD5 of the bytes the stored-file link of the demo page fetches back (from `origin`, default the suite's). */
async function fetchedMd5(page: Page, md5: string, origin?: string): Promise<string> {
  const link = page.locator(`.demo-stored li[data-md5="${md5}"] a`).first();
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(origin ? new URL(href!, origin).href : href!);
  expect(response.status()).toBe(200);
  return createHash('md5')
    .update(await response.body())
    .digest('hex');
}

/** Every text the uploader's live region says from now on, kept in the page (a later one replaces it on screen). */
async function recordLive(uploader: Locator): Promise<() => Promise<string[]>> {
  await uploader.evaluate((el) => {
    const region = el.shadowRoot!.querySelector('[role=status]')!;
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      const text = region.textContent!.trim();
      if (text && said.at(-1) !== text) said.push(text);
    }).observe(region, { subtree: true, childList: true, characterData: true });
  });
  return () => uploader.page().evaluate(() => (window as unknown as { said: string[] }).said);
}

/** The page's uploads go at most `bytesPerSecond` (Chromium's network throttling, counted as the bytes go out). */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** `1.5 MB/s` → bytes per second. */
function bytesPerSecond(rate: string): number {
  const match = /([\d.]+) (B|KB|MB|GB)\/s/.exec(rate);
  expect(match, `a speed in "${rate}"`).not.toBeNull();
  return Number(match![1]) * 1024 ** ['B', 'KB', 'MB', 'GB'].indexOf(match![2]!);
}

async function openPage(page: Page): Promise<Locator> {
  await signIn(page, 'teacher1');
  await page.goto('/#/blocks/upload');
  const uploader = page.locator('#upload-main');
  await expect(uploader.getByRole('button', { name: '选择文件', exact: true })).toBeVisible();
  return uploader;
}

test('a 50 MB file uploads and is fetched back identical; the same file again is instant', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const errors = collectPageErrors(page);
  const uploader = await openPage(page);
  const file = makeFile('lecture-50mb.mp4', 50 * MB);
  await pickWithButton(page, uploader, [file.path]);
  const row = uploader.getByRole('listitem').filter({ hasText: 'lecture-50mb.mp4' });
  await expect(row.getByRole('progressbar', { name: 'lecture-50mb.mp4', exact: true })).toBeVisible();
  await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(1, { timeout: 150_000 });
  await expect(row).toContainText('已完成');
  await expect(row.getByRole('progressbar', { name: 'lecture-50mb.mp4', exact: true })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  expect(await fetchedMd5(page, file.md5)).toBe(file.md5);
  // 25 chunks of 2 MB, each stored once.
  const [firstSet, firstChunks] = onlySet(await chunkStats(request));
  expect(firstChunks).toHaveLength(25);

  // The same file again: chunks start out while it is hashed; once its MD5 is known the server has it, the rest is
  // cancelled and the upload ends at once.
  await pickWithButton(page, uploader, [file.path]);
  await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(2, { timeout: 60_000 });
  await expect(uploader.getByRole('listitem').nth(1)).toContainText('秒传');
  await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`).nth(1)).toContainText('秒传');
  const again = (await chunkStats(request)).chunks;
  expect(again[firstSet]).toHaveLength(25);
  const sentAgain = Object.entries(again).filter(([id]) => id !== firstSet);
  expect(sentAgain.flatMap(([, chunks]) => chunks).length, 'far from the whole file again').toBeLessThan(25);
  expect(errors).toEqual([]);
});

test('an .exe and an over-size file are refused with their messages, before any byte is sent', async ({
  page,
  request,
}) => {
  const uploader = await openPage(page);
  const exe = join(dir, 'setup.exe');
  writeFileSync(exe, randomBytes(1000));
  await pickWithButton(page, uploader, [exe]);
  const exeRow = uploader.getByRole('listitem').filter({ hasText: 'setup.exe' });
  await expect(exeRow).toContainText('exe');
  await expect(exeRow.getByRole('button', { name: '移除 setup.exe' })).toBeVisible();
  await expect(exeRow.getByRole('button', { name: '重试 setup.exe' })).toHaveCount(0);

  const small = page.locator('#upload-small');
  const big = makeFile('essay.pdf', 6 * MB);
  await pickWithButton(page, small, [big.path]);
  await expect(small.getByRole('listitem').filter({ hasText: 'essay.pdf' })).toContainText('文件大小超出限制');

  const stats = await chunkStats(request);
  expect(stats.received).toBe(0);
  await expect(page.locator('.demo-stored li')).toHaveCount(0);
});

test('a full upload quota is refused with a clear message and nothing stored', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const uploader = await openPage(page);
  // No chunked upload may be in progress (the quota of uploads in progress): a 6 MB file goes in chunks and is
  // refused at its first chunk; a 100 KB one after it goes in one request and is stored.
  await uploadHooks(request, { userMaxPendingSets: 0 });
  const big = makeFile('term-recording.mp4', 6 * MB);
  await pickWithButton(page, uploader, [big.path]);
  const row = uploader.getByRole('listitem').filter({ hasText: 'term-recording.mp4' });
  await expect(row).toContainText('存储空间已达上限（或同时上传的文件过多），请删除不用的文件或稍后再试');
  await expect(row.getByRole('button', { name: '重试 term-recording.mp4' })).toHaveCount(0);
  // The chunk uploads already in flight (three at a time) are refused too; none is stored, none sent after.
  const stats = (await chunkStats(request)) as { received: number; stored?: number };
  expect(stats.received).toBeLessThanOrEqual(3);
  expect(stats.stored).toBe(0);
  await expect(page.locator(`.demo-stored li[data-md5="${big.md5}"]`)).toHaveCount(0);
  // Within the quota, uploads go on.
  const small = makeFile('notes.pdf', 100 * 1024);
  await pickWithButton(page, uploader, [small.path]);
  await expect(page.locator(`.demo-stored li[data-md5="${small.md5}"]`)).toHaveCount(1, { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test("against a server without the extensions: the spec's order, the MD5 first, chunks under it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await uploadHooks(request, { extensions: false });
  const uploader = await openPage(page);
  const file = makeFile('plain-server.mp4', 10 * MB);
  await pickWithButton(page, uploader, [file.path]);
  await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(1, { timeout: 60_000 });
  const [set, chunks] = onlySet(await chunkStats(request));
  expect(set).toBe(file.md5);
  expect([...chunks].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  expect(await fetchedMd5(page, file.md5)).toBe(file.md5);
});

test('cancel removes what the upload left on the server', async ({ page, request }) => {
  test.setTimeout(120_000);
  await uploadHooks(request, { chunkDelayMs: 300 });
  const uploader = await openPage(page);
  const file = makeFile('draft-recording.mp4', 20 * MB);
  await pickWithButton(page, uploader, [file.path]);
  await expect
    .poll(async () => Object.values((await chunkStats(request)).chunks)[0]?.length ?? 0, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(2);
  const [set] = onlySet(await chunkStats(request));
  const held = async () =>
    (
      (await (
        await page.request.post('/api/storage/file_piecewise/block_upload_check', {
          data: { uploadId: set, size: 2 * MB, chunks: 10, chunk: 1, eachSize: 2 * MB, fullSize: 20 * MB },
        })
      ).json()) as { chunks: number[] }
    ).chunks;
  expect((await held()).length).toBeGreaterThanOrEqual(2);
  const row = uploader.getByRole('listitem').filter({ hasText: 'draft-recording.mp4' });
  await row.getByRole('button', { name: '取消 draft-recording.mp4' }).click();
  await expect.poll(held, { timeout: 10_000 }).toEqual([]);
  // Picked again, nothing is offered to resume: the upload was cancelled, not interrupted.
  await uploadHooks(request, { chunkDelayMs: 0 });
  await pickWithButton(page, uploader, [file.path]);
  await expect(uploader.getByRole('listitem').last()).not.toContainText('上次未传完');
});

test('pause then resume completes identical (screenshot of the queue in progress)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await uploadHooks(request, { chunkDelayMs: 250 });
  const uploader = await openPage(page);
  // Sent at 4 MiB/s, so the speed is measured (it shows once a second of sending has passed).
  await throttleUploads(page, 4 * MB);
  const file = makeFile('recording.webm', 16 * MB);
  await pickWithButton(page, uploader, [file.path]);
  const row = uploader.getByRole('listitem').filter({ hasText: 'recording.webm' });
  await expect(row).toContainText('正在上传', { timeout: 30_000 });
  await expect(row).toContainText('/s', { timeout: 10_000 });
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, 'upload-queue.png'), fullPage: true });

  await row.getByRole('button', { name: '暂停 recording.webm' }).click();
  await expect(row).toContainText('已暂停');
  // A chunk request cancelled by the pause may still reach the server a moment later: count after that.
  await page.waitForTimeout(500);
  const pausedAt = (await chunkStats(request)).received;
  await page.waitForTimeout(800);
  expect((await chunkStats(request)).received).toBe(pausedAt);

  await row.getByRole('button', { name: '继续 recording.webm' }).click();
  await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(1, { timeout: 90_000 });
  expect(await fetchedMd5(page, file.md5)).toBe(file.md5);
});

test('abort by a reload, pick the same file again: only the missing chunks are sent', async ({ page, request }) => {
  test.setTimeout(120_000);
  await uploadHooks(request, { chunkDelayMs: 200 });
  let uploader = await openPage(page);
  const file = makeFile('exam-video.mp4', 20 * MB);
  await pickWithButton(page, uploader, [file.path]);
  await expect
    .poll(async () => Object.values((await chunkStats(request)).chunks)[0]?.length ?? 0, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(3);
  await page.reload();
  uploader = page.locator('#upload-main');
  const [set, before] = onlySet(await chunkStats(request));
  expect(before.length).toBeLessThan(10);

  await uploadHooks(request, { chunkDelayMs: 0 });
  await pickWithButton(page, uploader, [file.path]);
  const row = uploader.getByRole('listitem').filter({ hasText: 'exam-video.mp4' });
  await expect(row).toContainText('上次未传完，可继续上传');
  // The offer shows what the server holds: 2 MB of the 20 MB for each chunk it had before the reload.
  const held = Number(
    await row.getByRole('progressbar', { name: 'exam-video.mp4', exact: true }).getAttribute('aria-valuenow'),
  );
  await expect
    .poll(async () =>
      Number(await row.getByRole('progressbar', { name: 'exam-video.mp4', exact: true }).getAttribute('aria-valuenow')),
    )
    .toBeGreaterThanOrEqual(before.length * 10);
  expect(held).toBeLessThanOrEqual(100);
  await row.getByRole('button', { name: '继续上传 exam-video.mp4' }).click();
  await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(1, { timeout: 60_000 });
  // The same upload goes on (its id kept with the resume record): every chunk stored exactly once, those the server
  // had before the reload were not sent again.
  const [setAfter, all] = onlySet(await chunkStats(request));
  expect(setAfter).toBe(set);
  expect([...all].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(all.slice(0, before.length)).toEqual(before);
  expect(await fetchedMd5(page, file.md5)).toBe(file.md5);
});

test('a large file goes in 8 MiB chunks where the server takes them, and resumes after a reload in the same size', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await uploadHooks(request, { chunkDelayMs: 300 });
  let uploader = await openPage(page);
  const file = makeFile('assembly-72mb.mp4', 72 * MB);
  await pickWithButton(page, uploader, [file.path]);
  await expect
    .poll(async () => Object.values((await chunkStats(request)).chunks)[0]?.length ?? 0, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(2);
  await page.reload();
  uploader = page.locator('#upload-main');
  const [set, before] = onlySet(await chunkStats(request));
  expect(before.length).toBeLessThan(9);

  await uploadHooks(request, { chunkDelayMs: 0 });
  await pickWithButton(page, uploader, [file.path]);
  const row = uploader.getByRole('listitem').filter({ hasText: 'assembly-72mb.mp4' });
  await row.getByRole('button', { name: '继续上传 assembly-72mb.mp4' }).click();
  await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(1, { timeout: 120_000 });
  // 72 MiB in 9 chunks of 8 MiB (not 36 of 2 MB), each sent once, before and after the reload.
  const [setAfter, all] = onlySet(await chunkStats(request));
  expect(setAfter).toBe(set);
  expect([...all].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(await fetchedMd5(page, file.md5)).toBe(file.md5);
});

test('sending at 512 KiB/s: the speed shown is within 20 % of it, and the time left follows from it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const uploader = await openPage(page);
  const throttle = 512 * 1024;
  await throttleUploads(page, throttle);
  const size = 16 * MB;
  const file = makeFile('lecture-throttled.mp4', size);
  await pickWithButton(page, uploader, [file.path]);
  const row = uploader.getByRole('listitem').filter({ hasText: 'lecture-throttled.mp4' });
  const rate = row.locator('.rate');
  await expect(rate).toBeVisible({ timeout: 15_000 });
  // After the first seconds (the socket's buffer fills at once), read it a few times.
  await page.waitForTimeout(6000);
  for (let i = 0; i < 3; i++) {
    const [text, percent] = await Promise.all([
      rate.textContent(),
      row.getByRole('progressbar', { name: 'lecture-throttled.mp4', exact: true }).getAttribute('aria-valuenow'),
    ]);
    const speed = bytesPerSecond(text!);
    expect(speed / throttle, `speed shown: ${text}`).toBeGreaterThan(0.8);
    expect(speed / throttle, `speed shown: ${text}`).toBeLessThan(1.2);
    const left = Number(/(\d+) 秒/.exec(text!)?.[1] ?? 60 * Number(/(\d+) 分钟/.exec(text!)?.[1]));
    const expected = (size * (1 - Number(percent) / 100)) / throttle;
    expect(Math.abs(left - expected), `time left ${text} at ${percent} %`).toBeLessThan(Math.max(4, expected * 0.25));
    await page.waitForTimeout(2000);
  }
  await row.getByRole('button', { name: '暂停 lecture-throttled.mp4' }).click();
  // Paused: no stale speed or time left.
  await expect(rate).toHaveCount(0);
});

test('offline, a queue of files waits (none hashed or started meanwhile) and goes on by itself when back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await uploadHooks(request, { chunkDelayMs: 300 });
  const uploader = await openPage(page);
  const said = await recordLive(uploader);
  const files = [1, 2, 3, 4, 5, 6].map((i) => makeFile(`lesson-${i}.mp4`, 3 * MB));
  await pickWithButton(
    page,
    uploader,
    files.map((file) => file.path),
  );
  const rows = uploader.getByRole('listitem');
  await expect(rows.filter({ hasText: '正在上传' })).not.toHaveCount(0, { timeout: 30_000 });
  await page.context().setOffline(true);
  await expect(rows.filter({ hasText: '网络已断开，恢复后继续' })).not.toHaveCount(0);
  await page.waitForTimeout(1500);
  // At most the element's 3 files had started; the others still wait, unhashed.
  const started = await rows.evaluateAll((items) => items.filter((li) => li.dataset['state'] !== 'idle').length);
  expect(started).toBeLessThanOrEqual(3);
  await expect(rows.filter({ hasText: '等待上传' })).toHaveCount(6 - started);
  expect((await said()).join(' ')).toContain('网络已断开');
  await page.context().setOffline(false);
  for (const file of files) {
    await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(1, { timeout: 60_000 });
  }
});

test('20 % of chunk uploads failing: the file still arrives identical', async ({ page, request }) => {
  test.setTimeout(120_000);
  await uploadHooks(request, { chunkFailRate: 0.2 });
  const uploader = await openPage(page);
  const file = makeFile('flaky-network.mp4', 20 * MB);
  await pickWithButton(page, uploader, [file.path]);
  await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(1, { timeout: 90_000 });
  const stats = (await request.get(`/api/__test/upload/stats?_t=${Date.now()}`).then((r) => r.json())) as {
    data: { failed: number };
  };
  expect(stats.data.failed).toBeGreaterThan(0);
  expect(await fetchedMd5(page, file.md5)).toBe(file.md5);
});

test('a file changed on disk during the upload: "pick it again", no retries, nothing stored', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await uploadHooks(request, { chunkDelayMs: 300 });
  const uploader = await openPage(page);
  const file = makeFile('lesson-video.mp4', 30 * MB);
  await pickWithButton(page, uploader, [file.path]);
  const row = uploader.getByRole('listitem').filter({ hasText: 'lesson-video.mp4' });
  await expect(row).toContainText('正在上传', { timeout: 30_000 });
  await expect.poll(async () => (await chunkStats(request)).received, { timeout: 30_000 }).toBeGreaterThan(1);
  // Another program rewrites 16 bytes at 20 % of the file while its chunks are on their way.
  const handle = await open(file.path, 'r+');
  await handle.write(randomBytes(16), 0, 16, Math.floor(30 * MB * 0.2));
  await handle.close();
  await expect(row).toContainText('文件已被修改或移走，无法读取，请重新选择', { timeout: 30_000 });
  await expect(row).not.toContainText('无法连接服务器');
  await expect(row.getByRole('button', { name: /^重试/ })).toHaveCount(0);
  // Nothing more is sent (counted once the chunks already on their way have arrived), nothing is stored.
  await page.waitForTimeout(1000);
  const after = (await chunkStats(request)).received;
  await page.waitForTimeout(2000);
  expect((await chunkStats(request)).received).toBe(after);
  await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the legacy page uploads with the drop-in bundle and links the stored file', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  await signIn(page, 'teacher1');
  await page.goto('/legacy/index.html');
  const uploader = page.locator('#homework');
  const file = makeFile('homework.pdf', 3 * MB);
  await pickWithButton(page, uploader, [file.path]);
  const link = page.locator('#homework-files a', { hasText: 'homework.pdf' });
  await expect(link).toHaveCount(1, { timeout: 45_000 });
  const response = await page.request.get((await link.getAttribute('href'))!);
  expect(
    createHash('md5')
      .update(await response.body())
      .digest('hex'),
  ).toBe(file.md5);
  expect(errors).toEqual([]);
});

test('the server restarted in the middle: picking the file again completes it identical, sending only what is missing', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  // A server of this test's own (not the suite's), so it can be killed and started again on its port and data.
  const dataDir = mkdtempSync(join(tmpdir(), 'edu-upload-restart-'));
  const staticDir = process.env.EDU_DEMO_OUT ?? 'demo/dist';
  let server = await startApiServer({ dataDir, staticDir, quiet: true });
  const url = server.url;
  const port = Number(new URL(url).port);
  try {
    const login = await page.request.post(`${url}/api/uaa/oauth/login`, {
      data: { username: 'teacher1', password: PASSWORD },
    });
    expect(((await login.json()) as { status: number }).status).toBe(200);
    const hooks = async (settings: Record<string, unknown>) =>
      expect((await page.request.post(`${url}/api/__test/upload/config`, { data: settings })).ok()).toBe(true);
    const stats = async () =>
      (
        (await (await page.request.get(`${url}/api/__test/upload/stats?_t=${Date.now()}`)).json()) as {
          data: { chunks: Record<string, number[]> };
        }
      ).data;
    await hooks({ chunkDelayMs: 300 });
    await page.goto(`${url}/#/blocks/upload`);
    const uploader = page.locator('#upload-main');
    const file = makeFile('lesson-recording.mp4', 24 * MB);
    await pickWithButton(page, uploader, [file.path]);
    await expect
      .poll(async () => Object.values((await stats()).chunks)[0]?.length ?? 0, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(3);
    const [set] = onlySet(await stats());

    // A crash: no goodbye to the requests in flight.
    await server.kill();

    // While it is down the row says so in words, with a retry button; nothing is thrown.
    const first = uploader.getByRole('listitem').first();
    await expect(first).toContainText('无法连接服务器，文件尚未传完，请稍后重试', { timeout: 30_000 });
    await expect(first.getByRole('button', { name: '重试 lesson-recording.mp4' })).toBeVisible();
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(SHOTS_DIR, 'upload-server-down.png'), fullPage: true });

    server = await startApiServer({ dataDir, staticDir, quiet: true, port });
    // What the restarted server holds of the file, as its chunk check lists it (whole chunks only).
    const check = await page.request.post(`${url}/api/storage/file_piecewise/block_upload_check`, {
      data: { uploadId: set, size: 2 * MB, chunks: 12, chunk: 1, name: 'lesson-recording.mp4', uid: 'u' },
    });
    const before = ((await check.json()) as { chunks: number[] }).chunks;
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(12);
    await pickWithButton(page, uploader, [file.path]);
    const again = uploader.getByRole('listitem').nth(1);
    await expect(again).toContainText('上次未传完，可继续上传');
    await again.getByRole('button', { name: '继续上传 lesson-recording.mp4' }).click();
    await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(1, { timeout: 90_000 });
    await expect(again).toContainText('已完成');

    // The restarted server's counters start at zero: it received exactly the chunks missing before the crash.
    const [setAfter, received] = onlySet(await stats());
    expect(setAfter).toBe(set);
    const after = [...received].sort((a, b) => a - b);
    expect(after.filter((n) => before.includes(n))).toEqual([]);
    expect([...before, ...after].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(await fetchedMd5(page, file.md5, url)).toBe(file.md5);
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a folder dropped on the drop zone queues every file inside with its path; refused ones say why', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const uploader = await openPage(page);
  // A real folder on disk: nested folders, files to store, a refused type, and more entries than one
  // readEntries() batch (Chromium answers 100 at a time) so the reader must be called until it answers none.
  const root = join(dir, 'week-1');
  mkdirSync(join(root, 'slides', 'extra'), { recursive: true });
  mkdirSync(join(root, 'tools'), { recursive: true });
  const files = [
    { rel: 'notes.pdf', ...makeFile('week-1/notes.pdf', 70_000) },
    { rel: 'slides/lesson.pptx', ...makeFile('week-1/slides/lesson.pptx', 3 * MB) },
    { rel: 'slides/extra/reading.docx', ...makeFile('week-1/slides/extra/reading.docx', 5000) },
  ];
  for (let i = 0; i < 120; i++) writeFileSync(join(root, 'tools', `setup-${String(i).padStart(3, '0')}.exe`), 'MZ');

  // Playwright cannot drop a folder; Chromium's DevTools protocol can: the drop carries the folder's path, as an
  // operating-system drag would, and the page gets real FileSystemDirectoryEntry objects.
  const said = await recordLive(uploader);
  const box = (await uploader.locator('[part=drop-zone]').boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: [root], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
    await cdp.send('Input.dispatchDragEvent', { type, x: box.x + box.width / 2, y: box.y + 20, data });
  }

  const rows = uploader.getByRole('listitem');
  await expect(rows).toHaveCount(123, { timeout: 30_000 });
  for (const file of files) {
    await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"]`)).toHaveCount(1, { timeout: 60_000 });
    const row = rows.filter({ hasText: `week-1/${file.rel}` });
    await expect(row).toContainText('已完成');
    await expect(row.getByRole('progressbar', { name: `week-1/${file.rel}`, exact: true })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    // The server's record keeps the path in the folder (shown by the demo's list of stored files).
    await expect(page.locator(`.demo-stored li[data-md5="${file.md5}"] a`)).toHaveText(`week-1/${file.rel}`);
    expect(await fetchedMd5(page, file.md5)).toBe(file.md5);
  }
  const refused = rows.filter({ hasText: 'week-1/tools/setup-' });
  await expect(refused).toHaveCount(120);
  await expect(refused.filter({ hasText: '不允许选择该类型的文件（.exe）' })).toHaveCount(120);
  await expect(rows.filter({ hasText: 'week-1/tools/setup-119.exe' })).toHaveCount(1);
  // Heard whole, in one announcement: the three files added by name, the 120 refused counted, and why.
  const heard = (await said()).find((text) => text.includes('120 个文件未能添加：不允许选择该类型的文件（.exe）'));
  for (const file of files) expect(heard).toContain(`已添加 week-1/${file.rel}。`);
  // Only the three allowed files reached the server.
  // Only the 3 MB slides were sent in chunks.
  const [, slides] = onlySet(await chunkStats(request));
  expect([...slides].sort()).toEqual([1, 2]);
  expect(errors).toEqual([]);
});

test('the drop-in bundle served from a folder of the site hashes in its Worker, loaded beside the bundle', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  await signIn(page, 'teacher1');
  // A school site hosting the drop-in bundle under a folder of its own, and a page in another folder.
  await page.route('**/vendor/edu/**', async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: url.href.replace('/vendor/edu/', '/') }) });
  });
  await page.route('**/school/homework.html', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8" /><title>作业</title>
        <script type="module" src="/vendor/edu/edu-elements.js"></script></head>
        <body><edu-upload id="homework"></edu-upload></body></html>`,
    }),
  );
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const workerScripts: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('md5.worker')) workerScripts.push(response.status());
  });
  await page.goto('/school/homework.html');
  const uploader = page.locator('#homework');
  const stored = page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const el = document.getElementById('homework')!;
        el.addEventListener('edu-upload-success', (e) => resolve((e as CustomEvent<{ md5: string }>).detail.md5));
        el.addEventListener('edu-upload-error', (e) =>
          reject(new Error((e as CustomEvent<{ message: string }>).detail.message)),
        );
      }),
  );
  const file = makeFile('worksheet.pdf', 300_000);
  await pickWithButton(page, uploader, [file.path]);
  expect(await stored).toBe(file.md5);
  expect(workers).toHaveLength(1);
  expect(workers[0]).toMatch(new RegExp(`^${baseURL}/vendor/edu/assets/md5\\.worker-[^/]+\\.js$`));
  // The script loaded: the hashing ran in the Worker, not in the main-thread fallback.
  expect(workerScripts).toEqual([200]);
  expect(errors).toEqual([]);
});
