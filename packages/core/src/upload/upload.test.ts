/**
 * The upload controller against an in-memory storage server (test-support/fake-storage.ts): the spec's flow, the
 * state machine, pipelining and concurrency, retry and backoff, refusals, pause, resume, abort and offline. The
 * whole flow against the reference server is in upload-server.test.ts.
 */
import { expect } from '@open-wc/testing';
import { RequestError } from '../http/errors.ts';
import { md5Bytes } from '../platform/md5.ts';
import {
  businessError,
  fakeStorage,
  gate,
  network as networkError,
  patternBytes,
  patternFile,
} from '../test-support/fake-storage.ts';
import { captureNotices } from '../test-support/server.ts';
import { createSessionStore } from '../session/store.ts';
import { UPLOAD_PATHS } from './api.ts';
import { hashFile, type HashFunction } from './hash.ts';
import { findResumeRecord, listResumeRecords } from './resume.ts';
import {
  browserNetwork,
  createUpload,
  type NetworkStatus,
  type UploadClock,
  type UploadOptions,
  type UploadSnapshot,
  type UploadState,
} from './upload.ts';

const KB64 = 64 * 1024;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A clock whose sleeps are recorded and take no time (unless a test makes them wait). */
function fakeTime(onSleep: (ms: number) => Promise<void> | void = () => {}) {
  const delays: number[] = [];
  let now = 0;
  const clock: UploadClock = {
    now: () => (now += 100),
    async sleep(ms, signal) {
      delays.push(ms);
      await onSleep(ms);
      if (signal.aborted) throw new Error('stopped');
    },
  };
  return { clock, delays };
}

function fakeNetwork(initial = true) {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  const network: NetworkStatus = {
    online: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    network,
    set(next: boolean) {
      online = next;
      for (const listener of [...listeners]) listener(next);
    },
    listeners: () => listeners.size,
  };
}

/** States in the order they were entered. */
function track(upload: { subscribe(l: (s: UploadSnapshot) => void): () => void }) {
  const states: UploadState[] = [];
  const snapshots: UploadSnapshot[] = [];
  upload.subscribe((snapshot) => {
    snapshots.push(snapshot);
    if (states.at(-1) !== snapshot.state) states.push(snapshot.state);
  });
  return { states, snapshots };
}

