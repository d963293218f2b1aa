/**
 * The server side of the face worker: starts it on the first face call (so the server starts fast and calls that
 * never touch a face never load the nets), hands it photos and resolves their analyses. A worker that dies fails
 * the calls under way; the next call starts a new one.
 *
 * The worker analyses one photo at a time, so photos wait here, in a bounded queue with two classes: `interactive`
 * (face login and clock-in, someone waiting at a camera) always goes before `enrol` (collection), and each class
 * holds at most its `FACE_QUEUE_LIMITS` waiting photos; past that `analyse` rejects at once with `FaceQueueFull`
 * (the route answers "busy"), so a flood of collections can neither grow memory nor hold up a login for more than
 * the one analysis already running.
 */
import { Worker } from 'node:worker_threads';
import type { FaceAnalysis } from './engine.ts';

const FROM_SOURCE = import.meta.url.endsWith('.ts');
/** The worker's file: the TypeScript source when running from src (tsx), the built file under dist. */
const WORKER_URL = new URL(FROM_SOURCE ? './worker.ts' : './worker.js', import.meta.url);

/**
 * A worker thread does not inherit the loader hooks of `--import tsx`: from source, it registers tsx itself before
 * importing the worker's TypeScript.
 */
function newWorker(): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER_URL);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const bootstrap = `import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(bootstrap, { eval: true });
}

/** Who waits for an analysis: someone at a camera (login, clock-in), or a collection. */
export type FacePriority = 'interactive' | 'enrol';

/** The most photos of each class that may wait for the worker (the one being analysed not counted). */
export const FACE_QUEUE_LIMITS: Record<FacePriority, number> = { interactive: 16, enrol: 4 };

/** `analyse` refused: the queue of its class is full. */
export class FaceQueueFull extends Error {
  constructor(readonly priority: FacePriority) {
    super(`face: the ${priority} queue is full`);
  }
}

interface Pending {
  resolve(result: FaceAnalysis): void;
  reject(error: Error): void;
}

interface Job extends Pending {
  id: number;
  photo: Uint8Array;
  priority: FacePriority;
  /** Analyses started before this job was queued, and when it was queued. */
  startedBefore: number;
  queuedAt: number;
}

/** The queue's state and what it did (for tests and logs). */
export interface FaceQueueStats {
  waiting: Record<FacePriority, number>;
  /** The most photos of each class that have waited at once. */
  peak: Record<FacePriority, number>;
  running: boolean;
  /** The classes of the last analyses started (at most 100), oldest first. */
  started: FacePriority[];
  /** The last interactive photo: how many analyses started while it waited, and how long it waited (ms). */
  lastInteractive: { overtakenBy: number; waitedMs: number } | null;
}

export class FaceRecogniser {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly queues: Record<FacePriority, Job[]> = { interactive: [], enrol: [] };
  private running: number | null = null;
  /** The classes of the last analyses started, newest last (at most 100). */
  private readonly startedLog: FacePriority[] = [];
  private startedCount = 0;
  private readonly peak: Record<FacePriority, number> = { interactive: 0, enrol: 0 };
  private lastInteractive: FaceQueueStats['lastInteractive'] = null;

  constructor(private readonly limits: Record<FacePriority, number> = FACE_QUEUE_LIMITS) {}

  /**
   * Finds the faces of a photo and describes the only one. Rejects when the photo cannot be decoded, and at once
   * with `FaceQueueFull` when `priority`'s queue is full.
   */
  analyse(photo: Uint8Array, priority: FacePriority = 'interactive'): Promise<FaceAnalysis> {
    const queue = this.queues[priority];
    if (queue.length >= this.limits[priority]) return Promise.reject(new FaceQueueFull(priority));
    return new Promise<FaceAnalysis>((resolve, reject) => {
      queue.push({
        id: this.nextId++,
        photo,
        priority,
        resolve,
        reject,
        startedBefore: this.startedCount,
        queuedAt: performance.now(),
      });
      this.peak[priority] = Math.max(this.peak[priority], queue.length);
      this.next();
    });
  }

  stats(): FaceQueueStats {
    return {
      waiting: { interactive: this.queues.interactive.length, enrol: this.queues.enrol.length },
      peak: { ...this.peak },
      running: this.running !== null,
      started: [...this.startedLog],
      lastInteractive: this.lastInteractive,
    };
  }

  /** Stops the worker (server close); photos still waiting fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    const waiting = [...this.queues.interactive, ...this.queues.enrol];
    this.queues.interactive = [];
    this.queues.enrol = [];
    for (const job of waiting) job.reject(new Error('face: the server is closing'));
    if (worker) await worker.terminate();
  }

  /** Hands the worker the next photo, interactive first, when it is idle. */
  private next(): void {
    if (this.running !== null) return;
    const job = this.queues.interactive.shift() ?? this.queues.enrol.shift();
    if (!job) return;
    const worker = this.start();
    this.running = job.id;
    if (job.priority === 'interactive') {
      this.lastInteractive = {
        overtakenBy: this.startedCount - job.startedBefore,
        waitedMs: Math.round(performance.now() - job.queuedAt),
      };
    }
    this.startedCount += 1;
    this.startedLog.push(job.priority);
    if (this.startedLog.length > 100) this.startedLog.shift();
    const done = () => {
      if (this.running === job.id) this.running = null;
      queueMicrotask(() => this.next());
    };
    this.pending.set(job.id, {
      resolve: (result) => {
        done();
        job.resolve(result);
      },
      reject: (error) => {
        done();
        job.reject(error);
      },
    });
    worker.postMessage({ id: job.id, photo: job.photo });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = newWorker();
    worker.on('message', (message: { id: number; result?: FaceAnalysis; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.result) waiting.resolve(message.result);
      else waiting.reject(new Error(message.error ?? 'face: no result'));
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`face: the worker stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }
}
