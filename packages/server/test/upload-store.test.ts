// The upload store on its own (storage/upload-store.ts): the running MD5 must always be the MD5 of the bytes on disk,
// whatever concurrent writes of the same chunk do (a merge publishes on its word).
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { UploadStore } from '../src/storage/upload-store.ts';

const EACH = 1024;
const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const OWNER = 1;
const place = (md5: string, chunk: number) => ({ owner: OWNER, md5, chunk, offset: (chunk - 1) * EACH, limit: EACH });
const layout = { fullSize: 3 * EACH, eachSize: EACH };
const unlimited = { maxSets: 10, maxBytes: Number.MAX_SAFE_INTEGER };
const chunkOf = (bytes: Buffer, n: number) => bytes.subarray((n - 1) * EACH, n * EACH);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('upload store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'edu-upload-store-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const store = new UploadStore({ storageDir: dir, now: () => Date.now() });

  async function send(md5: string, bytes: Buffer, n: number): Promise<void> {
    assert.equal(await store.reserveSet(OWNER, md5, layout, unlimited), 'ok');
    const written = await store.receiveChunk(
      place(md5, n),
      (async function* () {
        yield chunkOf(bytes, n);
      })(),
    );
    assert.equal(written.bytes, EACH);
    await store.markChunk(OWNER, md5, n, EACH, layout);
  }

  it('publishes by the running MD5 when every chunk came whole', async () => {
    const bytes = randomBytes(3 * EACH);
    const md5 = md5Of(bytes);
    for (const n of [2, 1, 3]) await send(md5, bytes, n);
    await settle();
    const stored = await store.merge(OWNER, md5, md5, bytes.length, 3, () => false);
    assert.deepEqual(readFileSync(join(dir, stored)), bytes);
  });

  it('refuses a merge when a copy of a chunk, begun before the chunk was marked, wrote other bytes unmarked', async () => {
    const bytes = randomBytes(3 * EACH);
    const md5 = md5Of(bytes);
    // A second copy of chunk 2 starts writing and stalls, while the first copy comes whole and is marked.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    async function* stalled() {
      await released;
      yield randomBytes(EACH);
    }
    const second = store.receiveChunk(place(md5, 2), stalled());
    for (const n of [1, 2, 3]) await send(md5, bytes, n);
    await settle();
    // Then its other bytes land over chunk 2, and its request is refused (a late check): no marker of its own.
    release();
    assert.equal((await second).bytes, EACH);
    await assert.rejects(
      store.merge(OWNER, md5, md5, bytes.length, 3, () => false),
      (error: { code?: string }) => {
        assert.equal(error.code, 'chunkmerge');
        return true;
      },
    );
  });

  it('refuses a merge whose count or size disagrees with the recorded layout at once, whatever the count', async () => {
    const bytes = randomBytes(3 * EACH);
    const md5 = md5Of(bytes);
    for (const n of [1, 2, 3]) await send(md5, bytes, n);
    for (const [size, chunks] of [
      [bytes.length, 1e9],
      [bytes.length, 2],
      [1, 1],
      [bytes.length + 1, 4],
    ] as const) {
      const started = performance.now();
      await assert.rejects(
        store.merge(OWNER, md5, md5, size, chunks, () => false),
        { code: 'chunk count abnormal' },
      );
      assert.ok(performance.now() - started < 200);
    }
    // The set is still whole: its own merge goes through.
    await settle();
    const stored = await store.merge(OWNER, md5, md5, bytes.length, 3, () => false);
    assert.deepEqual(readFileSync(join(dir, stored)), bytes);
  });

  it("keeps one user's sets within their limits, and another user's set apart", async () => {
    const limits = { maxSets: 2, maxBytes: 10 * EACH };
    const md5s = [1, 2, 3].map(() => md5Of(randomBytes(8)));
    assert.equal(await store.reserveSet(7, md5s[0]!, layout, limits), 'ok');
    assert.equal(await store.reserveSet(7, md5s[1]!, layout, limits), 'ok');
    assert.equal(await store.reserveSet(7, md5s[2]!, layout, limits), 'quota');
    // The same set again is no new reservation; a set too large for the bytes left is refused.
    assert.equal(await store.reserveSet(7, md5s[0]!, layout, limits), 'ok');
    assert.equal(await store.reserveSet(8, md5s[0]!, { fullSize: 11 * EACH, eachSize: EACH }, limits), 'quota');
    assert.equal(await store.reserveSet(8, md5s[0]!, layout, limits), 'ok');
    assert.deepEqual(await store.pendingOf(7), { sets: 2, bytes: 2 * layout.fullSize });
    assert.deepEqual(await store.pendingOf(8), { sets: 1, bytes: layout.fullSize });
  });
});
