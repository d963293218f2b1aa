/**
 * The chunk pipeline of one upload run (spec part 2 §4): chunks whose state on the server is unknown are checked,
 * those missing are sent, `concurrency` at a time, with the checks running a little ahead of the sending. The first
 * check goes alone: a server that lists every chunk it holds with its answer (the reference server does) answers for
 * all of them at once; otherwise each chunk is checked on its own, as §4 describes.
 */
import type { ChunkCheckAnswer } from './api.ts';

/** Thrown inside a run that was stopped on purpose (pause, abort, offline): not a failure. */
export class Stopped extends Error {}

export type ChunkStatus = 'unknown' | 'missing' | 'present';

/** What the pipeline needs of its upload. */
export interface ChunkJob {
  /** Each chunk's state on the server, 1-based; the pipeline updates it. */
  readonly status: ChunkStatus[];
  readonly concurrency: number;
  /** Asks the server about chunk `index` (retrying what may pass later). */
  check(index: number, signal: AbortSignal): Promise<ChunkCheckAnswer>;
  /** Sends chunk `index` (retrying what may pass later); resolves once the server holds it. */
  send(index: number, signal: AbortSignal): Promise<void>;
  /** The server holds chunk `index`: `sent` by this page, or found there by a check. */
  held(index: number, sent: boolean): void;
  /** Something worth telling changed. */
  changed(): void;
}

/** Wakes the pipeline's waiting loops when a queue changes or the run stops. */
function createWake(signal: AbortSignal) {
  let waiters: (() => void)[] = [];
  const wakeAll = () => {
    const current = waiters;
    waiters = [];
    for (const resolve of current) resolve();
  };
  signal.addEventListener('abort', wakeAll, { once: true });
  return {
    wait: () => new Promise<void>((resolve) => (signal.aborted ? resolve() : waiters.push(resolve))),
    wakeAll,
  };
}

/** Checks and sends until the server holds every chunk; rejects with the first failure (or `Stopped`). */
export async function transferChunks(job: ChunkJob, outer: AbortSignal): Promise<void> {
  const { status, concurrency } = job;
  // Its own signal: when one loop fails, the others stop and their requests are cancelled.
  const local = new AbortController();
  const stopLocal = () => local.abort(new Stopped());
  outer.addEventListener('abort', stopLocal, { once: true });
  const signal = local.signal;
  const wake = createWake(signal);
  const toCheck: number[] = [];
  const toUpload: number[] = [];
  for (let i = 1; i < status.length; i++) {
    if (status[i] === 'unknown') toCheck.push(i);
    else if (status[i] === 'missing') toUpload.push(i);
  }
  let checking = 0;
  // Checks run ahead of uploads, but not so far that a slow link leaves hundreds of answers waiting.
  const lookahead = concurrency * 2;

  /** Records a chunk the server holds or lacks. */
  const known = (index: number, present: boolean) => {
    if (present) {
      status[index] = 'present';
      job.held(index, false);
    } else {
      status[index] = 'missing';
      toUpload.push(index);
    }
  };

  const checkFirst = async () => {
    const first = toCheck.shift()!;
    const answer = await job.check(first, signal);
    known(first, answer.present);
    if (answer.stored) {
      const stored = new Set(answer.stored);
      for (const index of toCheck.splice(0)) known(index, stored.has(index));
    }
    job.changed();
  };

  const checker = async () => {
    while (toCheck.length > 0 && !signal.aborted) {
      if (toUpload.length >= lookahead) {
        await wake.wait();
        continue;
      }
      const index = toCheck.shift()!;
      checking++;
      try {
        known(index, (await job.check(index, signal)).present);
        job.changed();
      } finally {
        checking--;
        wake.wakeAll();
      }
    }
  };

  const uploader = async () => {
    while (!signal.aborted) {
      const index = toUpload.shift();
      if (index === undefined) {
        if (toCheck.length === 0 && checking === 0) return;
        await wake.wait();
        continue;
      }
      wake.wakeAll();
      await job.send(index, signal);
      status[index] = 'present';
      job.held(index, true);
      job.changed();
      wake.wakeAll();
    }
  };

  let loops: Promise<void>[] = [];
  try {
    if (toCheck.length > 0) await checkFirst();
    loops = [
      ...Array.from({ length: Math.min(concurrency, toCheck.length) }, checker),
      ...Array.from({ length: concurrency }, uploader),
    ];
    await Promise.all(loops);
  } catch (error) {
    stopLocal();
    await Promise.allSettled(loops);
    throw error;
  } finally {
    outer.removeEventListener('abort', stopLocal);
  }
  if (outer.aborted) throw new Stopped();
}
