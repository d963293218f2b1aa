/**
 * The upload storage under attack, against a real server over HTTP with the demo accounts: a request sized to block
 * or crash the server, another unit's file taken by its MD5 and size, another user's chunk set wiped, corrupted or
 * read, disk exhaustion (quotas, text field lengths), blocked extensions slipped past with invisible characters,
 * stored files served as pages, unknown ids and malformed multipart bodies. Each attack reports its line
 * (attack-report.ts), asserts that nothing got through, and checks the server still answers a normal upload.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { proofAnswer } from '../src/storage/proof.ts';
import { reportAttack } from './attack-report.ts';
import { Client, login, startServer, useServer, type Envelope } from './helpers.ts';
import {
  BASE64,
  BLOCK_CHECK,
  CHUNK,
  chunkedFile,
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

const server = useServer();

const checkChunks = async (client: Client, file: ChunkedFile, n = 1) =>
  (
    await client.call('POST', BLOCK_CHECK, {
      json: {
        md5: file.md5,
        size: file.chunks[n - 1]!.length,
        chunks: file.chunks.length,
        chunk: n,
        eachSize: file.eachSize,
        fullSize: file.bytes.length,
      },
    })
  ).body as Envelope<boolean> & { chunks: number[] };

/** Uploads every chunk of `file` as `client` and merges it: the stored record. */
async function uploadWhole(client: Client, file: ChunkedFile): Promise<{ id: string; url: string }> {
  for (let n = 1; n <= file.chunks.length; n++) assert.equal((await sendChunk(client, file, n)).body.status, 200);
  const { body } = await merge(client, file);
  assert.equal(body.status, 200, body.message);
  return body.data;
}

/** The bytes a client gets from a stored file's address (empty when refused). */
async function fetchBytes(client: Client, url: string): Promise<Buffer> {
  const response = await client.raw('GET', url);
  const bytes = Buffer.from(await response.arrayBuffer());
  return response.status === 200 && response.headers.get('content-type') !== 'application/json'
    ? bytes
    : Buffer.alloc(0);
}

/** Whether an answer hands out a file whose bytes are `secret`'s. */
async function leaks(client: Client, body: Envelope, secret: Buffer): Promise<boolean> {
  if (body.status !== 200 || !body.data || typeof body.data.url !== 'string') return false;
  return (await fetchBytes(client, body.data.url)).equals(secret);
}

/** A normal upload still works, answered within a second, and its bytes come back. */
async function serverStillAnswers(t: TestContext, who = 'teacher1'): Promise<void> {
  const client = await login(server, who);
  const bytes = randomBytes(2000);
  const started = performance.now();
  const { body } = await postForm(
    client,
    SINGLE,
    { serverid: 'base', uid: 'u', md5: md5Of(bytes) },
    {
      bytes,
      name: 'after.pdf',
    },
  );
  const ms = performance.now() - started;
  assert.equal(body.status, 200, body.message);
  assert.ok((await fetchBytes(client, body.data.url)).equals(bytes));
  t.diagnostic(`a normal upload afterwards: ${ms.toFixed(0)} ms`);
  assert.ok(ms < 1000, `a normal upload took ${ms.toFixed(0)} ms`);
}

