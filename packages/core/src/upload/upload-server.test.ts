/**
 * The whole upload flow against the reference server's storage (proxied on the page's origin): a single upload, a
 * chunked one, a second upload that is instant, a resumed upload that sends only the missing chunks, failing and
 * dropped chunk uploads, and the server's refusals. Every upload is checked by its content: the stored file is
 * fetched back and hashed.
 */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { md5Bytes } from '../platform/md5.ts';
import { patternBytes } from '../test-support/fake-storage.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import { loginAs, logoutServer, serverCalls } from '../test-support/server.ts';
import { UPLOAD_PATHS } from './api.ts';
import { uploadErrorText } from './errors.ts';
import { createUpload, type UploadOptions, type UploadSnapshot } from './upload.ts';

const KB64 = 64 * 1024;
const count = async (path: string) => (await serverCalls())[`POST ${path}`] ?? 0;

/** Content no earlier run can have stored: the server deduplicates by MD5 across users and runs. */
function uniqueFile(size: number, name: string): File {
  const bytes = patternBytes(size);
  crypto.getRandomValues(bytes.subarray(0, Math.min(16, size)));
  return new File([bytes], name, { lastModified: Date.now() });
}

interface UploadHookSettings {
  chunkFailRate?: number;
  chunkDropRate?: number;
  chunkDelayMs?: number;
  maxFileBytes?: number | null;
  userMaxBytes?: number | null;
  userMaxFiles?: number | null;
  userMaxPendingSets?: number | null;
  extensions?: boolean;
}

