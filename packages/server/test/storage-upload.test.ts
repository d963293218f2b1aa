/**
 * The upload calls of spec part 2 §7 against a real server: single and chunked uploads checked by the bytes
 * fetched back, merge verification (count, size, MD5; nothing published on failure), deduplication by MD5 across
 * users, refusals, the sweep of abandoned chunk sets, the chunk test hooks, and the server's memory during a large
 * upload.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client, login, startServer, tempDataDir, useServer, type Envelope, type RunningServer } from './helpers.ts';
import {
  BASE64,
  BLOCK_CHECK,
  CANCEL,
  CAPABILITIES,
  CHUNK,
  chunkedFile,
  cut,
  md5Of,
  merge,
  MERGE,
  postForm,
  secondCheck,
  SECOND_CHECK,
  sendChunk,
  SINGLE,
  type ChunkedFile,
} from './upload-calls.ts';

async function fetchFile(client: Client, url: string): Promise<{ response: Response; bytes: Buffer }> {
  const response = await client.raw('GET', url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** `data`: whether chunk `n` is stored; `chunks` (an extension): every chunk stored. */
const checkChunk = (client: Client, file: ChunkedFile, n: number) =>
  client.call<boolean>('POST', BLOCK_CHECK, {
    json: {
      md5: file.md5,
      size: file.chunks[n - 1]!.length,
      chunks: file.chunks.length,
      name: file.name,
      uid: 'u-1',
      chunk: n,
    },
  }) as Promise<{ response: Response; body: Envelope<boolean> & { chunks: number[] } }>;