test('attack: merge, check or chunk with a chunk count of a billion', async (t) => {
  const student = await login(server, 'student1');
  const md5 = randomBytes(16).toString('hex');
  const requests: (() => Promise<Envelope>)[] = [];
  for (const chunks of [1e9, 1e8, 1e15, Number.MAX_SAFE_INTEGER, 100_001]) {
    requests.push(async () => (await student.call('POST', MERGE, { json: { md5, name: 'x', size: 1, chunks } })).body);
    requests.push(
      async () =>
        (await student.call('POST', BLOCK_CHECK, { json: { md5, size: 1, chunks, chunk: chunks, name: 'x' } })).body,
    );
    requests.push(
      async () =>
        (
          await postForm(
            student,
            CHUNK,
            { chunked: true, chunk: chunks, chunks, eachSize: 1, md5, fileName: 'x.mp4', fullSize: chunks, size: 1 },
            { bytes: randomBytes(1), name: 'x.mp4' },
          )
        ).body,
    );
  }
  // A size that fits the limit but a count that does not fit the size.
  requests.push(
    async () => (await student.call('POST', MERGE, { json: { md5, name: 'x', size: 1000, chunks: 999 } })).body,
  );
  requests.push(async () => (await secondCheck(student, md5, 1000, { chunks: 1e9, eachSize: 1 })).body);
  let gotThrough = 0;
  let slowest = 0;
  for (const send of requests) {
    const started = performance.now();
    const body = await send();
    const ms = performance.now() - started;
    slowest = Math.max(slowest, ms);
    // Got through: accepted, or made the server work for it.
    if (body.status === 200 || ms > 500) gotThrough++;
  }
  t.diagnostic(`slowest refusal: ${slowest.toFixed(0)} ms`);
  reportAttack(t, 'merge/check/chunk with a chunk count of a billion', {
    attempts: requests.length,
    gotThrough,
    dataLost: 0,
  });
  assert.equal(gotThrough, 0);
  const refused = await student.call('POST', MERGE, { json: { md5, name: 'x', size: 1, chunks: 1e9 } });
  assert.deepEqual([refused.body.status, refused.body.code], [400, 'chunk count abnormal']);
  await serverStillAnswers(t);
});

test("attack: take another unit's file with its MD5 and size", async (t) => {
  const teacher = await login(server, 'teacher1');
  const area = await login(server, 'area1');
  const secret = chunkedFile(3 * 65536 + 11, 65536, 'exam.mp4');
  const stored = await uploadWhole(teacher, secret);
  const size = secret.bytes.length;
  const outcomes: boolean[] = [];

  // The instant second upload: no entitlement, so a challenge instead of the file.
  const asked = await secondCheck(area, secret.md5, size);
  outcomes.push(await leaks(area, asked.body, secret.bytes));
  const proof = (asked.body as Envelope & { proof?: { offset: number; length: number; nonce: string } }).proof;
  assert.ok(proof, 'a challenge is asked');
  // Wrong answers: random bytes, the file's MD5 (with a nonce already used).
  const wrong = proofAnswer(proof.nonce, randomBytes(proof.length));
  outcomes.push(
    await leaks(
      area,
      (await secondCheck(area, secret.md5, size, { proofNonce: proof.nonce, proofMd5: wrong })).body,
      secret.bytes,
    ),
  );
  outcomes.push(
    await leaks(
      area,
      (await secondCheck(area, secret.md5, size, { proofNonce: proof.nonce, proofMd5: secret.md5 })).body,
      secret.bytes,
    ),
  );
  // A right answer, but to a challenge about other content (another file of teacher1's, which area1 holds).
  const other = chunkedFile(70_000, 65536, 'other.mp4');
  await uploadWhole(teacher, other);
  const otherAsked = (await secondCheck(area, other.md5, other.bytes.length)).body as Envelope & {
    proof: { offset: number; length: number; nonce: string };
  };
  const { offset, length, nonce } = otherAsked.proof;
  outcomes.push(
    await leaks(
      area,
      (
        await secondCheck(area, secret.md5, size, {
          proofNonce: nonce,
          proofMd5: proofAnswer(nonce, other.bytes.subarray(offset, offset + length)),
        })
      ).body,
      secret.bytes,
    ),
  );

  // Chunk 1 with random bytes, then a merge (the whole file declared, and a one-chunk file of the same size).
  const forged: ChunkedFile = { ...secret, chunks: secret.chunks.map((c) => randomBytes(c.length)) };
  assert.equal((await sendChunk(area, forged, 1)).body.status, 200);
  outcomes.push(await leaks(area, (await merge(area, forged)).body, secret.bytes));
  const oneChunk: ChunkedFile = { ...secret, eachSize: size, chunks: [randomBytes(size)] };
  await sendChunk(area, oneChunk, 1);
  outcomes.push(await leaks(area, (await merge(area, oneChunk)).body, secret.bytes));
  // A merge with no chunks at all, and the file's own address.
  outcomes.push(await leaks(area, (await merge(area, secret)).body, secret.bytes));
  outcomes.push((await fetchBytes(area, stored.url)).equals(secret.bytes));

  // Someone's complete chunk set, merged by another user before its owner does.
  const pending = chunkedFile(2 * 65536 + 5, 65536, 'draft.mp4');
  for (let n = 1; n <= pending.chunks.length; n++)
    assert.equal((await sendChunk(teacher, pending, n)).body.status, 200);
  outcomes.push(await leaks(area, (await merge(area, pending)).body, pending.bytes));
  const own = await merge(teacher, pending);
  const dataLost = (await leaks(teacher, own.body, pending.bytes)) ? 0 : 1;

  const gotThrough = outcomes.filter(Boolean).length;
  reportAttack(t, "take another unit's file by MD5 and size", { attempts: outcomes.length, gotThrough, dataLost });
  assert.equal(gotThrough, 0);
  assert.equal(dataLost, 0);
  await serverStillAnswers(t, 'area1');
});