async function configureUploads(settings: UploadHookSettings): Promise<void> {
  const response = await fetch('/api/__test/upload/config', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  expect(response.ok).to.equal(true);
}

async function uploadStats(): Promise<{ received: number; failed: number; dropped: number; stored: number }> {
  const response = await fetch(`/api/__test/upload/stats?_t=${Date.now()}`, { credentials: 'include' });
  return ((await response.json()) as { data: { received: number; failed: number; dropped: number; stored: number } })
    .data;
}

/** The stored file, fetched back by the address the server answered with, and its MD5. */
async function storedMd5(snapshot: UploadSnapshot): Promise<string> {
  const url = (snapshot.result as { url?: unknown } | null)?.url;
  expect(url, 'the stored file’s address').to.be.a('string');
  const response = await fetch(url as string, { credentials: 'include' });
  expect(response.status).to.equal(200);
  return md5Bytes(new Uint8Array(await response.arrayBuffer()));
}

async function expectStored(snapshot: UploadSnapshot, file: File): Promise<void> {
  expect(snapshot.error?.message ?? null).to.equal(null);
  expect(snapshot.state).to.equal('done');
  const md5 = md5Bytes(new Uint8Array(await file.arrayBuffer()));
  expect(snapshot.md5).to.equal(md5);
  expect(await storedMd5(snapshot)).to.equal(md5);
}

describe('upload against the reference server', () => {
  let client: Client;
  useReferenceServer((parts) => ({ client } = parts));

  beforeEach(async () => {
    await loginAs('teacher1');
  });

  const options = (extra: UploadOptions = {}): UploadOptions => ({
    client,
    chunkSize: KB64,
    notify: false,
    retryDelays: [0, 20, 60, 100],
    ...extra,
  });

  it('uploads a small file in one request; the same file again is instant', async () => {
    const file = uniqueFile(KB64 - 3, 'small.pdf');
    const first = await createUpload(file, options()).settled();
    await expectStored(first, file);
    expect(first.instant).to.equal(false);
    expect(await count(UPLOAD_PATHS.upload)).to.equal(1);

    const second = await createUpload(file, options()).settled();
    expect(second.state).to.equal('done');
    expect(second.instant).to.equal(true);
    expect(await count(UPLOAD_PATHS.upload)).to.equal(1);
    expect(await storedMd5(second)).to.equal(first.md5);
  });

  it("keeps a folder file's path in the server's record: single, chunked and instant", async () => {
    const path = (result: unknown) => (result as { webkitRelativePath?: unknown }).webkitRelativePath;
    const small = uniqueFile(KB64 - 3, 'notes.pdf');
    const single = await createUpload(small, options({ relativePath: 'week-1/notes.pdf' })).settled();
    await expectStored(single, small);
    expect(path(single.result)).to.equal('week-1/notes.pdf');
    const large = uniqueFile(3 * KB64 + 5, 'lesson.mp4');
    const chunked = await createUpload(large, options({ relativePath: 'week-1/slides/lesson.mp4' })).settled();
    await expectStored(chunked, large);
    expect(path(chunked.result)).to.equal('week-1/slides/lesson.mp4');
    const instant = await createUpload(large, options({ relativePath: 'week-2/lesson.mp4' })).settled();
    expect(instant.instant).to.equal(true);
    expect(path(instant.result)).to.equal('week-2/lesson.mp4');
    // A file picked alone has no path.
    expect(path((await createUpload(large, options()).settled()).result)).to.equal('');
  });

  it('uploads an empty file', async () => {
    const file = new File([], `empty-${Date.now()}.doc`);
    await expectStored(await createUpload(file, options()).settled(), file);
  });

  it("uploads in chunks in the spec's order and merges what the server verified; the same file again is instant", async () => {
    const file = uniqueFile(5 * KB64 + 77, 'chunked.mp4');
    const first = await createUpload(file, options({ extensions: false })).settled();
    await expectStored(first, file);
    expect(await count(UPLOAD_PATHS.chunkUpload)).to.equal(6);
    // The server lists the chunks it holds with the first check: one check instead of six.
    expect(await count(UPLOAD_PATHS.blockUploadCheck)).to.equal(1);
    expect(await count(UPLOAD_PATHS.mergeFile)).to.equal(1);

    const second = await createUpload(file, options({ extensions: false })).settled();
    expect(second.instant).to.equal(true);
    expect(await count(UPLOAD_PATHS.chunkUpload)).to.equal(6);
    expect(await count(UPLOAD_PATHS.mergeFile)).to.equal(1);
  });

  it('sends chunks while hashing where the server offers it: under an upload id, merged with the MD5', async () => {
    const file = uniqueFile(6 * KB64 + 3, 'while-hashing.mp4');
    const seen: UploadSnapshot[] = [];
    // A slow hash, so the chunks plainly go out before the MD5 is known.
    const slowHash: UploadOptions['hash'] = async (blob) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return md5Bytes(new Uint8Array(await blob.arrayBuffer()));
    };
    const upload = createUpload(file, options({ hash: slowHash }));
    upload.subscribe((snapshot) => seen.push(snapshot));
    const final = await upload.settled();
    await expectStored(final, file);
    expect(final.instant).to.equal(false);
    expect(
      seen.some((snapshot) => snapshot.md5 === null && snapshot.uploadedBytes > 0),
      'bytes accepted before the MD5 was known',
    ).to.equal(true);
    expect(await count(UPLOAD_PATHS.chunkUpload)).to.equal(7);
    expect(await count(UPLOAD_PATHS.mergeFile)).to.equal(1);
    // The spec's existence check still runs, once the MD5 is known.
    expect(await count(UPLOAD_PATHS.secondUploadCheck)).to.equal(1);
  });

  it('a file the server has already ends as soon as its MD5 is known, while hashing and sending', async () => {
    const file = uniqueFile(40 * KB64, 'again.mp4');
    await expectStored(await createUpload(file, options({ extensions: false })).settled(), file);
    const sent = await count(UPLOAD_PATHS.chunkUpload);
    const again = await createUpload(file, options({ concurrency: 1 })).settled();
    expect(again.state).to.equal('done');
    expect(again.instant).to.equal(true);
    expect(await storedMd5(again)).to.equal(again.md5);
    // The chunks in flight were cancelled: far fewer than the 40 of the file went again, and nothing merged.
    expect((await count(UPLOAD_PATHS.chunkUpload)) - sent).to.be.below(40);
    expect(await count(UPLOAD_PATHS.mergeFile)).to.equal(1);
  });

  it("keeps the spec's order against a server that does not offer sending while hashing", async () => {
    await configureUploads({ extensions: false });
    const file = uniqueFile(3 * KB64 + 1, 'plain-server.mp4');
    const seen: UploadSnapshot[] = [];
    const upload = createUpload(file, options());
    upload.subscribe((snapshot) => seen.push(snapshot));
    await expectStored(await upload.settled(), file);
    expect(seen.filter((snapshot) => snapshot.uploadedBytes > 0).every((snapshot) => snapshot.md5 !== null)).to.equal(
      true,
    );
  });

  it('resumes an upload left unfinished (as by a reload) sending only the chunks the server lacks', async () => {
    const file = uniqueFile(8 * KB64, 'resume.mov');
    const first = createUpload(file, options({ concurrency: 1 }));
    await new Promise<void>((resolve) =>
      first.subscribe((snapshot) => {
        if (snapshot.chunksDone === 3 && snapshot.state === 'uploading') {
          first.pause();
          resolve();
        }
      }),
    );
    // What was sent before the pause cancelled the rest has arrived.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sentBefore = await count(UPLOAD_PATHS.chunkUpload);
    expect(sentBefore).to.be.within(3, 4);

    // Offered again (as after a reload): before anything is sent, the offer knows what the server holds.
    const waiting = createUpload(file, options({ concurrency: 1, autoStart: false }));
    await waiting.inspect();
    const offer = waiting.getSnapshot();
    expect(offer.state).to.equal('idle');
    expect(offer.chunksDone).to.be.within(3, 4);
    expect(offer.uploadedBytes).to.equal(offer.chunksDone * KB64);
    expect(await count(UPLOAD_PATHS.chunkUpload)).to.equal(sentBefore);
    waiting.start();
    const second = await waiting.settled();
    await expectStored(second, file);
    const sentAfter = (await count(UPLOAD_PATHS.chunkUpload)) - sentBefore;
    // Chunk 4 may have reached the server before the abort cancelled it.
    expect(sentAfter).to.be.within(4, 5);
    expect(sentBefore + sentAfter).to.equal(8);
    expect(await count(UPLOAD_PATHS.mergeFile)).to.equal(1);
  });

  it('still stores the file identical when a fifth of the chunk uploads fail and some connections drop', async () => {
    await configureUploads({ chunkFailRate: 0.2, chunkDropRate: 0.1 });
    const file = uniqueFile(12 * KB64 + 5, 'flaky.mp4');
    const final = await createUpload(file, options()).settled();
    await expectStored(final, file);
    const stats = await uploadStats();
    expect(stats.failed).to.be.greaterThan(0);
    expect(stats.dropped).to.be.greaterThan(0);
    expect(stats.stored).to.equal(13);
  });

  it('shows the server’s refusal of a file over its limit', async () => {
    await configureUploads({ maxFileBytes: 3 * KB64 });
    const final = await createUpload(uniqueFile(4 * KB64, 'big.mp4'), options()).settled();
    expect(final.state).to.equal('failed');
    expect(final.error!.kind).to.equal('size exceeds limit');
    expect(final.error!.message).to.include('size exceeds limit');
    expect(await count(UPLOAD_PATHS.chunkUpload)).to.equal(0);
  });

  it('is refused by the server too when a page lets a rejected type through', async () => {
    const final = await createUpload(uniqueFile(100, 'setup.exe'), options({ rejected: [] })).settled();
    expect(final.state).to.equal('failed');
    expect(final.error!.refusal).to.equal(true);
    expect(final.error!.status).to.equal(415);
    expect(final.error!.message).to.include('not allowed');
    expect(await count(UPLOAD_PATHS.upload)).to.equal(0);
  });

  it('answers the server’s proof of possession: a user of another unit who holds the file gets it at once', async () => {
    const file = uniqueFile(3 * KB64 + 9, 'shared.mp4');
    await expectStored(await createUpload(file, options()).settled(), file);
    expect(await count(UPLOAD_PATHS.chunkUpload)).to.equal(4);
    await logoutServer();
    await loginAs('area1');
    const theirs = await createUpload(file, options({ extensions: false })).settled();
    await expectStored(theirs, file);
    expect(theirs.instant).to.equal(true);
    // The check, then the check with the answer; no byte sent again.
    expect(await count(UPLOAD_PATHS.secondUploadCheck)).to.equal(3);
    expect(await count(UPLOAD_PATHS.chunkUpload)).to.equal(4);
  });

  it('uploads as usual when its answer to the proof is wrong (a file whose bytes changed after hashing)', async () => {
    const bytes = patternBytes(2 * KB64 + 1);
    crypto.getRandomValues(bytes.subarray(0, 16));
    const file = new File([bytes], 'changed.mp4');
    await expectStored(await createUpload(file, options()).settled(), file);
    await logoutServer();
    await loginAs('area1');
    // The same MD5 is claimed, but the bytes the proof reads are other bytes: no file handed out.
    const md5 = md5Bytes(bytes);
    const other = new File([new Uint8Array(bytes.length)], 'changed.mp4');
    const final = await createUpload(other, options({ hash: async () => md5 })).settled();
    expect(final.instant).to.equal(false);
    expect(await count(UPLOAD_PATHS.secondUploadCheck)).to.equal(3);
    // Its own bytes, sent and merged, do not match the claimed MD5: refused, nothing of the other file leaks.
    expect(final.state).to.equal('failed');
    expect(final.error!.kind).to.equal('chunkmerge');
  });

  it('shows the server’s quota refusal in the language in force', async () => {
    await configureUploads({ userMaxFiles: 0 });
    for (const lang of ['en', 'zh-HK'] as const) {
      const final = await createUpload(uniqueFile(100, 'quota.pdf'), options({ lang })).settled();
      expect(final.state).to.equal('failed');
      expect(final.error!.kind).to.equal('quota exceeded');
      expect(final.error!.refusal).to.equal(true);
      expect(final.error!.message).to.equal(uploadErrorText('quota exceeded', lang));
    }
    expect(await count(UPLOAD_PATHS.upload)).to.equal(2);
  });
});