async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (condition()) return;
    await tick();
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('createUpload', () => {
  let notices: ReturnType<typeof captureNotices>;
  beforeEach(() => {
    localStorage.clear();
    notices = captureNotices();
  });
  afterEach(() => notices.restore());

  function setup(extra: UploadOptions = {}) {
    const storage = fakeStorage();
    const time = fakeTime();
    const net = fakeNetwork();
    const options: UploadOptions = {
      client: storage.client,
      clock: time.clock,
      network: net.network,
      chunkSize: KB64,
      lang: 'en',
      ...extra,
    };
    return { storage, time, net, options };
  }

  it('sends a file at or under the chunk size in one request, after the existence check', async () => {
    const { storage, options } = setup();
    const file = patternFile(KB64, 'notes.pdf');
    const upload = createUpload(file, { ...options, uid: 'u1', serverId: 'edu' });
    const { states } = track(upload);
    const final = await upload.settled();

    expect(final.state).to.equal('done');
    expect(states).to.deep.equal(['hashing', 'checking', 'uploading', 'done']);
    expect(storage.calls.map((c) => c.path)).to.deep.equal([UPLOAD_PATHS.secondUploadCheck, UPLOAD_PATHS.upload]);
    const md5 = md5Bytes(patternBytes(KB64));
    expect(final.md5).to.equal(md5);
    expect(storage.calls[0]!.fields).to.deep.equal({
      serverid: 'edu',
      md5,
      name: 'notes.pdf',
      chunks: 1,
      eachSize: KB64,
      fullSize: KB64,
      uid: 'u1',
      chunked: false,
      size: KB64,
    });
    const sent = storage.calls[1]!.fields;
    expect(Object.keys(sent).sort()).to.deep.equal(['file', 'md5', 'serverid', 'uid']);
    expect(sent['serverid']).to.equal('edu');
    expect(sent['uid']).to.equal('u1');
    expect((sent['file'] as File).name).to.equal('notes.pdf');
    expect(storage.files.get(md5)).to.deep.equal(patternBytes(KB64));
    expect(final.result).to.deep.include({ md5, size: KB64 });
    expect(final.uploadedBytes).to.equal(KB64);
    expect(final.instant).to.equal(false);
    expect(storage.calls.every((c) => c.options.silent === true && c.options.signal instanceof AbortSignal)).to.equal(
      true,
    );
  });

  it('uploads an empty file in one request', async () => {
    const { storage, options } = setup();
    const final = await createUpload(new File([], 'empty.doc'), options).settled();
    expect(final.state).to.equal('done');
    expect(final.md5).to.equal('d41d8cd98f00b204e9800998ecf8427e');
    expect(storage.count(UPLOAD_PATHS.upload)).to.equal(1);
    expect(storage.files.get(final.md5!)!.length).to.equal(0);
  });

  it('checks every chunk, uploads them with every field of §7 and merges; the stored bytes are identical', async () => {
    const { storage, options } = setup();
    const size = 5 * KB64 + 100;
    const file = patternFile(size);
    const upload = createUpload(file, { ...options, uid: 'u2' });
    const { states } = track(upload);
    const final = await upload.settled();

    expect(final.state).to.equal('done');
    expect(states).to.deep.equal(['hashing', 'checking', 'uploading', 'merging', 'done']);
    const md5 = md5Bytes(patternBytes(size));
    expect(storage.files.get(md5)).to.deep.equal(patternBytes(size));
    expect(storage.count(UPLOAD_PATHS.blockUploadCheck)).to.equal(6);
    const checks = storage.calls.filter((c) => c.path === UPLOAD_PATHS.blockUploadCheck);
    expect(checks.map((c) => c.fields['chunk']).sort()).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(checks.find((c) => c.fields['chunk'] === 6)!.fields).to.deep.include({
      md5,
      size: 100,
      chunks: 6,
      name: 'lesson.mp4',
      uid: 'u2',
    });
    const uploads = storage.calls.filter((c) => c.path === UPLOAD_PATHS.chunkUpload);
    expect(uploads).to.have.length(6);
    const last = uploads.find((c) => c.fields['chunk'] === '6')!.fields;
    expect(last).to.deep.include({
      chunked: 'true',
      chunks: '6',
      eachSize: String(KB64),
      md5,
      fileName: 'lesson.mp4',
      fullSize: String(size),
      uid: 'u2',
      size: '100',
    });
    expect((last['file'] as Blob).size).to.equal(100);
    const merge = storage.calls.at(-1)!;
    expect(merge.path).to.equal(UPLOAD_PATHS.mergeFile);
    expect(merge.fields).to.deep.include({ md5, name: 'lesson.mp4', size, chunks: 6 });
    expect(final.uploadedBytes).to.equal(size);
    expect(final.chunksDone).to.equal(6);
  });

  it('finishes a second upload at once, without sending a byte', async () => {
    const { storage, options } = setup();
    const file = patternFile(3 * KB64 + 1);
    await createUpload(file, options).settled();
    const before = storage.calls.length;

    const again = createUpload(patternFile(3 * KB64 + 1, 'copy.mp4'), options);
    const { states } = track(again);
    const final = await again.settled();
    expect(final.state).to.equal('done');
    expect(final.instant).to.equal(true);
    expect(final.uploadedBytes).to.equal(final.size);
    expect(states).to.deep.equal(['hashing', 'checking', 'done']);
    expect(storage.calls.slice(before).map((c) => c.path)).to.deep.equal([UPLOAD_PATHS.secondUploadCheck]);
  });

  it('sends only the chunks the server lacks', async () => {
    const { storage, options } = setup();
    const size = 6 * KB64;
    const bytes = patternBytes(size);
    const md5 = md5Bytes(bytes);
    storage.chunkSets.set(
      md5,
      new Map([1, 3, 6].map((i) => [i, bytes.slice((i - 1) * KB64, i * KB64)] as [number, Uint8Array])),
    );
    const final = await createUpload(patternFile(size), options).settled();
    expect(final.state).to.equal('done');
    const sent = storage.calls.filter((c) => c.path === UPLOAD_PATHS.chunkUpload).map((c) => c.fields['chunk']);
    expect(sent.sort()).to.deep.equal(['2', '4', '5']);
    expect(storage.files.get(md5)).to.deep.equal(bytes);
  });

  it('checks once when the server lists the chunks it holds, and sends only those it lacks', async () => {
    const { storage, options } = setup();
    storage.listChunks(true);
    const size = 6 * KB64 + 9;
    const bytes = patternBytes(size);
    const md5 = md5Bytes(bytes);
    storage.chunkSets.set(
      md5,
      new Map([2, 3, 7].map((i) => [i, bytes.slice((i - 1) * KB64, i * KB64)] as [number, Uint8Array])),
    );
    const upload = createUpload(patternFile(size), options);
    const { snapshots } = track(upload);
    const final = await upload.settled();
    expect(final.state).to.equal('done');
    expect(storage.count(UPLOAD_PATHS.blockUploadCheck)).to.equal(1);
    const sent = storage.calls.filter((c) => c.path === UPLOAD_PATHS.chunkUpload).map((c) => c.fields['chunk']);
    expect(sent.sort()).to.deep.equal(['1', '4', '5', '6']);
    expect(storage.files.get(md5)).to.deep.equal(bytes);
    // The listed chunks count as held at once, before any upload.
    const firstUploading = snapshots.find((s) => s.state === 'uploading' && s.chunksDone > 0)!;
    expect(firstUploading.chunksDone).to.equal(3);
    expect(firstUploading.uploadedBytes).to.equal(2 * KB64 + 9);
  });

  it('keeps up to 3 chunk uploads in flight (configurable), with the checks running alongside them', async () => {
    for (const concurrency of [3, 1]) {
      const { storage, options } = setup({ concurrency });
      storage.fault(UPLOAD_PATHS.chunkUpload, () => new Promise((resolve) => setTimeout(resolve, 5)));
      const final = await createUpload(patternFile(12 * KB64), options).settled();
      expect(final.state).to.equal('done');
      expect(storage.stats().maxUploadsInFlight, `concurrency ${concurrency}`).to.equal(concurrency);
      expect(storage.stats().checksDuringUploads, `concurrency ${concurrency}`).to.be.greaterThan(0);
    }
  });

  it('retries a failed chunk after 0, 1, 3 and 5 s, then fails with its kind', async () => {
    const { storage, time, options } = setup();
    storage.fault(UPLOAD_PATHS.chunkUpload, (call) => (call.fields['chunk'] === '2' ? networkError() : undefined));
    const final = await createUpload(patternFile(2 * KB64), { ...options, concurrency: 1 }).settled();
    expect(final.state).to.equal('failed');
    expect(final.error!.kind).to.equal('uploadunkerror');
    expect(final.error!.refusal).to.equal(false);
    expect(time.delays).to.deep.equal([0, 1000, 3000, 5000]);
    expect(
      storage.calls.filter((c) => c.fields['chunk'] === '2' && c.path === UPLOAD_PATHS.chunkUpload),
    ).to.have.length(5);
    expect(storage.count(UPLOAD_PATHS.mergeFile)).to.equal(0);
    expect(notices.notices).to.have.length(1);
    // The chunk got no answer at all: the notice says the server cannot be reached.
    expect(notices.notices[0]!.message).to.equal(
      'The server cannot be reached and the file is not uploaded yet, please try again later',
    );
  });

  it('tells a file changed on disk since it was picked as readerror, without retrying (it cannot be read again)', async () => {
    const { storage, time, options } = setup();
    // What Chromium does with a picked file changed on disk: its request fails without an answer
    // (ERR_UPLOAD_FILE_CHANGED) and every read of it fails from then on (the E2E changes a real file).
    let changed = false;
    class ChangedLater extends File {
      override slice(start?: number, end?: number): Blob {
        const part = super.slice(start, end);
        const read = part.arrayBuffer.bind(part);
        const fails = () => Promise.reject(new DOMException('changed', 'NotReadableError'));
        return Object.assign(part, {
          arrayBuffer: () => (changed ? fails() : read()),
          // A slice of the slice (the probe's first byte) fails alike.
          slice: (from = 0, to?: number) => this.slice((start ?? 0) + from, to === undefined ? end : (start ?? 0) + to),
        });
      }
    }
    const file = new ChangedLater([patternBytes(3 * KB64)], 'lesson.mp4');
    storage.fault(UPLOAD_PATHS.chunkUpload, (call) => {
      if (call.fields['chunk'] !== '2') return undefined;
      changed = true;
      return networkError();
    });
    const final = await createUpload(file, { ...options, concurrency: 1 }).settled();
    expect(final.state).to.equal('failed');
    expect(final.error!.kind).to.equal('readerror');
    expect(final.error!.refusal).to.equal(true);
    expect(final.error!.message).to.equal('The file changed or was moved since it was picked: pick it again');
    expect(time.delays, 'no retry').to.deep.equal([]);
    expect(storage.count(UPLOAD_PATHS.mergeFile)).to.equal(0);
  });

  it('waits for the network when its hashing code cannot load offline, instead of calling the file changed', async () => {
    const { options, net } = setup();
    let calls = 0;
    // Offline, a Worker's script or hash-wasm cannot be fetched: the hash fails with a TypeError, not a read error.
    const hash: HashFunction = (blob, opts) =>
      ++calls === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : hashFile(blob, opts);
    net.set(false);
    const upload = createUpload(patternFile(3 * KB64), { ...options, hash });
    await until(() => upload.getSnapshot().state === 'paused');
    expect(upload.getSnapshot()).to.include({ pausedBy: 'offline', error: null });
    net.set(true);
    const final = await upload.settled();
    expect(final.state).to.equal('done');
    expect(calls).to.equal(2);
  });

  it('says "upload failed" (and may be retried) when its hashing code cannot load online', async () => {
    const { options } = setup();
    const hash: HashFunction = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const final = await createUpload(patternFile(3 * KB64), { ...options, hash, notify: false }).settled();
    expect(final.state).to.equal('failed');
    expect(final.error).to.include({ kind: 'upload failed', refusal: false });
  });

  it('recovers from failures within the retries, and retries timeouts, 5xx, 408 and 429 but not other refusals', async () => {
    const { storage, time, options } = setup();
    let failures = 2;
    storage.fault(UPLOAD_PATHS.upload, () => (failures-- > 0 ? networkError() : undefined));
    const ok = await createUpload(patternFile(100), options).settled();
    expect(ok.state).to.equal('done');
    expect(time.delays).to.deep.equal([0, 1000]);

    const retried = [
      new RequestError({ kind: 'timeout', status: 0, message: 't' }),
      new RequestError({ kind: 'http', status: 502, message: '502' }),
      new RequestError({ kind: 'http', status: 429, message: '429' }),
      new RequestError({ kind: 'http', status: 408, message: '408' }),
      businessError(500, 'server busy'),
    ];
    for (const error of retried) {
      const again = setup();
      let once = true;
      again.storage.fault(UPLOAD_PATHS.upload, () => (once ? ((once = false), error) : undefined));
      const final = await createUpload(patternFile(100, 'a.pdf'), again.options).settled();
      expect(final.state, error.message).to.equal('done');
      expect(again.time.delays, error.message).to.deep.equal([0]);
    }

    const refused = [
      businessError(403, 'forbidden'),
      new RequestError({ kind: 'http', status: 400, message: '400' }),
      new RequestError({ kind: 'session', status: 401, message: 'expired' }),
    ];
    for (const error of refused) {
      const again = setup();
      again.storage.fault(UPLOAD_PATHS.upload, () => error);
      const final = await createUpload(patternFile(100, 'a.pdf'), again.options).settled();
      expect(final.state, error.message).to.equal('failed');
      expect(final.error!.kind).to.equal('uploaderror');
      expect(final.error!.refusal, error.message).to.equal(true);
      expect(again.time.delays, error.message).to.deep.equal([]);
      expect(again.storage.count(UPLOAD_PATHS.upload)).to.equal(1);
    }
  });

  it('starts the retry count again once another chunk has been accepted', async () => {
    const held = gate();
    const current: { upload?: ReturnType<typeof createUpload> } = {};
    const time = fakeTime(async () => {
      if (time.delays.length === 3) {
        held.open();
        await until(() => (current.upload?.getSnapshot().chunksDone ?? 0) >= 1, 'chunk 2 accepted');
      }
    });
    const { storage, options } = setup({ clock: time.clock, concurrency: 2 });
    let chunk1Failures = 5;
    storage.fault(UPLOAD_PATHS.chunkUpload, (call) => {
      if (call.fields['chunk'] === '1' && chunk1Failures-- > 0) return networkError();
      if (call.fields['chunk'] === '2') return held.promise;
      return undefined;
    });
    const upload = createUpload(patternFile(3 * KB64), options);
    current.upload = upload;
    const final = await upload.settled();
    expect(final.state).to.equal('done');
    // Without the reset the fifth failure would have been the last: 0, 1, 3, 5 s and out.
    expect(time.delays).to.deep.equal([0, 1000, 3000, 0, 1000]);
  });

  it('names the catalogue kinds of each step', async () => {
    const cases: [string, RequestError, string][] = [
      [UPLOAD_PATHS.secondUploadCheck, businessError(403, 'no'), 'checkerror'],
      [UPLOAD_PATHS.blockUploadCheck, businessError(403, 'no'), 'checkchunkerror'],
      [UPLOAD_PATHS.chunkUpload, businessError(403, 'no'), 'uploadunkerror'],
      [UPLOAD_PATHS.mergeFile, businessError(400, 'no'), 'chunkmerge'],
      [UPLOAD_PATHS.chunkUpload, businessError(400, 'size exceeds limit'), 'size exceeds limit'],
      [UPLOAD_PATHS.mergeFile, businessError(500, 'chunk count abnormal'), 'chunk count abnormal'],
    ];
    for (const [path, error, kind] of cases) {
      const { storage, options } = setup();
      storage.fault(path, () => error);
      const final = await createUpload(patternFile(2 * KB64 + 1), options).settled();
      expect(final.state, kind).to.equal('failed');
      expect(final.error!.kind, path).to.equal(kind);
      expect(final.error!.refusal, kind).to.equal(true);
      expect(final.error!.message).to.equal(error.message);
    }
  });

  it('refuses a merge whose bytes do not match the MD5 (a corrupted chunk), without retrying it', async () => {
    const { storage, time, options } = setup();
    storage.fault(UPLOAD_PATHS.mergeFile, (call) => {
      storage.chunkSets.get(String(call.fields['md5']))!.get(2)![0] ^= 0xff;
      return undefined;
    });
    const final = await createUpload(patternFile(3 * KB64), options).settled();
    expect(final.state).to.equal('failed');
    expect(final.error!.kind).to.equal('chunkmerge');
    expect(storage.files.size).to.equal(0);
    expect(time.delays).to.deep.equal([]);
  });

  it('checks and sends again what the server lost when the merge finds chunks missing, once', async () => {
    const { storage, options } = setup();
    let lost = false;
    storage.fault(UPLOAD_PATHS.mergeFile, (call) => {
      if (!lost) {
        lost = true;
        storage.chunkSets.get(String(call.fields['md5']))!.delete(3);
      }
      return undefined;
    });
    const final = await createUpload(patternFile(4 * KB64), options).settled();
    expect(final.state).to.equal('done');
    expect(storage.count(UPLOAD_PATHS.mergeFile)).to.equal(2);
    const chunk3 = storage.calls.filter((c) => c.path === UPLOAD_PATHS.chunkUpload && c.fields['chunk'] === '3');
    expect(chunk3).to.have.length(2);
    expect(storage.count(UPLOAD_PATHS.chunkUpload)).to.equal(5);
  });

  it('refuses rejected types of both lists, files over the limit, files outside accept and no file, before reading', async () => {
    let hashed = 0;
    const hash: HashFunction = (blob, opts) => {
      hashed++;
      return hashFile(blob, opts);
    };
    const cases: [File | null, UploadOptions, string, string][] = [
      [new File(['x'], 'setup.exe'), {}, 'type not allowed', 'Files of this type are not allowed (.exe)'],
      [new File(['x'], 'page.jspx'), {}, 'type not allowed', 'Files of this type are not allowed (.jspx)'],
      [new File(['x'], 'run.SH'), {}, 'type not allowed', 'Files of this type are not allowed (.sh)'],
      [
        new File(['x'], 'a.doc'),
        { rejected: ['doc'] },
        'type not allowed',
        'Files of this type are not allowed (.doc)',
      ],
      [new File(['12345'], 'big.mp4'), { maxSize: 4 }, 'size exceeds limit', 'Size exceeds limit'],
      [
        new File(['x'], 'a.png'),
        { accept: ['mp4', 'mov'] },
        'type not allowed',
        'Files of this type are not allowed (.png)',
      ],
      [null, {}, 'Not find file', 'Not find file'],
    ];
    for (const [file, extra, kind, message] of cases) {
      const { storage, options } = setup();
      const upload = createUpload(file, { ...options, ...extra, hash });
      const snapshot = upload.getSnapshot();
      expect(snapshot.state, kind).to.equal('failed');
      expect(snapshot.error!.kind).to.equal(kind);
      expect(snapshot.error!.message).to.equal(message);
      expect(snapshot.error!.refusal).to.equal(true);
      upload.retry();
      upload.resume();
      await tick();
      expect(upload.getSnapshot().state).to.equal('failed');
      expect(storage.calls).to.have.length(0);
    }
    expect(hashed).to.equal(0);
    expect(notices.notices.map((n) => n.type)).to.deep.equal([
      'error',
      'error',
      'error',
      'error',
      'error',
      'error',
      'warning',
    ]);
    // A file of exactly the limit passes.
    const { options } = setup();
    expect((await createUpload(new File(['1234'], 'ok.mp4'), { ...options, maxSize: 4 }).settled()).state).to.equal(
      'done',
    );
  });

  it('pauses (cancelling requests in flight) and resumes, sending finished chunks only once', async () => {
    const { storage, options } = setup();
    const held = gate();
    storage.fault(UPLOAD_PATHS.chunkUpload, (call) => (call.fields['chunk'] === '4' ? held.promise : undefined));
    const size = 6 * KB64;
    const upload = createUpload(patternFile(size), { ...options, concurrency: 1 });
    await until(() => storage.calls.some((c) => c.path === UPLOAD_PATHS.chunkUpload && c.fields['chunk'] === '4'));
    const inFlight = storage.calls.at(-1)!;
    upload.pause();
    expect(upload.getSnapshot().state).to.equal('paused');
    expect(upload.getSnapshot().pausedBy).to.equal('user');
    expect(inFlight.options.signal!.aborted).to.equal(true);
    const calls = storage.calls.length;
    await tick();
    expect(storage.calls.length).to.equal(calls);
    expect(upload.getSnapshot().uploadedBytes).to.equal(3 * KB64);

    held.open();
    upload.resume();
    const final = await upload.settled();
    expect(final.state).to.equal('done');
    const sent = storage.calls.filter((c) => c.path === UPLOAD_PATHS.chunkUpload).map((c) => c.fields['chunk']);
    expect(sent).to.deep.equal(['1', '2', '3', '4', '4', '5', '6']);
    expect(storage.count(UPLOAD_PATHS.secondUploadCheck)).to.equal(1);
    expect(storage.files.get(final.md5!)).to.deep.equal(patternBytes(size));
  });

  it('pauses while hashing and hashes again on resume', async () => {
    const { storage, options } = setup();
    const signals: AbortSignal[] = [];
    const hash: HashFunction = (blob, opts) => {
      signals.push(opts!.signal!);
      return hashFile(blob, opts);
    };
    const upload = createUpload(patternFile(KB64), { ...options, hash });
    expect(upload.getSnapshot().state).to.equal('hashing');
    upload.pause();
    expect(signals[0]!.aborted).to.equal(true);
    await tick();
    expect(upload.getSnapshot().state).to.equal('paused');
    upload.resume();
    expect((await upload.settled()).state).to.equal('done');
    expect(signals).to.have.length(2);
    expect(storage.count(UPLOAD_PATHS.upload)).to.equal(1);
  });

  it('aborts: requests in flight are cancelled, nothing more is sent, and it stays aborted', async () => {
    const { storage, options, net } = setup();
    const held = gate();
    storage.fault(UPLOAD_PATHS.chunkUpload, () => held.promise);
    const upload = createUpload(patternFile(4 * KB64), options);
    await until(() => storage.count(UPLOAD_PATHS.chunkUpload) === 3, 'three uploads in flight');
    upload.abort();
    const final = await upload.settled();
    expect(final.state).to.equal('aborted');
    const uploads = storage.calls.filter((c) => c.path === UPLOAD_PATHS.chunkUpload);
    expect(uploads.every((c) => c.options.signal!.aborted)).to.equal(true);
    held.open();
    await tick();
    await tick();
    expect(storage.count(UPLOAD_PATHS.chunkUpload)).to.equal(3);
    expect(storage.count(UPLOAD_PATHS.mergeFile)).to.equal(0);
    upload.resume();
    upload.retry();
    expect(upload.getSnapshot().state).to.equal('aborted');
    expect(net.listeners()).to.equal(0);
    expect(notices.notices).to.have.length(0);
  });

  it('pauses while the browser is offline and carries on when it is back', async () => {
    const { storage, options, net } = setup();
    const held = gate();
    storage.fault(UPLOAD_PATHS.chunkUpload, (call) => (call.fields['chunk'] === '2' ? held.promise : undefined));
    const upload = createUpload(patternFile(3 * KB64), { ...options, concurrency: 1 });
    await until(() => storage.calls.some((c) => c.path === UPLOAD_PATHS.chunkUpload && c.fields['chunk'] === '2'));
    const inFlight = storage.calls.at(-1)!;
    net.set(false);
    expect(upload.getSnapshot().state).to.equal('paused');
    expect(upload.getSnapshot().pausedBy).to.equal('offline');
    expect(inFlight.options.signal!.aborted).to.equal(true);
    held.open();
    net.set(true);
    const final = await upload.settled();
    expect(final.state).to.equal('done');
    expect(storage.files.get(final.md5!)).to.deep.equal(patternBytes(3 * KB64));
  });

  it('hashes while offline, then waits for the network before the first request', async () => {
    const { storage, options, net } = setup();
    net.set(false);
    const upload = createUpload(patternFile(KB64), options);
    await until(() => upload.getSnapshot().state === 'paused', 'the offline pause');
    expect(upload.getSnapshot().md5).to.equal(md5Bytes(patternBytes(KB64)));
    expect(upload.getSnapshot().pausedBy).to.equal('offline');
    expect(storage.calls).to.have.length(0);
    net.set(true);
    expect((await upload.settled()).state).to.equal('done');
  });

  it('stays paused when the user paused it, even when the network comes back', async () => {
    const { storage, options, net } = setup();
    // Chunks wait until the test lets them through, so the upload is surely still sending when paused.
    const held = gate();
    storage.fault(UPLOAD_PATHS.chunkUpload, () => held.promise);
    const upload = createUpload(patternFile(3 * KB64), options);
    await until(() => upload.getSnapshot().state === 'uploading');
    net.set(false);
    upload.pause();
    expect(upload.getSnapshot().pausedBy).to.equal('user');
    net.set(true);
    await tick();
    expect(upload.getSnapshot().state).to.equal('paused');
    held.open();
    upload.resume();
    expect((await upload.settled()).state).to.equal('done');
  });

  it('retries after a failure, sending only what is still missing', async () => {
    const { storage, options } = setup();
    let refuse = true;
    storage.fault(UPLOAD_PATHS.chunkUpload, (call) =>
      refuse && call.fields['chunk'] === '3' ? businessError(403, 'no') : undefined,
    );
    const upload = createUpload(patternFile(3 * KB64), { ...options, concurrency: 1 });
    expect((await upload.settled()).state).to.equal('failed');
    refuse = false;
    upload.retry();
    const final = await upload.settled();
    expect(final.state).to.equal('done');
    expect(final.error).to.equal(null);
    const sent = storage.calls.filter((c) => c.path === UPLOAD_PATHS.chunkUpload).map((c) => c.fields['chunk']);
    expect(sent).to.deep.equal(['1', '2', '3', '3']);
  });

  it('counts accepted bytes and never goes back while all goes well', async () => {
    const { options } = setup();
    const size = 8 * KB64 + 10;
    const upload = createUpload(patternFile(size), { ...options, concurrency: 1 });
    const { snapshots } = track(upload);
    const final = await upload.settled();
    const accepted = snapshots.map((s) => s.uploadedBytes);
    for (let i = 1; i < accepted.length; i++) expect(accepted[i]).to.be.at.least(accepted[i - 1]!);
    expect(accepted).to.include(KB64);
    expect(final.uploadedBytes).to.equal(size);
    expect(final.timeLeftMs).to.equal(0);
  });

  it('measures the speed on bytes it sent, not on chunks the server already had, and none while a retry waits', async () => {
    let t = 0;
    const clock: UploadClock = { now: () => t, sleep: async () => {} };
    const { storage, options } = setup({ clock, concurrency: 1 });
    const bytes = patternBytes(8 * KB64);
    storage.chunkSets.set(
      md5Bytes(bytes),
      new Map([1, 2, 3, 4].map((i) => [i, bytes.slice((i - 1) * KB64, i * KB64)] as [number, Uint8Array])),
    );
    let failedOnce = false;
    storage.fault(UPLOAD_PATHS.chunkUpload, (call) => {
      t += 1000;
      if (call.fields['chunk'] === '8' && !failedOnce) {
        failedOnce = true;
        return networkError();
      }
      return undefined;
    });
    const upload = createUpload(patternFile(8 * KB64), options);
    const { snapshots } = track(upload);
    const final = await upload.settled();
    expect(final.state).to.equal('done');
    // Chunk 5 is the first this page sent: one sample, no speed yet; chunk 6 a second later: 64 KiB/s.
    expect(snapshots.find((s) => s.chunksDone === 5)!.speed).to.equal(0);
    const afterSixth = snapshots.find((s) => s.chunksDone === 6)!;
    expect(afterSixth.speed).to.equal(KB64);
    expect(afterSixth.timeLeftMs).to.equal(2000);
    // Chunk 8 failed once: while its retry waits, no speed and no time left are told.
    const waiting = snapshots.findIndex((s, i) => i > 0 && s.chunksDone === 7 && s.speed === 0);
    expect(waiting, 'a snapshot without speed while the retry waits').to.be.greaterThan(-1);
    expect(snapshots[waiting]!.timeLeftMs).to.equal(null);
  });

  it("keeps the user's resume record while unfinished, removes it on success and when the user cancels", async () => {
    const session = createSessionStore();
    session.login({ userId: 'T1', userName: 'teacher1' });
    try {
      const { storage, options } = setup({ session });
      const held = gate();
      storage.fault(UPLOAD_PATHS.chunkUpload, () => held.promise);
      const file = patternFile(2 * KB64 + 1, 'video.mov', 1234);
      const upload = createUpload(file, options);
      await until(() => upload.getSnapshot().state === 'uploading');
      const record = findResumeRecord(file, { session });
      expect(record).to.deep.include({ name: 'video.mov', size: 2 * KB64 + 1, lastModified: 1234 });
      expect(record!.md5).to.equal(upload.getSnapshot().md5);
      expect(localStorage.getItem('EDU_UPLOAD_RESUME')).to.not.include('\u0000');
      upload.pause();
      expect(findResumeRecord(file, { session })).to.not.equal(null);
      upload.abort();
      expect(findResumeRecord(file, { session }), 'cancelled: nothing kept').to.equal(null);

      const again = createUpload(file, options);
      await until(() => again.getSnapshot().state === 'uploading');
      expect(findResumeRecord(file, { session })).to.not.equal(null);
      held.open();
      expect((await again.settled()).state).to.equal('done');
      expect(listResumeRecords({ session })).to.deep.equal([]);
    } finally {
      session.dispose();
    }
  });

  it("follows the browser's online and offline events by default", () => {
    const seen: boolean[] = [];
    const stop = browserNetwork.subscribe((online) => seen.push(online));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(seen).to.deep.equal([false, true]);
    expect(browserNetwork.online()).to.equal(navigator.onLine);
  });

  it('starts only on start() with autoStart false', async () => {
    const { storage, options } = setup({ autoStart: false });
    const upload = createUpload(patternFile(10), options);
    await tick();
    expect(upload.getSnapshot().state).to.equal('idle');
    expect(storage.calls).to.have.length(0);
    upload.start();
    expect((await upload.settled()).state).to.equal('done');
  });
});