test('attack: the proof of possession gives the file only to who holds its bytes', async (t) => {
  const teacher = await login(server, 'teacher1');
  const area = await login(server, 'area1');
  const file = chunkedFile(700_000, 65536, 'video.mp4');
  await uploadWhole(teacher, file);
  // Holding only part of the file: half the bytes right, the rest random.
  let attempts = 0;
  let gotThrough = 0;
  for (let i = 0; i < 10; i++) {
    const asked = (await secondCheck(area, file.md5, file.bytes.length)).body as Envelope & {
      proof: { offset: number; length: number; nonce: string };
    };
    const { offset, length, nonce } = asked.proof;
    assert.ok(length > 0 && offset + length <= file.bytes.length);
    const guess = Buffer.from(file.bytes.subarray(offset, offset + length));
    guess.fill(0, Math.floor(length / 2));
    attempts++;
    const answer = await secondCheck(area, file.md5, file.bytes.length, {
      proofNonce: nonce,
      proofMd5: proofAnswer(nonce, guess),
    });
    if (await leaks(area, answer.body, file.bytes)) gotThrough++;
  }
  reportAttack(t, 'proof of possession with part of the bytes', { attempts, gotThrough, dataLost: 0 });
  assert.equal(gotThrough, 0);
  // Who holds the bytes answers right and gets the file at once, over the same stored copy.
  const asked = (await secondCheck(area, file.md5, file.bytes.length)).body as Envelope & {
    proof: { offset: number; length: number; nonce: string };
  };
  const { offset, length, nonce } = asked.proof;
  const proved = await secondCheck(area, file.md5, file.bytes.length, {
    proofNonce: nonce,
    proofMd5: proofAnswer(nonce, file.bytes.subarray(offset, offset + length)),
  });
  assert.equal(proved.body.status, 200, proved.body.message);
  assert.ok(await leaks(area, proved.body, file.bytes));
  await serverStillAnswers(t, 'area1');
});

