import { expect } from '@open-wc/testing';
import { md5Bytes } from '../platform/md5.ts';
import { patternBytes } from '../test-support/fake-storage.ts';
import { endIdleWorkers, hashFile, hashOnMainThread } from './hash.ts';

const MB2 = 2 * 1024 * 1024;
/** `md5sum` of `patternBytes(size)` written to a file (node writes the bytes, coreutils hashes them). */
const MD5SUM: Record<number, string> = {
  0: 'd41d8cd98f00b204e9800998ecf8427e',
  1: '93b885adfe0da089cdf634904fd59f71',
  [MB2]: '8ba72f16a7840625b8c4baf70392e974',
  [MB2 + 1]: '8aa76ca25e5ea21a7e79f305d5edfb67',
  [2 * MB2]: '9bbdef95b8977e4563ae3b237e6e1bed',
  9437191: 'e16e82a8032b8791dea23c26c8c41034',
  67108869: 'c5d15e7f24075887abe8b7fd179656bb',
};
const SIZES = Object.keys(MD5SUM).map(Number);

describe('upload MD5', () => {
  it('matches md5sum on every size, in the Worker', async () => {
    for (const size of SIZES) {
      const digest = await hashFile(new Blob([patternBytes(size)]));
      expect(digest, `${size} bytes`).to.equal(MD5SUM[size]);
    }
  });

  it('matches md5sum on the main thread too, and an independent MD5 where it is quick enough', async () => {
    for (const size of SIZES.filter((s) => s < 16 * 1024 * 1024)) {
      const bytes = patternBytes(size);
      const digest = await hashFile(new Blob([bytes]), { worker: false });
      expect(digest, `${size} bytes`).to.equal(MD5SUM[size]);
      expect(md5Bytes(bytes), `independent MD5 of ${size} bytes`).to.equal(digest);
    }
    expect(await hashFile(new Blob(['a']))).to.equal('0cc175b9c0f1b6a831c399e269772661');
  });

  it('hashes in a Worker when there is one, kept for the next files, and on the main thread when there is none', async () => {
    endIdleWorkers();
    const RealWorker = globalThis.Worker;
    let created = 0;
    globalThis.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        created++;
      }
    };
    try {
      for (let i = 0; i < 3; i++) expect(await hashFile(new Blob([patternBytes(MB2 + 1)]))).to.equal(MD5SUM[MB2 + 1]);
      expect(created, 'one Worker for three files in a row').to.equal(1);
      endIdleWorkers();
      (globalThis as { Worker?: unknown }).Worker = undefined;
      expect(await hashFile(new Blob([patternBytes(MB2 + 1)]))).to.equal(MD5SUM[MB2 + 1]);
    } finally {
      globalThis.Worker = RealWorker;
    }
  });

  it('reports its progress up to the whole size', async () => {
    const size = 9437191;
    const seen: number[] = [];
    await hashFile(new Blob([patternBytes(size)]), { onProgress: (bytes) => seen.push(bytes) });
    expect(seen.at(-1)).to.equal(size);
    expect(seen.length).to.be.greaterThan(1);
    const slices: number[] = [];
    await hashOnMainThread(new Blob([patternBytes(size)]), { onProgress: (bytes) => slices.push(bytes) });
    expect(slices).to.deep.equal([MB2, 2 * MB2, 3 * MB2, 4 * MB2, size]);
  });

  it('stops when aborted, in the Worker and on the main thread', async () => {
    const blob = new Blob([patternBytes(64 * 1024 * 1024)]);
    for (const worker of [true, false]) {
      const controller = new AbortController();
      const pending = hashFile(blob, { worker, signal: controller.signal });
      controller.abort();
      let error: unknown = null;
      try {
        await pending;
      } catch (e) {
        error = e;
      }
      expect(error, `worker ${worker}`).to.be.instanceOf(DOMException);
      expect((error as DOMException).name).to.equal('AbortError');
    }
  });

  it('retries NotReadableError on the main thread, and gives up on other read errors', async () => {
    const bytes = patternBytes(MB2 + 10);
    let failures = 2;
    /** A file whose reads fail now and then, as tight main-thread loops sometimes see. */
    class FlakyBlob extends Blob {
      override slice(start?: number, end?: number): Blob {
        return new FlakyBlob([super.slice(start, end)]);
      }
      override arrayBuffer(): Promise<ArrayBuffer> {
        if (failures-- > 0) return Promise.reject(new DOMException('busy', 'NotReadableError'));
        return super.arrayBuffer();
      }
    }
    expect(await hashOnMainThread(new FlakyBlob([bytes]))).to.equal(md5Bytes(bytes));
    expect(failures).to.be.below(0);

    class BrokenBlob extends Blob {
      override slice(start?: number, end?: number): Blob {
        return new BrokenBlob([super.slice(start, end)]);
      }
      override arrayBuffer(): Promise<ArrayBuffer> {
        return Promise.reject(new DOMException('gone', 'NotFoundError'));
      }
    }
    const broken = new BrokenBlob(['12345']);
    let error: unknown = null;
    try {
      await hashOnMainThread(broken);
    } catch (e) {
      error = e;
    }
    expect((error as DOMException).name).to.equal('NotFoundError');
  });
});
