/**
 * The server side of the face worker: starts it on the first face call (so the server starts fast and calls that
 * never touch a face never load the nets), hands it photos and resolves their analyses. A worker that dies fails
 * the calls under way; the next call starts a new one.
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

interface Pending {
  resolve(result: FaceAnalysis): void;
  reject(error: Error): void;
}

export class FaceRecogniser {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** Finds the faces of a photo and describes the only one. Rejects when the photo cannot be decoded. */
  analyse(photo: Uint8Array): Promise<FaceAnalysis> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<FaceAnalysis>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, photo });
    });
  }

  /** Stops the worker (server close). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
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