test("attack: wipe, corrupt or read another user's chunk set", async (t) => {
  const teacher = await login(server, 'teacher1');
  const attackers = [await login(server, 'area1'), await login(server, 'student1'), await login(server, 'staff4')];
  const file = chunkedFile(4 * 65536 + 3, 65536, 'lecture.mp4');
  for (const n of [1, 2, 3]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
  let attempts = 0;
  let gotThrough = 0;
  for (const attacker of attackers) {
    // Wipe: a merge of the same MD5 with another size and count.
    attempts++;
    await attacker.call('POST', MERGE, { json: { md5: file.md5, name: 'x.mp4', size: 1000, chunks: 1 } });
    if ((await checkChunks(teacher, file)).chunks.join() !== '1,2,3') gotThrough++;
    // Corrupt: chunk 2 again, other bytes.
    attempts++;
    await sendChunk(attacker, file, 2, randomBytes(65536));
    if ((await checkChunks(teacher, file)).chunks.join() !== '1,2,3') gotThrough++;
    // Read: which chunks of this MD5 exist (the attacker's own chunk 2 aside).
    attempts++;
    const seen = await checkChunks(attacker, file, 1);
    if (seen.data || seen.chunks.some((n) => n !== 2)) gotThrough++;
  }
  for (const n of [4, 5]) assert.equal((await sendChunk(teacher, file, n)).body.status, 200);
  const merged = await merge(teacher, file);
  assert.equal(merged.body.status, 200, merged.body.message);
  const dataLost = (await leaks(teacher, merged.body, file.bytes)) ? 0 : 1;
  reportAttack(t, "wipe/corrupt/read another user's chunk set", { attempts, gotThrough, dataLost });
  assert.equal(gotThrough, 0);
  assert.equal(dataLost, 0);
  await serverStillAnswers(t);
});

test('attack: fill the disk with chunk sets, files and bytes (quotas)', async (t) => {
  await server.configure({});
  const control = new Client(server.url);
  const quotas = { userMaxPendingSets: 5, userMaxFiles: 12, userMaxBytes: 400_000 };
  const configured = await control.call('POST', '/api/__test/upload/config', { json: quotas });
  assert.equal(configured.body.status, 200);
  const student = await login(server, 'student1');
  // Earlier tests' chunk sets go first (the reset keeps the storage directory).
  await control.call('POST', '/api/__test/upload/sweep', { json: { maxAgeMs: 0 } });
  let attempts = 0;
  let gotThrough = 0;

  // Abandoned chunk sets: only userMaxPendingSets of them.
  let sets = 0;
  let refusal: Envelope | null = null;
  for (let i = 0; i < 15; i++) {
    attempts++;
    const { body } = await sendChunk(student, chunkedFile(200, 100, `a${i}.mp4`), 1);
    if (body.status === 200) sets++;
    else refusal = body;
  }
  gotThrough += Math.max(0, sets - quotas.userMaxPendingSets);
  assert.equal(sets, quotas.userMaxPendingSets);
  assert.deepEqual([refusal?.status, refusal?.code], [403, 'quota exceeded']);
  assert.match(refusal!.message, /\|\|\|Your storage, or your uploads in progress, are at their limit\./);
  // A set of the maximum size counts its declared size: one too large for the bytes left is refused.
  attempts++;
  const huge = await postForm(
    student,
    CHUNK,
    {
      chunked: true,
      chunk: 1,
      chunks: 2,
      eachSize: 300_000,
      md5: randomBytes(16).toString('hex'),
      fileName: 'h.mp4',
      fullSize: 600_000,
      size: 300_000,
    },
    { bytes: randomBytes(300_000), name: 'h.mp4' },
  );
  if (huge.body.status === 200) gotThrough++;
  // The sets are swept (or merged) and the room comes back.
  await control.call('POST', '/api/__test/upload/sweep', { json: { maxAgeMs: 0 } });

  // Tiny files, as fast as possible: only userMaxFiles records.
  let files = 0;
  for (let i = 0; i < 20; i++) {
    attempts++;
    const bytes = randomBytes(10);
    const { body } = await postForm(student, SINGLE, { uid: 'u', md5: md5Of(bytes) }, { bytes, name: `t${i}.pdf` });
    if (body.status === 200) files++;
    else assert.equal(body.code, 'quota exceeded');
  }
  gotThrough += Math.max(0, files - quotas.userMaxFiles);
  assert.equal(files, quotas.userMaxFiles);

  // Bytes: a second user fills the byte quota with single, chunked and base64 uploads.
  const parent = await login(server, 'parent1');
  let storedBytes = 0;
  const add = (body: Envelope) => {
    if (body.status === 200) storedBytes += body.data.size as number;
    else assert.equal(body.code, 'quota exceeded', body.message);
  };
  for (let i = 0; i < 4; i++) {
    attempts++;
    const bytes = randomBytes(90_000);
    add((await postForm(parent, SINGLE, { uid: 'u', md5: md5Of(bytes) }, { bytes, name: `b${i}.pdf` })).body);
    attempts++;
    const file = chunkedFile(90_000, 65536, `c${i}.mp4`);
    const first = await sendChunk(parent, file, 1);
    if (first.body.status === 200) {
      await sendChunk(parent, file, 2);
      add((await merge(parent, file)).body);
    } else add(first.body);
    attempts++;
    add(
      (
        await parent.call('POST', BASE64, {
          json: { fileName: `i${i}`, base64Str: randomBytes(60_000).toString('base64'), type: 'png' },
        })
      ).body,
    );
  }
  t.diagnostic(`bytes stored by one user under a 400000-byte quota: ${storedBytes}`);
  if (storedBytes > quotas.userMaxBytes) gotThrough++;
  reportAttack(t, 'disk exhaustion: chunk sets, tiny files, bytes', { attempts, gotThrough, dataLost: 0 });
  assert.equal(gotThrough, 0);
  await control.call('POST', '/api/__test/upload/config', {
    json: { userMaxPendingSets: null, userMaxFiles: null, userMaxBytes: null },
  });
  await serverStillAnswers(t, 'student1');
});

test('attack: megabytes of text in the text fields', async (t) => {
  // A server of its own, to measure its database.
  const own = await startServer();
  t.after(() => own.close());
  const student = await login(own, 'student1');
  const db = join(own.dataDir, 'portal.db');
  const dbBefore = statSync(db).size;
  const long = 'x'.repeat(7 * 1024 * 1024);
  const bytes = randomBytes(100);
  const md5 = md5Of(bytes);
  const answers: { status: number; body: string }[] = [];
  const record = async (response: Response) => answers.push({ status: response.status, body: await response.text() });
  for (let i = 0; i < 5; i++) {
    await record(await student.raw('POST', SECOND_CHECK, { json: { serverid: long, md5, name: 'x.pdf', size: 100 } }));
    await record(
      await student.raw('POST', BASE64, { json: { serverid: long, fileName: 'a', base64Str: 'AAAA', type: 'png' } }),
    );
    await record(
      await student.raw('POST', MERGE, { json: { serverid: long, md5, name: 'x.pdf', size: 100, chunks: 1 } }),
    );
    await record(await student.raw('POST', SECOND_CHECK, { json: { uid: long, md5, name: 'x.pdf', size: 100 } }));
    await record(await student.raw('POST', SECOND_CHECK, { json: { md5, name: long, size: 100 } }));
  }
  // Multipart: a 1 MiB server id, uid or file name beside a file.
  for (const field of ['serverid', 'uid', 'fileName']) {
    const form = new FormData();
    form.append(field, 'y'.repeat(1024 * 1024));
    form.append('md5', md5);
    form.append('file', new Blob([bytes]), 'x.pdf');
    await record(
      await fetch(new URL(SINGLE, own.url), {
        method: 'POST',
        body: form,
        headers: { cookie: `edu_at=${student.cookie('edu_at')}` },
      }),
    );
  }
  const single = await postForm(student, SINGLE, { serverid: 'base<script>', uid: 'u', md5 }, { bytes, name: 'x.pdf' });
  answers.push({ status: single.response.status, body: JSON.stringify(single.body) });
  const stored = answers.filter((a) => JSON.parse(a.body).status === 200);
  const echoed = answers.filter((a) => a.body.length > 10_000);
  const growth = statSync(db).size - dbBefore;
  t.diagnostic(
    `database growth after ${answers.length} calls: ${growth} bytes; longest answer ${Math.max(...answers.map((a) => a.body.length))} characters`,
  );
  const gotThrough = stored.length + echoed.length + (growth > 1024 * 1024 ? 1 : 0);
  reportAttack(t, 'megabytes of text in text fields', { attempts: answers.length, gotThrough, dataLost: 0 });
  assert.equal(gotThrough, 0);
  assert.ok(answers.every((a) => a.status < 500));
  await serverStillAnswers(t, 'student1');
});

test('attack: blocked extensions behind invisible characters', async (t) => {
  const teacher = await login(server, 'teacher1');
  const names = [
    'x.html\u0007',
    'x.exe\u0000',
    'x.jsp\u200b',
    'x.jsp ',
    'x.exe.',
    'x.htm',
    'x.XHTML',
    'x\u202egpj.exe',
    'x.ｅｘｅ',
    'x.exe\u2028',
    'x.html\u00a0',
    'x.php\ufeff',
  ];
  let attempts = 0;
  let gotThrough = 0;
  for (const name of names) {
    const bytes = randomBytes(200);
    const md5 = md5Of(bytes);
    attempts++;
    if ((await postForm(teacher, SINGLE, { uid: 'u', md5 }, { bytes, name })).body.status === 200) gotThrough++;
    const file = chunkedFile(200, 100, name);
    attempts++;
    if ((await sendChunk(teacher, file, 1)).body.status === 200) gotThrough++;
    attempts++;
    if ((await merge(teacher, file)).body.status === 200) gotThrough++;
    attempts++;
    const stored = await postForm(teacher, SINGLE, { uid: 'u', md5 }, { bytes, name: 'fine.pdf' });
    assert.equal(stored.body.status, 200);
    if ((await teacher.call('POST', SECOND_CHECK, { json: { md5, name, size: 200 } })).body.status === 200)
      gotThrough++;
  }
  reportAttack(t, 'blocked extensions behind invisible characters', { attempts, gotThrough, dataLost: 0 });
  assert.equal(gotThrough, 0);
  await serverStillAnswers(t);
});

test('attack: a stored SVG, XML or script served as a page of the portal', async (t) => {
  const teacher = await login(server, 'teacher1');
  const page = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
  let attempts = 0;
  let gotThrough = 0;
  for (const name of ['a.svg', 'a.xml', 'a.js', 'a.mjs', 'a.xsl', 'a.pdf', 'a.json', 'a.csv', 'a']) {
    const bytes = Buffer.concat([page, randomBytes(8)]);
    const { body } = await postForm(teacher, SINGLE, { uid: 'u', md5: md5Of(bytes) }, { bytes, name });
    assert.equal(body.status, 200, `${name}: ${body.message}`);
    for (const url of [body.data.url as string, `/api/storage/show/${body.data.id}`]) {
      attempts++;
      const response = await teacher.raw('GET', url);
      await response.arrayBuffer();
      const safe =
        response.status === 200 &&
        response.headers.get('x-content-type-options') === 'nosniff' &&
        /^attachment;/.test(response.headers.get('content-disposition') ?? '');
      if (!safe) gotThrough++;
    }
  }
  // The seeded logos too (an <img> shows an attachment all the same).
  const logo = await teacher.raw('GET', '/api/storage/show/1');
  await logo.arrayBuffer();
  assert.equal(logo.status, 200);
  assert.equal(logo.headers.get('x-content-type-options'), 'nosniff');
  reportAttack(t, 'stored SVG/XML/script served inline', { attempts, gotThrough, dataLost: 0 });
  assert.equal(gotThrough, 0);
  await serverStillAnswers(t);
});

test('attack: unknown ids on the file addresses', async (t) => {
  const teacher = await login(server, 'teacher1');
  let attempts = 0;
  let gotThrough = 0;
  for (const id of ['999999', 'abc', 'undefined', '1e3', '-1', '%00', 'x'.repeat(40)]) {
    for (const path of [`/api/storage/show/${id}`, `/api/storage/show/unit/${id}`]) {
      attempts++;
      const response = await teacher.raw('GET', path);
      const text = await response.text();
      let envelope: Envelope | null = null;
      try {
        envelope = JSON.parse(text) as Envelope;
      } catch {
        envelope = null;
      }
      if (response.status !== 404 || envelope?.status !== 404) gotThrough++;
    }
  }
  reportAttack(t, 'unknown ids on /api/storage/show', { attempts, gotThrough, dataLost: 0 });
  assert.equal(gotThrough, 0);
  await serverStillAnswers(t);
});

/** Sends a raw multipart body and answers the HTTP status. */
function rawMultipart(path: string, cookie: string, body: string, boundary = 'b0undary'): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, server.url), {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(Buffer.byteLength(body)),
        cookie,
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

test('attack: malformed multipart bodies', async (t) => {
  const teacher = await login(server, 'teacher1');
  const cookie = `edu_at=${teacher.cookie('edu_at')}`;
  const bodies = [
    '--b0undary\r\nContent-Disposition: form-data; name="md5"\r\n\r\nabc',
    '--b0undary\r\nthis is not a header\r\n\r\nvalue\r\n--b0undary--\r\n',
    '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nbytes without an end',
    'no boundary at all',
    '--b0undary\r\nContent-Disposition: form-data; name="chunk"\r\n\r\n1\r\n--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\nxx',
  ];
  let attempts = 0;
  let gotThrough = 0;
  const statuses: number[] = [];
  for (const path of [SINGLE, CHUNK]) {
    for (const body of bodies) {
      attempts++;
      const status = await rawMultipart(path, cookie, body);
      statuses.push(status);
      if (status >= 500) gotThrough++;
    }
  }
  t.diagnostic(`statuses: ${statuses.join(' ')}`);
  reportAttack(t, 'malformed multipart bodies', { attempts, gotThrough, dataLost: 0 });
  assert.equal(gotThrough, 0);
  assert.ok(
    statuses.every((status) => status === 400 || status === 200),
    statuses.join(),
  );
  await serverStillAnswers(t);
});