const storedBlobs = (server: { dataDir: string }): string[] => {
  const root = join(server.dataDir, 'storage', 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((prefix) => readdirSync(join(root, prefix)));
};
/** Whether any user's chunk set of `md5` is on disk (sets are `chunks/<userId>-<md5>/`). */
const chunkSetExists = (server: { dataDir: string }, md5: string) => {
  const root = join(server.dataDir, 'storage', 'chunks');
  return existsSync(root) && readdirSync(root).some((name) => name.endsWith(`-${md5}`));
};

describe('upload storage', () => {
  const server = useServer();
  let teacher: Client;
  beforeEach(async () => {
    teacher = await login(server, 'teacher1');
  });

  it('stores a single upload streamed to disk and serves the same bytes back', async () => {
    // Larger than the server's 8 MB JSON body limit: multipart files are streamed, not buffered.
    const bytes = randomBytes(9 * 1024 * 1024 + 13);
    const md5 = md5Of(bytes);
    const { body } = await postForm(
      teacher,
      SINGLE,
      { serverid: 'base', uid: 'u-1', md5 },
      { bytes, name: '课件 1.pdf' },
    );
    assert.equal(body.status, 200, body.message);
    assert.deepEqual(
      { name: body.data.name, size: body.data.size, md5: body.data.md5, type: body.data.type },
      { name: '课件 1.pdf', size: bytes.length, md5, type: 'application/pdf' },
    );
    const fetched = await fetchFile(teacher, body.data.url);
    assert.equal(fetched.response.status, 200);
    assert.equal(md5Of(fetched.bytes), md5);
    assert.equal(fetched.response.headers.get('content-type'), 'application/pdf');
    assert.equal(fetched.response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(
      fetched.response.headers.get('content-disposition'),
      `attachment; filename="__ 1.pdf"; filename*=UTF-8''${encodeURIComponent('课件 1.pdf')}`,
    );
    assert.deepEqual(readdirSync(join(server.dataDir, 'storage', 'tmp')), [], 'no temp file is left');
  });

  it('refuses a single upload whose bytes do not match the sent MD5, storing nothing', async () => {
    const bytes = randomBytes(1000);
    const before = storedBlobs(server).length;
    const { body } = await postForm(
      teacher,
      SINGLE,
      { uid: 'u', md5: md5Of(randomBytes(8)) },
      { bytes, name: 'a.pdf' },
    );
    assert.deepEqual([body.status, body.code, body.data], [400, 'uploaderror', null]);
    assert.equal(storedBlobs(server).length, before);
    assert.equal((await secondCheck(teacher, md5Of(bytes), bytes.length, { name: 'a.pdf' })).body.data, false);
  });

  it('uploads in chunks, merges, and serves a file of the same MD5; the chunks are removed', async () => {
    const file = chunkedFile(5 * 65536 + 77, 65536);
    assert.equal((await secondCheck(teacher, file.md5, file.bytes.length, { name: file.name })).body.data, false);
    for (let n = 1; n <= file.chunks.length; n++) {
      assert.equal((await checkChunk(teacher, file, n)).body.data, false);
      const { body } = await sendChunk(teacher, file, n);
      assert.equal(body.status, 200, body.message);
      const check = await checkChunk(teacher, file, n);
      assert.equal(check.body.data, true);
      // The extension lists every stored chunk, so one call answers for all of them.
      assert.deepEqual(
        check.body.chunks,
        Array.from({ length: n }, (_, i) => i + 1),
      );
    }
    const { body } = await merge(teacher, file);
    assert.equal(body.status, 200, body.message);
    assert.equal(body.data.md5, file.md5);
    assert.equal(body.data.size, file.bytes.length);
    assert.equal(body.data.type, 'video/mp4');
    assert.equal(md5Of((await fetchFile(teacher, body.data.url)).bytes), file.md5);
    assert.equal(chunkSetExists(server, file.md5), false);
    // The same file again is instant for the same user, with the same record.
    const again = await secondCheck(teacher, file.md5, file.bytes.length, { name: file.name });
    assert.equal(again.body.data.id, body.data.id);
  });

  it("keeps a folder file's path (webkitRelativePath) in its record, cleaned: single, chunked and instant", async () => {
    const bytes = randomBytes(2000);
    const single = await postForm(
      teacher,
      SINGLE,
      { uid: 'u-1', md5: md5Of(bytes), webkitRelativePath: 'lessons/week 1/a.pdf' },
      { bytes, name: 'a.pdf' },
    );
    assert.equal(single.body.status, 200, single.body.message);
    assert.deepEqual([single.body.data.name, single.body.data.webkitRelativePath], ['a.pdf', 'lessons/week 1/a.pdf']);

    const file = chunkedFile(3 * 65536 + 5, 65536, 'b.bin');
    for (let n = 1; n <= file.chunks.length; n++) await sendChunk(teacher, file, n);
    const merged = await teacher.call('POST', MERGE, {
      json: {
        md5: file.md5,
        name: file.name,
        size: file.bytes.length,
        chunks: file.chunks.length,
        // Separators of either kind, dot parts and invisible characters: a label, never a place on disk.
        webkitRelativePath: '../folder\\sub/./\u202eb.bin',
      },
    });
    assert.equal(merged.body.status, 200, merged.body.message);
    assert.deepEqual([merged.body.data.name, merged.body.data.webkitRelativePath], ['b.bin', 'folder/sub/b.bin']);

    // The same content from another folder is a record of its own; a file alone has no path.
    const instant = await teacher.call('POST', SECOND_CHECK, {
      json: { md5: file.md5, name: 'b.bin', size: file.bytes.length, webkitRelativePath: 'other/b.bin' },
    });
    assert.equal(instant.body.data.webkitRelativePath, 'other/b.bin');
    assert.notEqual(instant.body.data.id, merged.body.data.id);
    const alone = await teacher.call('POST', SECOND_CHECK, {
      json: { md5: file.md5, name: 'b.bin', size: file.bytes.length },
    });
    assert.equal(alone.body.data.webkitRelativePath, '');
    const tooLong = await teacher.call('POST', MERGE, {
      json: { md5: file.md5, name: 'b.bin', size: file.bytes.length, chunks: 4, webkitRelativePath: 'x'.repeat(5000) },
    });
    assert.equal(tooLong.body.status, 400);
  });

  it('handles the boundary sizes: an empty file and a file of exactly one chunk', async () => {
    for (const size of [0, 65536, 65537]) {
      const file = chunkedFile(size, 65536, `b${size}.bin`);
      for (let n = 1; n <= file.chunks.length; n++) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
      const { body } = await merge(teacher, file);
      assert.equal(body.status, 200, `${size}: ${body.message}`);
      assert.equal((await fetchFile(teacher, body.data.url)).bytes.length, size);
    }
  });

  it('lets a chunk be uploaded again: the new copy replaces the old one whole', async () => {
    const file = chunkedFile(3 * 65536, 65536);
    // A first copy of chunk 2 with wrong bytes of the right size, then the right one.
    assert.equal((await sendChunk(teacher, file, 2, randomBytes(65536))).body.status, 200);
    for (let n = 1; n <= 3; n++) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
    assert.equal((await sendChunk(teacher, file, 3)).body.status, 200);
    const { body } = await merge(teacher, file);
    assert.equal(body.status, 200, body.message);
    assert.equal(md5Of((await fetchFile(teacher, body.data.url)).bytes), file.md5);
  });

  it('refuses a merge whose assembled bytes do not match the MD5 (chunkmerge), publishing nothing', async () => {
    const file = chunkedFile(4 * 65536, 65536);
    const blobsBefore = storedBlobs(server);
    for (let n = 1; n <= 4; n++) {
      const bytes = n === 3 ? Buffer.from(file.chunks[2]!).fill(7, 100, 200) : file.chunks[n - 1]!;
      assert.equal((await sendChunk(teacher, file, n, bytes)).body.status, 200);
    }
    const { body } = await merge(teacher, file);
    assert.deepEqual([body.status, body.code, body.data], [400, 'chunkmerge', null]);
    assert.match(body.message, /does not match its MD5, so it was not stored\./);
    assert.deepEqual(storedBlobs(server), blobsBefore, 'nothing is published');
    assert.equal((await secondCheck(teacher, file.md5, file.bytes.length, { name: file.name })).body.data, false);
    // The untrustworthy chunks are discarded, so the client's next attempt sends them all again.
    assert.equal(chunkSetExists(server, file.md5), false);
    assert.equal((await checkChunk(teacher, file, 1)).body.data, false);
    assert.deepEqual(readdirSync(join(server.dataDir, 'storage', 'tmp')), [], 'no temp file is left');
  });

  it('takes chunks in any order into one data file and merges by verifying and renaming it', async () => {
    const file = chunkedFile(6 * 65536 + 5, 65536);
    for (const n of [4, 1, 7, 2, 6, 3, 5]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
    // Chunk 1 again, the same bytes: still whole.
    assert.equal((await sendChunk(teacher, file, 1)).body.status, 200);
    assert.deepEqual((await checkChunk(teacher, file, 1)).body.chunks, [1, 2, 3, 4, 5, 6, 7]);
    const { body } = await merge(teacher, file);
    assert.equal(body.status, 200, body.message);
    assert.deepEqual(Buffer.compare((await fetchFile(teacher, body.data.url)).bytes, Buffer.from(file.bytes)), 0);
    assert.equal(chunkSetExists(server, file.md5), false);
    assert.deepEqual(readdirSync(join(server.dataDir, 'storage', 'tmp')), [], 'no temp file is left');
  });

  it('refuses a merge after a chunk already hashed was sent again with other bytes (chunkmerge)', async () => {
    const file = chunkedFile(4 * 65536, 65536);
    for (let n = 1; n <= 4; n++) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
    // Every chunk is in, so the running MD5 had the right digest; chunk 2 then changes under it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const other = Buffer.from(file.chunks[1]!).fill(9, 0, 10);
    assert.equal((await sendChunk(teacher, file, 2, other)).body.status, 200);
    const blobsBefore = storedBlobs(server);
    const { body } = await merge(teacher, file);
    assert.deepEqual([body.status, body.code], [400, 'chunkmerge']);
    assert.deepEqual(storedBlobs(server), blobsBefore, 'nothing is published');
  });

  it('does not count a chunk whose request was cut off mid-way', async () => {
    const file = chunkedFile(3 * 65536, 65536);
    assert.equal((await sendChunk(teacher, file, 1)).body.status, 200);
    // A multipart body that stops in the middle of chunk 2's bytes: the connection goes.
    const boundary = 'cutoff-boundary';
    const fields = {
      chunked: 'true',
      chunk: '2',
      chunks: '3',
      eachSize: '65536',
      md5: file.md5,
      fileName: file.name,
      fullSize: String(file.bytes.length),
      uid: 'u-1',
      size: '65536',
    };
    const head = Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const url = new URL(CHUNK, server.url);
    await new Promise<void>((resolve) => {
      const request = httpRequest(url, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(Buffer.byteLength(head + filePart) + 65536 + 64),
          cookie: `edu_at=${teacher.cookie('edu_at')}`,
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(head + filePart);
      request.write(file.chunks[1]!.subarray(0, 30000), () => setTimeout(() => request.destroy(), 100));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await checkChunk(teacher, file, 2)).body.data, false);
    assert.deepEqual((await checkChunk(teacher, file, 1)).body.chunks, [1]);
    for (const n of [2, 3]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
    const { body } = await merge(teacher, file);
    assert.equal(body.status, 200, body.message);
    assert.equal(md5Of((await fetchFile(teacher, body.data.url)).bytes), file.md5);
  });

  it("refuses a merge with a chunk missing ('chunk count abnormal') and keeps the chunks for a resume", async () => {
    const file = chunkedFile(4 * 65536 + 1, 65536);
    for (const n of [1, 2, 4, 5]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
    const { body } = await merge(teacher, file);
    assert.deepEqual([body.status, body.code, body.data], [400, 'chunk count abnormal', null]);
    assert.match(body.message, /\|\|\|chunk count abnormal$/);
    assert.equal((await checkChunk(teacher, file, 3)).body.chunks.join(), '1,2,4,5');
    assert.equal((await sendChunk(teacher, file, 3)).body.status, 200);
    const resumed = await merge(teacher, file);
    assert.equal(resumed.body.status, 200, resumed.body.message);
    assert.equal(md5Of((await fetchFile(teacher, resumed.body.data.url)).bytes), file.md5);
  });

  it('reads the fields wherever they come in the form, after the file part too', async () => {
    const file = chunkedFile(2 * 100, 100, 'late.mp4');
    const fields = (n: number, fileName: string) => ({
      chunked: true,
      chunk: n,
      chunks: 2,
      eachSize: 100,
      md5: file.md5,
      fileName,
      fullSize: 200,
      uid: 'u',
      size: 100,
    });
    const refused = await postForm(
      teacher,
      CHUNK,
      fields(1, 'late.exe'),
      { bytes: file.chunks[0]!, name: 'blob' },
      true,
    );
    assert.equal(refused.body.code, 'uploadunkerror');
    assert.equal(chunkSetExists(server, file.md5), false);
    for (const n of [1, 2]) {
      const sent = await postForm(
        teacher,
        CHUNK,
        fields(n, file.name),
        { bytes: file.chunks[n - 1]!, name: 'blob' },
        true,
      );
      assert.equal(sent.body.status, 200, sent.body.message);
    }
    assert.equal((await merge(teacher, file)).body.status, 200);
    // The single upload in the spec's order: serverid, file, uid, md5 (the MD5 after the bytes).
    const bytes = randomBytes(500);
    const form = new FormData();
    form.append('serverid', 'base');
    form.append('file', new Blob([bytes]), 'order.pdf');
    form.append('uid', 'u');
    form.append('md5', md5Of(randomBytes(4)));
    const response = await fetch(new URL(SINGLE, server.url), {
      method: 'POST',
      body: form,
      headers: { cookie: `edu_at=${teacher.cookie('edu_at')}` },
    });
    assert.equal(((await response.json()) as Envelope).code, 'uploaderror', 'a wrong MD5 sent after the bytes');
  });

  it('starts a chunk set over when its owner cuts the file another way, and merges by the new cut', async () => {
    const bytes = randomBytes(3 * 65536);
    const md5 = md5Of(bytes);
    const old: ChunkedFile = { bytes, md5, name: 'recut.mp4', eachSize: 65536, chunks: cut(bytes, 65536) };
    for (const n of [1, 2]) assert.equal((await sendChunk(teacher, old, n)).body.status, 200);
    const recut: ChunkedFile = { ...old, eachSize: 100_000, chunks: cut(bytes, 100_000) };
    // Checked by the new cut, nothing is there: the client sends every chunk again.
    const check = await teacher.call('POST', BLOCK_CHECK, {
      json: { md5, size: 100_000, chunks: 2, chunk: 1, eachSize: 100_000, fullSize: bytes.length },
    });
    assert.deepEqual([check.body.data, (check.body as unknown as { chunks: number[] }).chunks], [false, []]);
    assert.equal((await sendChunk(teacher, recut, 1)).body.status, 200);
    // The old cut's chunks are gone with it; a merge by the old count is refused, by the new one done.
    assert.deepEqual((await checkChunk(teacher, old, 1)).body.chunks, []);
    assert.equal((await merge(teacher, old)).body.code, 'chunk count abnormal');
    assert.equal((await sendChunk(teacher, recut, 2)).body.status, 200);
    const { body } = await merge(teacher, recut);
    assert.equal(body.status, 200, body.message);
    assert.equal(md5Of((await fetchFile(teacher, body.data.url)).bytes), md5);
  });

  it('keeps chunk sets of the same file apart per user: both merge their own, over one stored copy', async () => {
    const file = chunkedFile(3 * 65536 + 1, 65536, 'both.mp4');
    const other = await login(server, 'area1');
    for (const n of [1, 2]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
    // area1 sees none of teacher1's chunks and sends its own.
    assert.deepEqual((await checkChunk(other, file, 1)).body.chunks, []);
    for (let n = 1; n <= 4; n++) assert.equal((await sendChunk(other, file, n)).body.status, 200);
    assert.equal((await merge(other, file)).body.status, 200);
    // teacher1's set is untouched by area1's merge; teacher1 finishes it.
    assert.deepEqual((await checkChunk(teacher, file, 1)).body.chunks, [1, 2]);
    for (const n of [3, 4]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
    const { body } = await merge(teacher, file);
    assert.equal(body.status, 200, body.message);
    assert.equal(md5Of((await fetchFile(teacher, body.data.url)).bytes), file.md5);
    assert.equal(storedBlobs(server).filter((name) => name.startsWith(file.md5)).length, 1);
  });

  it('refuses a chunk whose size does not fit eachSize and fullSize', async () => {
    const file = chunkedFile(3 * 65536, 65536);
    const short = await sendChunk(teacher, file, 1, file.chunks[0]!.subarray(1));
    assert.deepEqual([short.body.status, short.body.code], [400, 'uploadunkerror']);
    assert.equal((await checkChunk(teacher, file, 1)).body.data, false);
  });

  it('makes a second upload instant for another user of the unit, who can then fetch it', async () => {
    const bytes = randomBytes(70000);
    const md5 = md5Of(bytes);
    const first = await postForm(teacher, SINGLE, { uid: 'u', md5 }, { bytes, name: 'plan.docx' });
    assert.equal(first.body.status, 200);
    const staff = await login(server, 'staff4');
    const blobs = storedBlobs(server).length;
    const second = await secondCheck(staff, md5, bytes.length, { name: 'my plan.docx' });
    assert.equal(second.body.status, 200);
    assert.equal(second.body.data.name, 'my plan.docx');
    assert.notEqual(second.body.data.id, first.body.data.id, 'a record of their own');
    assert.equal(storedBlobs(server).length, blobs, 'over the same stored bytes');
    assert.equal(md5Of((await fetchFile(staff, second.body.data.url)).bytes), md5);

    // A user of another unit is not entitled by an MD5 alone: they upload, and then have it too.
    const area = await login(server, 'area1');
    assert.equal((await secondCheck(area, md5, bytes.length, { name: 'x.docx' })).body.data, false);
    assert.equal((await fetchFile(area, first.body.data.url)).response.status, 404);
    const theirs = await postForm(area, SINGLE, { uid: 'u', md5 }, { bytes, name: 'x.docx' });
    assert.equal(theirs.body.status, 200);
    assert.equal(md5Of((await fetchFile(area, theirs.body.data.url)).bytes), md5);
    assert.equal(storedBlobs(server).length, blobs, 'still one copy');
  });

  it('uploads the same file by two users at the same time: both merges succeed over one stored copy', async () => {
    const file = chunkedFile(12 * 65536 + 5, 65536, 'same.mov');
    const other = await login(server, 'area1');
    const upload = async (client: Client) => {
      for (let n = 1; n <= file.chunks.length; n++) {
        if ((await checkChunk(client, file, n)).body.data) continue;
        assert.equal((await sendChunk(client, file, n)).body.status, 200);
      }
      return (await merge(client, file)).body;
    };
    const [a, b] = await Promise.all([upload(teacher), upload(other)]);
    assert.equal(a.status, 200, a.message);
    assert.equal(b.status, 200, b.message);
    assert.equal(md5Of((await fetchFile(teacher, a.data.url)).bytes), file.md5);
    assert.equal(md5Of((await fetchFile(other, b.data.url)).bytes), file.md5);
    assert.equal(storedBlobs(server).filter((name) => name.startsWith(file.md5)).length, 1);
  });

  it('refuses rejected extensions on every call before anything is stored', async () => {
    const bytes = randomBytes(300);
    const md5 = md5Of(bytes);
    const single = await postForm(teacher, SINGLE, { uid: 'u', md5 }, { bytes, name: 'setup.exe' });
    assert.deepEqual([single.body.status, single.body.code], [415, 'uploaderror']);
    const dotted = await postForm(teacher, SINGLE, { uid: 'u', md5 }, { bytes, name: 'RUN.JSP. ' });
    assert.equal(dotted.body.status, 415);
    const file = { ...chunkedFile(300, 100, 'tool.bat') };
    assert.equal((await sendChunk(teacher, file, 1)).body.code, 'uploadunkerror');
    assert.equal(chunkSetExists(server, file.md5), false);
    assert.equal((await merge(teacher, file)).body.status, 415);
    assert.equal((await secondCheck(teacher, md5, 300, { name: 'notes.txt' })).body.code, 'checkerror');
    assert.deepEqual(readdirSync(join(server.dataDir, 'storage', 'tmp')), []);
  });

  it("refuses a file over the size limit with 'size exceeds limit' while streaming", async () => {
    await server.control.call('POST', '/api/__test/upload/config', { json: { maxFileBytes: 100_000 } });
    const bytes = randomBytes(100_001);
    const md5 = md5Of(bytes);
    const single = await postForm(teacher, SINGLE, { uid: 'u', md5 }, { bytes, name: 'big.pdf' });
    assert.deepEqual([single.body.status, single.body.code], [413, 'size exceeds limit']);
    assert.match(single.body.message, /\|\|\|size exceeds limit$/);
    assert.equal(storedBlobs(server).filter((name) => name.startsWith(md5)).length, 0);
    const file = chunkedFile(100_001, 65536, 'big.mp4');
    assert.equal((await sendChunk(teacher, file, 1)).body.code, 'size exceeds limit');
    assert.equal((await merge(teacher, file)).body.code, 'size exceeds limit');
    assert.equal((await secondCheck(teacher, md5, 100_001, { name: 'big.pdf' })).body.code, 'size exceeds limit');
    // At the limit is fine.
    const fits = randomBytes(100_000);
    assert.equal(
      (await postForm(teacher, SINGLE, { uid: 'u', md5: md5Of(fits) }, { bytes: fits, name: 'ok.pdf' })).body.status,
      200,
    );
    assert.deepEqual(readdirSync(join(server.dataDir, 'storage', 'tmp')), []);
  });

  it('stores a base64 image and serves it back', async () => {
    const bytes = randomBytes(5000);
    const { body } = await teacher.call('POST', BASE64, {
      json: {
        serverid: 'base',
        fileName: 'face',
        base64Str: `data:image/jpeg;base64,${bytes.toString('base64')}`,
        type: 'jpg',
      },
    });
    assert.equal(body.status, 200, body.message);
    assert.equal(body.data.name, 'face.jpg');
    const fetched = await fetchFile(teacher, body.data.url);
    assert.equal(fetched.response.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual(fetched.bytes, bytes);
    const refused = await teacher.call('POST', BASE64, { json: { fileName: 'x', base64Str: 'AAAA', type: 'html' } });
    assert.equal(refused.body.status, 415);
    const broken = await teacher.call('POST', BASE64, {
      json: { fileName: 'x', base64Str: 'not base64!', type: 'png' },
    });
    assert.deepEqual([broken.body.status, broken.body.code], [400, 'upload failed']);
  });

  it('serves a file with a name that cannot break the Content-Disposition header', async () => {
    const bytes = randomBytes(10);
    const name = 'a"b\\c;\r\nSet-Cookie: x=1 %41.pdf';
    const { body } = await postForm(teacher, SINGLE, { uid: 'u', md5: md5Of(bytes) }, { bytes, name });
    assert.equal(body.status, 200, body.message);
    const { response } = await fetchFile(teacher, body.data.url);
    assert.equal(response.headers.get('set-cookie'), null);
    const disposition = response.headers.get('content-disposition') ?? '';
    assert.match(disposition, /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]*$/);
    assert.doesNotMatch(disposition.split('"')[1] ?? '', /["\\%]/);
  });

  it('answers a missing file or one of another unit with 404', async () => {
    assert.equal((await fetchFile(teacher, '/api/storage/file/999999')).response.status, 404);
  });

  it('needs a session for every upload call, multipart ones included', async () => {
    const anonymous = new Client(server.url);
    const bytes = randomBytes(100);
    const single = await postForm(anonymous, SINGLE, { uid: 'u', md5: md5Of(bytes) }, { bytes, name: 'a.pdf' });
    assert.deepEqual([single.response.status, single.body.status, single.body.code], [200, 401, 'invalid_token']);
    const file = chunkedFile(100, 100);
    assert.equal((await sendChunk(anonymous, file, 1)).body.status, 401);
    assert.equal(chunkSetExists(server, file.md5), false);
    const stored = await postForm(teacher, SINGLE, { uid: 'u', md5: md5Of(bytes) }, { bytes, name: 'a.pdf' });
    const fetched = await anonymous.call('GET', stored.body.data.url);
    assert.deepEqual([fetched.response.status, fetched.body.status], [200, 401]);
  });

  it('sweeps chunk sets older than the configured age, and only those', async () => {
    const sweep = async (json: object) =>
      (await server.control.call('POST', '/api/__test/upload/sweep', { json })).body.data.chunkSets as number;
    const old = chunkedFile(2 * 100, 100, 'old.mp4');
    await sendChunk(teacher, old, 1);
    await new Promise((r) => setTimeout(r, 300));
    const fresh = chunkedFile(2 * 100, 100, 'fresh.mp4');
    await sendChunk(teacher, fresh, 1);
    assert.equal(await sweep({ maxAgeMs: 200 }), 1);
    assert.equal(chunkSetExists(server, old.md5), false);
    assert.equal(chunkSetExists(server, fresh.md5), true);
    // The configured age (24 h by default), on the server clock.
    assert.equal(await sweep({}), 0);
    await server.control.call('POST', '/api/__test/config', { json: { clockOffsetMs: 25 * 60 * 60 * 1000 } });
    assert.equal(await sweep({}), 1);
    assert.equal(chunkSetExists(server, fresh.md5), false);
  });

  it('counts chunk uploads and fails, drops or delays a share of them (test hooks)', async () => {
    const file = chunkedFile(10 * 100, 100, 'flaky.mp4');
    await server.control.call('POST', '/api/__test/upload/config', {
      json: { chunkFailRate: 0.2, chunkDropRate: 0.1 },
    });
    const outcomes: (number | 'dropped')[] = [];
    for (let n = 1; n <= 10; n++) {
      try {
        outcomes.push((await sendChunk(teacher, file, n)).response.status);
      } catch {
        outcomes.push('dropped');
      }
    }
    // Every tenth is dropped, every fifth of the others fails: deterministic.
    assert.deepEqual(outcomes, [200, 200, 200, 200, 500, 200, 200, 200, 200, 'dropped']);
    const stats = (await server.control.call('GET', '/api/__test/upload/stats')).body.data;
    assert.deepEqual(
      { received: stats.received, stored: stats.stored, failed: stats.failed, dropped: stats.dropped },
      { received: 10, stored: 8, failed: 1, dropped: 1 },
    );
    assert.deepEqual(stats.chunks[file.md5], [1, 2, 3, 4, 6, 7, 8, 9]);
    assert.equal((await merge(teacher, file)).body.code, 'chunk count abnormal');

    await server.control.call('POST', '/api/__test/upload/config', {
      json: { chunkFailRate: 0, chunkDropRate: 0, chunkDelayMs: 150 },
    });
    const started = Date.now();
    for (const n of [5, 10]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
    assert.ok(Date.now() - started >= 300);
    assert.equal((await merge(teacher, file)).body.status, 200);
  });
});

describe('upload storage: sending while hashing, cancel (extensions)', () => {
  const server = useServer();
  let teacher: Client;
  beforeEach(async () => {
    await server.control.call('POST', '/api/__test/upload/config', { json: { extensions: true } });
    teacher = await login(server, 'teacher1');
  });
  const uploadId = () => randomBytes(16).toString('hex');

  it('says what it offers; a server playing one without the extensions has no such call', async () => {
    const { body } = await teacher.call('GET', CAPABILITIES);
    assert.deepEqual(body.data, { hashWhileSending: true, cancel: true, maxChunkSize: 64 * 1024 * 1024 });
    await server.control.call('POST', '/api/__test/upload/config', { json: { extensions: false } });
    assert.equal((await teacher.raw('GET', CAPABILITIES)).status, 404);
  });

  it('takes chunks under an upload id before the MD5 is known, and merges them checked against the MD5', async () => {
    const file = chunkedFile(4 * 65536 + 9, 65536);
    const id = uploadId();
    for (const n of [2, 1, 5]) {
      const { body } = await sendChunk(teacher, file, n, undefined, { uploadId: id });
      assert.equal(body.status, 200, body.message);
    }
    const check = await teacher.call('POST', BLOCK_CHECK, {
      json: { uploadId: id, size: 65536, chunks: 5, chunk: 3, eachSize: 65536, fullSize: file.bytes.length },
    });
    assert.deepEqual([check.body.data, (check.body as Envelope & { chunks: number[] }).chunks], [false, [1, 2, 5]]);
    for (const n of [3, 4]) await sendChunk(teacher, file, n, undefined, { uploadId: id });
    const merged = await teacher.call('POST', MERGE, {
      json: { uploadId: id, md5: file.md5, name: file.name, size: file.bytes.length, chunks: 5 },
    });
    assert.equal(merged.body.status, 200, merged.body.message);
    assert.equal(merged.body.data.md5, file.md5);
    assert.equal(md5Of((await fetchFile(teacher, merged.body.data.url)).bytes), file.md5);
    assert.equal(chunkSetExists(server, id), false, 'the set is gone');
    // Stored under its MD5: the same file again is instant.
    assert.equal(
      (await secondCheck(teacher, file.md5, file.bytes.length, { name: file.name })).body.data.id,
      merged.body.data.id,
    );
  });

  it('refuses a merge whose bytes are not the MD5 it names (chunkmerge), publishing nothing', async () => {
    const file = chunkedFile(2 * 65536 + 1, 65536);
    const id = uploadId();
    for (let n = 1; n <= 3; n++) await sendChunk(teacher, file, n, undefined, { uploadId: id });
    const other = md5Of(randomBytes(8));
    const merged = await teacher.call('POST', MERGE, {
      json: { uploadId: id, md5: other, name: file.name, size: file.bytes.length, chunks: 3 },
    });
    assert.deepEqual([merged.body.status, merged.body.code], [400, 'chunkmerge']);
    assert.equal((await secondCheck(teacher, other, file.bytes.length, { name: file.name })).body.data, false);
    assert.equal((await secondCheck(teacher, file.md5, file.bytes.length, { name: file.name })).body.data, false);
  });

  it("cancel removes the caller's own chunk set, by upload id or MD5, and never another user's", async () => {
    const file = chunkedFile(3 * 65536, 65536);
    const id = uploadId();
    await sendChunk(teacher, file, 1, undefined, { uploadId: id });
    await sendChunk(teacher, file, 1);
    const other = await login(server, 'admin1');
    await sendChunk(other, file, 2, undefined, { uploadId: id });
    assert.equal((await teacher.call('POST', CANCEL, { json: { uploadId: id } })).body.data, true);
    assert.equal((await teacher.call('POST', CANCEL, { json: { md5: file.md5 } })).body.data, true);
    const root = join(server.dataDir, 'storage', 'chunks');
    assert.deepEqual(readdirSync(root).sort(), [`10006-${id}`], "only admin1's set is left");
    // A chunk of the cancelled upload still on its way is refused, and makes nothing again.
    const late = await sendChunk(teacher, file, 3, undefined, { uploadId: id });
    assert.deepEqual([late.body.status, late.body.code], [409, 'uploadunkerror']);
    assert.deepEqual(readdirSync(root).sort(), [`10006-${id}`]);
    assert.equal((await teacher.call('POST', CANCEL, { json: { uploadId: 'x' } })).body.status, 400);
  });
});

describe('upload storage across a restart', () => {
  it('merges after the server restarted between the chunks and the merge (the MD5 is read from disk then)', async () => {
    const dataDir = tempDataDir();
    try {
      const file = chunkedFile(5 * 65536 + 3, 65536);
      let server = await startServer({ dataDir });
      let teacher = await login(server, 'teacher1');
      for (const n of [1, 2, 3]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
      await server.close();
      server = await startServer({ dataDir });
      try {
        teacher = await login(server, 'teacher1');
        assert.deepEqual((await checkChunk(teacher, file, 4)).body.chunks, [1, 2, 3]);
        for (const n of [4, 5, 6]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
        const { body } = await merge(teacher, file);
        assert.equal(body.status, 200, body.message);
        assert.equal(md5Of((await fetchFile(teacher, body.data.url)).bytes), file.md5);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('upload storage timer', () => {
  it('sweeps abandoned chunk sets on its own timer', async () => {
    const server = await startServer({ uploads: { chunkSetMaxAgeMs: 100, sweepIntervalMs: 50 } });
    try {
      const teacher = await login(server, 'teacher1');
      const file = chunkedFile(200, 100, 'left.mp4');
      assert.equal((await sendChunk(teacher, file, 1)).body.status, 200);
      assert.equal(chunkSetExists(server, file.md5), true);
      const deadline = Date.now() + 3000;
      while (chunkSetExists(server, file.md5) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(chunkSetExists(server, file.md5), false);
    } finally {
      await server.close();
    }
  });
});

describe('upload memory', () => {
  const MB = 1024 * 1024;
  const serverMain = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  let dataDir: string;
  let url: string;
  let stop: () => void;

  before(async () => {
    dataDir = tempDataDir();
    const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, EDU_TEST_HOOKS: '1', EDU_QUIET: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    stop = () => child.kill();
    const lines = createInterface({ input: child.stdout });
    url = await new Promise<string>((done, failed) => {
      child.once('exit', (code) => failed(new Error(`server exited with ${code}`)));
      lines.on('line', (line) => {
        const match = /listening on (\S+)/.exec(line);
        if (match) done(match[1]!);
      });
    });
  });
  after(() => {
    stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the server within 100 MB of memory while 200 MB arrive in 2 MB chunks and one 100 MB file', async (t) => {
    const client = await login({ url } as RunningServer, 'teacher1');
    const control = new Client(url);
    const rss = async (): Promise<number> => (await control.call('GET', '/api/__test/upload/stats')).body.data.rssBytes;
    const eachSize = 2 * MB;
    const count = 100;
    const base = randomBytes(eachSize);
    const chunkBytes = (n: number) => {
      const bytes = Buffer.from(base);
      bytes.writeUInt32BE(n, 0);
      return bytes;
    };
    const hash = createHash('md5');
    for (let n = 1; n <= count; n++) hash.update(chunkBytes(n));
    const file: ChunkedFile = {
      bytes: Buffer.alloc(0),
      md5: hash.digest('hex'),
      name: 'big.mp4',
      eachSize,
      chunks: [],
    };
    const fullSize = eachSize * count;
    const send = (n: number) =>
      postForm(
        client,
        CHUNK,
        {
          chunked: true,
          chunk: n,
          chunks: count,
          eachSize,
          md5: file.md5,
          fileName: file.name,
          fullSize,
          uid: 'u',
          size: eachSize,
        },
        { bytes: chunkBytes(n), name: file.name },
      );

    // Warm up (the multipart parser, JIT), then measure from there.
    assert.equal((await send(1)).body.status, 200);
    const baseline = await rss();
    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rss());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    let next = 2;
    const worker = async () => {
      while (next <= count) {
        const n = next++;
        const { body } = await send(n);
        assert.equal(body.status, 200, body.message);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    const merged = await client.call('POST', MERGE, {
      json: { md5: file.md5, name: file.name, size: fullSize, chunks: count },
    });
    assert.equal(merged.body.status, 200, merged.body.message);

    const single = randomBytes(100 * MB);
    const uploaded = await postForm(
      client,
      SINGLE,
      { uid: 'u', md5: md5Of(single) },
      { bytes: single, name: 'one.mp4' },
    );
    assert.equal(uploaded.body.status, 200, uploaded.body.message);
    sampling = false;
    await sampler;
    peak = Math.max(peak, await rss());

    const response = await client.raw('GET', merged.body.data.url);
    const check = createHash('md5');
    for await (const part of response.body!) check.update(part as Uint8Array);
    assert.equal(check.digest('hex'), file.md5);
    const growth = (peak - baseline) / MB;
    t.diagnostic(`server RSS: baseline ${(baseline / MB).toFixed(1)} MB, growth ${growth.toFixed(1)} MB`);
    assert.ok(growth < 100, `server RSS grew by ${growth.toFixed(1)} MB`);
  });
});
